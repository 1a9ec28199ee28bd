package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.orc.index.BloomFilterIndex;
import io.colfile.orc.index.ColumnBloomFilter;
import io.colfile.orc.index.RowIndex;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.TimestampStats;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The row index and bloom filters as {@link StripeIndex} reads them from files colfile wrote:
 * one entry per row group, row-group statistics that add up to the stripe's, and filters that
 * say "might contain" for every value their row group holds. Positions are proved by {@link
 * SeekToRowTest} (seeking through them lands on the right rows) and against orc-core in
 * interop-tests.
 */
@ExtendWith(TestSeed.class)
class StripeIndexTest {
  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 40 : 6);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void rowGroupStatisticsAddUpAndBloomFiltersHoldEveryValue(int index) throws IOException {
    Random r = TestSeed.random("stripe-index-" + index, 0);
    Type schema = RandomBatches.everyType();
    List<String> bloom = new ArrayList<>(schema.fieldNames());
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .fileVersion(index % 3 == 2 ? OrcFileVersion.UNSTABLE_PRE_2_0 : OrcFileVersion.V_0_12)
        .stripeSize(64 * 1024).memoryCheckRows(2000).rowIndexStride(1000)
        .bloomFilterColumns(bloom).build();
    WrittenFile f = WrittenFile.write(dir.resolve("case-" + index + ".orc"), r, schema, options,
        2000 + r.nextInt(5000));
    String what = f.describe() + "; " + TestSeed.replay();
    try (OrcReader orc = OrcReader.open(InputFile.local(f.path()))) {
      List<List<ColumnStatistics>> stripeStats = orc.stripeStatistics();
      List<Type> columns = schema.flatten();
      List<StripeIndex> indexes = new ArrayList<>();
      for (int s = 0; s < orc.stripes().size(); s++) {
        StripeIndex idx = orc.stripeIndex(s);
        indexes.add(idx);
        for (int c = 0; c < columns.size(); c++) {
          RowIndex ri = idx.rowIndex(c);
          assertThat(ri).as("row index of column %d, %s", c, what).isNotNull();
          assertThat(ri.entries()).hasSize(idx.rowGroupCount());
          addsUp(what + " stripe " + s + " column " + c, ri, stripeStats.get(s).get(c));
        }
      }
      everyValueMightBeContained(orc, indexes, schema, what);
    }
  }

  /** Row groups' counts add up to the stripe's; their bounds bound it exactly. */
  private static void addsUp(String what, RowIndex index, ColumnStatistics stripe) {
    long count = 0;
    boolean hasNull = false;
    Comparable<Object> min = null;
    Comparable<Object> max = null;
    for (var e : index.entries()) {
      ColumnStatistics g = e.statistics();
      count += g.numberOfValues();
      hasNull |= g.hasNull();
      min = least(min, comparable(g.minimum()), -1);
      max = least(max, comparable(g.maximum()), 1);
    }
    assertThat(count).as(what).isEqualTo(stripe.numberOfValues());
    assertThat(hasNull).as(what).isEqualTo(stripe.hasNull());
    if (comparable(stripe.minimum()) != null) {
      assertThat(min).as(what + " minimum").isEqualTo(stripe.minimum());
      assertThat(max).as(what + " maximum").isEqualTo(stripe.maximum());
    }
  }

  /** Bounds of kinds whose order is Java's (strings compare by bytes, doubles may be NaN). */
  @SuppressWarnings("unchecked")
  private static Comparable<Object> comparable(Object o) {
    return o instanceof Long || o instanceof java.math.BigDecimal
        || o instanceof java.time.LocalDate || o instanceof java.time.LocalDateTime
        ? (Comparable<Object>) o : null;
  }

  private static Comparable<Object> least(Comparable<Object> a, Comparable<Object> b, int sign) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return Integer.signum(b.compareTo(a)) == sign ? b : a;
  }

  /** Reads every row and probes its values in the filter of its row group. */
  private static void everyValueMightBeContained(OrcReader orc, List<StripeIndex> indexes,
      Type schema, String what) throws IOException {
    long[] firstRows = new long[indexes.size() + 1];
    for (int s = 0; s < indexes.size(); s++) {
      firstRows[s + 1] = firstRows[s] + indexes.get(s).rows();
    }
    int[] ids = new int[schema.children().size()];
    for (int i = 1; i < ids.length; i++) {
      ids[i] = ids[i - 1] + schema.child(i - 1).columnCount();
    }
    long row = 0;
    int probed = 0;
    try (BatchReader rows = orc.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC))) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        for (int i = 0; i < b.size; i++, row++) {
          int s = 0;
          while (firstRows[s + 1] <= row) {
            s++;
          }
          StripeIndex idx = indexes.get(s);
          int g = (int) ((row - firstRows[s]) / idx.rowIndexStride());
          for (int f = 0; f < ids.length; f++) {
            Type t = schema.child(f);
            BloomFilterIndex filters = idx.bloomFilters(ids[f] + 1);
            if (!t.children().isEmpty() || t.kind() == TypeKind.BOOLEAN) {
              assertThat(filters).as("%s filter of %s", what, t).isNull();
              continue;
            }
            assertThat(filters).as("%s filter of %s", what, t).isNotNull();
            ColumnVector v = b.cols[f];
            if (!v.noNulls && v.isNull[i]) {
              continue;
            }
            assertThat(mightContain(filters.filter(g), t, v, i))
                .as("%s: row %d (stripe %d, row group %d) of %s in its filter", what, row, s, g,
                    t).isTrue();
            probed++;
          }
        }
      }
    }
    assertThat(probed).as(what).isPositive();
  }

  private static boolean mightContain(ColumnBloomFilter f, Type t, ColumnVector v, int i) {
    switch (t.kind()) {
      case BYTE: case SHORT: case INT: case LONG:
        return f.mightContainLong(((LongVector) v).vector[i]);
      case DATE:
        return f.mightContainDate(((LongVector) v).vector[i]);
      case FLOAT: case DOUBLE:
        return f.mightContainDouble(((DoubleVector) v).vector[i]);
      case DECIMAL:
        return f.mightContainDecimal(((DecimalVector) v).get(i));
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        // the reader gives the wall clock (TIMESTAMP) or the instant, the frames the filters use
        TimestampVector ts = (TimestampVector) v;
        return f.mightContainTimestamp(TimestampStats.javaMillis(ts.seconds[i], ts.nanos[i]));
      }
      default: {
        BytesVector bytes = (BytesVector) v;
        return f.mightContainBytes(bytes.vector[i], bytes.start[i], bytes.length[i]);
      }
    }
  }

  @Test
  void filtersOfOrcCppWithBadIntegerHashingAreNotUsed() throws IOException {
    for (String name : List.of("bad_bloom_filter_1.6.0.orc", "bad_bloom_filter_1.6.11.orc")) {
      Path file = SharedData.orcExamples().resolve(name);
      try (OrcReader orc = OrcReader.open(InputFile.local(file))) {
        StripeIndex idx = orc.stripeIndex(0);
        int withFilters = 0;
        for (int c = 1; c < orc.schema().columnCount(); c++) {
          String reason = idx.bloomFilterReason(c);
          if (reason.contains("no bloom filters")) {
            continue;
          }
          withFilters++;
          assertThat(reason).as(name).contains("ORC-1024");
          assertThat(idx.bloomFilters(c)).as(name).isNull();
          assertThat(idx.rowIndex(c)).as(name).isNotNull(); // the row index is fine
        }
        assertThat(withFilters).as(name + " has BLOOM_FILTER_UTF8 streams").isPositive();
      }
    }
  }
}
