package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.TestSeed;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReadOptions#withParallelism} on Trevni (each column's next block decompressed and
 * checked on another thread): exactly the rows of a single-threaded read, as text, over seeded
 * random record files (every codec and checksum, small blocks), 2 to 4 threads, random batch
 * sizes and seeks; and on damaged copies of them the same outcome, rows or the same exception
 * message after the same rows.
 */
@ExtendWith(TestSeed.class)
class ParallelReadTest {
  @TempDir Path dir;

  /** The rows as text, with seeks at the rows {@code seekEvery} apart; or the failure after. */
  private static String read(byte[] file, ReadOptions options, long seekSeed)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    Random seeks = new Random(seekSeed);
    try (TrevniReader r = TrevniReader.open(InputFile.of("f.trv", file));
        BatchReader rows = r.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        w.write(batch);
        if (seeks.nextInt(8) == 0) {
          long to = seeks.nextInt((int) Math.max(1, r.numberOfRows() + 1));
          out.write('@');
          out.writeBytes(Long.toString(to).getBytes(StandardCharsets.UTF_8));
          w.flush();
          rows.seekToRow(to);
        }
      }
      w.flush();
    } catch (IOException | RuntimeException e) {
      w.flush();
      out.writeBytes(("failed: " + e.getClass().getName() + ": " + e.getMessage())
          .getBytes(StandardCharsets.UTF_8));
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void rowsAreThoseOfOneThread() throws IOException {
    for (int round = 0; round < 40; round++) {
      Random r = TestSeed.random("parallelRead", round);
      Type schema = RandomRecordFiles.schema(r, 1 + r.nextInt(8));
      TrevniWriterOptions options = RandomColumnFiles.options(r);
      if (r.nextInt(5) == 0) {
        options = options.toBuilder().codec(TrevniCodec.BZIP2).build();
      }
      byte[] file = RandomRecordFiles.write(r, schema, 1 + r.nextInt(3000), options, dir);
      ReadOptions one = ReadOptions.defaults().withBatchSize(1 + r.nextInt(700));
      long seekSeed = r.nextLong();
      String expected = read(file, one, seekSeed);
      assertThat(expected).doesNotContain("failed: ");
      int threads = 2 + r.nextInt(3);
      assertThat(read(file, one.withParallelism(threads), seekSeed))
          .as("round %d, %d threads, %s", round, threads, TestSeed.replay())
          .isEqualTo(expected);
      // damaged copies: the same rows, then the same failure, or the same rows
      for (int d = 0; d < 5; d++) {
        byte[] bad = file.clone();
        for (int f = 1 + r.nextInt(3); f > 0; f--) {
          int at = bad.length / 3 + r.nextInt(bad.length - bad.length / 3);
          bad[at] ^= (byte) (1 << r.nextInt(8));
        }
        if (r.nextInt(4) == 0) {
          bad = java.util.Arrays.copyOf(bad, bad.length - 1 - r.nextInt(bad.length / 4 + 1));
        }
        long s = r.nextLong();
        assertThat(read(bad, one.withParallelism(threads), s))
            .as("round %d, damaged copy %d, %s", round, d, TestSeed.replay())
            .isEqualTo(read(bad, one, s));
      }
    }
  }
}
