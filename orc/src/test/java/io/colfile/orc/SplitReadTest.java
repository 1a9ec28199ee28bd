package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Byte-range splits ({@link ReadOptions#withSplit}) of seeded random multi-stripe files colfile
 * wrote: a split returns exactly the rows of the stripes whose offset it holds, in order, reads
 * no byte of any other stripe and counts only its own in the report; splits that tile the file
 * return the full read's rows once; filters, projections and seeks work within a split.
 */
@ExtendWith(TestSeed.class)
class SplitReadTest {
  @TempDir Path dir;
  /** The reads of the file {@link #openCounted} opened last. */
  private CountingInputFile counting;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 60 : 10);
  }

  /** A file of several stripes (small stripes, frequent memory checks). */
  private Path write(Random r, int index) throws IOException {
    Type schema = index % 4 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 5);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(1024)
        .memoryCheckRows(new int[] {100, 300, 500}[r.nextInt(3)])
        .rowIndexStride(new int[] {0, 1000, 1000, 3000}[r.nextInt(4)])
        .build();
    Path path = dir.resolve("case-" + index + ".orc");
    WrittenFile.write(path, r, schema, options, 3000 + r.nextInt(9000));
    return path;
  }

  /** Writes a file as {@link #write} does and opens it, its reads counted in {@link #counting}. */
  private OrcReader openCounted(Random r, int index) throws IOException {
    counting = new CountingInputFile(InputFile.local(write(r, index)));
    OrcReader orc = OrcReader.open(counting);
    assertThat(orc.stripes()).as("stripes; %s", TestSeed.replay()).hasSizeGreaterThan(1);
    return orc;
  }

  /**
   * Splits that tile the file, and random splits with filters and projections, each read
   * checked against the full read's rows.
   */
  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void splitsReturnTheRowsOfTheirStripes(int index) throws IOException {
    Random r = TestSeed.random("split-" + index, 0);
    try (OrcReader orc = openCounted(r, index)) {
      ReadOptions options = ReadOptions.defaults().withBatchSize(1 + r.nextInt(2000));
      List<Object> all = readAll(orc, options);
      checkTiling(orc, options, all, r);
      checkFiltered(orc, options, all, r);
    }
  }

  /** Splits that tile the file return each stripe's rows once, the full read's rows together. */
  private void checkTiling(OrcReader orc, ReadOptions options, List<Object> all, Random r)
      throws IOException {
    List<Long> bounds = new ArrayList<>(cuts(orc, r));
    List<Object> joined = new ArrayList<>();
    for (int i = 0; i + 1 < bounds.size(); i++) {
      long start = bounds.get(i);
      long length = bounds.get(i + 1) - start;
      String what = "split [" + start + ", +" + length + ") of " + bounds + "; "
          + TestSeed.replay();
      joined.addAll(checkSplit(orc, options, start, length,
          rowsOf(orc, all, start, length), what));
    }
    assertThat(joined).as("the splits' rows together; %s", TestSeed.replay()).isEqualTo(all);
  }

  /**
   * Random splits of a file, with filters (random predicates over its values) and projections
   * (top-level columns by index, in random order): the rows are those of the split's stripes,
   * filtered and projected, and no other stripe is read.
   */
  private void checkFiltered(OrcReader orc, ReadOptions options, List<Object> all, Random r)
      throws IOException {
    RandomPredicates predicates = new RandomPredicates(r, orc.schema(), all);
    int width = orc.schema().children().size();
    for (int i = 0; i < 12; i++) {
      List<StripeInformation> stripes = orc.stripes();
      long start = stripes.get(r.nextInt(stripes.size())).offset() - r.nextInt(2);
      long length = r.nextInt((int) orc.fileLength());
      Predicate p = predicates.hasColumns() && r.nextInt(3) > 0 ? predicates.next(2) : null;
      List<Integer> columns = new ArrayList<>();
      for (int c = 0; c < width; c++) {
        columns.add(c);
      }
      Collections.shuffle(columns, r);
      columns = r.nextBoolean() ? columns : columns.subList(0, 1 + r.nextInt(width));
      ReadOptions filtered = options.withFilter(p)
          .withColumnIndexes(columns.stream().mapToInt(Integer::intValue).toArray());
      List<Object> expected = rowsOf(orc, all, start, length);
      if (p != null) {
        expected = ReferenceEvaluator.filter(p, orc.schema(), expected);
      }
      List<Object> projected = new ArrayList<>();
      for (Object row : expected) {
        List<Object> values = new ArrayList<>();
        for (int c : columns) {
          values.add(((List<?>) row).get(c));
        }
        projected.add(values);
      }
      String what = "split [" + start + ", +" + length + ") where " + p + " columns "
          + columns + "; " + TestSeed.replay();
      checkSplit(orc, filtered, start, length, projected, what);
    }
  }

  /**
   * Splits that hold no stripe's offset (the header, the inside of a stripe, the tail, past the
   * end, an empty range) return nothing and read nothing, with or without a filter.
   */
  @Test
  void aSplitWithoutAStripeStartReadsNothing() throws IOException {
    Random r = TestSeed.random("split-nothing", 0);
    try (OrcReader orc = openCounted(r, 1)) {
      List<StripeInformation> stripes = orc.stripes();
      StripeInformation first = stripes.get(0);
      StripeInformation last = stripes.get(stripes.size() - 1);
      long[][] splits = {
          {0, first.offset()},
          {first.offset() + 1, stripes.get(1).offset() - first.offset() - 1},
          {last.offset() + 1, orc.fileLength()},
          {orc.fileLength(), 100},
          {first.offset(), 0},
      };
      List<Object> all = readAll(orc, ReadOptions.defaults());
      RandomPredicates predicates = new RandomPredicates(r, orc.schema(), all);
      // a schema of lists and maps only has no column a predicate can name
      List<ReadOptions> ways = predicates.hasColumns()
          ? List.of(ReadOptions.defaults(), ReadOptions.defaults().withFilter(predicates.next(1)))
          : List.of(ReadOptions.defaults());
      for (long[] s : splits) {
        for (ReadOptions options : ways) {
          String what = "split " + Arrays.toString(s) + " filter " + options.filter() + "; "
              + TestSeed.replay();
          counting.forget();
          try (BatchReader rows = orc.read(options.withSplit(s[0], s[1]))) {
            assertThat(Rows.readAll(rows)).as(what).isEmpty();
            assertThat(rows.report().counts(OrcBatchReader.STRIPES).total()).as(what).isZero();
            assertThat(rows.report().counts(OrcBatchReader.ROW_GROUPS).total()).as(what)
                .isZero();
          }
          assertThat(counting.bytes()).as("bytes read; %s", what).isZero();
        }
      }
    }
  }

  /** When the file statistics rule out every row, the report counts the split's stripes only. */
  @Test
  void aFileRuledOutByItsStatisticsCountsTheSplitsStripesSkipped() throws IOException {
    Path path = dir.resolve("ids.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().stripeSize(4 * 1024)
        .memoryCheckRows(500).rowIndexStride(1000).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), Type.parse("struct<id:bigint>"),
        options)) {
      ColumnBatch batch = new ColumnBatch(Type.parse("struct<id:bigint>"), 1000);
      for (long first = 0; first < 20_000; first += 1000) {
        LongVector ids = (LongVector) batch.cols[0];
        for (int i = 0; i < 1000; i++) {
          ids.vector[i] = first + i;
        }
        batch.size = 1000;
        w.write(batch);
      }
    }
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      List<StripeInformation> stripes = orc.stripes();
      assertThat(stripes).hasSizeGreaterThan(3);
      long start = stripes.get(1).offset();
      long length = stripes.get(3).offset() - start;
      try (BatchReader rows = orc.read(ReadOptions.defaults().withSplit(start, length)
          .withFilter(Predicate.parse("id < 0")))) {
        assertThat(Rows.readAll(rows)).isEmpty();
        ScanReport report = rows.report();
        assertThat(report.lines()).anyMatch(l -> l.startsWith("file: every stripe skipped"));
        assertThat(report.counts(OrcBatchReader.STRIPES))
            .isEqualTo(new ScanReport.Counts(0, 2));
        long groups = (stripes.get(1).numberOfRows() + 999) / 1000
            + (stripes.get(2).numberOfRows() + 999) / 1000;
        assertThat(report.counts(OrcBatchReader.ROW_GROUPS))
            .isEqualTo(new ScanReport.Counts(0, groups));
      }
    }
  }

  /**
   * seekToRow in a split counts rows as the whole file does: a row before the split's first
   * stripe stands for the split's first row, a row of a stripe after the split leaves nothing,
   * and the rows after any other are the file's from there to the split's end.
   */
  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void seekingInASplitStaysInTheSplit(int index) throws IOException {
    Random r = TestSeed.random("split-seek-" + index, 0);
    Path path = write(r, index);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      ReadOptions options = ReadOptions.defaults().withBatchSize(1 + r.nextInt(2000));
      List<Object> all = readAll(orc, options);
      List<StripeInformation> stripes = orc.stripes();
      long[] firstRows = firstRows(orc);
      int a = r.nextInt(stripes.size());
      int b = a + 1 + r.nextInt(stripes.size() - a);
      long start = stripes.get(a).offset() - r.nextInt(2);
      long end = b < stripes.size() ? stripes.get(b).offset() : orc.fileLength();
      long from = firstRows[a];
      long to = firstRows[b];
      TreeSet<Long> targets = new TreeSet<>(List.of(0L, from, to, (long) all.size(),
          all.size() + 7L));
      for (long row : new long[] {from - 1, from + 1, to - 1, to + 1}) {
        targets.add(Math.max(0, row));
      }
      for (int i = 0; i < 8; i++) {
        targets.add(from + (long) r.nextInt((int) Math.max(1, to - from)));
        targets.add((long) r.nextInt(all.size() + 1));
      }
      List<Long> order = new ArrayList<>(targets);
      Collections.shuffle(order, r);
      try (BatchReader rows = orc.read(options.withSplit(start, end - start))) {
        for (long target : order) {
          rows.seekToRow(target);
          int want = 1 + r.nextInt(3000);
          List<Object> got = new ArrayList<>();
          ColumnBatch batch = rows.newBatch();
          while (got.size() < want && rows.next(batch)) {
            Rows.addAll(batch, got);
          }
          long at = Math.max(target, from);
          List<Object> expected = at >= to ? List.of()
              : all.subList((int) at, (int) Math.min(to, at + got.size()));
          assertThat(got).as("rows after seeking to %d in the split [%d, %d) of stripes %d to %d"
              + " (rows %d to %d); %s", target, start, end, a, b - 1, from, to,
              TestSeed.replay()).isEqualTo(expected);
          if (at < to) {
            assertThat(got.size()).as("rows after seeking to %d", target)
                .isGreaterThanOrEqualTo((int) Math.min(want, to - at));
          }
        }
      }
    }
  }

  private static List<Object> readAll(OrcReader orc, ReadOptions options) throws IOException {
    try (BatchReader rows = orc.read(options)) {
      return Rows.readAll(rows);
    }
  }

  /** 0, the file's length, random cut points, and some stripes' offsets and their neighbours. */
  private static TreeSet<Long> cuts(OrcReader orc, Random r) {
    TreeSet<Long> cuts = new TreeSet<>(List.of(0L, orc.fileLength() + r.nextInt(2)));
    for (int i = r.nextInt(12); i > 0; i--) {
      cuts.add((long) r.nextInt((int) orc.fileLength()));
    }
    List<StripeInformation> stripes = orc.stripes();
    for (int i = r.nextInt(6); i > 0; i--) {
      cuts.add(stripes.get(r.nextInt(stripes.size())).offset() + r.nextInt(3) - 1);
    }
    return cuts;
  }

  /** The first row of each stripe, the file's row count last. */
  private static long[] firstRows(OrcReader orc) {
    List<StripeInformation> stripes = orc.stripes();
    long[] out = new long[stripes.size() + 1];
    for (int s = 0; s < stripes.size(); s++) {
      out[s + 1] = out[s] + stripes.get(s).numberOfRows();
    }
    return out;
  }

  private static boolean holds(long start, long length, StripeInformation s) {
    return s.offset() >= start && s.offset() < start + length;
  }

  /** The rows of the stripes whose offset lies in the split, from the full read's {@code all}. */
  private static List<Object> rowsOf(OrcReader orc, List<Object> all, long start, long length) {
    long[] firstRows = firstRows(orc);
    List<Object> out = new ArrayList<>();
    for (int s = 0; s < orc.stripes().size(); s++) {
      if (holds(start, length, orc.stripes().get(s))) {
        out.addAll(all.subList((int) firstRows[s], (int) firstRows[s + 1]));
      }
    }
    return out;
  }

  /**
   * Reads the split with {@code options}: the rows must be {@code expected}, the report must
   * count the split's stripes only, and no other stripe may be read. Returns the rows.
   */
  private List<Object> checkSplit(OrcReader orc, ReadOptions options, long start, long length,
      List<Object> expected, String what) throws IOException {
    counting.forget();
    List<Object> got;
    try (BatchReader rows = orc.read(options.withSplit(start, length))) {
      got = Rows.readAll(rows);
      assertThat(got).as("rows of %s", what).isEqualTo(expected);
      checkCounted(orc, rows.report(), start, length, what);
    }
    checkUntouched(orc, counting, start, length, what);
    return got;
  }

  /** The report counts the split's stripes with rows, each once, and no other. */
  private static void checkCounted(OrcReader orc, ScanReport report, long start, long length,
      String what) {
    long stripes = 0;
    for (StripeInformation s : orc.stripes()) {
      if (s.numberOfRows() > 0 && holds(start, length, s)) {
        stripes++;
      }
    }
    assertThat(report.counts(OrcBatchReader.STRIPES).total())
        .as("stripes counted; %s\n%s", what, String.join("\n", report.lines()))
        .isEqualTo(stripes);
  }

  /** No byte of a stripe outside the split was read. */
  private static void checkUntouched(OrcReader orc, CountingInputFile counting, long start,
      long length, String what) {
    List<StripeInformation> stripes = orc.stripes();
    for (int s = 0; s < stripes.size(); s++) {
      StripeInformation info = stripes.get(s);
      if (!holds(start, length, info)) {
        assertThat(counting.touched(info.offset(), info.length()))
            .as("stripe %d at %d read; %s", s, info.offset(), what).isFalse();
      }
    }
  }
}
