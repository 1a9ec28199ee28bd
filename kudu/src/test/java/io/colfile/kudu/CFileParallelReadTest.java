package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link ReadOptions#withParallelism} on a single CFile ({@link CFileBatchReader}: parts of
 * whole data blocks decoded on the pool): exactly the batches of a single-threaded read, as
 * text, over seeded random CFiles (every type, each of its encodings and AUTO, every
 * compression, nullability, checksums, both format versions, small data and index blocks),
 * 1 to 4 threads, parts cut small, batch sizes that change on the way, seeks and filters; on
 * damaged copies of them the same rows, then the same exception and message; and on the Kudu-
 * written CFiles of {@code ../shared/kudu-cfiles}.
 */
@ExtendWith(TestSeed.class)
class CFileParallelReadTest {
  private static final KuduCompression[] COMPRESSIONS = {KuduCompression.DEFAULT,
      KuduCompression.NONE, KuduCompression.SNAPPY, KuduCompression.LZ4, KuduCompression.ZLIB};

  private final ExecutorService one = Executors.newSingleThreadExecutor();

  @BeforeEach
  void everyFileInParts() {
    // in parts from the first row, however cheap the file (not by default)
    CFileBatchReader.timedBlocksWanted = 0;
    CFileBatchReader.minBatchNanos = 0;
  }

  @AfterEach
  void restore() {
    CFileBatchReader.partRows = 64 << 10;
    CFileBatchReader.timedBlocksWanted = CFileBatchReader.TIMED_BLOCKS;
    CFileBatchReader.minBatchNanos = CFileBatchReader.MIN_BATCH_NANOS;
    one.shutdown();
  }

  /**
   * Where a parallel read of {@code r}'s choosing goes to the pool: from the first row, after
   * one to three blocks read on the caller's thread, or never; a description.
   */
  private static String whenInParts(Random r) {
    int k = r.nextInt(5);
    CFileBatchReader.timedBlocksWanted = k == 4 ? CFileBatchReader.TIMED_BLOCKS : k;
    CFileBatchReader.minBatchNanos = k == 4 ? Long.MAX_VALUE : 0;
    return k == 0 ? "in parts from the first row" : k == 4 ? "never in parts"
        : "in parts after " + k + " blocks timed";
  }

  /**
   * The batches of a read, a line each with its size and values, with seeks to random rows and
   * batches of another size now and then ({@code steps} decides, so that two reads do the
   * same); or the failure where it came.
   */
  static String batches(byte[] file, ReadOptions options, long steps) {
    StringBuilder out = new StringBuilder();
    Random r = new Random(steps);
    try (CFileReader f = CFileReader.open(InputFile.of("f.cfile", file));
        BatchReader rows = f.read(options)) {
      KuduType t = f.file().dataType();
      ColumnBatch small = rows.newBatch();
      // larger: a filtered read takes no smaller batch than its own
      ColumnBatch other = new ColumnBatch(rows.schema(), small.capacity() + 1 + r.nextInt(3000));
      ColumnBatch batch = small;
      while (rows.next(batch)) {
        out.append(batch.size).append(':');
        for (int i = 0; i < batch.size; i++) {
          out.append(' ').append(CellModel.text(t, batch.cols[0], i));
        }
        out.append('\n');
        int step = r.nextInt(12);
        if (step == 0) {
          long to = r.nextInt((int) Math.min(Integer.MAX_VALUE - 2, f.numberOfRows() + 2));
          out.append("@").append(to).append('\n');
          rows.seekToRow(to);
        } else if (step == 1) {
          batch = batch == small ? other : small;
        }
      }
      out.append("end\n");
    } catch (IOException | RuntimeException e) {
      out.append("failed: ").append(e.getClass().getName()).append(": ")
          .append(e.getMessage()).append('\n');
    }
    return out.toString();
  }

  /** A random CFile of {@code n} generated cells of a random type and writer options. */
  private static byte[] randomFile(Random r, int n) throws IOException {
    KuduType[] types = KuduType.values();
    KuduType t = types[r.nextInt(types.length)];
    List<KuduEncoding> encodings = new ArrayList<>(t.encodings());
    encodings.add(KuduEncoding.AUTO);
    boolean nullable = r.nextBoolean();
    int version = r.nextInt(6) == 0 ? 1 : 2;
    CFileWriterOptions o = CFileWriterOptions.builder(t).nullable(nullable)
        .encoding(encodings.get(r.nextInt(encodings.size())))
        .compression(COMPRESSIONS[r.nextInt(COMPRESSIONS.length)])
        .blockSize(new int[] {64, 256, 512, 4096}[r.nextInt(4)])
        .indexBlockSize(r.nextBoolean() ? 64 + r.nextInt(200) : 32 << 10)
        .checksums(version == 2 && r.nextBoolean())
        .formatVersion(version)
        .build();
    return CFiles.writeVectors(o, ColumnGen.column(t, r, n, nullable), r);
  }

  /** Options of a random batch size, sometimes with a random filter on the file's values. */
  private static ReadOptions options(Random r, byte[] file) throws IOException {
    ReadOptions options = ReadOptions.defaults().withBatchSize(CFiles.batch(r));
    if (r.nextInt(3) == 0) {
      try (CFileReader f = CFileReader.open(InputFile.of("f.cfile", file));
          BatchReader rows = f.read(ReadOptions.defaults())) {
        Type asStruct = Type.struct(List.of(ReadOptions.BARE_VALUE_COLUMN),
            List.of(f.schema()));
        List<Object> values = new ArrayList<>();
        Rows.readAll(rows).forEach(v -> values.add(Collections.singletonList(v)));
        Predicate p = new RandomPredicates(r, asStruct, values).next(2);
        options = options.withFilter(p);
      }
    }
    return options;
  }

  @Test
  void rowsAreThoseOfOneThread() throws IOException {
    int rounds = TestSeed.exhaustive() ? 400 : 60;
    for (int round = 0; round < rounds; round++) {
      Random r = TestSeed.random("cfile parallel", round);
      byte[] file = randomFile(r, r.nextInt(4) == 0 ? r.nextInt(40) : 1 + r.nextInt(6000));
      CFileBatchReader.partRows = new int[] {1, 7, 100, 1000, 64 << 10}[r.nextInt(5)];
      String when = whenInParts(r);
      ReadOptions single = options(r, file);
      for (int i = 0; i < 3; i++) {
        long steps = r.nextLong();
        String expected = batches(file, single, steps);
        assertThat(expected).as("round %d, %s", round, TestSeed.replay())
            .doesNotContain("failed: ");
        ReadOptions parallel = single.withParallelism(1 + r.nextInt(4));
        if (r.nextInt(4) == 0) {
          parallel = parallel.withExecutor(one);
        }
        assertThat(batches(file, parallel, steps))
            .as("round %d, %d threads, parts of %d rows, %s, %s, %s", round,
                parallel.parallelism(), CFileBatchReader.partRows, when,
                single.filter().map(Object::toString).orElse("no filter"), TestSeed.replay())
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void damagedFilesFailAsWithOneThread() throws IOException {
    int rounds = TestSeed.exhaustive() ? 100 : 12;
    for (int round = 0; round < rounds; round++) {
      Random r = TestSeed.random("cfile parallel damaged", round);
      byte[] file = randomFile(r, 200 + r.nextInt(3000));
      CFileBatchReader.partRows = new int[] {1, 50, 500}[r.nextInt(3)];
      String when = whenInParts(r);
      List<Damages.Damage> damages = new ArrayList<>(Damages.of("f.cfile", file, r, false));
      Collections.shuffle(damages, r);
      for (Damages.Damage d : damages.subList(0, Math.min(damages.size(), 25))) {
        byte[] bad = d.bytes();
        ReadOptions single = ReadOptions.defaults().withBatchSize(CFiles.batch(r));
        long steps = r.nextLong();
        ReadOptions parallel = single.withParallelism(2 + r.nextInt(3));
        assertThat(batches(bad, parallel, steps))
            .as("round %d, %s, %s, %s", round, d.what(), when, TestSeed.replay())
            .isEqualTo(batches(bad, single, steps));
      }
    }
  }

  /**
   * A data block in the middle whose bytes are damaged (its checksum then fails; without
   * checksums, its header no longer holds): the rows before it, then the single-threaded
   * read's exception, whatever the threads.
   */
  @Test
  void aDamagedBlockFailsAfterTheRowsBeforeIt() throws IOException {
    Random r = TestSeed.random("cfile parallel damaged block", 0);
    CFileBatchReader.partRows = 100;
    int n = 20_000;
    byte[][] cells = new byte[n][];
    for (int i = 0; i < n; i++) {
      cells[i] = ("value " + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    for (boolean checksums : new boolean[] {true, false}) {
      CFileWriterOptions o = CFileWriterOptions.builder(KuduType.STRING)
          .encoding(KuduEncoding.PLAIN).compression(KuduCompression.NONE).blockSize(1024)
          .checksums(checksums).build();
      byte[] file = CFiles.writeVectors(o, cells, r);
      List<BlockPointer> blocks = CFileLayout.of("f.cfile", file).dataBlocks();
      assertThat(blocks.size()).isGreaterThan(10);
      BlockPointer middle = blocks.get(blocks.size() / 2);
      byte[] bad = file.clone();
      // a BINARY PLAIN block's header: ordinal, count, offsets_pos (now past the block's end)
      bad[(int) middle.offset() + 11] = (byte) 0x7F;
      ReadOptions single = ReadOptions.defaults().withBatchSize(1000);
      String expected = batches(bad, single, 1);
      assertThat(expected).contains("failed: " + io.colfile.core.error.CorruptFileException
          .class.getName()).contains("data block");
      if (checksums) {
        assertThat(expected).contains("checksum mismatch");
      }
      assertThat(expected.lines().filter(l -> l.startsWith("1000:")).count())
          .as("batches before the damage").isGreaterThan(3);
      for (int threads = 2; threads <= 4; threads++) {
        for (int timed = 0; timed <= 3; timed += 3) {
          CFileBatchReader.timedBlocksWanted = timed;
          assertThat(batches(bad, single.withParallelism(threads), 1))
              .as("%d threads, checksums %s, %d blocks timed", threads, checksums, timed)
              .isEqualTo(expected);
        }
      }
    }
  }

  /** A read on two threads of {@link #one}'s, counting in {@code tasks} the tasks it starts. */
  private ReadOptions onTwoCounting(AtomicInteger tasks, int batchSize) {
    Executor counting = task -> {
      tasks.incrementAndGet();
      one.execute(task);
    };
    return ReadOptions.defaults().withBatchSize(batchSize).withParallelism(2)
        .withExecutor(counting);
  }

  /** The read runs on the pool, a task per part, and parts start at most threads + 1 ahead. */
  @Test
  void partsAreDecodedOnThePool() throws IOException {
    Random r = TestSeed.random("cfile parallel pool", 0);
    int n = 50_000;
    CFileWriterOptions o = CFileWriterOptions.builder(KuduType.INT64).blockSize(4096).build();
    byte[] file = CFiles.writeVectors(o, ColumnGen.column(KuduType.INT64, r, n, false), r);
    int blocks = CFileLayout.of("f.cfile", file).dataBlocks().size();
    CFileBatchReader.partRows = 1;
    AtomicInteger tasks = new AtomicInteger();
    ReadOptions options = onTwoCounting(tasks, 100);
    try (CFileReader f = CFileReader.open(InputFile.of("f.cfile", file));
        BatchReader rows = f.read(options)) {
      assertThat(rows).isInstanceOf(CFileBatchReader.class);
      ColumnBatch batch = rows.newBatch();
      assertThat(rows.next(batch)).isTrue();
      // parts of one block (of more than 100 rows) each: three started for the first batch
      // (2 threads + 1)
      assertThat(tasks.get()).isEqualTo(3);
      long read = batch.size;
      while (rows.next(batch)) {
        read += batch.size;
      }
      assertThat(read).isEqualTo(n);
    }
    assertThat(tasks.get()).isEqualTo(blocks);
  }

  /**
   * A read times its first blocks on the caller's thread and goes on there (no task), then
   * hands its cursor to the first part: the rest of the file, a task per part.
   */
  @Test
  void theFirstBlocksAreTimedOnTheCallersThread() throws IOException {
    Random r = TestSeed.random("cfile parallel timed", 0);
    int n = 50_000;
    CFileWriterOptions o = CFileWriterOptions.builder(KuduType.INT64)
        .encoding(KuduEncoding.PLAIN).blockSize(4096).build();
    byte[] file = CFiles.writeVectors(o, ColumnGen.column(KuduType.INT64, r, n, false), r);
    List<BlockPointer> blocks = CFileLayout.of("f.cfile", file).dataBlocks();
    int perBlock = n / blocks.size() + 1; // PLAIN int64 blocks of 4 KiB: 511 or 512 values
    assertThat(perBlock).isGreaterThan(100);
    CFileBatchReader.partRows = 1;
    CFileBatchReader.timedBlocksWanted = 2; // and a floor of 0: whatever they cost
    AtomicInteger tasks = new AtomicInteger();
    try (CFileReader f = CFileReader.open(InputFile.of("f.cfile", file));
        BatchReader rows = f.read(onTwoCounting(tasks, 100))) {
      ColumnBatch batch = rows.newBatch();
      long alone = 0;
      while (rows.next(batch) && tasks.get() == 0) {
        alone += batch.size;
      }
      // the batch that ended the second block was the last read by the caller
      assertThat(alone).as("rows read before the first task")
          .isGreaterThan(2L * (perBlock - 2)).isLessThanOrEqualTo(2L * perBlock + 100);
      long read = alone;
      do {
        read += batch.size;
      } while (rows.next(batch));
      assertThat(read).isEqualTo(n);
    }
    // a part per block from the third on, the first going on with the caller's cursor
    assertThat(tasks.get()).isEqualTo(blocks.size() - 2);
  }

  /** The rows of {@code file} read on two threads; the tasks started. */
  private int tasksOfARead(byte[] file, int batchSize) throws IOException {
    AtomicInteger tasks = new AtomicInteger();
    try (CFileReader f = CFileReader.open(InputFile.of("f.cfile", file));
        BatchReader rows = f.read(onTwoCounting(tasks, batchSize))) {
      assertThat(rows).isInstanceOf(CFileBatchReader.class);
      Rows.readAll(rows);
    }
    return tasks.get();
  }

  /**
   * With the defaults, a cheap file (uncompressed int64, a few nanoseconds a value once the JIT
   * compiled its decoder) is read by the caller's thread alone, an expensive one (zlib-compressed
   * strings, over a hundred) in parts on the pool: the timed blocks decide, whatever the codec.
   */
  @Test
  void onlyFilesWorthItAreReadInParts() throws IOException {
    CFileBatchReader.timedBlocksWanted = CFileBatchReader.TIMED_BLOCKS; // the defaults
    CFileBatchReader.minBatchNanos = CFileBatchReader.MIN_BATCH_NANOS;
    Random r = TestSeed.random("cfile parallel worth", 0);
    int n = 200_000;
    CFileWriterOptions ints = CFileWriterOptions.builder(KuduType.INT64)
        .encoding(KuduEncoding.PLAIN).compression(KuduCompression.NONE).blockSize(64 << 10)
        .build();
    byte[] cheap = CFiles.writeVectors(ints, ColumnGen.column(KuduType.INT64, r, n, false), r);
    byte[][] cells = new byte[n][];
    for (int i = 0; i < n; i++) {
      cells[i] = ("a longer string value, number " + r.nextInt(1 << 30))
          .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    CFileWriterOptions strings = CFileWriterOptions.builder(KuduType.STRING)
        .encoding(KuduEncoding.PLAIN).compression(KuduCompression.ZLIB).blockSize(64 << 10)
        .build();
    byte[] expensive = CFiles.writeVectors(strings, cells, r);
    // the first reads of a fresh JVM decode int64 at 20 to 40 ns a value, interpreted: until
    // the JIT compiled the decoder, the timed blocks may call the cheap file expensive
    int reads = 0;
    int tasks;
    do {
      tasks = tasksOfARead(cheap, 1024);
      reads++;
      assertThat(tasksOfARead(expensive, 1024)).as("tasks for zlib strings, read %d", reads)
          .isPositive();
    } while (tasks > 0 && reads < 30);
    assertThat(tasks).as("tasks for uncompressed int64 after %d reads", reads).isZero();
  }

  /**
   * The positional index keys the parts are cut by: a block's first ordinal as 4 bytes big-
   * endian (Kudu's UINT32 key encoding, cfile.md section 8.3), whose unsigned byte order is the
   * ordinals' up to 2^32 - 1, the last ordinal a block can start at (no key beyond it).
   */
  @Test
  void positionalKeysAreFourBytesBigEndian() {
    assertThat(CFileBatchReader.key(70)).containsExactly(0, 0, 0, 0x46);
    assertThat(CFileBatchReader.key(CFileBatchReader.MAX_ORDINAL))
        .containsExactly(0xFF, 0xFF, 0xFF, 0xFF);
    long[] ordinals = {0, 1, 70, 255, 256, 65_536, Integer.MAX_VALUE, 1L << 31,
        (1L << 31) + 1, 0xFFFFFFFEL, 0xFFFFFFFFL};
    for (int i = 0; i < ordinals.length; i++) {
      byte[] key = CFileBatchReader.key(ordinals[i]);
      assertThat(CFileBatchReader.ordinal(key)).as("ordinal %d", ordinals[i])
          .isEqualTo(ordinals[i]);
      if (i > 0) {
        assertThat(java.util.Arrays.compareUnsigned(CFileBatchReader.key(ordinals[i - 1]), key))
            .as("%d before %d", ordinals[i - 1], ordinals[i]).isNegative();
      }
    }
    for (long beyond : new long[] {1L << 32, Long.MAX_VALUE, -1}) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> CFileBatchReader.key(beyond))
          .as("ordinal %d", beyond).isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(CFileBatchReader.ordinal(new byte[] {1, 0, 0})).isEqualTo(-1);
    assertThat(CFileBatchReader.ordinal(new byte[] {0, 1, 0, 0, 0})).isEqualTo(-1);
  }

  /** Kudu's own CFiles (every file of the corpus) read in parallel as with one thread. */
  @Test
  void kuduWrittenFilesReadAsWithOneThread() throws IOException {
    Path dir = KuduSharedData.cfiles();
    Map<String, Map<String, String>> files = KuduSharedData.files();
    Random r = TestSeed.random("cfile parallel kudu", 0);
    int split = 0;
    for (String name : new java.util.TreeSet<>(files.keySet())) {
      byte[] file = Files.readAllBytes(dir.resolve(name));
      if (!CFile.hasMagic(java.util.Arrays.copyOf(file, Math.min(8, file.length)))) {
        continue;
      }
      int blocks;
      try (CFile c = CFile.open(InputFile.of(name, file))) {
        if (c.footer().posIndexRoot() == null) {
          continue; // read by one thread whatever the options: nothing to compare
        }
        blocks = CFileLayout.of(c, file).dataBlocks().size();
      }
      CFileBatchReader.partRows = 1 + r.nextInt(2000);
      ReadOptions single = ReadOptions.defaults().withBatchSize(CFiles.batch(r));
      long steps = r.nextLong();
      String expected = batches(file, single, steps);
      assertThat(expected).as(name).doesNotContain("failed: ");
      assertThat(batches(file, single.withParallelism(2 + r.nextInt(3)), steps))
          .as("%s, %s", name, TestSeed.replay()).isEqualTo(expected);
      split += blocks > 1 ? 1 : 0;
    }
    assertThat(split).as("files of several data blocks").isGreaterThan(0);
  }
}
