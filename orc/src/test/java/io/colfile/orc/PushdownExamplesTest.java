package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ORC example files (other writers, old versions, files without indexes, untrusted bloom
 * filters, statistics Apache ORC ignores) with random predicates built from their own values:
 * the rows a filtered read returns equal the full read filtered by the reference evaluator,
 * whatever pushdown skipped.
 */
@ExtendWith(TestSeed.class)
class PushdownExamplesTest {
  /** Readers use this zone for files that name no writer zone, as ORC's expected files do. */
  private static final ZoneId ZONE = ZoneId.of("America/Los_Angeles");

  static Stream<String> files() {
    List<String> files = new ArrayList<>(List.of(
        "TestOrcFile.testPredicatePushdown.orc",
        "TestOrcFile.testSargSkipPickupGroupWithoutIndexCPlusPlus.orc",
        "TestOrcFile.testSargSkipPickupGroupWithoutIndexJava.orc",
        "orc_split_elim.orc", "orc_split_elim_cpp.orc", "orc_index_int_string.orc",
        "bad_bloom_filter_1.6.0.orc", "bad_bloom_filter_1.6.11.orc",
        "TestOrcFile.testDate1900.orc", "TestOrcFile.testDate2038.orc",
        "decimal.orc", "decimal64_v2.orc", "TestStringDictionary.testRowIndex.orc",
        "TestOrcFile.testStripeLevelStats.orc", "TestOrcFile.testStringAndBinaryStatistics.orc",
        "TestOrcFile.test1.orc", "TestOrcFile.columnProjection.orc", "orc-file-11-format.orc",
        "TestOrcFile.testWithoutIndex.orc", "TestOrcFile.testMemoryManagementV11.orc",
        "TestOrcFile.testMemoryManagementV12.orc", "TestOrcFile.metaData.orc",
        "orc_no_format.orc", "TestOrcFile.testSnappy.orc", "TestVectorOrcFile.testLz4.orc",
        "TestVectorOrcFile.testZstd.0.12.orc", "TestOrcFile.emptyFile.orc",
        "encrypted/sample1.orc"));
    if (TestSeed.exhaustive()) {
      files.addAll(List.of("nulls-at-end-snappy.orc", "demo-11-zlib.orc", "demo-12-zlib.orc",
          "TestVectorOrcFile.testLzo.orc"));
    }
    return files.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void randomPredicatesGiveTheReferenceRows(String name) throws IOException {
    Path path = SharedData.orcExamples().resolve(name);
    Random r = TestSeed.random("pushdown-examples-" + name, 0);
    ReadOptions options = ReadOptions.defaults().withDefaultZone(ZONE);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      if (orc.schema().kind() != TypeKind.STRUCT) {
        return; // rows of bare values cannot be filtered
      }
      // the values predicates are made of: a sample, as the demo files have millions of rows
      long rows = orc.numberOfRows();
      List<Object> sample = new ArrayList<>();
      forEachRow(orc.read(options), (i, row) -> {
        if (rows <= 20_000 || r.nextInt((int) (rows / 20_000)) == 0) {
          sample.add(row);
        }
      });
      RandomPredicates predicates = new RandomPredicates(r, orc.schema(), sample);
      if (!predicates.hasColumns() || sample.isEmpty()) {
        return;
      }
      int count = rows > 100_000 ? 8 : TestSeed.exhaustive() ? 200 : 40;
      for (int i = 0, tries = 0; i < count && tries < 5 * count; i++, tries++) {
        Predicate p = predicates.next(2);
        try (BatchReader filtered = orc.read(options.withFilter(p))) {
          List<Object> want = new ArrayList<>();
          forEachRow(orc.read(options), (k, row) -> {
            if (Boolean.TRUE.equals(ReferenceEvaluator.evaluate(p, orc.schema(), row))) {
              want.add(row);
            }
            if (want.size() > 50_000) {
              throw new TooManyRows();
            }
          });
          List<Object> got = Rows.readAll(filtered);
          assertThat(got).as("%s where %s; %s%n%s", name, p, TestSeed.replay(),
              String.join("\n", filtered.report().lines())).isEqualTo(want);
        } catch (TooManyRows many) {
          i--; // a predicate matching most of a demo file: not worth holding; another one
        }
      }
    }
  }

  /** A predicate matched more rows than a test holds in memory. */
  private static final class TooManyRows extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }

  /** Hands every row of {@code rows} to {@code each}, one at a time, and closes it. */
  private static void forEachRow(BatchReader rows, BiConsumer<Long, Object> each)
      throws IOException {
    try (rows) {
      ColumnBatch batch = rows.newBatch();
      long n = 0;
      while (rows.next(batch)) {
        for (int i = 0; i < batch.size; i++) {
          each.accept(n++, Rows.row(batch, i));
        }
      }
    }
  }

  /**
   * ORC C++ 1.6.0 to 1.6.11 hashed integers wrongly into bloom filters (ORC-1024): the filters
   * of these files exclude 0 and 18000000000, which rows hold, so they must not be used.
   */
  @Test
  void badBloomFiltersAreNotUsed() throws IOException {
    for (String name : List.of("bad_bloom_filter_1.6.0.orc", "bad_bloom_filter_1.6.11.orc")) {
      Path path = SharedData.orcExamples().resolve(name);
      try (OrcReader orc = OrcReader.open(InputFile.local(path));
           BatchReader rows = orc.read(ReadOptions.defaults()
               .withFilter(Predicate.parse("id IN (0, 18000000000)")))) {
        assertThat(Rows.readAll(rows)).as(name).hasSize(2);
        ScanReport report = rows.report();
        assertThat(report.counts("row groups").skipped()).as(name).isZero();
      }
    }
  }
}
