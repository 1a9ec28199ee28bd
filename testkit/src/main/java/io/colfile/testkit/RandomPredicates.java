package io.colfile.testkit;

import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.ComparisonOp;
import io.colfile.core.filter.Literal;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random predicates over a schema's scalar columns (through structs), with literals
 * drawn from the rows' own values and their neighbours: equal values, values just beside them
 * ({@code 2.5} for integers, an extra digit for decimals, a longer or shorter string), values
 * beyond every row, given in the forms a user writes (numbers, strings for dates, timestamps and
 * decimals, Java objects).
 */
public final class RandomPredicates {
  private final Random random;
  private final Type schema;
  private final List<List<String>> columns = new ArrayList<>();
  private final List<List<Object>> samples = new ArrayList<>();
  private boolean textOnly;

  /** Predicates over {@code schema} (a struct) with literals from {@code rows} ({@link Rows}). */
  public RandomPredicates(Random random, Type schema, List<Object> rows) {
    this.random = random;
    this.schema = schema;
    collect(schema, new ArrayList<>());
    for (List<String> c : columns) {
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < Math.min(rows.size(), 2000); i++) {
        Object row = rows.get(random.nextInt(rows.size()));
        Object v = Rows.at(schema, row, c);
        if (v != null) {
          values.add(v);
        }
      }
      samples.add(values);
    }
  }

  private void collect(Type t, List<String> path) {
    for (int i = 0; i < t.children().size(); i++) {
      Type c = t.child(i);
      List<String> p = new ArrayList<>(path);
      p.add(t.fieldNames().get(i));
      if (c.kind() == TypeKind.STRUCT) {
        collect(c, p);
      } else if (!c.kind().isCompound()) {
        columns.add(p);
      }
    }
  }

  /**
   * Only literals the text form has (numbers, strings, booleans), so that predicates survive
   * {@code Predicate.parse(p.toString())} unchanged in meaning.
   */
  public RandomPredicates textOnly() {
    textOnly = true;
    return this;
  }

  /** Whether the schema has any column a predicate can name. */
  public boolean hasColumns() {
    return !columns.isEmpty();
  }

  /** A random predicate of at most {@code depth} levels of AND, OR and NOT. */
  public Predicate next(int depth) {
    int pick = random.nextInt(10);
    if (depth > 0 && pick < 2) {
      return Predicate.and(next(depth - 1), next(depth - 1));
    }
    if (depth > 0 && pick < 4) {
      return Predicate.or(next(depth - 1), next(depth - 1));
    }
    if (depth > 0 && pick < 5) {
      return Predicate.not(next(depth - 1));
    }
    return leaf();
  }

  /** One condition on one random column. */
  public Predicate leaf() {
    int c = random.nextInt(columns.size());
    return leaf(c);
  }

  /** One condition on the column at {@code path}. */
  public Predicate leaf(List<String> path) {
    int c = columns.indexOf(path);
    if (c < 0) {
      throw new IllegalArgumentException("no scalar column " + path);
    }
    return leaf(c);
  }

  private Predicate leaf(int c) {
    ColumnPath path = new ColumnPath(columns.get(c));
    Type type = Rows.typeAt(schema, columns.get(c));
    int kind = random.nextInt(12);
    if (kind == 0) {
      return new Predicate.IsNull(path, random.nextBoolean());
    }
    if (kind <= 2) {
      List<Literal> values = new ArrayList<>();
      int n = 1 + random.nextInt(random.nextInt(8) == 0 ? 40 : 4);
      for (int i = 0; i < n; i++) {
        values.add(literal(c, type));
      }
      return new Predicate.In(path, values, random.nextInt(4) == 0);
    }
    if (kind <= 4) {
      Literal a = literal(c, type);
      Literal b = literal(c, type);
      return new Predicate.Between(path, a, b, random.nextInt(4) == 0);
    }
    ComparisonOp op = ComparisonOp.values()[random.nextInt(ComparisonOp.values().length)];
    return new Predicate.Compare(path, op, literal(c, type));
  }

  /** A literal for column {@code c}: a sampled value, a neighbour, or something far. */
  private Literal literal(int c, Type type) {
    List<Object> values = samples.get(c);
    Object v = values.isEmpty() || random.nextInt(10) == 0 ? null
        : values.get(random.nextInt(values.size()));
    switch (type.kind()) {
      case BOOLEAN:
        return Literal.of(v == null ? random.nextBoolean() : (Boolean) v);
      case BYTE: case SHORT: case INT: case LONG: {
        BigDecimal x = v == null ? BigDecimal.valueOf(random.nextLong() >> random.nextInt(64))
            : BigDecimal.valueOf((Long) v);
        return Literal.of(nudge(x, random.nextInt(6)));
      }
      case FLOAT: case DOUBLE: {
        double d = v == null ? random.nextGaussian() * Math.pow(10, random.nextInt(20) - 5)
            : (Double) v;
        if (Double.isNaN(d) || Double.isInfinite(d)) {
          d = random.nextGaussian() * 1e6;
        }
        BigDecimal x = new BigDecimal(d);
        if (type.kind() == TypeKind.FLOAT && random.nextBoolean()) {
          x = new BigDecimal(Float.toString((float) d)); // as a user writes a float
        }
        return Literal.of(random.nextInt(3) == 0 ? nudge(x, random.nextInt(6)) : x);
      }
      case DECIMAL: {
        BigDecimal x = v == null ? BigDecimal.valueOf(random.nextLong(), random.nextInt(20))
            : (BigDecimal) v;
        x = random.nextInt(3) == 0 ? nudge(x, random.nextInt(6)) : x;
        if (random.nextInt(3) == 0) {
          x = x.setScale(x.scale() + random.nextInt(3)); // the same value, another scale
        }
        return random.nextBoolean() && !textOnly ? Literal.of(x.toPlainString()) : Literal.of(x);
      }
      case STRING: case VARCHAR: case CHAR: case BINARY: {
        byte[] b = v == null ? randomBytes() : bytes((ByteBuffer) v);
        switch (random.nextInt(5)) {
          case 0: b = java.util.Arrays.copyOf(b, b.length + 1); b[b.length - 1] =
              (byte) random.nextInt(256); break;
          case 1: b = java.util.Arrays.copyOf(b, Math.max(0, b.length - 1)); break;
          default: break;
        }
        String s = utf8(b);
        if (textOnly) {
          return Literal.of(s != null ? s : new String(b, StandardCharsets.ISO_8859_1));
        }
        return s != null && random.nextBoolean() ? Literal.of(s) : Literal.of(b);
      }
      case DATE: {
        long day = v == null ? random.nextInt(200_000) - 100_000 : (Long) v;
        day += random.nextInt(3) == 0 ? random.nextInt(5) - 2 : 0;
        LocalDate d = LocalDate.ofEpochDay(day);
        boolean plain = d.getYear() >= 1000 && d.getYear() <= 9999;
        if (textOnly) {
          return Literal.of(plain ? d.toString() : "1970-01-01");
        }
        return plain && random.nextBoolean() ? Literal.of(d.toString()) : Literal.of(d);
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        Instant t = v == null ? Instant.ofEpochSecond(random.nextLong() % 10_000_000_000L,
            random.nextInt(1_000_000_000)) : (Instant) v;
        if (random.nextInt(3) == 0) {
          t = t.plusNanos(random.nextInt(2001) - 1000);
        }
        LocalDateTime l = LocalDateTime.ofEpochSecond(t.getEpochSecond(), t.getNano(),
            ZoneOffset.UTC);
        if (textOnly && (l.getYear() < 1000 || l.getYear() > 9999)) {
          return Literal.of("2000-01-01 00:00:00");
        }
        if (l.getYear() >= 1000 && l.getYear() <= 9999 && (textOnly || random.nextBoolean())) {
          String text = String.format("%04d-%02d-%02d %02d:%02d:%02d", l.getYear(),
              l.getMonthValue(), l.getDayOfMonth(), l.getHour(), l.getMinute(), l.getSecond());
          if (l.getNano() != 0) {
            text += String.format(".%09d", l.getNano()).replaceAll("0+$", "");
          }
          return Literal.of(text);
        }
        return type.kind() == TypeKind.TIMESTAMP_INSTANT && random.nextBoolean()
            ? Literal.of(t) : Literal.of(l);
      }
      default:
        throw new IllegalArgumentException("no literal for " + type);
    }
  }

  /** {@code x}, or a value just beside it, or far from it. */
  private BigDecimal nudge(BigDecimal x, int how) {
    switch (how) {
      case 0: return x.add(BigDecimal.ONE);
      case 1: return x.subtract(BigDecimal.ONE);
      case 2: return x.add(new BigDecimal("0.5"));
      case 3: return x.add(BigDecimal.ONE.movePointLeft(30).multiply(
          BigDecimal.valueOf(random.nextBoolean() ? 1 : -1)));
      case 4: return x.multiply(BigDecimal.TEN.pow(25), MathContext.UNLIMITED);
      default: return x;
    }
  }

  private byte[] randomBytes() {
    byte[] b = new byte[random.nextInt(6)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (random.nextBoolean() ? 'a' + random.nextInt(26) : random.nextInt(256));
    }
    return b;
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  /** The bytes as a string, or null when they are not UTF-8. */
  private static String utf8(byte[] b) {
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
