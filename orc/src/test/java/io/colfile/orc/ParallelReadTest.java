package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stream.ChunkExchange;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parallel reads ({@link ReadOptions#withParallelism}) of seeded random files colfile wrote
 * (random schemas, codecs, strides, many small stripes or few large ones) return exactly what a
 * single-threaded read returns, batch by batch, under the same sequence of random projections,
 * filters, splits, seeks and batch capacities, with the same count of stripes and row groups
 * read, and without seeks the same report; an error in a
 * middle stripe surfaces after the same rows as the same exception; closing a reader mid-read
 * leaves none of its threads running.
 */
@ExtendWith(TestSeed.class)
class ParallelReadTest {
  @TempDir Path dir;

  /**
   * The tests below split the columns of small files among threads, unless they say; the arrays
   * of chunks the parts share are filled with junk once given back, so a part that still read
   * one would read junk whatever the threads' timing.
   */
  @BeforeEach
  void splitSmallFiles() {
    OrcBatchReader.minSplitNanos = 0;
    OrcBatchReader.junkChunkSpares = true;
  }

  @AfterEach
  void restoreDefaults() {
    OrcBatchReader.junkChunkSpares = false;
    OrcBatchReader.minSplitNanos = OrcBatchReader.MIN_SPLIT_NANOS;
    OrcBatchReader.partRows = 1 << 16;
    OrcBatchReader.fieldsInParts = true;
  }

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 80 : 12);
  }

  private Path write(Random r, int index) throws IOException {
    Type schema = index % 4 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 5);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(r.nextInt(3) == 0 ? 256 * 1024 : 2048)
        .memoryCheckRows(new int[] {100, 300, 1000}[r.nextInt(3)])
        .rowIndexStride(new int[] {0, 1000, 2000, 3000}[r.nextInt(4)])
        .build();
    Path path = dir.resolve("case-" + index + ".orc");
    WrittenFile.write(path, r, schema, options, 2000 + r.nextInt(10_000));
    return path;
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void parallelReadsReturnTheSingleThreadedRows(int index) throws IOException {
    Random r = TestSeed.random("parallel-read-" + index, 0);
    Path path = write(r, index);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      List<Object> all;
      try (BatchReader rows = orc.read(ReadOptions.defaults())) {
        all = Rows.readAll(rows);
      }
      RandomPredicates predicates = new RandomPredicates(r, orc.schema(), all);
      int width = orc.schema().children().size();
      for (int round = 0; round < 6; round++) {
        int threads = 1 + r.nextInt(4);
        ReadOptions options = ReadOptions.defaults().withBatchSize(1 + r.nextInt(3000));
        if (r.nextBoolean() && predicates.hasColumns()) {
          options = options.withFilter(predicates.next(2));
        }
        if (r.nextBoolean()) {
          List<Integer> columns = new ArrayList<>();
          for (int c = 0; c < width; c++) {
            columns.add(c);
          }
          Collections.shuffle(columns, r);
          options = options.withColumnIndexes(columns.subList(0, 1 + r.nextInt(width)).stream()
              .mapToInt(Integer::intValue).toArray());
        }
        if (r.nextInt(3) == 0) {
          long start = r.nextInt((int) orc.fileLength());
          options = options.withSplit(start, r.nextInt((int) orc.fileLength()));
        }
        String what = "threads " + threads + ", filter " + options.filter() + ", columns "
            + options.columnIndexes() + ", split " + options.splitStart() + "+"
            + options.splitLength() + ", batch " + options.batchSize() + "; "
            + TestSeed.replay();
        long seed = r.nextLong();
        OrcBatchReader.partRows = new int[] {1, 2000, 5000, 1 << 16}[r.nextInt(4)];
        // mostly split the columns of these small files among threads; sometimes only where
        // there is enough work per batch (or never, at the default)
        OrcBatchReader.minSplitNanos = new double[] {0, 0, 0, 2000,
            OrcBatchReader.MIN_SPLIT_NANOS}[r.nextInt(5)];
        // several fields worth other threads: rows cut into parts, or the fields split
        OrcBatchReader.fieldsInParts = r.nextBoolean();
        what = "parts of " + OrcBatchReader.partRows + " rows, columns split from "
            + OrcBatchReader.minSplitNanos + " ns a batch, fields in parts "
            + OrcBatchReader.fieldsInParts + ", " + what;
        try (BatchReader single = orc.read(options);
            BatchReader parallel = orc.read(options.withParallelism(threads))) {
          List<String> expected = script(single, new Random(seed), all.size());
          List<String> actual = script(parallel, new Random(seed), all.size());
          for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!actual.get(i).equals(expected.get(i))) {
              assertThat(shorten(actual.get(i))).as("step %d of %s; %s", i,
                  shorten(expected.subList(0, i).toString()), what)
                  .isEqualTo(shorten(expected.get(i)));
            }
          }
          assertThat(actual).as(what).hasSameSizeAs(expected);
          // the stripes and row groups read, counted as rows go out, are the same; the
          // report's lines too unless a seek left stripes planned ahead
          for (String unit : List.of(OrcBatchReader.STRIPES, OrcBatchReader.ROW_GROUPS)) {
            assertThat(parallel.report().counts(unit).read()).as("%s read; %s", unit, what)
                .isEqualTo(single.report().counts(unit).read());
          }
          if (expected.stream().noneMatch(step -> step.startsWith("seek"))) {
            assertThat(parallel.report().lines()).as("report; %s", what)
                .isEqualTo(single.report().lines());
          }
        } finally {
          OrcBatchReader.partRows = 1 << 16;
        }
      }
    }
  }

  /**
   * A random sequence of reads (in batches of the reader's capacity, and sometimes of others)
   * and seeks, and what each returned.
   */
  private static List<String> script(BatchReader rows, Random r, int total) throws IOException {
    List<String> out = new ArrayList<>();
    ColumnBatch batch = rows.newBatch();
    for (int step = 0; step < 40; step++) {
      int op = r.nextInt(10);
      if (op == 0) {
        long row = r.nextInt(total + 10);
        rows.seekToRow(row);
        out.add("seek " + row);
      } else if (op == 1) {
        // another capacity: a reader without filter or reader schema takes any, the others
        // refuse smaller ones (the same for both)
        ColumnBatch other = new ColumnBatch(rows.schema(), 1 + r.nextInt(2 * batch.capacity()));
        out.add(next(rows, other));
      } else {
        int n = 1 + r.nextInt(op == 2 ? 200 : 5);
        for (int i = 0; i < n; i++) {
          String got = next(rows, batch);
          out.add(got);
          if (got.equals("end")) {
            break;
          }
        }
      }
    }
    return out;
  }

  /** The head and tail of a long text, for a readable failure. */
  private static String shorten(String s) {
    return s.length() <= 600 ? s : s.substring(0, 300) + " ... " + s.substring(s.length() - 300);
  }

  private static String next(BatchReader rows, ColumnBatch batch) throws IOException {
    try {
      if (!rows.next(batch)) {
        return "end";
      }
    } catch (IllegalArgumentException e) {
      return "refused: " + e.getMessage();
    }
    batch.validate();
    List<Object> got = new ArrayList<>();
    Rows.addAll(batch, got);
    return got.toString();
  }

  /** A file of many stripes of one bigint column, ids 0, 1, 2, ... */
  private Path ids(String name, CompressionCodec codec, int rows) throws IOException {
    return ids(name, codec, rows, 8 * 1024);
  }

  private Path ids(String name, CompressionCodec codec, int rows, long stripeSize)
      throws IOException {
    return ids(name, codec, rows, stripeSize, 1000);
  }

  private Path ids(String name, CompressionCodec codec, int rows, long stripeSize, int stride)
      throws IOException {
    Path path = dir.resolve(name);
    Type schema = Type.parse("struct<id:bigint,x:bigint>");
    OrcWriterOptions options = OrcWriterOptions.builder().stripeSize(stripeSize)
        .memoryCheckRows(500).rowIndexStride(stride).compression(codec).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema, 1000);
      Random r = new Random(7);
      for (long first = 0; first < rows; first += 1000) {
        for (int i = 0; i < 1000; i++) {
          ((LongVector) batch.cols[0]).vector[i] = first + i;
          ((LongVector) batch.cols[1]).vector[i] = r.nextLong();
        }
        batch.size = 1000;
        w.write(batch);
      }
    }
    return path;
  }

  /** Overwrites {@code bytes} at {@code offset} of the file. */
  private static void patch(Path path, long offset, byte[] bytes) throws IOException {
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(bytes), offset);
    }
  }

  /**
   * A middle stripe's data stream damaged (a compression chunk header that runs past the
   * stream), and another's footer: every thread count returns the rows before the damage and then
   * throws the exception a single-threaded read throws, class and message.
   */
  @Test
  void anErrorInAMiddleStripeSurfacesAsInASingleThreadedRead() throws IOException {
    for (int k = 0; k < 3; k++) {
      // both fields read: rows cut into parts (compressed: handing chunks between parts)
      boolean footer = k != 0;
      CompressionCodec codec = k < 2 ? CompressionCodec.ZLIB : CompressionCodec.NONE;
      Path path = ids("broken-" + k + ".orc", codec, 100_000);
      int middle;
      try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
        assertThat(orc.stripes()).hasSizeGreaterThan(6);
        middle = orc.stripes().size() / 2;
        StripeInformation info = orc.stripes().get(middle);
        if (footer) {
          patch(path, info.offset() + info.indexLength() + info.dataLength(),
              new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff});
        } else {
          Stripe st = Stripe.read(orc.file(), orc.tail(), middle, info);
          long at = st.streams.get(new StreamId(2, StreamKind.DATA)).offset();
          patch(path, at, new byte[] {(byte) 0xfe, (byte) 0xff, (byte) 0x7f});
        }
      }
      try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
        Outcome expected = readUntilError(orc, ReadOptions.defaults());
        assertThat(expected.error).as("single-threaded, footer %s", footer).isNotNull();
        assertThat(expected.rows).as("rows before the damaged stripe").isGreaterThan(0);
        for (int threads = 2; threads <= 4; threads++) {
          Outcome actual = readUntilError(orc, ReadOptions.defaults().withParallelism(threads));
          String what = "threads " + threads + ", footer " + footer;
          assertThat(actual.rows).as(what).isEqualTo(expected.rows);
          assertThat(actual.error).as(what).isNotNull();
          assertThat(actual.error.getClass()).as(what).isEqualTo(expected.error.getClass());
          assertThat(actual.error.getMessage()).as(what)
              .isEqualTo(expected.error.getMessage());
        }
      }
    }
  }

  private record Outcome(long rows, Exception error) {}

  private static Outcome readUntilError(OrcReader orc, ReadOptions options) throws IOException {
    long rows = 0;
    try (BatchReader reader = orc.read(options)) {
      ColumnBatch batch = reader.newBatch();
      while (reader.next(batch)) {
        LongVector ids = (LongVector) batch.cols[0];
        for (int i = 0; i < batch.size; i++) {
          assertThat(ids.vector[i]).isEqualTo(rows + i);
        }
        rows += batch.size;
      }
    } catch (IOException | RuntimeException e) {
      return new Outcome(rows, e);
    }
    return new Outcome(rows, null);
  }

  /**
   * A read cutting stripes into parts keeps at most parallelism + 1 stripes' bytes (the stripes
   * with a part started), the arrays used again stripe after stripe; the same rows as a
   * single-threaded read, both for several fields and one, with seeks back and forth.
   */
  @Test
  void partsReuseAtMostParallelismPlusOneStripeArrays() throws IOException {
    Path path = ids("arrays.orc", CompressionCodec.NONE, 100_000);
    Random r = TestSeed.random("stripe-arrays", 0);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      assertThat(orc.stripes()).hasSizeGreaterThan(10);
      for (List<String> columns : List.of(List.of("id", "x"), List.of("x"))) {
        ReadOptions options = ReadOptions.defaults().withColumns(columns).withBatchSize(700);
        List<Object> expected;
        try (BatchReader rows = orc.read(options)) {
          expected = Rows.readAll(rows);
        }
        for (int threads = 2; threads <= 4; threads++) {
          OrcBatchReader.partRows = new int[] {1, 2000, 1 << 16}[r.nextInt(3)];
          String what = columns + ", threads " + threads + ", parts of "
              + OrcBatchReader.partRows + " rows; " + TestSeed.replay();
          try (BatchReader rows = orc.read(options.withParallelism(threads))) {
            assertThat(Rows.readAll(rows)).as(what).isEqualTo(expected);
            int made = ((OrcBatchReader) rows).stripeArraysMade();
            assertThat(made).as(what).isBetween(1, threads + 1);
            // seeks drop the parts started: their arrays go back to be used again
            for (int k = 0; k < 5; k++) {
              long row = r.nextInt(expected.size());
              rows.seekToRow(row);
              ColumnBatch batch = rows.newBatch();
              assertThat(rows.next(batch)).isTrue();
              List<Object> got = new ArrayList<>();
              Rows.addAll(batch, got);
              assertThat(got.get(0)).as("row %d; %s", row, what)
                  .isEqualTo(expected.get((int) row));
            }
            assertThat(((OrcBatchReader) rows).stripeArraysMade()).as(what)
                .isBetween(1, threads + 1);
          }
        }
      }
    }
  }

  /**
   * A part seeks to its first row's row group and skips the rows before its first: parts end
   * where the next starts within a batch of a row group's first row, so that skip stays under a
   * batch whatever the part size (at a part size alone it was half a row group on average).
   */
  @Test
  void partsStartWithinABatchOfTheirRowGroup() throws IOException {
    // row groups of 10,000 rows, as orc-core writes them, in stripes of 200,000
    Path path = ids("skips.orc", CompressionCodec.NONE, 400_000, 64 << 20, 10_000);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      assertThat(orc.stripes()).hasSizeLessThan(4);
      ReadOptions options = ReadOptions.defaults().withColumns(List.of("id", "x"));
      List<Object> expected;
      try (BatchReader rows = orc.read(options)) {
        expected = Rows.readAll(rows);
      }
      for (int batch : new int[] {700, 1024, 3000}) {
        for (int part : new int[] {1, 2000, 5000, 1 << 16}) {
          OrcBatchReader.partRows = part;
          String what = "batches of " + batch + ", parts of " + part + " rows";
          try (BatchReader rows = orc.read(options.withBatchSize(batch).withParallelism(2))) {
            assertThat(Rows.readAll(rows)).as(what).isEqualTo(expected);
            assertThat(((OrcBatchReader) rows).mostSkippedAfterSeek()).as(what)
                .isLessThan(batch);
          }
        }
      }
    } finally {
      OrcBatchReader.partRows = 1 << 16;
    }
  }

  /**
   * The parts of a compressed stripe hand each other the chunks where they start: run one
   * after the other (an executor of one thread), every such chunk is decompressed once, by the
   * part before, and taken by the next, and its array decompressed into again once the next is
   * done; on two threads the rows are the same. A chunk that does not decompress fails every
   * thread count after the same rows, with the same message.
   */
  @Test
  void compressedPartsHandEachOtherTheirFirstChunks() throws IOException {
    Path path = dir.resolve("chunks.orc");
    Type schema = Type.parse("struct<id:bigint,x:bigint,s:string>");
    OrcWriterOptions writing = OrcWriterOptions.builder().stripeSize(64 << 20)
        .compression(CompressionCodec.ZLIB).compressionBlockSize(4096).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, writing)) {
      ColumnBatch batch = new ColumnBatch(schema, 1000);
      Random r = new Random(11);
      for (long first = 0; first < 200_000; first += 1000) {
        BytesVector s = (BytesVector) batch.cols[2];
        for (int i = 0; i < 1000; i++) {
          ((LongVector) batch.cols[0]).vector[i] = first + i;
          ((LongVector) batch.cols[1]).vector[i] = r.nextInt(1 << 20);
          byte[] v = ("v" + r.nextInt(100_000)).getBytes(StandardCharsets.UTF_8);
          s.setRef(i, v, 0, v.length);
        }
        batch.size = 1000;
        w.write(batch);
      }
    }
    ExecutorService one = Executors.newSingleThreadExecutor();
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      assertThat(orc.stripes()).hasSize(1);
      List<Object> expected;
      try (BatchReader rows = orc.read(ReadOptions.defaults())) {
        expected = Rows.readAll(rows);
      }
      OrcBatchReader.partRows = 5000;
      try (BatchReader rows = orc.read(
          ReadOptions.defaults().withParallelism(2).withExecutor(one))) {
        assertThat(Rows.readAll(rows)).isEqualTo(expected);
        ChunkExchange.Counts counts = ((OrcBatchReader) rows).exchangeCounts;
        // 40 parts: a chunk at least shared by each part before the last, taken by the next
        assertThat(counts.shared()).as("chunks shared").isGreaterThanOrEqualTo(39);
        assertThat(counts.taken()).as("chunks taken").isGreaterThanOrEqualTo(39);
        assertThat(counts.wasted()).as("chunks decompressed twice").isZero();
        // each goes back to be decompressed into again once the last part reading it is done
        assertThat(counts.givenBack()).as("arrays given back before the stripe's end")
            .isGreaterThanOrEqualTo(counts.shared() - 3);
      }
      for (int part : new int[] {2000, 5000}) {
        OrcBatchReader.partRows = part;
        for (int threads = 2; threads <= 3; threads++) {
          try (BatchReader rows = orc.read(ReadOptions.defaults().withParallelism(threads))) {
            assertThat(Rows.readAll(rows)).as("parts of %d, %d threads", part, threads)
                .isEqualTo(expected);
          }
        }
      }
      // the chunk of x in the middle: its body no longer inflates
      Stripe st = Stripe.read(orc.file(), orc.tail(), 0, orc.stripes().get(0));
      StripeIndex.Located x = st.streams.get(new StreamId(2, StreamKind.DATA));
      long chunk = 0;
      byte[] header = new byte[3];
      try (FileChannel ch = FileChannel.open(path)) {
        while (chunk < x.length() / 2) {
          ch.read(ByteBuffer.wrap(header), x.offset() + chunk);
          int h = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
          chunk += 3 + (h >>> 1);
        }
      }
      byte[] junk = new byte[8];
      Arrays.fill(junk, (byte) 0xff);
      patch(path, x.offset() + chunk + 3, junk);
    } finally {
      one.shutdownNow();
    }
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      Outcome single = readUntilError(orc, ReadOptions.defaults());
      assertThat(single.error).isNotNull();
      assertThat(single.error.getMessage()).contains("does not decompress");
      assertThat(single.rows).isGreaterThan(0);
      for (int part : new int[] {2000, 5000}) {
        OrcBatchReader.partRows = part;
        for (int threads = 2; threads <= 3; threads++) {
          Outcome actual = readUntilError(orc, ReadOptions.defaults().withParallelism(threads));
          String what = "parts of " + part + ", " + threads + " threads";
          assertThat(actual.rows).as(what).isEqualTo(single.rows);
          assertThat(actual.error).as(what).isNotNull();
          assertThat(actual.error.getMessage()).as(what).isEqualTo(single.error.getMessage());
        }
      }
    }
  }

  /** 300,000 rows of {@code struct<id:bigint,s:string>}: ids 0, 1, ...; strings drawn. */
  private static void writeIdsAndStrings(Path path, OrcWriterOptions options,
      Supplier<String> strings) throws IOException {
    Type schema = Type.parse("struct<id:bigint,s:string>");
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema, 1000);
      for (long first = 0; first < 300_000; first += 1000) {
        BytesVector s = (BytesVector) batch.cols[1];
        for (int i = 0; i < 1000; i++) {
          ((LongVector) batch.cols[0]).vector[i] = first + i;
          byte[] v = strings.get().getBytes(StandardCharsets.UTF_8);
          s.setRef(i, v, 0, v.length);
        }
        batch.size = 1000;
        w.write(batch);
      }
    }
  }

  /**
   * The parts of a stripe decode a string column's dictionary once between them (each decoded it
   * whole before: with big dictionaries a two-thread read was slower than one), and read the
   * rows a single-threaded read reads; a dictionary that does not decode fails every thread
   * count after the same rows, with the same message.
   */
  @Test
  void partsOfAStripeShareItsDictionary() throws IOException {
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.NONE,
        CompressionCodec.ZLIB}) {
      Path path = dir.resolve("dictionary-" + codec + ".orc");
      Random r = new Random(12);
      writeIdsAndStrings(path, OrcWriterOptions.builder().stripeSize(256 << 10)
          .compression(codec).compressionBlockSize(4096).build(),
          () -> "value " + r.nextInt(3000));
      int stripes;
      try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
        stripes = orc.stripes().size();
        assertThat(stripes).as(codec + " stripes").isGreaterThanOrEqualTo(2);
        List<Object> expected;
        try (BatchReader rows = orc.read(ReadOptions.defaults())) {
          expected = Rows.readAll(rows);
        }
        OrcBatchReader.partRows = 5000;
        for (int threads = 2; threads <= 3; threads++) {
          try (BatchReader rows = orc.read(ReadOptions.defaults().withParallelism(threads))) {
            assertThat(Rows.readAll(rows)).as(codec + ", " + threads + " threads")
                .isEqualTo(expected);
            // one dictionary a stripe, however many parts it was cut into
            assertThat(((OrcBatchReader) rows).sharedValuesMade.sum())
                .as(codec + ", " + threads + " threads: dictionaries decoded")
                .isEqualTo(stripes);
          }
        }
        // the last stripe's dictionary lengths: each entry claims more than DICTIONARY_DATA has
        int last = stripes - 1;
        Stripe st = Stripe.read(orc.file(), orc.tail(), last, orc.stripes().get(last));
        StripeIndex.Located lengths = st.streams.get(new StreamId(2, StreamKind.LENGTH));
        assertThat(st.footer.columns().get(2).kind().isDictionary()).as(codec + " encoding")
            .isTrue();
        if (codec == CompressionCodec.NONE) {
          // an RLE v2 short repeat of 3,000 values of 255 (4 bytes)
          patch(path, lengths.offset(), new byte[] {(byte) 0x00, (byte) 0xff, 0, 0});
        } else {
          byte[] junk = new byte[8];
          Arrays.fill(junk, (byte) 0xff);
          patch(path, lengths.offset() + 3, junk); // the first chunk's body
        }
      }
      try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
        Outcome single = readUntilError(orc, ReadOptions.defaults());
        assertThat(single.error).as(codec.name()).isNotNull();
        assertThat(single.rows).as(codec.name()).isGreaterThan(0);
        for (int threads = 2; threads <= 3; threads++) {
          Outcome actual = readUntilError(orc, ReadOptions.defaults().withParallelism(threads));
          String what = codec + ", " + threads + " threads";
          assertThat(actual.rows).as(what).isEqualTo(single.rows);
          assertThat(actual.error).as(what).isNotNull();
          assertThat(actual.error.getMessage()).as(what).isEqualTo(single.error.getMessage());
        }
      }
    }
  }

  /**
   * String values copied out of compressed streams go into arrays that later batches fill
   * again ({@code CopiedValues}), though the batches go round between the caller and the parts'
   * column readers: a read of many small batches on 2 and 3 threads returns what one thread
   * returns, every batch's strings intact, many batches' strings in an array filled again.
   */
  @Test
  void partsFillTheArraysOfCopiedStringsAgain() throws IOException {
    Path path = dir.resolve("strings.orc");
    Random r = new Random(13);
    // all distinct: direct strings, copied out of each chunk
    writeIdsAndStrings(path, OrcWriterOptions.builder().compression(CompressionCodec.ZLIB)
        .stripeSize(1 << 20).build(), () -> Long.toString(r.nextLong(), 36));
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      assertThat(orc.stripes().size()).isGreaterThan(1);
      List<Object> expected;
      try (BatchReader rows = orc.read(ReadOptions.defaults().withBatchSize(100))) {
        expected = Rows.readAll(rows);
      }
      for (int part : new int[] {5000, 1 << 16}) {
        OrcBatchReader.partRows = part;
        for (int threads = 2; threads <= 3; threads++) {
          try (BatchReader rows = orc.read(
              ReadOptions.defaults().withParallelism(threads).withBatchSize(100))) {
            assertThat(Rows.readAll(rows)).as("parts of %d, %d threads", part, threads)
                .isEqualTo(expected);
            // 3,000 batches through fewer vectors: many filled an array again (1,591 to 2,058
            // in runs here; without CopiedValues none)
            assertThat(((OrcBatchReader) rows).copiedValues.reused())
                .as("parts of %d, %d threads: arrays filled again", part, threads)
                .isGreaterThan(300);
          }
        }
      }
    }
  }

  /** Closing a parallel reader after one batch leaves no colfile-read thread alive. */
  @Test
  void closeMidReadLeavesNoThreadRunning() throws IOException {
    Path path = ids("close.orc", CompressionCodec.ZSTD, 200_000);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      for (int threads = 2; threads <= 4; threads++) {
        try (BatchReader rows = orc.read(ReadOptions.defaults().withParallelism(threads))) {
          ColumnBatch batch = rows.newBatch();
          assertThat(rows.next(batch)).isTrue();
          assertThat(readThreads()).as("threads while reading").isNotEmpty();
        }
        assertThat(readThreads()).as("threads after close, %d threads", threads).isEmpty();
      }
    }
  }

  /** The names of the live threads that parallel reads start. */
  private static List<String> readThreads() {
    List<String> names = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && t.getName().startsWith("colfile-read-")) {
        names.add(t.getName());
      }
    }
    return names;
  }

  /**
   * With an executor given, the tasks run on it (and on no thread of the reader's own), the rows
   * are those of a single-threaded read, and closing the reader leaves the executor running.
   */
  @Test
  void aGivenExecutorRunsTheTasks() throws Exception {
    Path path = ids("executor.orc", CompressionCodec.LZ4, 50_000);
    AtomicInteger made = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(2, task -> {
      made.incrementAndGet();
      Thread t = new Thread(task, "app-pool");
      t.setDaemon(true);
      return t;
    });
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      List<Object> expected;
      try (BatchReader rows = orc.read(ReadOptions.defaults())) {
        expected = Rows.readAll(rows);
      }
      try (BatchReader rows = orc.read(
          ReadOptions.defaults().withParallelism(3).withExecutor(pool))) {
        assertThat(Rows.readAll(rows)).isEqualTo(expected);
        assertThat(readThreads()).isEmpty();
      }
      assertThat(made.get()).isPositive();
      assertThat(pool.isShutdown()).isFalse();
      assertThat(pool.submit(() -> 42).get()).isEqualTo(42);
    } finally {
      pool.shutdownNow();
    }
  }

  /** A predicate on the ids column: pushdown skips stripes, and the rows are the same. */
  @Test
  void pushdownSkipsTheSameStripes() throws IOException {
    Path path = ids("pushdown.orc", CompressionCodec.SNAPPY, 60_000);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      ReadOptions options = ReadOptions.defaults()
          .withFilter(Predicate.parse("id >= 20000 AND id < 23500 OR id = 59999"));
      try (BatchReader single = orc.read(options);
          BatchReader parallel = orc.read(options.withParallelism(2))) {
        List<Object> rows = Rows.readAll(single);
        assertThat(rows).hasSize(3501);
        assertThat(Rows.readAll(parallel)).isEqualTo(rows);
        assertThat(parallel.report().counts(OrcBatchReader.STRIPES).skipped()).isPositive();
        assertThat(parallel.report().lines()).isEqualTo(single.report().lines());
      }
    }
  }

  /**
   * Columns that take little time per batch (here two long columns, about 9 KB of stream bytes a
   * batch of 1,000 rows) are read on the caller's thread alone, whatever the parallelism:
   * handing them over would cost more. One stripe, so the choice is made once, from its stream
   * bytes (later stripes go by the time measured). With the threshold lowered, the same read
   * splits them (the executor runs tasks), and both return the single-threaded rows.
   */
  @Test
  void cheapColumnsAreReadOnTheCallersThread() throws Exception {
    Path path = ids("cheap.orc", CompressionCodec.NONE, 50_000, 64 << 20);
    AtomicInteger ran = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    java.util.concurrent.Executor counting = task -> {
      ran.incrementAndGet();
      pool.execute(task);
    };
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      List<Object> expected;
      try (BatchReader rows = orc.read(ReadOptions.defaults().withBatchSize(1000))) {
        expected = Rows.readAll(rows);
      }
      ReadOptions parallel = ReadOptions.defaults().withBatchSize(1000).withParallelism(2)
          .withExecutor(counting);
      OrcBatchReader.minSplitNanos = OrcBatchReader.MIN_SPLIT_NANOS;
      try (BatchReader rows = orc.read(parallel)) {
        assertThat(Rows.readAll(rows)).isEqualTo(expected);
      }
      assertThat(orc.stripes()).hasSize(1);
      assertThat(ran.get()).as("tasks run for cheap columns").isZero();
      OrcBatchReader.minSplitNanos = 0;
      try (BatchReader rows = orc.read(parallel)) {
        assertThat(Rows.readAll(rows)).isEqualTo(expected);
      }
      assertThat(ran.get()).as("tasks run with the columns split").isPositive();
    } finally {
      pool.shutdownNow();
    }
  }
}
