package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.testkit.FaultyInputFile;
import io.colfile.testkit.Faults;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Readers under injected read faults (an {@link IOException} half way through a read, the
 * buffer left half filled): whichever read fails, the reader throws an {@code IOException}
 * carrying the cause, and every batch it handed out before is exactly the file's rows at that
 * place: no half-filled batch is returned as data. ORC is read on one and two threads.
 */
@ExtendWith(TestSeed.class)
class ReadFaultTest {
  private static final int SAMPLE = 30;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni", "cfile"})
  void aFailedReadThrowsAndHandsOutOnlyWholeBatches(String format) throws IOException {
    Random r = TestSeed.random("ReadFaultTest." + format, 0);
    Path file = write(format, r);
    List<Object> expected;
    FaultyInputFile counting = new FaultyInputFile(InputFile.local(file), 0);
    try (FileReader f = ColFile.open(counting); BatchReader rows = f.read(options(r, 1))) {
      expected = Rows.readAll(rows);
    }
    int reads = counting.reads();
    assertThat(reads).as("reads of a whole %s file", format).isGreaterThan(2);
    for (int n : Faults.toFail(reads, SAMPLE, r)) {
      int threads = format.equals("orc") ? 1 + r.nextInt(2) : 1;
      String at = format + ", read #" + n + " of " + reads + " failing, " + threads
          + " thread(s); " + TestSeed.replay();
      List<Object> seen = new ArrayList<>();
      IOException failure = null;
      try (FileReader f = ColFile.open(new FaultyInputFile(InputFile.local(file), n));
           BatchReader rows = f.read(options(r, threads))) {
        ColumnBatch b = rows.newBatch();
        while (rows.next(b)) {
          Rows.addAll(b, seen);
        }
      } catch (IOException e) {
        failure = e;
      }
      // a parallel read may ask for the ranges in another order: then the nth read can be one
      // the counting read never made, and every read may succeed
      if (failure == null) {
        assertThat(threads).as("only a parallel read may miss the failing read, " + at)
            .isGreaterThan(1);
        assertThat(seen).as(at).isEqualTo(expected);
        continue;
      }
      assertThat(FaultyInputFile.injected(failure))
          .as("the error carries the cause, " + at).isTrue();
      assertThat(seen.size()).as(at).isLessThanOrEqualTo(expected.size());
      assertThat(seen).as("the rows handed out before the failure, " + at)
          .isEqualTo(expected.subList(0, seen.size()));
    }
  }

  private static ReadOptions options(Random r, int threads) {
    return ReadOptions.defaults().withBatchSize(512).withParallelism(threads);
  }

  private Path write(String format, Random r) throws IOException {
    Path file = dir.resolve("in." + format);
    if (format.equals("cfile")) {
      CFileWriterOptions o = CFileWriterOptions.builder(KuduType.INT64)
          .encoding(KuduEncoding.BIT_SHUFFLE).compression(KuduCompression.LZ4)
          .blockSize(4 << 10).build();
      long[] values = r.longs(20_000, 0, 1L << 40).toArray();
      CFileWriter w = CFileWriter.create(OutputFile.local(file), o);
      LongVector v = new LongVector(values.length);
      System.arraycopy(values, 0, v.vector, 0, values.length);
      w.append(v, 0, values.length);
      w.close();
      return file;
    }
    Type schema = RandomData.schema(format, r, 6);
    RandomBatches data = RandomData.batches(format, r);
    WriteOptions options = WriteOptions.defaults().withBlockSize(16 << 10)
        .withCompression(r.nextBoolean() ? CompressionCodec.NONE : CompressionCodec.ZLIB);
    try (FileWriter w = ColFile.writer(format, OutputFile.local(file), schema, options)) {
      for (int b = 0; b < 4; b++) {
        w.write(data.batch(schema, 1000 + r.nextInt(1000), b * 2000));
      }
    }
    return file;
  }
}
