package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.stream.Seeds;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ORC example files (other writers, old versions, files without indexes, untrusted bloom
 * filters, statistics Apache ORC ignores) with random predicates built from their own values:
 * the rows a filtered read returns equal the full read filtered by the reference evaluator,
 * whatever pushdown skipped.
 */
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
        "TestVectorOrcFile.testZstd.0.12.orc", "TestOrcFile.emptyFile.orc"));
    if (Boolean.getBoolean("tests.exhaustive")) {
      files.addAll(List.of("nulls-at-end-snappy.orc", "demo-11-zlib.orc", "demo-12-zlib.orc",
          "TestVectorOrcFile.testLzo.orc"));
    }
    return files.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void randomPredicatesGiveTheReferenceRows(String name) throws IOException {
    Path path = SharedData.orcExamples().resolve(name);
    Random r = Seeds.random("pushdown-examples-" + name);
    ReadOptions options = ReadOptions.defaults().withDefaultZone(ZONE);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      if (orc.schema().kind() != TypeKind.STRUCT) {
        return; // rows of bare values cannot be filtered
      }
      List<Object> all = Rows.readAll(orc.read(options));
      RandomPredicates predicates = new RandomPredicates(r, orc.schema(), all);
      if (!predicates.hasColumns()) {
        return;
      }
      int count = Boolean.getBoolean("tests.exhaustive") ? 200 : all.size() > 100_000 ? 5 : 40;
      for (int i = 0; i < count; i++) {
        Predicate p = predicates.next(2);
        String what = name + " where " + p + "; " + Seeds.describe();
        try (BatchReader rows = orc.read(options.withFilter(p))) {
          List<Object> got = Rows.readAll(rows);
          assertThat(got).as(what + "\n" + String.join("\n", rows.report().lines()))
              .isEqualTo(ReferenceEvaluator.filter(p, orc.schema(), all));
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
