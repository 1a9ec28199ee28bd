package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.testkit.MemoryFile;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TrevniWriterOptions#parallelism()}: blocks compressed on several threads make the same
 * file, byte for byte, as one thread: seeded random column files (array and child columns,
 * first values, sorted columns, every codec and checksum, small blocks, so that many blocks wait
 * and are compressed together) and random record files through {@link TrevniWriter}, at
 * parallelisms 2 to 5, on the writer's own threads and on a given executor (which must run
 * some of the work). Flat records, whose columns are encoded on several threads ({@link
 * TrevniFileWriter#writeColumns}), make the same file at parallelisms 1 to 4 with small blocks
 * (closed inside batches) and small memory limits (blocks spilled); a column that fails there
 * aborts the file with the error a single thread reports.
 */
@ExtendWith(TestSeed.class)
class ParallelWriteTest {
  @TempDir Path dir;

  private static TrevniWriterOptions withCodec(Random r, TrevniWriterOptions o) {
    // bzip2 too: the slowest codec, where parallel compression pays most
    return r.nextInt(5) == 0 ? o.toBuilder().codec(TrevniCodec.BZIP2).build() : o;
  }

  @Test
  void columnFilesAreTheSameAtEveryParallelism() throws IOException {
    for (int round = 0; round < 40; round++) {
      Random r = TestSeed.random("parallelColumns", round);
      TrevniWriterOptions one = withCodec(r, RandomColumnFiles.options(r));
      int rows = r.nextInt(6) == 0 ? 1 + r.nextInt(3) : 1 + r.nextInt(4000);
      long seed = r.nextLong();
      byte[] expected = RandomColumnFiles.write(new Random(seed), rows, one, dir);
      int threads = 2 + r.nextInt(4);
      byte[] parallel = RandomColumnFiles.write(new Random(seed), rows,
          one.toBuilder().parallelism(threads).build(), dir);
      assertThat(parallel).as("round %d, %d threads, %s", round, threads, TestSeed.replay())
          .isEqualTo(expected);
    }
  }

  @Test
  void recordFilesAreTheSameAtEveryParallelism() throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    AtomicInteger ranOnPool = new AtomicInteger();
    try {
      for (int round = 0; round < 30; round++) {
        Random r = TestSeed.random("parallelRecords", round);
        Type schema = RandomRecordFiles.schema(r, 1 + r.nextInt(8));
        TrevniWriterOptions one = withCodec(r, RandomColumnFiles.options(r));
        int rows = r.nextInt(3000);
        long seed = r.nextLong();
        byte[] expected = RandomRecordFiles.write(new Random(seed), schema, rows, one, dir);
        TrevniWriterOptions.Builder b = one.toBuilder().parallelism(2 + r.nextInt(3));
        if (r.nextBoolean()) {
          b.executor(task -> pool.execute(() -> {
            ranOnPool.incrementAndGet();
            task.run();
          }));
        }
        byte[] parallel = RandomRecordFiles.write(new Random(seed), schema, rows, b.build(), dir);
        assertThat(parallel).as("round %d, %s, %s", round, schema, TestSeed.replay())
            .isEqualTo(expected);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(ranOnPool.get()).as("work run on the given executor").isPositive();
  }

  /**
   * Types of fields that {@link TrevniWriter} writes a column at a time (timestamps as Avro's
   * nanoseconds, wide decimals as bytes; every Avro kind: avro.FlatColumnWriteTest).
   */
  private static final String[] FLAT = {"boolean", "tinyint", "smallint", "int", "bigint",
    "float", "double", "string", "varchar(7)", "char(3)", "binary", "decimal(10,2)",
    "decimal(18,4)", "date", "timestamp", "timestamp with local time zone", "decimal(30,4)"};

  /** A file written by {@link #writeFlat}, and how it was written. */
  private record Written(byte[] bytes, int batches, long parallelWrites, long spilled) {}

  /** Every batch on the threads, however cheap (but where a test says otherwise). */
  @BeforeEach
  void everyBatchOnTheThreads() {
    TrevniFileWriter.minParallelNanos = 0;
  }

  @AfterEach
  void restoreTheFloor() {
    TrevniFileWriter.minParallelNanos = 50_000;
  }

  /**
   * Batches too cheap to hand to other threads (a few rows) are written by the caller's thread
   * alone; large ones on the threads; the file is the same either way.
   */
  @Test
  void cheapBatchesStayOnTheCallersThread() throws IOException {
    TrevniFileWriter.minParallelNanos = 50_000; // the default
    Type schema = Type.struct(List.of("a", "b", "c"), List.of(Type.parse("bigint"),
        Type.parse("string"), Type.parse("double")), List.of(false, true, false));
    TrevniWriterOptions one = TrevniWriterOptions.builder().build();
    long seed = TestSeed.random("cheap", 0).nextLong();
    for (int rows : new int[] {1, 3}) {
      Written serial = writeFlat(seed, schema, rows, one);
      Written w = writeFlat(seed, schema, rows, one.toBuilder().parallelism(2).build());
      assertThat(w.bytes()).isEqualTo(serial.bytes());
      assertThat(w.parallelWrites()).as("%d rows", rows).isZero();
    }
    Path p = dir.resolve("large.trv");
    RandomBatches gen = new RandomBatches(TestSeed.random("cheap", 1), ZoneOffset.UTC);
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema,
        one.toBuilder().parallelism(2).build())) {
      for (int b = 0; b < 20; b++) {
        w.write(gen.batch(schema, 20_000, b * 20_000));
      }
      // the first batch is timed on the caller's thread; 20,000 rows of three columns cost
      // more than the floor, so later ones go to the threads
      assertThat(w.fileWriter().parallelColumnWrites()).isPositive();
    }
  }

  @Test
  void flatRecordsEncodedOnSeveralThreadsAreTheSameFile() throws IOException {
    long spilled = 0;
    for (int round = 0; round < 24; round++) {
      Random r = TestSeed.random("parallelFlat", round);
      List<String> names = new ArrayList<>();
      List<Type> types = new ArrayList<>();
      List<Boolean> nullable = new ArrayList<>();
      for (int f = 0, n = 1 + r.nextInt(12); f < n; f++) {
        names.add("f" + f);
        types.add(Type.parse(FLAT[r.nextInt(FLAT.length)]));
        nullable.add(r.nextBoolean());
      }
      Type schema = Type.struct(names, types, nullable);
      TrevniCodec[] codecs = {TrevniCodec.NULL, TrevniCodec.DEFLATE, TrevniCodec.SNAPPY};
      TrevniWriterOptions.Builder b = TrevniWriterOptions.builder()
          .codec(codecs[r.nextInt(codecs.length)])
          .checksum(r.nextBoolean() ? TrevniChecksum.CRC32 : TrevniChecksum.NULL)
          .blockSize(r.nextInt(4) == 0 ? TrevniWriterOptions.DEFAULT_BLOCK_SIZE
              : 16 + r.nextInt(r.nextBoolean() ? 200 : 3000));
      if (r.nextBoolean()) {
        b.memoryLimit(r.nextInt(3) == 0 ? 0 : r.nextInt(100_000));
      }
      TrevniWriterOptions one = b.build();
      // some files large enough to spill with a small memory limit
      int rows = r.nextInt(4) == 0 ? 20_000 + r.nextInt(20_000) : r.nextInt(6000);
      long seed = r.nextLong();
      Written expected = writeFlat(seed, schema, rows, one);
      assertThat(expected.parallelWrites()).isZero();
      for (int threads = 2; threads <= 4; threads++) {
        Written w = writeFlat(seed, schema, rows, one.toBuilder().parallelism(threads).build());
        String what = String.format("round %d, %d threads, %s, %s, %s", round, threads, schema,
            one, TestSeed.replay());
        assertThat(w.bytes()).as(what).isEqualTo(expected.bytes());
        // every batch written a column at a time, its columns on several threads
        assertThat(w.parallelWrites()).as(what).isEqualTo(names.size() > 1 ? w.batches() : 0);
        spilled += w.spilled();
      }
    }
    assertThat(spilled).as("bytes spilled to the temporary file").isPositive();
  }

  /** Random batches of random sizes of {@code schema}, drawn from {@code seed}. */
  private Written writeFlat(long seed, Type schema, int rows, TrevniWriterOptions options)
      throws IOException {
    Random r = new Random(seed);
    RandomBatches gen = new RandomBatches(new Random(r.nextLong()), ZoneOffset.UTC);
    int[] sizes = MemoryFile.randomSizes(r, rows);
    Path p = Files.createTempFile(dir, "flat", ".trv");
    TrevniFileWriter file;
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema, options)) {
      file = w.fileWriter();
      int first = 0;
      for (int size : sizes) {
        w.write(gen.batch(schema, size, first));
        first += size;
      }
    }
    return new Written(Files.readAllBytes(p), sizes.length, file.parallelColumnWrites(),
        file.spilledBytes());
  }

  @Test
  void aColumnThatFailsAbortsTheFileWithTheErrorOfOneThread() throws IOException {
    // two sorted fields out of order in the same batch: one thread stops at the first field;
    // on several the long strings of the last are measured the costlier and start first
    Type schema = Type.struct(List.of("id", "n", "name"),
        List.of(Type.parse("bigint"), Type.parse("int"), Type.parse("string")),
        List.of(false, false, false));
    String expected = null;
    for (int threads = 1; threads <= 4; threads++) {
      Path p = dir.resolve("refused-" + threads + ".trv");
      TrevniWriterOptions options = TrevniWriterOptions.builder().blockSize(512)
          .sortedFields("id", "name").parallelism(threads).build();
      TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema, options);
      for (int batch = 0; batch < 3; batch++) {
        w.write(sortedBatch(schema, batch, false));
      }
      Throwable e = catchThrowable(
          () -> w.write(sortedBatch(schema, 3, true)));
      assertThat(e).as("%d threads", threads).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("column 'id' is declared sorted, but row 3500 comes before "
              + "row 3499");
      if (expected == null) {
        expected = e.getMessage();
      }
      assertThat(e.getMessage()).as("%d threads", threads).isEqualTo(expected);
      assertThat(w.fileWriter().parallelColumnWrites()).as("%d threads", threads)
          .isEqualTo(threads == 1 ? 0 : 4);
      assertThatThrownBy(() -> w.write(sortedBatch(schema, 4, false)))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
      w.close();
      assertThat(Files.exists(p)).as("%d threads", threads).isFalse();
    }
    try (var left = Files.list(dir)) {
      assertThat(left).as("files left behind").isEmpty();
    }
  }

  /** 1,000 rows in order but for, when {@code broken}, a row of each sorted column. */
  private static ColumnBatch sortedBatch(Type schema, int batch, boolean broken) {
    ColumnBatch b = new ColumnBatch(schema, 1000);
    for (int i = 0; i < 1000; i++) {
      long row = 1000L * batch + i;
      ((LongVector) b.cols[0]).vector[i] = broken && i == 500 ? 0 : row;
      ((LongVector) b.cols[1]).vector[i] = row % 7;
      byte[] name = String.format("%09d: a long sorted string, to be costly", broken && i == 200
          ? 0 : row).getBytes(StandardCharsets.UTF_8);
      ((BytesVector) b.cols[2]).setRef(i, name, 0, name.length);
    }
    b.size = 1000;
    return b;
  }

  @Test
  void writeColumnsTakesEachColumnOnce() throws IOException {
    try (TrevniFileWriter w = TrevniFileWriter.create(
        OutputFile.local(dir.resolve("twice.trv")),
        List.of(ColumnSpec.of("a", ValueType.LONG), ColumnSpec.of("b", ValueType.LONG)),
        TrevniWriterOptions.builder().parallelism(2).build())) {
      w.startRows(1);
      assertThatThrownBy(() -> w.writeColumns(new int[] {1, 1}, k -> {}))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'b' is given twice");
      w.writeColumns(new int[] {0, 1}, k -> w.writeLongs(k, new long[] {k}, 0));
      w.endRows();
    }
    assertThat(Files.exists(dir.resolve("twice.trv"))).isTrue();
  }
}
