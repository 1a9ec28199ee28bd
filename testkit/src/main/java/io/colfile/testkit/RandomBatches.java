package io.colfile.testkit;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.core.vector.UnionVector;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * Seeded random column values written straight into colfile vectors: per column a shape (random,
 * sorted, repeating, low cardinality, outliers), a null rate (none, some, all) and edge values,
 * so a file exercises every encoding path. Values are ones a round trip must keep exactly: CHAR
 * values already have their full length, floats are representable as float, and TIMESTAMP wall
 * clocks avoid daylight-saving gaps of the writer zone and the (-1 s, 0) instants ORC shifts.
 * Columns are numbered as {@link #batch} visits them, each with its own shape and null rate
 * (none where the schema says not null).
 */
public final class RandomBatches {
  private static final String[] SCALARS = {
    "boolean", "tinyint", "smallint", "int", "bigint", "float", "double", "string",
    "varchar(7)", "char(3)", "binary", "decimal(10,2)", "decimal(18,4)", "decimal(38,10)",
    "date", "timestamp", "timestamp with local time zone"
  };

  private final Random r;
  private final ZoneId zone;
  private final Shape[] shapes = new Shape[4096];
  private boolean nullMapKeys = true;

  private enum Shape {
    RANDOM,
    SORTED,
    REPEATING,
    FEW,
    OUTLIERS
  }

  public RandomBatches(Random r, ZoneId zone) {
    this.r = r;
    this.zone = zone;
  }

  /**
   * Map keys are never NULL from here on (the keys that would have been NULL are empty or zero):
   * for formats whose model has no NULL key (Avro, hence Trevni). Returns this generator.
   */
  public RandomBatches withoutNullMapKeys() {
    nullMapKeys = false;
    return this;
  }

  /**
   * A random schema that {@code accepts} takes (drawn again until it does): for a format that
   * cannot hold every schema, e.g. Trevni's Avro records, which refuse unions of two branches of
   * one kind.
   */
  public static Type randomSchema(Random r, int width, Predicate<Type> accepts) {
    for (int tries = 0; tries < 10_000; tries++) {
      Type t = randomSchema(r, width);
      if (accepts.test(t)) {
        return t;
      }
    }
    throw new IllegalStateException("no random schema of width " + width + " accepted");
  }

  /** A random schema: a struct of up to {@code width} columns nesting to depth 3. */
  public static Type randomSchema(Random r, int width) {
    Type.StructBuilder b = Type.structBuilder();
    int n = 1 + r.nextInt(width);
    for (int i = 0; i < n; i++) {
      b.field("c" + i, randomType(r, 0));
    }
    return b.build();
  }

  /** A struct holding one column of every scalar type and each container. */
  public static Type everyType() {
    Type.StructBuilder b = Type.structBuilder();
    for (int i = 0; i < SCALARS.length; i++) {
      b.field("s" + i, Type.parse(SCALARS[i]));
    }
    b.field("l", Type.parse("array<int>"));
    b.field("m", Type.parse("map<string,double>"));
    b.field("u", Type.parse("uniontype<int,string>"));
    b.field("st", Type.parse("struct<x:bigint,y:array<string>>"));
    return b.build();
  }

  public static Type randomType(Random r, int depth) {
    int k = r.nextInt(depth >= 3 ? SCALARS.length : SCALARS.length + 4);
    if (k < SCALARS.length) {
      return Type.parse(SCALARS[k]);
    }
    switch (k - SCALARS.length) {
      case 0:
        return Type.list(randomType(r, depth + 1));
      case 1:
        return Type.map(Type.parse(SCALARS[7 + r.nextInt(2)]), randomType(r, depth + 1));
      case 2: {
        List<Type> variants = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          variants.add(randomType(r, depth + 1));
        }
        return Type.union(variants);
      }
      default: {
        Type.StructBuilder b = Type.structBuilder();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          b.field("f" + i, randomType(r, depth + 1));
        }
        return b.build();
      }
    }
  }

  /** Fills {@code rows} rows of a new batch. */
  public ColumnBatch batch(Type schema, int rows, int firstRow) {
    ColumnBatch batch = new ColumnBatch(schema, Math.max(rows, 1));
    if (schema.kind() == TypeKind.STRUCT) {
      for (int f = 0; f < batch.cols.length; f++) {
        fill(batch.cols[f], schema.child(f), schema.isChildNullable(f), rows, f + 1, firstRow);
      }
    } else {
      fill(batch.cols[0], schema, true, rows, 0, firstRow);
    }
    batch.size = rows;
    batch.validate();
    return batch;
  }

  private Shape shape(int column) {
    int slot = column & (shapes.length - 1);
    if (shapes[slot] == null) {
      shapes[slot] = Shape.values()[r.nextInt(Shape.values().length)];
    }
    return shapes[slot];
  }

  private double nullRate(int column) {
    int k = Math.floorMod(column * 31 + 7, 5);
    return k == 0 ? 1.0 : k < 3 ? 0.0 : 0.2;
  }

  /** Fills {@code v}, with NULLs only where {@code nullable}. */
  private void fill(ColumnVector v, Type t, boolean nullable, int rows, int column,
      int firstRow) {
    v.ensureCapacity(Math.max(rows, 1), false);
    v.reset();
    double nulls = nullable ? nullRate(column) : 0;
    for (int i = 0; i < rows; i++) {
      if (nulls > 0 && r.nextDouble() < nulls) {
        v.setNull(i);
      }
    }
    Shape shape = shape(column);
    switch (t.kind()) {
      case BOOLEAN:
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
      case DATE: {
        LongVector l = (LongVector) v;
        for (int i = 0; i < rows; i++) {
          l.vector[i] = integer(t.kind(), shape, firstRow + i);
        }
        break;
      }
      case FLOAT:
      case DOUBLE: {
        DoubleVector d = (DoubleVector) v;
        for (int i = 0; i < rows; i++) {
          double x = floating(shape, firstRow + i);
          d.vector[i] = t.kind() == TypeKind.FLOAT ? (float) x : x;
        }
        break;
      }
      case STRING:
      case VARCHAR:
      case CHAR:
      case BINARY: {
        BytesVector b = (BytesVector) v;
        for (int i = 0; i < rows; i++) {
          byte[] x = bytes(t, shape, firstRow + i);
          b.setRef(i, x, 0, x.length);
        }
        break;
      }
      case DECIMAL: {
        DecimalVector d = (DecimalVector) v;
        for (int i = 0; i < rows; i++) {
          BigInteger x = decimal(t.precision(), shape, firstRow + i);
          if (d.isWide) {
            d.wide[i] = x;
          } else {
            d.unscaled[i] = x.longValueExact();
          }
        }
        break;
      }
      case TIMESTAMP:
      case TIMESTAMP_INSTANT: {
        TimestampVector ts = (TimestampVector) v;
        for (int i = 0; i < rows; i++) {
          timestamp(ts, i, t.kind() == TypeKind.TIMESTAMP, shape, firstRow + i);
        }
        break;
      }
      case STRUCT: {
        StructVector s = (StructVector) v;
        for (int f = 0; f < s.fields.length; f++) {
          fill(s.fields[f], t.child(f), t.isChildNullable(f), rows, column * 7 + f + 1,
              firstRow);
        }
        break;
      }
      case LIST:
      case MAP: {
        int total = 0;
        int[] offsets = new int[rows];
        int[] lengths = new int[rows];
        for (int i = 0; i < rows; i++) {
          offsets[i] = total;
          lengths[i] = v.isNull(i) ? 0 : r.nextInt(4) == 0 ? 0 : r.nextInt(6);
          total += lengths[i];
        }
        if (t.kind() == TypeKind.LIST) {
          ListVector l = (ListVector) v;
          System.arraycopy(offsets, 0, l.offsets, 0, rows);
          System.arraycopy(lengths, 0, l.lengths, 0, rows);
          l.childCount = total;
          fill(l.child, t.child(0), t.isChildNullable(0), total, column * 7 + 1, firstRow * 3);
        } else {
          MapVector m = (MapVector) v;
          System.arraycopy(offsets, 0, m.offsets, 0, rows);
          System.arraycopy(lengths, 0, m.lengths, 0, rows);
          m.childCount = total;
          // keys keep the NULLs they always had unless told otherwise: ORC files can hold them,
          // and readers' tests compare them, although no format's model has a null key
          fill(m.keys, t.child(0), nullMapKeys, total, column * 7 + 1, firstRow * 3);
          fill(m.values, t.child(1), t.isChildNullable(1), total, column * 7 + 2, firstRow * 3);
        }
        break;
      }
      case UNION: {
        UnionVector u = (UnionVector) v;
        int[] counts = new int[u.fields.length];
        for (int i = 0; i < rows; i++) {
          int tag = r.nextInt(u.fields.length);
          u.tags[i] = tag;
          if (!v.isNull(i)) {
            u.offsets[i] = counts[tag]++;
          }
        }
        for (int k = 0; k < counts.length; k++) {
          fill(u.fields[k], t.child(k), true, counts[k], column * 7 + k + 1, firstRow);
          u.counts[k] = counts[k];
        }
        break;
      }
      default:
        throw new IllegalArgumentException(t.toString());
    }
  }

  private long integer(TypeKind kind, Shape shape, int row) {
    long min;
    long max;
    switch (kind) {
      case BOOLEAN: min = 0; max = 1; break;
      case BYTE: min = Byte.MIN_VALUE; max = Byte.MAX_VALUE; break;
      case SHORT: min = Short.MIN_VALUE; max = Short.MAX_VALUE; break;
      case INT: min = Integer.MIN_VALUE; max = Integer.MAX_VALUE; break;
      case DATE: min = -800_000; max = 2_000_000; break;
      default: min = Long.MIN_VALUE; max = Long.MAX_VALUE;
    }
    long x;
    switch (shape) {
      case SORTED:
        x = row * 3L + (r.nextInt(3));
        break;
      case REPEATING:
        x = (row / 37) * 1000L;
        break;
      case FEW:
        x = r.nextInt(5) - 2;
        break;
      case OUTLIERS:
        x = r.nextInt(100) == 0 ? r.nextLong() : r.nextInt(64);
        break;
      default:
        int k = r.nextInt(20);
        x = k == 0 ? min : k == 1 ? max : k < 6 ? r.nextInt(1000) - 500 : r.nextLong();
    }
    if (kind != TypeKind.LONG && (x < min || x > max)) {
      x = min + Math.floorMod(x, max - min + 1);
    }
    return x;
  }

  private double floating(Shape shape, int row) {
    switch (shape) {
      case SORTED:
        return row * 0.5;
      case REPEATING:
      case FEW:
        return (row / 50) % 3 * 1.25;
      default:
        int k = r.nextInt(30);
        switch (k) {
          case 0: return Double.NaN;
          case 1: return Double.POSITIVE_INFINITY;
          case 2: return Double.NEGATIVE_INFINITY;
          case 3: return -0.0;
          case 4: return Double.MIN_VALUE;
          case 5: return Double.MAX_VALUE;
          default: return (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(20) - 10);
        }
    }
  }

  private static final String[] WORDS = {"", "a", "apple", "Zürich", "日本語", "é", "\u007f",
    "line\nbreak", "tab\there", "quote\"", "\uD83D\uDE00"};

  private byte[] bytes(Type t, Shape shape, int row) {
    if (t.kind() == TypeKind.BINARY) {
      byte[] b = new byte[r.nextInt(shape == Shape.FEW ? 2 : 40)];
      r.nextBytes(b);
      return b;
    }
    String s;
    if (shape == Shape.FEW || shape == Shape.REPEATING) {
      s = WORDS[(shape == Shape.FEW ? r.nextInt(WORDS.length) : row / 100 % WORDS.length)];
    } else if (shape == Shape.SORTED) {
      s = String.format("k%08d", row);
    } else {
      int k = r.nextInt(40);
      if (k == 0) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0, n = 1000 + r.nextInt(1200); i < n; i++) {
          sb.append((char) ('a' + r.nextInt(26)));
        }
        sb.append("ü");
        s = sb.toString();
      } else if (k < 10) {
        s = WORDS[r.nextInt(WORDS.length)] + r.nextInt(1_000_000);
      } else {
        StringBuilder sb = new StringBuilder();
        for (int i = 0, n = r.nextInt(20); i < n; i++) {
          sb.append((char) (r.nextInt(3) == 0 ? 0x20 + r.nextInt(0x500) : 'a' + r.nextInt(26)));
        }
        s = sb.toString();
      }
    }
    int n = t.maxLength();
    if (t.kind() == TypeKind.CHAR) {
      StringBuilder sb = new StringBuilder();
      s.codePoints().limit(n).forEach(sb::appendCodePoint);
      while (sb.codePointCount(0, sb.length()) < n) {
        sb.append(' ');
      }
      s = sb.toString();
    } else if (t.kind() == TypeKind.VARCHAR) {
      StringBuilder sb = new StringBuilder();
      s.codePoints().limit(n).forEach(sb::appendCodePoint);
      s = sb.toString();
    }
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private BigInteger decimal(int precision, Shape shape, int row) {
    BigInteger limit = BigInteger.TEN.pow(precision);
    BigInteger x;
    switch (shape) {
      case SORTED:
        x = BigInteger.valueOf(row * 100L);
        break;
      case FEW:
      case REPEATING:
        x = BigInteger.valueOf((row / 20) % 4 * 5000 - 1000);
        break;
      default:
        int k = r.nextInt(10);
        x = k == 0 ? limit.subtract(BigInteger.ONE) : k == 1 ? limit.negate().add(BigInteger.ONE)
            : new BigInteger(1 + r.nextInt(limit.bitLength()), r);
        if (r.nextBoolean()) {
          x = x.negate();
        }
    }
    return x.abs().compareTo(limit) < 0 ? x : x.mod(limit);
  }

  private void timestamp(TimestampVector ts, int i, boolean wall, Shape shape, int row) {
    long seconds;
    switch (shape) {
      case SORTED:
        seconds = 1_400_000_000L + row * 61L;
        break;
      case FEW:
      case REPEATING:
        seconds = 1_600_000_000L + (row / 30) % 3 * 86_400L;
        break;
      default:
        int k = r.nextInt(10);
        seconds = k == 0 ? -5_000_000_000L + r.nextInt(1_000_000)
            : k == 1 ? 4_102_444_800L + r.nextInt(1_000_000)   // after 2100
            : -2_000_000_000L + (long) (r.nextDouble() * 4_500_000_000L);
    }
    if (Math.abs(seconds) < 2 * 86_400) {
      seconds += 3 * 86_400;
    }
    int nanos;
    switch (r.nextInt(4)) {
      case 0: nanos = 0; break;
      case 1: nanos = r.nextInt(1000) * 1_000_000; break;
      case 2: nanos = r.nextInt(1_000_000_000); break;
      default: nanos = r.nextInt(10) * 100;
    }
    if (wall && !zone.equals(ZoneOffset.UTC)) {
      LocalDateTime local = LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
      while (zone.getRules().getValidOffsets(local).isEmpty()) {
        local = local.plusHours(2);
      }
      seconds = local.toEpochSecond(ZoneOffset.UTC);
    }
    ts.seconds[i] = seconds;
    ts.nanos[i] = nanos;
  }
}
