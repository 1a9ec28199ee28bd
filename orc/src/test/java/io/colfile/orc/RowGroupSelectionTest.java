package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading a chosen set of row groups gives exactly the rows of those groups, in order, also
 * after seeks; the scan report counts the stripes and row groups read and skipped.
 */
@ExtendWith(TestSeed.class)
class RowGroupSelectionTest {
  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 80 : 10);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void chosenRowGroupsGiveTheirRows(int index) throws IOException {
    Random r = TestSeed.random("row-group-selection-" + index, 0);
    Type schema = index % 4 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 4);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(16 * 1024).memoryCheckRows(new int[] {1000, 2500}[r.nextInt(2)])
        .rowIndexStride(new int[] {0, 1000, 1000, 1500}[r.nextInt(4)]).build();
    WrittenFile f = WrittenFile.write(dir.resolve("case-" + index + ".orc"), r, schema, options,
        1 + r.nextInt(9000));
    String what = f.describe() + "; " + TestSeed.replay();

    Map<Integer, RowGroupSet> choice = new HashMap<>();
    List<String> expected = new ArrayList<>();
    long read = 0;
    long skipped = 0;
    int stripesRead = 0;
    try (OrcReader orc = OrcReader.open(InputFile.local(f.path()))) {
      long first = 0;
      for (int s = 0; s < orc.stripes().size(); s++) {
        StripeIndex stripeIndex = orc.stripeIndex(s);
        int groups = stripeIndex.rowGroupCount();
        boolean[] chosen = new boolean[groups];
        int mode = r.nextInt(4);
        for (int g = 0; g < groups; g++) {
          chosen[g] = mode == 0 || (mode != 1 && r.nextBoolean());
        }
        choice.put(s, RowGroupSet.of(chosen));
        long rows = orc.stripes().get(s).numberOfRows();
        for (int g = 0; g < groups; g++) {
          if (chosen[g]) {
            long from = first + stripeIndex.firstRow(g);
            long to = g + 1 < groups ? first + stripeIndex.firstRow(g + 1) : first + rows;
            expected.addAll(f.lines().subList((int) from, (int) to));
            read++;
          } else {
            skipped++;
          }
        }
        stripesRead += countTrue(chosen) > 0 ? 1 : 0;
        first += rows;
      }
      try (BatchReader rows = orc.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC)
          .withBatchSize(1 + r.nextInt(2000)), idx -> choice.get(idx.stripe()))) {
        List<String> got = WrittenFile.read(rows, rows.newBatch(), Integer.MAX_VALUE);
        assertThat(got).as(what).containsExactlyElementsOf(expected);
        ScanReport report = rows.report();
        assertThat(report.counts("row groups")).as(what)
            .isEqualTo(new ScanReport.Counts(read, skipped));
        assertThat(report.counts("stripes").read()).as(what).isEqualTo(stripesRead);
        assertThat(report.lines()).as(what).noneMatch(l -> l.contains("read whole"));
        assertThat(report.counts("stripes").total()).as(what).isEqualTo(orc.stripes().size());
      }
      // after a seek: the chosen rows from that row on
      try (BatchReader rows = orc.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC),
          idx -> choice.get(idx.stripe()))) {
        ColumnBatch batch = rows.newBatch();
        for (int k = 0; k < 5; k++) {
          long target = r.nextInt(f.lines().size() + 1);
          rows.seekToRow(target);
          List<String> want = chosenFrom(orc, choice, f.lines(), target);
          if (want.isEmpty()) {
            assertThat(rows.next(batch)).as("rows after seeking to %d in %s", target, what)
                .isFalse();
            continue;
          }
          List<String> got = WrittenFile.read(rows, batch, Math.min(want.size(), 3000));
          assertThat(got.subList(0, Math.min(got.size(), want.size())))
              .as("seek to %d in %s", target, what)
              .containsExactlyElementsOf(want.subList(0, Math.min(got.size(), want.size())));
          assertThat(got).as("seek to %d in %s", target, what).isNotEmpty();
        }
      }
    }
  }

  /** The lines of the chosen row groups from file row {@code target} on. */
  private static List<String> chosenFrom(OrcReader orc, Map<Integer, RowGroupSet> choice,
      List<String> lines, long target) {
    List<String> out = new ArrayList<>();
    long first = 0;
    int stride = orc.rowIndexStride();
    for (int s = 0; s < orc.stripes().size(); s++) {
      long rows = orc.stripes().get(s).numberOfRows();
      for (long row = Math.max(first, target); row < first + rows; row++) {
        int g = stride == 0 ? 0 : (int) ((row - first) / stride);
        if (choice.get(s).contains(g)) {
          out.add(lines.get((int) row));
        }
      }
      first += rows;
    }
    return out;
  }

  private static int countTrue(boolean[] b) {
    int n = 0;
    for (boolean x : b) {
      n += x ? 1 : 0;
    }
    return n;
  }

  @Test
  void rangesAndSetsSayWhatTheyHold() {
    RowGroupSet s = RowGroupSet.ranges(1, 3, 5, 6);
    assertThat(s.contains(0)).isFalse();
    assertThat(s.contains(1)).isTrue();
    assertThat(s.contains(2)).isTrue();
    assertThat(s.contains(3)).isFalse();
    assertThat(s.next(3, 10)).isEqualTo(5);
    assertThat(s.next(6, 10)).isEqualTo(-1);
    assertThat(s.count(10)).isEqualTo(3);
    assertThat(s.count(2)).isEqualTo(1);
    assertThat(RowGroupSet.all().next(4, 5)).isEqualTo(4);
    assertThat(RowGroupSet.all().next(5, 5)).isEqualTo(-1);
    assertThat(RowGroupSet.none().count(7)).isZero();
    assertThat(RowGroupSet.of(new boolean[] {false, true}).next(0, 2)).isEqualTo(1);
  }
}
