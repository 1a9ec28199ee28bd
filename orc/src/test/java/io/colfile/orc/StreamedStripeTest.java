package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.FaultyInputFile;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stripes read in windows ({@link OrcReadOptions#withStreamedStripeBytes}): the rows, seeks,
 * filters, projections and parallel reads of seeded random files are exactly those of stripes
 * read whole, with windows from a few bytes (every chunk and value crossing them) to many KiB;
 * a read error in a window is the I/O error; and a stripe of 256 MiB of strings is read in a
 * child JVM of 64 MiB of heap (the real 2 GiB case in the exhaustive tier).
 */
@ExtendWith(TestSeed.class)
class StreamedStripeTest {
  @TempDir Path dir;

  @AfterEach
  void restoreDefaults() {
    StripeData.windowBudget = StripeData.WINDOW_BUDGET;
    StripeData.minWindow = StripeData.MIN_WINDOW;
    OrcBatchReader.partRows = 1 << 16;
  }

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 60 : 10);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void streamedStripesReadAsWholeOnes(int index) throws IOException {
    Random r = TestSeed.random("streamed-stripe-" + index, 0);
    Type schema = index % 3 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 5);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(r.nextBoolean() ? 256 * 1024 : 8 * 1024)
        .memoryCheckRows(new int[] {100, 1000}[r.nextInt(2)])
        .rowIndexStride(new int[] {0, 1000, 3000}[r.nextInt(3)])
        .build();
    Path path = dir.resolve("case-" + index + ".orc");
    WrittenFile.write(path, r, schema, options, 1000 + r.nextInt(8000));
    // windows of a few bytes (every chunk in a window of its own, values across windows) or
    // of some KiB
    StripeData.windowBudget = 1;
    StripeData.minWindow = new int[] {1, 7, 100, 4096, 65536}[r.nextInt(5)];
    try (OrcReader whole = OrcReader.open(InputFile.local(path));
        OrcReader streamed = OrcReader.open(InputFile.local(path),
            OrcReadOptions.defaults().withStreamedStripeBytes(0))) {
      List<Object> all;
      try (BatchReader rows = whole.read(ReadOptions.defaults())) {
        all = Rows.readAll(rows);
      }
      RandomPredicates predicates = new RandomPredicates(r, whole.schema(), all);
      int width = whole.schema().children().size();
      for (int round = 0; round < 5; round++) {
        ReadOptions read = ReadOptions.defaults().withBatchSize(1 + r.nextInt(3000));
        if (r.nextBoolean() && predicates.hasColumns()) {
          read = read.withFilter(predicates.next(2));
        }
        if (r.nextBoolean()) {
          List<Integer> columns = new ArrayList<>();
          for (int c = 0; c < width; c++) {
            columns.add(c);
          }
          Collections.shuffle(columns, r);
          read = read.withColumnIndexes(columns.subList(0, 1 + r.nextInt(width)).stream()
              .mapToInt(Integer::intValue).toArray());
        }
        int threads = r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 1;
        OrcBatchReader.partRows = new int[] {1, 2000, 1 << 16}[r.nextInt(3)];
        String what = "window " + StripeData.minWindow + ", threads " + threads + ", filter "
            + read.filter() + ", columns " + read.columnIndexes() + ", batch "
            + read.batchSize() + "; " + TestSeed.replay();
        long seed = r.nextLong();
        try (BatchReader expected = whole.read(read);
            BatchReader actual = streamed.read(read.withParallelism(threads))) {
          assertThat(script(actual, new Random(seed), all.size())).as(what)
              .isEqualTo(script(expected, new Random(seed), all.size()));
          assertThat(actual.report().counts(OrcBatchReader.ROW_GROUPS).read()).as(what)
              .isEqualTo(expected.report().counts(OrcBatchReader.ROW_GROUPS).read());
        }
      }
    }
  }

  /** Reads in batches and seeks at random; what each step returned. */
  private static List<String> script(BatchReader rows, Random r, int total) throws IOException {
    List<String> out = new ArrayList<>();
    ColumnBatch batch = rows.newBatch();
    for (int step = 0; step < 30; step++) {
      if (r.nextInt(6) == 0) {
        long row = r.nextInt(total + 10);
        rows.seekToRow(row);
        out.add("seek " + row);
        continue;
      }
      if (!rows.next(batch)) {
        out.add("end");
        continue;
      }
      batch.validate();
      List<Object> got = new ArrayList<>();
      Rows.addAll(batch, got);
      out.add(got.toString());
    }
    return out;
  }

  @Test
  void aWindowThatCannotBeReadIsTheReadError() throws IOException {
    Path path = strings(dir.resolve("strings.orc"), CompressionCodec.NONE, 20_000, 100);
    StripeData.windowBudget = 1;
    StripeData.minWindow = 4096;
    FaultyInputFile counting = new FaultyInputFile(InputFile.local(path), 0);
    try (OrcReader c = OrcReader.open(counting,
        OrcReadOptions.defaults().withStreamedStripeBytes(0));
        BatchReader rows = c.read(ReadOptions.defaults())) {
      assertThat(Rows.readAll(rows)).hasSize(20_000);
    }
    int reads = counting.reads();
    assertThat(reads).isGreaterThan(10); // the stripe's 2 MB in windows of 4 KiB
    // a read in the middle of the windows fails: the reader's error is that I/O error
    FaultyInputFile faulty = new FaultyInputFile(InputFile.local(path), reads - 3);
    try (OrcReader orc = OrcReader.open(faulty,
        OrcReadOptions.defaults().withStreamedStripeBytes(0));
        BatchReader rows = orc.read(ReadOptions.defaults())) {
      assertThatThrownBy(() -> Rows.readAll(rows))
          .isInstanceOf(IOException.class)
          .isNotInstanceOf(io.colfile.core.error.CorruptFileException.class)
          .satisfies(e -> assertThat(FaultyInputFile.injected(e)).isTrue());
    }
  }

  /** One stripe of {@code rows} ids and strings of {@code length} bytes. */
  static Path strings(Path path, CompressionCodec codec, long rows, int length)
      throws IOException {
    Type schema = Type.parse("struct<id:bigint,s:string>");
    OrcWriterOptions options = OrcWriterOptions.builder().stripeSize(4L << 30)
        .blockSize(8L << 30).compression(codec).dictionaryKeySizeThreshold(0).build();
    byte[] text = new byte[length + 64];
    new Random(1).nextBytes(text);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch b = new ColumnBatch(schema, 1024);
      for (long i = 0; i < rows; ) {
        int n = (int) Math.min(1024, rows - i);
        for (int j = 0; j < n; j++) {
          ((LongVector) b.cols[0]).vector[j] = i + j;
          ((BytesVector) b.cols[1]).setRef(j, text, (int) ((i + j) % 64), length);
        }
        b.size = n;
        w.write(b);
        i += n;
      }
    }
    return path;
  }

  /** Rows and a checksum of {@code path} read in a batch size of 1024. */
  static String summary(Path path, OrcReadOptions options) throws IOException {
    long rows = 0;
    long sum = 0;
    try (OrcReader orc = OrcReader.open(InputFile.local(path), options);
        BatchReader r = orc.read(ReadOptions.defaults())) {
      ColumnBatch b = r.newBatch();
      while (r.next(b)) {
        LongVector ids = (LongVector) b.cols[0];
        BytesVector s = (BytesVector) b.cols[1];
        for (int i = 0; i < b.size; i++) {
          if (ids.vector[i] != rows + i) {
            throw new AssertionError("row " + (rows + i) + " has id " + ids.vector[i]);
          }
          sum = sum * 31 + s.length[i] + s.vector[i][s.start[i] + s.length[i] - 1];
        }
        rows += b.size;
      }
    }
    return rows + " rows, checksum " + sum;
  }

  /** {@code write PATH MiB} or {@code read PATH}: a child JVM's job; prints what it did. */
  public static void main(String[] args) throws IOException {
    Path path = Path.of(args[1]);
    if (args[0].equals("write")) {
      long rows = (Long.parseLong(args[2]) << 20) / 1000;
      strings(path, CompressionCodec.NONE, rows, 1000);
      System.out.println(rows);
    } else {
      System.out.println(summary(path, OrcReadOptions.defaults()));
    }
  }

  private String child(String heap, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
        "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
        StreamedStripeTest.class.getName()));
    cmd.addAll(List.of(args));
    Path log = Files.createTempFile(dir, "child", ".txt");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
        .start();
    assertThat(p.waitFor(30, TimeUnit.MINUTES)).isTrue();
    String out = Files.readString(log, StandardCharsets.UTF_8).strip();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  /**
   * A stripe of 256 MiB of strings (uncompressed) reads in a 64 MiB heap; read whole, its
   * bytes alone would need 256 MiB.
   */
  @Test
  void aLargeStripeReadsInASmallHeap() throws Exception {
    largeStripe(256, "-Xmx1g");
  }

  /**
   * The exhaustive tier's: a stripe whose string DATA stream holds 2.1 GiB (more than 2^31
   * bytes, so stream offsets beyond an int) reads in a 64 MiB heap. Writing it needs about 3 GB
   * of heap and 2.2 GB of disk.
   */
  @Test
  void aStripeOverTwoGibReadsInASmallHeap() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(TestSeed.exhaustive(),
        "the exhaustive tier's (-Pexhaustive): writes 2.2 GB");
    largeStripe(2150, "-Xmx6g");
  }

  private void largeStripe(int mib, String writeHeap) throws Exception {
    Path path = dir.resolve("large.orc");
    long t0 = System.nanoTime();
    long rows = Long.parseLong(child(writeHeap, "write", path.toString(), "" + mib));
    long t1 = System.nanoTime();
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      assertThat(orc.stripes()).hasSize(1);
      assertThat(orc.stripes().get(0).dataLength()).isGreaterThan((long) mib << 20);
    }
    assertThat(child("-Xmx64m", "read", path.toString())).startsWith(rows + " rows, checksum ");
    long t2 = System.nanoTime();
    System.out.printf("%d MiB stripe: written in %.1f s, read with -Xmx64m in %.1f s%n", mib,
        (t1 - t0) / 1e9, (t2 - t1) / 1e9);
    Files.delete(path);
  }
}
