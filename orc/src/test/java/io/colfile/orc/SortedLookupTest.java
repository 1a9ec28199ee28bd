package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Point lookups and ranges on a sorted column ({@code id} = 0, 2, 4, ...; odd values are
 * absent): a lookup reads at most one row group of each stripe (each stripe read on its own,
 * as a split, to count them), reads one stripe when the value is there, skips exactly the
 * stripes whose statistics exclude the value (and, for an absent value, the one whose row
 * groups all exclude it), and never touches a byte of a stripe whose statistics exclude it.
 */
@ExtendWith(TestSeed.class)
class SortedLookupTest {
  private static final int ROWS = 60_000;
  private static final int STRIDE = 1000;

  @TempDir Path dir;

  @ParameterizedTest(name = "bloom filters {0}")
  @ValueSource(booleans = {false, true})
  void pointLookupsReadOneRowGroup(boolean bloom) throws IOException {
    Path path = write(bloom);
    Random r = TestSeed.random("sorted-lookup-" + bloom, 0);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      assertThat(orc.stripes().size()).isGreaterThan(3);
      List<List<ColumnStatistics>> stripeStats = orc.stripeStatistics();
      for (int k = 0; k < 40; k++) {
        long id = k == 0 ? 0 : k == 1 ? 2L * (ROWS - 1) : k == 2 ? -4 : k == 3 ? 2L * ROWS
            : r.nextInt(2 * ROWS + 2);
        boolean present = id >= 0 && id < 2L * ROWS && id % 2 == 0;
        CountingInputFile in = new CountingInputFile(InputFile.local(path));
        try (OrcReader counted = OrcReader.open(in);
             BatchReader rows = counted.read(ReadOptions.defaults()
                 .withFilter(Predicate.equal("id", id)))) {
          in.forget(); // the tail's reads
          List<Object> got = Rows.readAll(rows);
          ScanReport report = rows.report();
          String what = "id = " + id + ", bloom " + bloom + "\n"
              + String.join("\n", report.lines()) + "\n" + TestSeed.replay();
          assertThat(got).as(what).hasSize(present ? 1 : 0);
          ScanReport.Counts stripes = report.counts("stripes");
          ScanReport.Counts groups = report.counts("row groups");
          assertThat(stripes.total()).as(what).isEqualTo(orc.stripes().size());
          assertThat(groups.read()).as(what).isLessThanOrEqualTo(stripes.read());
          if (present) {
            assertThat(stripes.read()).as(what).isEqualTo(1);
            assertThat(groups.read()).as(what).isEqualTo(1);
          }
          int excluded = 0; // stripes whose statistics exclude the id
          int emptied = 0; // other stripes where the row index (or bloom filter) kept no group
          for (int s = 0; s < orc.stripes().size(); s++) {
            ColumnStatistics st = stripeStats.get(s).get(1);
            StripeInformation info = orc.stripes().get(s);
            boolean outside = id < st.minimumLong() || id > st.maximumLong();
            if (outside) {
              excluded++;
              assertThat(in.touched(info.offset(), info.length()))
                  .as("stripe %d excluded by its statistics was read; %s", s, what).isFalse();
            }
            // the stripe on its own (a split of it): at most one row group read
            try (BatchReader one = orc.read(ReadOptions.defaults().withSplit(info.offset(), 1)
                .withFilter(Predicate.equal("id", id)))) {
              Rows.readAll(one);
              ScanReport.Counts g = one.report().counts("row groups");
              ScanReport.Counts t = one.report().counts("stripes");
              String where = "stripe " + s + " alone: "
                  + String.join("; ", one.report().lines()) + "\n" + what;
              assertThat(t.total()).as(where).isEqualTo(1);
              assertThat(g.read()).as(where).isLessThanOrEqualTo(1);
              assertThat(t.skipped()).as(where).isEqualTo(g.read() == 0 ? 1 : 0);
              if (outside) {
                assertThat(g.read()).as(where).isZero();
              } else if (g.read() == 0) {
                emptied++;
              }
            }
          }
          assertThat(excluded).as(what).isGreaterThanOrEqualTo(orc.stripes().size() - 1);
          if (present) {
            assertThat(emptied).as(what).isZero();
          }
          assertThat(stripes.skipped()).as(what).isEqualTo(excluded + emptied);
        }
      }
    }
  }

  @ParameterizedTest(name = "bloom filters {0}")
  @ValueSource(booleans = {false, true})
  void rangesReadTheRowGroupsTheyOverlap(boolean bloom) throws IOException {
    Path path = write(bloom);
    Random r = TestSeed.random("sorted-range-" + bloom, 0);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      for (int k = 0; k < 20; k++) {
        long low = r.nextInt(2 * ROWS);
        long high = low + r.nextInt(k % 2 == 0 ? 5000 : 40_000);
        try (BatchReader rows = orc.read(ReadOptions.defaults()
            .withFilter(Predicate.between("id", low, high)))) {
          List<Object> got = Rows.readAll(rows);
          long first = (low + 1) / 2;
          long last = Math.min(ROWS - 1, high / 2);
          String what = "id between " + low + " and " + high + "\n"
              + String.join("\n", rows.report().lines()) + "\n" + TestSeed.replay();
          assertThat(got).as(what).hasSize((int) Math.max(0, last - first + 1));
          // the groups holding rows first..last, each counted once even across stripes; a range
          // between two neighbouring ids (no row) may still fall inside one group's [min, max]
          long groups = rows.report().counts("row groups").read();
          long spanned = first <= last ? groupsSpanned(orc, first, last)
              : groupsSpanned(orc, last, last);
          assertThat(groups).as(what).isLessThanOrEqualTo(spanned);
        }
      }
    }
  }

  /** Row groups holding file rows {@code [first, last]}, stripe by stripe. */
  private static long groupsSpanned(OrcReader orc, long first, long last) {
    long count = 0;
    long start = 0;
    for (StripeInformation s : orc.stripes()) {
      long end = start + s.numberOfRows();
      long from = Math.max(first, start);
      long to = Math.min(last, end - 1);
      if (from <= to) {
        count += (to - start) / STRIDE - (from - start) / STRIDE + 1;
      }
      start = end;
    }
    return count;
  }

  private Path write(boolean bloom) throws IOException {
    Type schema = Type.parse("struct<id:bigint,amount:double,note:string>");
    Path path = dir.resolve("sorted-" + bloom + ".orc");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(CompressionCodec.ZLIB)
        .stripeSize(256 * 1024).memoryCheckRows(2500).rowIndexStride(STRIDE)
        .bloomFilterColumns(bloom ? List.of("id") : List.of()).build();
    Random r = new Random(42);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema, 1024);
      for (int row = 0; row < ROWS; ) {
        int n = Math.min(1024, ROWS - row);
        for (int i = 0; i < n; i++) {
          ((LongVector) batch.cols[0]).vector[i] = 2L * (row + i);
          ((DoubleVector) batch.cols[1]).vector[i] = r.nextInt(100_000) / 100.0;
          byte[] note = ("note " + Long.toString(r.nextLong(), 36))
              .getBytes(StandardCharsets.UTF_8);
          ((BytesVector) batch.cols[2]).setRef(i, note, 0, note.length);
        }
        batch.size = n;
        w.write(batch);
        row += n;
      }
    }
    return path;
  }
}
