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
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Predicate pushdown on seeded random files colfile wrote (every type, nesting, NULLs, NaN,
 * empty strings, decimals of several scales, timestamps around 1970, daylight-saving changes
 * and long before 1970 in several writer zones; with and without row indexes and bloom
 * filters, several strides and stripes, every codec), with random predicates built from the
 * files' own values: a filtered read returns exactly the full read's rows the reference
 * evaluator keeps, whatever was skipped, and the report accounts for every stripe and row
 * group.
 */
@ExtendWith(TestSeed.class)
class PushdownTest {
  private static final AtomicLong STRIPES_SKIPPED = new AtomicLong();
  private static final AtomicLong GROUPS_SKIPPED = new AtomicLong();

  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 200 : 24);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void filteredReadsEqualTheReference(int index) throws IOException {
    Random r = TestSeed.random("pushdown-" + index, 0);
    Type schema = index % 4 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 6);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(r.nextBoolean() ? 16 * 1024 : 128 * 1024)
        .memoryCheckRows(new int[] {500, 1000, 3000}[r.nextInt(3)])
        .rowIndexStride(new int[] {0, 1000, 1000, 1500, 3000}[r.nextInt(5)])
        .build();
    int rows = 1 + r.nextInt(index % 4 == 0 ? 6000 : 9000);
    Path path = dir.resolve("case-" + index + ".orc");
    write(path, r, schema, options, rows);
    String what = "case " + index + " " + schema + " codec " + options.compression()
        + " version " + options.fileVersion() + " stride " + options.rowIndexStride()
        + " zone " + options.writerTimeZone() + " bloom " + options.bloomFilterColumns()
        + "; " + TestSeed.replay();
    checkRandomPredicates(path, r, 40, what);
  }

  /** Writes {@code rows} random rows with edge timestamps, in batches of varying size. */
  static void write(Path path, Random r, Type schema, OrcWriterOptions options, int rows)
      throws IOException {
    RandomBatches gen = new RandomBatches(r, options.writerTimeZone());
    EdgeValues edges = new EdgeValues(r, options.writerTimeZone());
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      for (int done = 0; done < rows; ) {
        int n = Math.min(rows - done, 1 + r.nextInt(r.nextBoolean() ? 50 : 1500));
        ColumnBatch batch = gen.batch(schema, n, done);
        edges.apply(batch);
        w.write(batch);
        done += n;
      }
    }
  }

  /**
   * Reads {@code path} whole, then with {@code count} random predicates over its values: each
   * filtered read must give the reference rows.
   */
  static void checkRandomPredicates(Path path, Random r, int count, String what)
      throws IOException {
    ReadOptions options = ReadOptions.defaults().withBatchSize(1 + r.nextInt(2000));
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      List<Object> all = Rows.readAll(orc.read(options));
      RandomPredicates predicates = new RandomPredicates(r, orc.schema(), all);
      if (!predicates.hasColumns()) {
        return;
      }
      for (int i = 0; i < count; i++) {
        Predicate p = predicates.next(2);
        try (BatchReader rows = orc.read(options.withFilter(p))) {
          List<Object> got = Rows.readAll(rows);
          ScanReport report = rows.report();
          String message = what + "\nwhere " + p + "\n" + String.join("\n", report.lines());
          assertThat(got).as(message).isEqualTo(ReferenceEvaluator.filter(p, orc.schema(), all));
          checkAccounts(orc, report, message);
        }
      }
    }
  }

  /** Every stripe with rows, and every row group of it, is read or skipped, once. */
  static void checkAccounts(OrcReader orc, ScanReport report, String what) {
    long stripes = 0;
    long groups = 0;
    int stride = orc.rowIndexStride();
    for (StripeInformation s : orc.stripes()) {
      if (s.numberOfRows() > 0) {
        stripes++;
        groups += stride <= 0 ? 1 : (s.numberOfRows() - 1) / stride + 1;
      }
    }
    // honest files place every row group's bytes right: no stripe is read whole for want of them
    assertThat(report.lines()).as("ranges of the chosen row groups; " + what)
        .noneMatch(l -> l.contains("read whole"));
    ScanReport.Counts st = report.counts("stripes");
    ScanReport.Counts rg = report.counts("row groups");
    assertThat(st.total()).as("stripes counted; " + what).isEqualTo(stripes);
    assertThat(rg.total()).as("row groups counted; " + what).isEqualTo(groups);
    STRIPES_SKIPPED.addAndGet(st.skipped());
    GROUPS_SKIPPED.addAndGet(rg.skipped());
  }

  /** The tests would prove little if pushdown never skipped anything. */
  @AfterAll
  static void somethingWasSkipped() {
    assertThat(GROUPS_SKIPPED.get()).as("row groups skipped in all cases").isPositive();
    assertThat(STRIPES_SKIPPED.get()).as("stripes skipped in all cases").isPositive();
  }
}
