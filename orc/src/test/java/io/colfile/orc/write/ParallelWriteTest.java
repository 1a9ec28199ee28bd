package io.colfile.orc.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parallel writes ({@link OrcWriterOptions.Builder#parallelism}) of seeded random schemas
 * (nested, nullable, every type), codecs, file versions, stripe and chunk sizes and strides give
 * exactly the bytes of a single-threaded write, at parallelism 2 to 4, on the writer's own
 * threads or a given executor; a value that does not fit fails the write with the same
 * exception as on one thread.
 */
@ExtendWith(TestSeed.class)
class ParallelWriteTest {
  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 100 : 20);
  }

  private static byte[] write(Path path, Type schema, OrcWriterOptions options,
      List<ColumnBatch> batches) throws IOException {
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      for (ColumnBatch b : batches) {
        w.write(b);
      }
    }
    return Files.readAllBytes(path);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void theBytesAreThoseOfOneThread(int index) throws IOException {
    Random r = TestSeed.random("parallel-write-" + index, 0);
    Type schema = index % 5 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 8);
    OrcWriterOptions one = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(new long[] {2048, 64 * 1024, 64L << 20}[r.nextInt(3)])
        .memoryCheckRows(new int[] {100, 300, 5000}[r.nextInt(3)])
        .build();
    RandomBatches gen = new RandomBatches(r, one.writerTimeZone());
    List<ColumnBatch> batches = new ArrayList<>();
    int rows = 1000 + r.nextInt(12_000);
    for (int done = 0; done < rows; ) {
      int most = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(r.nextBoolean() ? 50 : 2500);
      int n = Math.min(rows - done, most);
      batches.add(gen.batch(schema, n, done));
      done += n;
    }
    byte[] expected = write(dir.resolve("one.orc"), schema, one, batches);
    int threads = 2 + r.nextInt(3);
    String what = schema + " " + one.compression() + " parallelism " + threads;
    assertThat(write(dir.resolve("own.orc"), schema,
        one.toBuilder().parallelism(threads).build(), batches))
        .as("own threads: %s", what).isEqualTo(expected);
    ExecutorService pool = Executors.newFixedThreadPool(1 + r.nextInt(3));
    try {
      assertThat(write(dir.resolve("given.orc"), schema,
          one.toBuilder().parallelism(threads).executor(pool).build(), batches))
          .as("given executor: %s", what).isEqualTo(expected);
    } finally {
      pool.shutdownNow();
    }
  }

  private static final Type SCHEMA = Type.parse("struct<a:int,b:string,c:int,d:int>");

  private static ColumnBatch batch(int rows) {
    ColumnBatch b = new ColumnBatch(SCHEMA, rows);
    for (int i = 0; i < rows; i++) {
      ((LongVector) b.cols[0]).vector[i] = i;
      byte[] text = ("row " + i).getBytes(StandardCharsets.UTF_8);
      ((BytesVector) b.cols[1]).setRef(i, text, 0, text.length);
      ((LongVector) b.cols[2]).vector[i] = -i;
      ((LongVector) b.cols[3]).vector[i] = 7;
    }
    b.size = rows;
    return b;
  }

  /**
   * Values that do not fit, in two columns before a row-group boundary and in an earlier column
   * after it: the error of the first column before the boundary, as on one thread.
   */
  @Test
  void aBadValueFailsAsOnOneThread() throws IOException {
    for (int threads = 1; threads <= 4; threads++) {
      Path target = dir.resolve("bad-" + threads + ".orc");
      OrcWriter w = OrcWriter.create(OutputFile.local(target), SCHEMA,
          OrcWriterOptions.builder().parallelism(threads).build());
      w.write(batch(3000));
      ColumnBatch bad = batch(9000); // crosses a row-group boundary
      ((LongVector) bad.cols[3]).vector[3] = 1L << 40;
      ((LongVector) bad.cols[2]).vector[5] = 1L << 41;
      ((LongVector) bad.cols[0]).vector[8500] = 1L << 42;
      assertThatThrownBy(() -> w.write(bad))
          .as("parallelism %d", threads)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("column c")
          .hasMessageContaining("row 5 ")
          .hasMessageContaining("2199023255552");
      assertThatThrownBy(() -> w.write(batch(1))).isInstanceOf(IllegalStateException.class);
      w.close();
      assertThat(Files.exists(target)).isFalse();
    }
  }

  /** Closing the writer stops its own threads. */
  @Test
  void closeStopsTheWritersThreads() throws Exception {
    Path target = dir.resolve("threads.orc");
    try (OrcWriter w = OrcWriter.create(OutputFile.local(target), SCHEMA,
        OrcWriterOptions.builder().parallelism(3).build())) {
      for (int i = 0; i < 20; i++) {
        w.write(batch(1024));
      }
    }
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (writeThreads() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(writeThreads()).isZero();
  }

  private static long writeThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("colfile-write-") && t.isAlive())
        .count();
  }
}
