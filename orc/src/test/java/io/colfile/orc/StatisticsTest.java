package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.orc.stats.ColumnStatistics;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** File and stripe statistics as the writers recorded them. */
class StatisticsTest {
  @Test
  void fileAndStripeStatisticsOfThreeStripes() throws IOException {
    Path file = SharedData.orcExamples().resolve("TestOrcFile.testStripeLevelStats.orc");
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      List<ColumnStatistics> stats = r.statistics();
      assertThat(stats).hasSize(3);
      assertThat(stats.get(1).numberOfValues()).isEqualTo(11000);
      assertThat(stats.get(1).minimum()).isEqualTo(1L);
      assertThat(stats.get(1).maximum()).isEqualTo(3L);
      assertThat(stats.get(1).sum()).isEqualTo(18000L);
      assertThat(stats.get(2).minimum()).isEqualTo("one");
      assertThat(stats.get(2).maximum()).isEqualTo("two");
      assertThat(stats.get(2).toString())
          .isEqualTo("count: 11000 hasNull: false min: one max: two sum: 35000");
      List<List<ColumnStatistics>> stripes = r.stripeStatistics();
      assertThat(stripes).hasSize(3);
      assertThat(stripes.get(2).get(2).minimum()).isEqualTo("three");
      assertThat(stripes.get(2).get(1).sum()).isEqualTo(3000L);
    }
  }

  @Test
  void decimalDateAndTimestampStatistics() throws IOException {
    Path dir = SharedData.orcExamples();
    try (OrcReader r = OrcReader.open(InputFile.local(dir.resolve("decimal.orc")))) {
      ColumnStatistics d = r.statistics().get(1);
      assertThat(d.kind()).isEqualTo(ColumnStatistics.Kind.DECIMAL);
      assertThat(d.minimum()).isInstanceOf(BigDecimal.class);
      assertThat(((BigDecimal) d.minimum()).compareTo((BigDecimal) d.maximum())).isNegative();
    }
    try (OrcReader r = OrcReader.open(InputFile.local(dir.resolve("TestOrcFile.testDate1900.orc")));
         BatchReader rows = r.read(ReadOptions.columns("date"))) {
      // The recorded bounds are the bounds of the data.
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        LongVector days = (LongVector) b.cols[0];
        for (int i = 0; i < b.size; i++) {
          min = Math.min(min, days.vector[i]);
          max = Math.max(max, days.vector[i]);
        }
      }
      ColumnStatistics date = r.statistics().get(2);
      assertThat(date.minimum()).isEqualTo(LocalDate.ofEpochDay(min))
          .isEqualTo(LocalDate.of(1900, 12, 25));
      assertThat(date.maximum()).isEqualTo(LocalDate.ofEpochDay(max));
    }
  }

  @Test
  void timestampStatisticsBoundTheData() throws IOException {
    // ORC C++ 1.8 writer, zone GMT: minimum_utc/maximum_utc plus sub-millisecond nanos.
    Path file = SharedData.orcExamples().resolve("orc_split_elim_cpp.orc");
    try (OrcReader r = OrcReader.open(InputFile.local(file));
         BatchReader rows = r.read(ReadOptions.columns("ts"))) {
      LocalDateTime min = null;
      LocalDateTime max = null;
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        TimestampVector t = (TimestampVector) b.cols[0];
        for (int i = 0; i < b.size; i++) {
          LocalDateTime v = LocalDateTime.ofEpochSecond(t.seconds[i], t.nanos[i], ZoneOffset.UTC);
          min = min == null || v.isBefore(min) ? v : min;
          max = max == null || v.isAfter(max) ? v : max;
        }
      }
      ColumnStatistics ts = r.statistics().get(5);
      assertThat(ts.kind()).isEqualTo(ColumnStatistics.Kind.TIMESTAMP);
      assertThat(ts.minimum()).isEqualTo(min);
      assertThat(ts.maximum()).isEqualTo(max);
    }
  }

  @Test
  void userMetadataInFileOrder() throws IOException {
    Path file = SharedData.orcExamples().resolve("TestOrcFile.metaData.orc");
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      assertThat(r.userMetadata().keySet()).containsExactly("big", "clobber", "my.meta");
      assertThat(r.userMetadata().get("clobber")).containsExactly(5, 7, 11, 13, 17, 19);
    }
  }
}
