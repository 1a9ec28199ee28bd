package io.colfile.spark.write;

import io.colfile.core.types.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Random values of a colfile type as Spark holds them in an InternalRow, each with the value
 * colfile's reader should give back in {@link io.colfile.testkit.Rows}' terms (Long for integers
 * and dates, Double for floats, BigDecimal, a ByteBuffer of the bytes, an Instant, lists, lists of
 * map entries). The expected values are computed apart from the writer (timestamps through
 * java.time), and edge cases are drawn often: NULLs at every nullable level, empty strings,
 * arrays and maps, timestamps before 1970 with microseconds, the largest decimals, strings
 * longer than the writer's first byte buffer.
 */
final class SparkValues {
  /** A value as Spark holds it and as colfile reads it back. */
  record Value(Object spark, Object expected) {}

  private static final long[] MICROS = {
      0, 1, -1, -999_999, -1_000_001, -86_400_000_001L, 1_700_000_000_123_456L,
      -9_223_372_036_854_775L /* 1677-09-21T00:12:43.145225Z */,
      -62_135_596_800_000_000L /* 0001-01-01, Spark's first */,
      253_402_300_799_999_999L /* 9999-12-31T23:59:59.999999, Spark's last */};
  /** Where {@link #MICROS} leaves the range of a long of nanoseconds. */
  private static final int NANOS_RANGE = 8;

  private final Random rnd;
  private final boolean nanosRange;
  private final boolean notJustBefore1970;

  /**
   * Values for files of {@code format}, within what it stores: a Trevni file's timestamps are a
   * long of nanoseconds since 1970 (1677-09-21 to 2262-04-11) rather than Spark's years 1 to
   * 9999; ORC (Java, and colfile like it) reads instants strictly between -1 s and 0 back a
   * second later (see the README), so ORC gets none of those.
   */
  SparkValues(Random rnd, String format) {
    this.rnd = rnd;
    this.nanosRange = format.equals("trevni");
    this.notJustBefore1970 = format.equals("orc");
  }

  /** A row of struct type {@code t}: the InternalRow and the list of expected fields. */
  Value row(Type t) {
    Object[] spark = new Object[t.children().size()];
    List<Object> expected = new ArrayList<>();
    for (int i = 0; i < spark.length; i++) {
      Value v = value(t.child(i), t.isChildNullable(i));
      spark[i] = v.spark();
      expected.add(v.expected());
    }
    return new Value(new GenericInternalRow(spark), expected);
  }

  Value value(Type t, boolean nullable) {
    if (nullable && rnd.nextInt(8) == 0) {
      return new Value(null, null);
    }
    switch (t.kind()) {
      case BOOLEAN: {
        boolean b = rnd.nextBoolean();
        return new Value(b, b);
      }
      case BYTE: {
        byte b = (byte) rnd.nextInt();
        return new Value(b, (long) b);
      }
      case SHORT: {
        short s = (short) rnd.nextInt();
        return new Value(s, (long) s);
      }
      case INT: {
        int i = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE)
            : rnd.nextInt();
        return new Value(i, (long) i);
      }
      case DATE: {
        int days = rnd.nextInt(4) == 0 ? -1 : rnd.nextInt(1_400_000) - 700_000;
        return new Value(days, (long) days);
      }
      case LONG: {
        long l = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE)
            : rnd.nextLong();
        return new Value(l, l);
      }
      case FLOAT: {
        float f = rnd.nextInt(8) == 0 ? Float.NaN : (float) rnd.nextGaussian() * 1e6f;
        return new Value(f, (double) f);
      }
      case DOUBLE: {
        double d = rnd.nextInt(8) == 0 ? Double.NEGATIVE_INFINITY : rnd.nextGaussian() * 1e12;
        return new Value(d, d);
      }
      case STRING:
        return string(rnd.nextInt(6) == 0 ? 0
            : rnd.nextInt(50) == 0 ? 5_000 + rnd.nextInt(20_000) : rnd.nextInt(20), false);
      case VARCHAR:
        return string(rnd.nextInt(t.maxLength() + 1), false);
      case CHAR:
        // Spark pads CHAR values to their length before they reach a writer
        return string(t.maxLength(), true);
      case BINARY: {
        byte[] b = new byte[rnd.nextInt(6) == 0 ? 0 : rnd.nextInt(40)];
        rnd.nextBytes(b);
        return new Value(b, ByteBuffer.wrap(b.clone()));
      }
      case TIMESTAMP:
      case TIMESTAMP_INSTANT: {
        long micros;
        do {
          micros = rnd.nextBoolean()
              ? MICROS[rnd.nextInt(nanosRange ? NANOS_RANGE : MICROS.length)]
              : rnd.nextLong() % (nanosRange ? 9_000_000_000_000_000L : 62_000_000_000_000_000L);
        } while (notJustBefore1970 && micros > -1_000_000 && micros < 0);
        return new Value(micros, Instant.EPOCH.plus(micros, ChronoUnit.MICROS));
      }
      case DECIMAL: {
        BigInteger max = BigInteger.TEN.pow(t.precision()).subtract(BigInteger.ONE);
        BigInteger unscaled = rnd.nextInt(4) == 0 ? max
            : new BigInteger(max.bitLength() + 8, rnd).mod(max.add(BigInteger.ONE));
        if (rnd.nextBoolean()) {
          unscaled = unscaled.negate();
        }
        BigDecimal d = new BigDecimal(unscaled, t.scale());
        return new Value(Decimal.apply(d, t.precision(), t.scale()), d);
      }
      case STRUCT:
        return row(t);
      case LIST: {
        int n = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(5);
        Object[] spark = new Object[n];
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          Value v = value(t.child(0), t.isChildNullable(0));
          spark[i] = v.spark();
          expected.add(v.expected());
        }
        return new Value(new GenericArrayData(spark), expected);
      }
      case MAP: {
        int n = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(4);
        Object[] keys = new Object[n];
        Object[] values = new Object[n];
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          Value k = value(t.child(0), false);
          Value v = value(t.child(1), t.isChildNullable(1));
          keys[i] = k.spark();
          values[i] = v.spark();
          expected.add(new AbstractMap.SimpleImmutableEntry<>(k.expected(), v.expected()));
        }
        return new Value(new ArrayBasedMapData(new GenericArrayData(keys),
            new GenericArrayData(values)), expected);
      }
      default:
        throw new IllegalArgumentException("no values of " + t);
    }
  }

  private Value string(int chars, boolean ascii) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < chars; i++) {
      int c = ascii || rnd.nextBoolean() ? 'a' + rnd.nextInt(26)
          : new int[] {'é', 'ß', 0x4E2D, 0x1F600}[rnd.nextInt(4)];
      sb.appendCodePoint(c);
    }
    byte[] utf8 = sb.toString().getBytes(StandardCharsets.UTF_8);
    return new Value(UTF8String.fromBytes(utf8.clone()), ByteBuffer.wrap(utf8));
  }
}
