package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code cat --exact-floats} then {@code convert} gives back every float and double bit for bit
 * (ORC and Trevni), for random values of every class: normal, subnormal, extremes, zeros of both
 * signs, infinities, NaN; without {@code --exact-floats} (C's %.7g / %.14g) some are lost.
 */
@ExtendWith(TestSeed.class)
class ExactFloatsRoundTripTest {
  private static final String SCHEMA = "struct<f:float,d:double>";
  private static final int ROWS = 3000;

  @TempDir Path dir;

  private static float randomFloat(Random r, int i) {
    switch (i % 8) {
      case 0: return Float.intBitsToFloat(r.nextInt() & 0x807FFFFF); // subnormal or zero
      case 1: return Float.intBitsToFloat(r.nextInt() | 0x7F000000) * (r.nextBoolean() ? 1 : 0)
          + (r.nextBoolean() ? Float.MAX_VALUE : -Float.MIN_NORMAL);
      case 2: return new float[] {0f, -0f, Float.MIN_VALUE, -Float.MAX_VALUE,
          Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN}[r.nextInt(7)];
      case 3: return r.nextFloat();
      default:
        float f = Float.intBitsToFloat(r.nextInt());
        return Float.isNaN(f) ? Float.NaN : f;
    }
  }

  private static double randomDouble(Random r, int i) {
    switch (i % 8) {
      case 0: return Double.longBitsToDouble(r.nextLong() & 0x800FFFFFFFFFFFFFL);
      case 1: return Double.longBitsToDouble(r.nextLong() | 0x7FE0000000000000L) / (r.nextBoolean()
          ? 1 : Double.POSITIVE_INFINITY);
      case 2: return new double[] {0d, -0d, Double.MIN_VALUE, Double.MAX_VALUE,
          Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN}[r.nextInt(7)];
      case 3: return r.nextDouble() * 1000;
      default:
        double d = Double.longBitsToDouble(r.nextLong());
        return Double.isNaN(d) ? Double.NaN : d;
    }
  }

  /** The f and d columns of a file, as raw bits (NaN as the canonical NaN). */
  private static List<Long> values(Path file) throws IOException {
    List<Long> out = new ArrayList<>();
    try (FileReader reader = ColFile.open(InputFile.local(file));
         BatchReader rows = reader.read(ReadOptions.defaults())) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        DoubleVector f = (DoubleVector) b.cols[0];
        DoubleVector d = (DoubleVector) b.cols[1];
        for (int i = 0; i < b.size; i++) {
          out.add((long) Float.floatToIntBits((float) f.vector[i]));
          out.add(Double.doubleToLongBits(d.vector[i]));
        }
      }
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni"})
  void catExactFloatsThenConvertGivesBackEveryBit(String format) throws IOException {
    Random r = TestSeed.random("exact-floats-" + format, 0);
    StringBuilder json = new StringBuilder();
    List<Long> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      float f = randomFloat(r, i);
      double d = randomDouble(r, i);
      expected.add((long) Float.floatToIntBits(f));
      expected.add(Double.doubleToLongBits(d));
      // the JDK's text reads back exactly; NaN and infinities as json-lines.md spells them
      json.append("{\"f\": ").append(Float.toString(f)).append(", \"d\": ")
          .append(Double.toString(d)).append("}\n");
    }
    Path jsonl = dir.resolve("in.jsonl");
    Files.writeString(jsonl, json);
    Path original = dir.resolve("original." + format);
    Cli.Result c = Cli.run("convert", jsonl.toString(), original.toString(), "--schema", SCHEMA,
        "--format", format);
    assertThat(c.status()).as(c.err()).isZero();
    assertThat(values(original)).as(TestSeed.replay()).isEqualTo(expected);

    assertThat(roundTrip(original, format, true)).as(TestSeed.replay()).isEqualTo(expected);
    assertThat(roundTrip(original, format, false)).as("%%.7g/%%.14g should lose digits")
        .isNotEqualTo(expected);
  }

  private List<Long> roundTrip(Path original, String format, boolean exact) throws IOException {
    Cli.Result cat = exact ? Cli.run("cat", original.toString(), "--exact-floats")
        : Cli.run("cat", original.toString());
    assertThat(cat.status()).as(cat.err()).isZero();
    Path text = dir.resolve("cat.jsonl");
    Files.writeString(text, cat.out());
    Path back = dir.resolve("back." + format);
    Cli.Result c = Cli.run("convert", text.toString(), back.toString(), "--schema", SCHEMA,
        "--format", format);
    assertThat(c.status()).as(c.err()).isZero();
    return values(back);
  }
}
