package io.colfile.orc.write;

import io.colfile.testkit.RandomBatches;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.OrcReader;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.text.JsonLinesWriter;
import io.colfile.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile writes seeded random files with random options (every codec, file versions 0.11,
 * 0.12 and 1.9999, strides, small stripes and chunks, dictionary thresholds, bit packing, writer
 * zones, bloom filters) and reads them back: the printed rows must equal the printed input.
 * Compatibility with Apache ORC is proved in interop-tests; this proves writer and reader agree.
 */
@ExtendWith(TestSeed.class)
class OrcWriterRoundTripTest {
  private static final int[] SIZES = {0, 1, 2, 511, 512, 513, 999, 1000, 1001, 1024, 3000, 12_345};

  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 200 : 24);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void readsBackWhatItWrote(int index) throws IOException {
    Random r = TestSeed.random("orc-writer-round-trip-" + index, 0);
    Type schema = index == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 6);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index);
    int rows = index == 0 ? 25_000 : SIZES[r.nextInt(SIZES.length)];
    String what = "case " + index + " " + schema + " rows " + rows + " codec "
        + options.compression() + " version " + options.fileVersion() + " stride "
        + options.rowIndexStride() + " zone " + options.writerTimeZone() + "; "
        + TestSeed.replay();

    RandomBatches gen = new RandomBatches(r, options.writerTimeZone());
    Path path = dir.resolve("case-" + index + ".orc");
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    JsonLinesWriter printer = new JsonLinesWriter(expected);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      int done = 0;
      while (done < rows) {
        int n = Math.min(rows - done, 1 + r.nextInt(r.nextBoolean() ? 50 : 1500));
        ColumnBatch batch = gen.batch(schema, n, done);
        printer.write(batch);
        w.write(batch);
        done += n;
      }
      w.addUserMetadata("k", new byte[] {1, 2, 3});
    }
    printer.flush();

    ByteArrayOutputStream actual = new ByteArrayOutputStream();
    try (OrcReader reader = OrcReader.open(InputFile.local(path))) {
      assertThat(reader.numberOfRows()).as(what).isEqualTo(rows);
      assertThat(reader.schema()).as(what).isEqualTo(schema);
      assertThat(reader.userMetadata()).as(what).containsKey("k");
      JsonLinesWriter out = new JsonLinesWriter(actual);
      try (BatchReader batches =
          reader.read(ReadOptions.defaults().withBatchSize(1 + r.nextInt(2000)))) {
        ColumnBatch b = batches.newBatch();
        while (batches.next(b)) {
          out.write(b);
        }
      }
      out.flush();
    }
    assertSameLines(what, expected.toString(StandardCharsets.UTF_8),
        actual.toString(StandardCharsets.UTF_8));
  }

  static void assertSameLines(String what, String expected, String actual) {
    String[] e = expected.split("\n", -1);
    String[] a = actual.split("\n", -1);
    for (int i = 0; i < Math.min(e.length, a.length); i++) {
      if (!e[i].equals(a[i])) {
        fail(String.format("line %d differs%n  expected %s%n  actual   %s%n  in %s", i + 1,
            abbreviate(e[i]), abbreviate(a[i]), what));
      }
    }
    assertThat(a.length).as("lines in " + what).isEqualTo(e.length);
  }

  private static String abbreviate(String s) {
    return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
  }
}
