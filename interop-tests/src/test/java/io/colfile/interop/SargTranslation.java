package io.colfile.interop;

import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.BoundPredicate.Leaf;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument.TruthValue;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;

/**
 * colfile's filter (bound to a file's columns) as orc-core's SearchArgument, leaf for leaf: the
 * same columns, operators and exact literals, so both readers prune by the same condition. A
 * leaf orc-core cannot state (binary columns, bytes that are not UTF-8, decimals beyond 38
 * digits, names that are not plain identifiers, dates and timestamps before the Gregorian
 * calendar, where orc-core's calendars for literals and statistics differ) or gets wrong (IS
 * NULL on a struct's field, zero against -0.0) becomes "anything" ({@code YES_NO_NULL});
 * {@code x > v} is {@code NOT x <= v}; colfile's ALWAYS and NEVER leaves are the truth values
 * they are.
 */
final class SargTranslation {
  private static final LocalDate GREGORIAN = LocalDate.of(1582, 10, 15);
  /** The cutover a day late, whatever the zone. */
  private static final Instant GREGORIAN_INSTANT =
      GREGORIAN.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();

  private final SearchArgument.Builder b = SearchArgumentFactory.newBuilder();
  private final Set<String> columns = new LinkedHashSet<>();

  private SargTranslation() {}

  /** The SearchArgument of {@code p}. */
  static SargTranslation of(BoundPredicate p) {
    SargTranslation t = new SargTranslation();
    t.b.startAnd();
    t.add(p);
    t.b.end();
    return t;
  }

  SearchArgument sarg() {
    return b.build();
  }

  /** The columns the leaves name, for {@code Reader.Options.searchArgument}. */
  String[] columns() {
    return columns.toArray(new String[0]);
  }

  private void add(BoundPredicate p) {
    if (p instanceof BoundPredicate.And a) {
      b.startAnd();
      a.terms().forEach(this::add);
      b.end();
    } else if (p instanceof BoundPredicate.Or o) {
      b.startOr();
      o.terms().forEach(this::add);
      b.end();
    } else if (p instanceof BoundPredicate.Not n) {
      b.startNot();
      add(n.term());
      b.end();
    } else if (p instanceof Leaf l) {
      leaf(l);
    } else {
      b.literal(TruthValue.YES_NO_NULL);
    }
  }

  private void leaf(Leaf l) {
    String name = String.join(".", l.path().names());
    PredicateLeaf.Type type = type(l);
    List<Object> values = new ArrayList<>();
    for (Object v : l.values()) {
      values.add(literal(l, v));
    }
    boolean plainName = l.path().names().stream()
        .allMatch(n -> n.matches("[A-Za-z_][A-Za-z0-9_]*"));
    if (l.op() == BoundPredicate.Op.ALWAYS) {
      b.literal(TruthValue.YES_NULL);
      return;
    }
    if (l.op() == BoundPredicate.Op.NEVER) {
      b.literal(TruthValue.NO_NULL);
      return;
    }
    // orc-core takes a struct field's has_null for its IS NULL, which leaves out the rows
    // where the struct above is NULL (and so is the field): it would skip row groups where
    // the field IS NULL is TRUE
    boolean nestedIsNull = l.op() == BoundPredicate.Op.IS_NULL && l.path().names().size() > 1;
    if (type == null || !plainName || values.contains(null) || nestedIsNull) {
      b.literal(TruthValue.YES_NO_NULL);
      return;
    }
    columns.add(name);
    switch (l.op()) {
      case IS_NULL: b.isNull(name, type); break;
      case EQ: b.equals(name, type, values.get(0)); break;
      case LT: b.lessThan(name, type, values.get(0)); break;
      case LE: b.lessThanEquals(name, type, values.get(0)); break;
      case GT: b.startNot().lessThanEquals(name, type, values.get(0)).end(); break;
      case GE: b.startNot().lessThan(name, type, values.get(0)).end(); break;
      case IN: b.in(name, type, values.toArray()); break;
      case BETWEEN: b.between(name, type, values.get(0), values.get(1)); break;
      default: throw new IllegalArgumentException(l.toString());
    }
  }

  private static PredicateLeaf.Type type(Leaf l) {
    switch (l.type().kind()) {
      case BOOLEAN: return PredicateLeaf.Type.BOOLEAN;
      case BYTE: case SHORT: case INT: case LONG: return PredicateLeaf.Type.LONG;
      case FLOAT: case DOUBLE: return PredicateLeaf.Type.FLOAT;
      case STRING: case CHAR: case VARCHAR: return PredicateLeaf.Type.STRING;
      case DECIMAL: return PredicateLeaf.Type.DECIMAL;
      case DATE: return PredicateLeaf.Type.DATE;
      case TIMESTAMP: case TIMESTAMP_INSTANT: return PredicateLeaf.Type.TIMESTAMP;
      default: return null;
    }
  }

  /** The literal as orc-core takes it, or null when it cannot state it exactly. */
  private static Object literal(Leaf l, Object v) {
    switch (l.type().kind()) {
      case BOOLEAN: return (Long) v != 0;
      case BYTE: case SHORT: case INT: case LONG: return v;
      case FLOAT: case DOUBLE:
        // orc-core compares Double objects, where -0.0 is below 0.0: [-0.0, -0.0] would rule
        // out 0.0, which SQL (and colfile) hold equal to it
        return (Double) v == 0 ? null : v;
      case STRING: case CHAR: case VARCHAR: {
        try {
          return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap((byte[]) v))
              .toString();
        } catch (CharacterCodingException e) {
          return null;
        }
      }
      case DECIMAL: {
        BigDecimal d = (BigDecimal) v;
        HiveDecimal h = HiveDecimal.create(d);
        return h == null || h.bigDecimalValue().compareTo(d) != 0 ? null
            : new HiveDecimalWritable(h);
      }
      case DATE: {
        LocalDate d = LocalDate.ofEpochDay((Long) v);
        return d.isBefore(GREGORIAN) || d.getYear() > 9999 ? null : Date.valueOf(d);
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        Instant t = (Instant) v;
        if (t.isBefore(GREGORIAN_INSTANT)) {
          // orc-core's SargApplier turns a hybrid-calendar file's timestamp statistics into the
          // proleptic calendar (deserialize(..., convertToProlepticGregorian = true)) but not
          // the values it reads nor the literal: before the cutover its bounds move by days
          return null;
        }
        try {
          Timestamp ts = new Timestamp(t.toEpochMilli());
          ts.setNanos(t.getNano());
          return ts;
        } catch (ArithmeticException e) {
          return null;
        }
      }
      default:
        return null;
    }
  }
}
