package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Trevni file cannot be split ({@link ReadOptions#withSplit}): a split that holds byte 0 reads
 * all its rows, any other none, reading no byte, in batches of the schema the read would have
 * had; for Avro record files and column-API files.
 */
@ExtendWith(TestSeed.class)
class SplitReadTest {
  @TempDir Path dir;

  @Test
  void aColumnFileIsOneSplit() throws IOException {
    for (int round = 0; round < 4; round++) {
      Random r = TestSeed.random("split columns", round);
      check(r, RandomColumnFiles.write(r, 1 + r.nextInt(1500), RandomColumnFiles.options(r),
          dir), ReadOptions.defaults());
    }
  }

  @Test
  void aRecordFileIsOneSplit() throws IOException {
    for (int round = 0; round < 4; round++) {
      Random r = TestSeed.random("split records", round);
      Type schema = RandomRecordFiles.schema(r, 6);
      byte[] file = RandomRecordFiles.write(r, schema, 1 + r.nextInt(1500),
          RandomColumnFiles.options(r), dir);
      // the last column only, as a projection
      check(r, file, ReadOptions.defaults().withColumnIndexes(schema.children().size() - 1));
    }
  }

  private static void check(Random r, byte[] file, ReadOptions options) throws IOException {
    CountingInputFile counting = new CountingInputFile(InputFile.of("split.trv", file));
    try (TrevniReader reader = TrevniReader.open(counting)) {
      List<Object> all;
      Type schema;
      try (BatchReader whole = reader.read(options)) {
        all = Rows.readAll(whole);
        schema = whole.schema();
      }
      try (BatchReader first = reader.read(options.withSplit(0, 1 + r.nextInt(file.length)))) {
        assertThat(Rows.readAll(first)).as("split at 0; %s", TestSeed.replay()).isEqualTo(all);
      }
      long[][] others = {{1 + r.nextInt(file.length), 1 + r.nextInt(1 << 20)}, {0, 0}};
      for (long[] split : others) {
        String what = "split [" + split[0] + ", +" + split[1] + "); " + TestSeed.replay();
        counting.forget();
        try (BatchReader none = reader.read(options.withSplit(split[0], split[1]))) {
          assertThat(none.schema()).as(what).isEqualTo(schema);
          assertThat(Rows.readAll(none)).as(what).isEmpty();
          none.seekToRow(0);
          assertThat(Rows.readAll(none)).as(what).isEmpty();
        }
        assertThat(counting.bytes()).as("bytes read; %s", what).isZero();
      }
    }
  }
}
