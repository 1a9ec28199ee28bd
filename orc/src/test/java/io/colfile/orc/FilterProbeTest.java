package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OrcReader#probe}: where a filter's rows may be, per stripe and row group, by
 * statistics and bloom filters, reading no data stream; every row group that holds a matching
 * row is one it says may hold it.
 */
class FilterProbeTest {
  private static final Type SCHEMA = Type.parse("struct<id:bigint,name:string>");
  private static final int ROWS = 5000;

  @TempDir static Path dir;
  private static Path file;

  /** ids 0, 2, 4, ... (even), 1000 rows a row group, bloom filters on id. */
  @BeforeAll
  static void write() throws IOException {
    file = dir.resolve("even.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().rowIndexStride(1000)
        .bloomFilterColumns(List.of("id")).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(file), SCHEMA, options)) {
      ColumnBatch b = new ColumnBatch(SCHEMA, 500);
      for (int row = 0; row < ROWS; ) {
        b.reset();
        for (int i = 0; i < 500; i++, row++) {
          ((LongVector) b.cols[0]).vector[i] = 2L * row;
          byte[] name = ("n" + row).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) b.cols[1]).setRef(i, name, 0, name.length);
        }
        b.size = 500;
        w.write(b);
      }
    }
  }

  @Test
  void aValueInOneRowGroupIsThereOnly() throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      FilterProbe p = r.probe(Predicate.equal("id", 3000L)); // row 1500: row group 1
      assertThat(p.fileExclusion()).isNull();
      assertThat(p.stripes()).hasSize(1);
      FilterProbe.StripeVerdict s = p.stripes().get(0);
      assertThat(s.verdict()).isEqualTo(FilterProbe.Verdict.MAY_HOLD);
      assertThat(s.rowGroups()).hasSize(5);
      for (FilterProbe.RowGroupVerdict g : s.rowGroups()) {
        assertThat(g.verdict()).as("row group %d", g.rowGroup()).isEqualTo(g.rowGroup() == 1
            ? FilterProbe.Verdict.MAY_HOLD : FilterProbe.Verdict.EXCLUDED_BY_STATISTICS);
        assertThat(g.firstRow()).isEqualTo(1000L * g.rowGroup());
        assertThat(g.rows()).isEqualTo(1000);
      }
      assertThat(s.rowGroups().get(0).reason()).contains("id = 3000").contains("[0, 1998]");
    }
  }

  @Test
  void anAbsentValueInsideTheRangeIsLeftToTheBloomFilter() throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      FilterProbe p = r.probe(Predicate.equal("id", 3001L)); // odd: no row, inside group 1
      FilterProbe.RowGroupVerdict g = p.stripes().get(0).rowGroups().get(1);
      assertThat(g.verdict()).isEqualTo(FilterProbe.Verdict.EXCLUDED_BY_BLOOM_FILTER);
      assertThat(g.reason()).contains("bloom filter excludes");
      assertThat(p.stripes().get(0).verdict())
          .isEqualTo(FilterProbe.Verdict.EXCLUDED_BY_BLOOM_FILTER);
      assertThat(p.stripes().get(0).reason()).startsWith("every row group excluded; row group"
          + " 0: id = 3001: values in [0, 1998]");
    }
  }

  @Test
  void aValueOutsideTheFileIsExcludedByTheFileStatistics() throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      FilterProbe p = r.probe(Predicate.equal("id", -5L));
      assertThat(p.fileExclusion()).startsWith("file statistics: ");
      assertThat(p.stripes()).allSatisfy(s -> {
        assertThat(s.verdict()).isEqualTo(FilterProbe.Verdict.EXCLUDED_BY_STATISTICS);
        assertThat(s.rowGroups()).isEmpty();
      });
    }
  }

  @Test
  void readsNoDataStream() throws IOException {
    CountingInputFile counting = new CountingInputFile(InputFile.local(file));
    try (OrcReader r = OrcReader.open(counting)) {
      counting.forget(); // the tail's read may take in the end of a small file's last stripe
      r.probe(Predicate.equal("id", 3001L));
      r.probe(Predicate.equal("name", "n77"));
      r.stripeIndex(0).rowIndex(1); // what stats --row-groups reads
      r.stripeIndex(0).rowIndex(2);
      assertThat(counting.bytes()).isPositive();
      for (StripeInformation s : r.stripes()) {
        assertThat(counting.touched(s.offset() + s.indexLength(), s.dataLength()))
            .as("a data stream of the stripe at %d was read", s.offset()).isFalse();
      }
    }
  }

  @Test
  void everyRowGroupHoldingAMatchMayHoldIt() throws IOException {
    Random random = TestSeed.random("filter-probe", 0);
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      for (int i = 0; i < 40; i++) {
        long value = random.nextInt(2 * ROWS + 20) - 10;
        FilterProbe p = r.probe(Predicate.equal("id", value));
        boolean present = value >= 0 && value % 2 == 0 && value < 2L * ROWS;
        int group = (int) (value / 2 / 1000);
        if (present) {
          assertThat(p.stripes().get(0).rowGroups().get(group).verdict())
              .as("id %d; %s", value, TestSeed.replay())
              .isEqualTo(FilterProbe.Verdict.MAY_HOLD);
          try (BatchReader rows = r.read(ReadOptions.defaults().withFilter(
              Predicate.equal("id", value)))) {
            ColumnBatch b = rows.newBatch();
            long n = 0;
            while (rows.next(b)) {
              n += b.size;
            }
            assertThat(n).isEqualTo(1);
          }
        }
      }
    }
  }

  @Test
  void aFilterThatDoesNotFitTheSchemaIsRefused() throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      assertThatThrownBy(() -> r.probe(Predicate.equal("nope", 1L)))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no column nope");
    }
  }

  @Test
  void statisticsUsedSaysWhatPushdownTakes() throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      List<ColumnRange> used = r.statisticsUsed(r.statistics(), r.numberOfRows());
      assertThat(used).hasSize(3);
      assertThat(used.get(0)).isNull(); // the root struct: no range
      assertThat(used.get(1).min()).isEqualTo(0L);
      assertThat(used.get(1).max()).isEqualTo(2L * (ROWS - 1));
      assertThat(r.boundsNotUsed(Type.LONG)).isNull();
    }
  }
}
