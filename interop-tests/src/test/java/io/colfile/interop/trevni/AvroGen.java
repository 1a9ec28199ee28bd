package io.colfile.interop.trevni;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;

/**
 * Seeded random Avro schemas and generic data for them: records (nested, in namespaces, with
 * docs and defaults), arrays, maps, nullable and multi-branch unions, enums, fixed, bytes,
 * strings, every primitive, the logical types colfile maps (date, timestamp-* and
 * local-timestamp-* in millis, micros and nanos, decimal on bytes and fixed, varchar and char)
 * and two it leaves alone (time-millis, uuid); named types used again elsewhere. No recursion,
 * and map keys are {@code java.lang.String} (trevni-avro needs both, trevni.md §11.1 and §13.9).
 */
final class AvroGen {
  private static final String[] DOCS = {"a doc", "with \"quotes\" and \\ backslash",
      "ünïcödé ✓ 日本", "line\nbreak\ttab", "control \u0001 char", "</script>"};

  private final Random r;
  private final int maxDepth;
  private int counter;
  /** Named types already complete: safe to use again without recursion. */
  private final List<Schema> named = new ArrayList<>();

  AvroGen(Random r, int maxDepth) {
    this.r = r;
    this.maxDepth = maxDepth;
  }

  // ---- schemas --------------------------------------------------------------------------------

  /** Mostly a record; sometimes any other schema (colfile then reads struct&lt;value:T&gt;). */
  Schema topLevel() {
    if (r.nextInt(7) == 0) {
      // not a record: that could have no column at all (fields of empty records), which
      // trevni-avro cannot read (values[0] of no columns)
      Schema s = any(1, false);
      if (s.getType() != Schema.Type.RECORD) {
        return s;
      }
    }
    return record(0, true);
  }

  Schema any(int depth, boolean inUnion) {
    boolean leafOnly = depth >= maxDepth;
    int k = r.nextInt(leafOnly ? 50 : 100);
    if (k < 28) {
      return primitive();
    }
    if (k < 38) {
      return logical();
    }
    if (k < 43) {
      return enumSchema();
    }
    if (k < 47) {
      return fixed();
    }
    if (k < 50) {
      if (!named.isEmpty()) {
        return named.get(r.nextInt(named.size()));
      }
      return primitive();
    }
    if (k < 64) {
      return record(depth, false);
    }
    if (k < 76) {
      return Schema.createArray(any(depth + 1, false));
    }
    if (k < 86) {
      return Schema.createMap(any(depth + 1, false));
    }
    return inUnion ? primitive() : union(depth);
  }

  Schema primitive() {
    Schema.Type[] ts = {Schema.Type.BOOLEAN, Schema.Type.INT, Schema.Type.LONG,
        Schema.Type.FLOAT, Schema.Type.DOUBLE, Schema.Type.BYTES, Schema.Type.STRING,
        Schema.Type.NULL};
    int n = r.nextInt(30) == 0 ? ts.length : ts.length - 1;   // null rarely
    return Schema.create(ts[r.nextInt(n)]);
  }

  Schema logical() {
    switch (r.nextInt(14)) {
      case 0: return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case 1: return LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
      case 2: return LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      case 3: return LogicalTypes.timestampNanos().addToSchema(Schema.create(Schema.Type.LONG));
      case 4:
        return LogicalTypes.localTimestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
      case 5:
        return LogicalTypes.localTimestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      case 6:
        return LogicalTypes.localTimestampNanos().addToSchema(Schema.create(Schema.Type.LONG));
      case 7: {
        int p = 1 + r.nextInt(38);
        return LogicalTypes.decimal(p, r.nextInt(p + 1))
            .addToSchema(Schema.create(Schema.Type.BYTES));
      }
      case 8: {
        int size = 1 + r.nextInt(16);
        int p = 1 + r.nextInt(Math.min(38, maxPrecision(size)));
        Schema f = Schema.createFixed(name("D"), null, namespace(), size);
        LogicalTypes.decimal(p, r.nextInt(p + 1)).addToSchema(f);
        named.add(f);
        return f;
      }
      case 9: case 10: {
        Schema s = Schema.create(Schema.Type.STRING);
        s.addProp("logicalType", r.nextBoolean() ? "varchar" : "char");
        s.addProp("maxLength", 1 + r.nextInt(20));
        return s;
      }
      case 11: return LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
      default: return LogicalTypes.uuid().addToSchema(Schema.create(Schema.Type.STRING));
    }
  }

  /** The most decimal digits a signed {@code size}-byte two's complement number holds. */
  static int maxPrecision(int size) {
    return (int) Math.floor((8 * size - 1) * Math.log10(2));
  }

  Schema enumSchema() {
    int n = 1 + r.nextInt(5);
    List<String> symbols = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      symbols.add(r.nextBoolean() ? "S" + i : String.valueOf((char) ('A' + i)) + "_" + i);
    }
    Schema e = Schema.createEnum(name("E"), r.nextInt(4) == 0 ? doc() : null, namespace(),
        symbols);
    named.add(e);
    return e;
  }

  Schema fixed() {
    Schema f = Schema.createFixed(name("F"), null, namespace(), r.nextInt(12) == 0 ? 0
        : 1 + r.nextInt(20));
    named.add(f);
    return f;
  }

  Schema record(int depth, boolean top) {
    String name = name(top ? "Row" : "R");
    String ns = namespace();
    int n = top ? 1 + r.nextInt(7) : r.nextInt(20) == 0 ? 0 : 1 + r.nextInt(4);
    List<Schema.Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < n; i++) {
      // the first top-level field is simple, so the file has a column whatever else comes
      Schema s = top && i == 0 ? (r.nextBoolean() ? primitive() : logical())
          : any(depth + 1, false);
      if (top && i == 0 && s.getType() == Schema.Type.NULL) {
        s = Schema.create(Schema.Type.LONG);
      }
      String fname;
      do {
        fname = fieldName(i);
      } while (!names.add(fname));
      fields.add(field(fname, s));
    }
    Schema rec = Schema.createRecord(name, r.nextInt(5) == 0 ? doc() : null, ns, false, fields);
    named.add(rec);
    return rec;
  }

  private Schema.Field field(String name, Schema s) {
    String doc = r.nextInt(6) == 0 ? doc() : null;
    Object dflt = null;
    if (r.nextInt(4) == 0) {
      switch (s.getType()) {
        case INT -> dflt = s.getLogicalType() == null ? r.nextInt(100) - 50 : null;
        case LONG -> dflt = s.getLogicalType() == null ? r.nextInt(1000) : null;
        case STRING -> dflt = s.getProp("logicalType") == null ? "dflt ✓" : null;
        case BOOLEAN -> dflt = r.nextBoolean();
        case DOUBLE -> dflt = 1.5;
        case UNION -> dflt = s.getTypes().get(0).getType() == Schema.Type.NULL
            ? Schema.Field.NULL_DEFAULT_VALUE : null;
        default -> dflt = null;
      }
    }
    return dflt == null ? new Schema.Field(name, s, doc) : new Schema.Field(name, s, doc, dflt);
  }

  Schema union(int depth) {
    int k = 1 + r.nextInt(r.nextInt(3) == 0 ? 4 : 2);
    List<Schema> branches = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (int tries = 0; branches.size() < k && tries < 20; tries++) {
      Schema b = any(depth + 1, true);
      if (b.getType() == Schema.Type.NULL || b.getType() == Schema.Type.UNION) {
        continue;
      }
      if (keys.add(unionKey(b))) {
        branches.add(b);
      }
    }
    if (branches.size() < 2 || r.nextBoolean()) {
      // one non-null branch: always nullable (a one-branch union has no mapping of its own)
      Schema nul = Schema.create(Schema.Type.NULL);
      if (r.nextInt(4) == 0) {
        branches.add(nul);
      } else {
        branches.add(0, nul);
      }
    }
    return Schema.createUnion(branches);
  }

  private static String unionKey(Schema s) {
    return switch (s.getType()) {
      case RECORD, ENUM, FIXED -> s.getFullName();
      default -> s.getType().getName();
    };
  }

  private String name(String prefix) {
    return prefix + (counter++);
  }

  private String namespace() {
    int k = r.nextInt(6);
    return k == 0 ? "ns.one" : k == 1 ? "two" : null;
  }

  private String fieldName(int i) {
    String[] pool = {"id", "name", "x", "y", "_under", "Mixed_Case9", "value", "key", "kind",
        "tags", "a", "b"};
    return r.nextInt(3) == 0 ? "f" + i : pool[r.nextInt(pool.length)];
  }

  private String doc() {
    return DOCS[r.nextInt(DOCS.length)];
  }

  // ---- data -----------------------------------------------------------------------------------

  /** A random datum of {@code s} as Avro's generic model holds it. */
  Object datum(Schema s, int depth) {
    switch (s.getType()) {
      case NULL:
        return null;
      case BOOLEAN:
        return r.nextBoolean();
      case INT:
        return intValue(s);
      case LONG:
        return longValue(s);
      case FLOAT:
        return r.nextInt(6) == 0 ? CoreValues.FLOAT_EDGES[r.nextInt(5) == 0 ? 2
            : pickNotPayloadNaN(CoreValues.FLOAT_EDGES.length)]
            : (float) ((r.nextFloat() - 0.5) * Math.pow(10, r.nextInt(16) - 8));
      case DOUBLE:
        return r.nextInt(6) == 0 ? CoreValues.DOUBLE_EDGES[pickNotPayloadNaN(
            CoreValues.DOUBLE_EDGES.length)] : (r.nextDouble() - 0.5) * Math.pow(10,
            r.nextInt(40) - 20);
      case STRING:
        return string(s);
      case BYTES: {
        if (s.getLogicalType() instanceof LogicalTypes.Decimal d) {
          return ByteBuffer.wrap(unscaled(d.getPrecision()).toByteArray());
        }
        byte[] b = new byte[r.nextInt(5) == 0 ? 0 : r.nextInt(40)];
        r.nextBytes(b);
        return ByteBuffer.wrap(b);
      }
      case FIXED: {
        byte[] b = new byte[s.getFixedSize()];
        if (s.getLogicalType() instanceof LogicalTypes.Decimal d) {
          BigInteger u = unscaled(d.getPrecision());
          byte[] min = u.toByteArray();
          java.util.Arrays.fill(b, u.signum() < 0 ? (byte) -1 : 0);
          System.arraycopy(min, 0, b, b.length - min.length, min.length);
        } else {
          r.nextBytes(b);
        }
        return new GenericData.Fixed(s, b);
      }
      case ENUM:
        return new GenericData.EnumSymbol(s,
            s.getEnumSymbols().get(r.nextInt(s.getEnumSymbols().size())));
      case RECORD: {
        GenericData.Record rec = new GenericData.Record(s);
        for (Schema.Field f : s.getFields()) {
          rec.put(f.pos(), datum(f.schema(), depth + 1));
        }
        return rec;
      }
      case ARRAY: {
        int n = length(depth);
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          out.add(datum(s.getElementType(), depth + 1));
        }
        return out;
      }
      case MAP: {
        int n = length(depth);
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          out.put(r.nextInt(4) == 0 ? CoreValues.text(r, r.nextInt(6)) : "k" + r.nextInt(50),
              datum(s.getValueType(), depth + 1));
        }
        return out;
      }
      case UNION: {
        List<Schema> b = s.getTypes();
        boolean hasNull = b.stream().anyMatch(x -> x.getType() == Schema.Type.NULL);
        if (hasNull && r.nextInt(4) == 0) {
          return null;
        }
        List<Schema> nonNull = AvroRows.nonNull(s);
        return datum(nonNull.get(r.nextInt(nonNull.size())), depth);
      }
      default:
        throw new IllegalArgumentException("no data for " + s);
    }
  }

  /** An index into the float/double edge values that is not the NaN with a payload. */
  private int pickNotPayloadNaN(int n) {
    int i;
    do {
      i = r.nextInt(n);
    } while (i == 3 || i == 4);   // payload NaNs do not survive float -> double -> float
    return i;
  }

  private int length(int depth) {
    int k = r.nextInt(10);
    if (k < 3) {
      return 0;
    }
    if (k < 6) {
      return 1;
    }
    return r.nextInt(depth > 2 ? 3 : 6);
  }

  private Object intValue(Schema s) {
    LogicalType lt = s.getLogicalType();
    if (lt instanceof LogicalTypes.TimeMillis) {
      return r.nextInt(86_400_000);
    }
    if (lt instanceof LogicalTypes.Date) {
      return r.nextInt(10) == 0 ? CoreValues.INT_EDGES[r.nextInt(CoreValues.INT_EDGES.length)]
          : r.nextInt(100_000) - 30_000;
    }
    return r.nextInt(5) == 0 ? CoreValues.INT_EDGES[r.nextInt(CoreValues.INT_EDGES.length)]
        : r.nextInt() >> r.nextInt(32);
  }

  private Object longValue(Schema s) {
    if (s.getLogicalType() != null) {
      // instants around now, before 1970, and now and then the extremes
      int k = r.nextInt(20);
      if (k == 0) {
        return CoreValues.LONG_EDGES[r.nextInt(CoreValues.LONG_EDGES.length)];
      }
      return (r.nextLong() >> (r.nextInt(8) + 8)) - (k < 5 ? (1L << 50) : 0);
    }
    return r.nextInt(5) == 0 ? CoreValues.LONG_EDGES[r.nextInt(CoreValues.LONG_EDGES.length)]
        : r.nextLong() >> r.nextInt(64);
  }

  private Object string(Schema s) {
    String lt = s.getProp("logicalType");
    if ("uuid".equals(lt)) {
      return new java.util.UUID(r.nextLong(), r.nextLong()).toString();
    }
    if ("varchar".equals(lt) || "char".equals(lt)) {
      int max = AvroRows.maxLength(s);
      int n = "char".equals(lt) ? max : r.nextInt(max + 1);
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < n; i++) {
        b.appendCodePoint(r.nextInt(5) == 0 ? 0x3B1 + r.nextInt(20) : 'a' + r.nextInt(26));
      }
      return b.toString();
    }
    String v = r.nextInt(8) == 0 ? CoreValues.STRING_EDGES[r.nextInt(9)]
        : CoreValues.text(r, r.nextInt(r.nextInt(10) == 0 ? 300 : 16));
    return r.nextInt(5) == 0 ? new Utf8(v) : v;
  }

  private BigInteger unscaled(int precision) {
    int digits = r.nextInt(4) == 0 ? precision : r.nextInt(precision + 1);
    BigInteger max = BigInteger.TEN.pow(digits);
    BigInteger v = new BigInteger(max.bitLength() + 8, r).mod(max.max(BigInteger.ONE));
    if (digits == precision && r.nextInt(3) == 0) {
      v = max.subtract(BigInteger.ONE);   // the largest the precision allows
    }
    return r.nextBoolean() ? v.negate() : v;
  }
}
