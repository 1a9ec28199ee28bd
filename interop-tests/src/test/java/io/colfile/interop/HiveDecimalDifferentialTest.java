package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.testkit.MemoryFile;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * colfile's decimal conversions against hive-storage-api's {@code HiveDecimal}, which orc-core's
 * conversions call: text to decimal (Hive's own grammar: blanks, signs, dots, exponents of at
 * most two digits, rounding to 38 digits), a double to decimal (through its Java text), and a
 * decimal to text and to double, each then stored into a random decimal(p, s) as orc-core's
 * vectors store it. Thousands of values per seed, no files: the conversions alone, exactly.
 */
@ExtendWith(TestSeed.class)
class HiveDecimalDifferentialTest {
  private static final int VALUES = 10_000;

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(ints = {0, 1, 2})
  void textAndDoublesBecomeHivesDecimals(int index) throws IOException {
    Random r = TestSeed.random("hive-decimal-text", index);
    List<String> texts = new ArrayList<>();
    List<Double> doubles = new ArrayList<>();
    for (int i = 0; i < VALUES; i++) {
      texts.add(numberText(r));
      doubles.add(r.nextBoolean() ? PrimitiveValues.doubleValue(r)
          : (double) PrimitiveValues.floatValue(r));
    }
    int precision = 1 + r.nextInt(38);
    int scale = r.nextInt(precision + 1);
    String decimal = "decimal(" + precision + "," + scale + ")";
    List<Object> fromText = read(Type.STRING, texts, decimal);
    List<Object> fromDouble = read(Type.DOUBLE, doubles, decimal);
    for (int i = 0; i < VALUES; i++) {
      assertThat(fromText.get(i)).as("'%s' as %s; %s", texts.get(i), decimal, TestSeed.replay())
          .isEqualTo(hive(HiveDecimal.create(texts.get(i)), precision, scale));
      assertThat(fromDouble.get(i)).as("%s as %s; %s", doubles.get(i), decimal, TestSeed.replay())
          .isEqualTo(hive(HiveDecimal.create(Double.toString(doubles.get(i))), precision, scale));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(ints = {0, 1, 2})
  void decimalsPrintAndRoundAsHivesDo(int index) throws IOException {
    Random r = TestSeed.random("hive-decimal-values", index);
    int precision = 1 + r.nextInt(38);
    int scale = r.nextInt(precision + 1);
    List<BigDecimal> values = new ArrayList<>();
    for (int i = 0; i < VALUES; i++) {
      values.add(PrimitiveValues.decimal(r, precision, scale));
    }
    Type file = Type.decimal(precision, scale);
    List<Object> text = read(file, values, "string");
    List<Object> doubles = read(file, values, "double");
    for (int i = 0; i < VALUES; i++) {
      HiveDecimalWritable w = new HiveDecimalWritable(HiveDecimal.create(values.get(i)));
      byte[] buf = new byte[HiveDecimal.SCRATCH_BUFFER_LEN_TO_BYTES];
      int at = w.toBytes(buf);
      assertThat(text.get(i)).as("%s; %s", values.get(i), TestSeed.replay())
          .isEqualTo(ByteBuffer.wrap(buf, at, buf.length - at));
      assertThat(doubles.get(i)).as("%s; %s", values.get(i), TestSeed.replay())
          .isEqualTo(w.doubleValue());
    }
  }

  /** What orc-core's decimal(p, s) vector holds after {@code set}: the value, or null. */
  private static BigDecimal hive(HiveDecimal d, int precision, int scale) {
    if (d == null) {
      return null;
    }
    DecimalColumnVector v = new DecimalColumnVector(1, precision, scale);
    v.set(0, d);
    return v.isNull[0] ? null : v.vector[0].getHiveDecimal().bigDecimalValue().setScale(scale);
  }

  /** The values of a one-column memory file of {@code type} read as {@code readAs}. */
  private static <T> List<Object> read(Type type, List<T> values, String readAs)
      throws IOException {
    Type schema = Type.struct(List.of("v"), List.of(type));
    MemoryFile file = new MemoryFile(schema, () -> List.of(batch(schema, values)));
    List<Object> out = new ArrayList<>();
    try (BatchReader rows = file.read(ReadOptions.defaults().withBatchSize(values.size())
        .withSchema(Type.parse("struct<v:" + readAs + ">")))) {
      for (Object row : Rows.readAll(rows)) {
        out.add(((List<?>) row).get(0));
      }
    }
    return out;
  }

  private static <T> ColumnBatch batch(Type schema, List<T> values) {
    ColumnBatch b = new ColumnBatch(schema, values.size());
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (v instanceof String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        ((BytesVector) b.cols[0]).setRef(i, utf8, 0, utf8.length);
      } else if (v instanceof Double d) {
        ((DoubleVector) b.cols[0]).vector[i] = d;
      } else {
        DecimalVector d = (DecimalVector) b.cols[0];
        BigInteger u = ((BigDecimal) v).unscaledValue();
        if (d.isWide) {
          d.wide[i] = u;
        } else {
          d.unscaled[i] = u.longValueExact();
        }
      }
    }
    b.size = values.size();
    return b;
  }

  /**
   * Text near and far from Hive's grammar: signs, leading zeros, up to 45 integer and 50
   * fraction digits, exponents of 0 to 3 digits with leading zeros, blanks before and after,
   * and bytes in the wrong places.
   */
  static String numberText(Random r) {
    Function<Integer, String> digits = n -> {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < n; i++) {
        b.append((char) ('0' + (r.nextInt(3) == 0 ? 9 * r.nextInt(2) : r.nextInt(10))));
      }
      return b.toString();
    };
    if (r.nextInt(6) == 0) {
      String alphabet = "0123456789.eE+- ";
      StringBuilder b = new StringBuilder();
      for (int i = r.nextInt(12); i > 0; i--) {
        b.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      return b.toString();
    }
    StringBuilder b = new StringBuilder(" ".repeat(r.nextInt(5) == 0 ? r.nextInt(3) : 0));
    if (r.nextInt(3) == 0) {
      b.append(r.nextBoolean() ? '-' : '+');
    }
    b.append("0".repeat(r.nextInt(4) == 0 ? r.nextInt(4) : 0));
    b.append(digits.apply(r.nextInt(5) == 0 ? 0 : r.nextInt(r.nextBoolean() ? 5 : 45)));
    if (r.nextInt(3) != 0) {
      b.append('.').append("0".repeat(r.nextInt(4) == 0 ? r.nextInt(40) : 0))
          .append(digits.apply(r.nextInt(r.nextBoolean() ? 5 : 50)));
    }
    if (r.nextInt(3) == 0) {
      b.append(r.nextBoolean() ? 'e' : 'E');
      if (r.nextBoolean()) {
        b.append(r.nextBoolean() ? '-' : '+');
      }
      b.append("0".repeat(r.nextInt(4) == 0 ? r.nextInt(3) : 0)).append(digits.apply(
          r.nextInt(4)));
    }
    b.append(" ".repeat(r.nextInt(5) == 0 ? r.nextInt(3) : 0));
    if (r.nextInt(30) == 0) {
      b.insert(r.nextInt(b.length() + 1), 'x');
    }
    return b.toString();
  }
}
