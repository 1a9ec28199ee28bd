package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * seekToRow on seeded random files colfile wrote (every type under every codec, nesting, nulls,
 * strides 0 to 10,000, several stripes, small chunks): the rows after a seek must be the rows
 * from that row on. Rows on the edges are always among those sought: the first and last of each
 * stripe and row group and their neighbours, and rows past the end.
 */
@ExtendWith(TestSeed.class)
class SeekToRowTest {
  private static final int[] SIZES = {1, 999, 1000, 1001, 2500, 4321, 7000, 12_345};

  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 150 : 20);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void seekingEqualsReadingFromTheStart(int index) throws IOException {
    Random r = TestSeed.random("seek-to-row-" + index, 0);
    Type schema = everyType(index) ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 5);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, codec(index))
        .toBuilder()
        .stripeSize(r.nextBoolean() ? 16 * 1024 : 256 * 1024)
        .memoryCheckRows(new int[] {500, 1000, 3000}[r.nextInt(3)])
        .rowIndexStride(new int[] {0, 1000, 1000, 2000, 3000, 10_000}[r.nextInt(6)])
        .build();
    int rows = everyType(index) ? 6000 : SIZES[r.nextInt(SIZES.length)];
    WrittenFile f = WrittenFile.write(dir.resolve("case-" + index + ".orc"), r, schema, options,
        rows);
    checkSeeks(f.path(), f.lines(), r, f.describe() + "; " + TestSeed.replay());
  }

  /** Every fourth case has a column of every type. */
  private static boolean everyType(int index) {
    return index % 4 == 0;
  }

  /**
   * The codec of case {@code index} ({@code RandomWriterOptions} takes codec {@code i % 5}):
   * the every-type cases take the five codecs in turn, as do the others, so any 20 consecutive
   * cases have every type under every codec.
   */
  private static int codec(int index) {
    return everyType(index) ? index / 4 : index;
  }

  @Test
  void everyCodecMeetsEveryType() {
    java.util.Set<Integer> codecs = new java.util.TreeSet<>();
    cases().filter(SeekToRowTest::everyType).forEach(i -> codecs.add(codec(i) % 5));
    assertThat(codecs).containsExactly(0, 1, 2, 3, 4);
    java.util.Set<Integer> others = new java.util.TreeSet<>();
    cases().filter(i -> !everyType(i)).forEach(i -> others.add(codec(i) % 5));
    assertThat(others).containsExactly(0, 1, 2, 3, 4);
  }

  /** Seeks to edge rows and random rows in random order, each checked against {@code lines}. */
  static void checkSeeks(Path path, List<String> lines, Random r, String what)
      throws IOException {
    try (OrcReader orc = OrcReader.open(InputFile.local(path));
         BatchReader rows = orc.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC)
             .withBatchSize(1 + r.nextInt(r.nextBoolean() ? 100 : 3000)))) {
      List<Long> targets = new ArrayList<>(edgeRows(orc, r));
      java.util.Collections.shuffle(targets, r);
      ColumnBatch batch = rows.newBatch();
      for (long target : targets) {
        rows.seekToRow(target);
        int want = (int) Math.min(1 + r.nextInt(2500), Math.max(0, lines.size() - target));
        List<String> got = WrittenFile.read(rows, batch, want);
        int n = Math.min(got.size(), lines.size() - (int) Math.min(target, lines.size()));
        assertThat(got.size()).as("rows after seeking to %d in %s", target, what)
            .isGreaterThanOrEqualTo(want).isEqualTo(n);
        for (int i = 0; i < n; i++) {
          assertThat(got.get(i)).as("row %d after seeking to %d in %s", target + i, target,
              what).isEqualTo(lines.get((int) target + i));
        }
      }
    }
  }

  /** Every stripe's and row group's first and last rows and their neighbours, and random rows. */
  private static TreeSet<Long> edgeRows(OrcReader orc, Random r) {
    TreeSet<Long> rows = new TreeSet<>();
    long total = orc.numberOfRows();
    long first = 0;
    int stride = orc.rowIndexStride();
    for (StripeInformation s : orc.stripes()) {
      for (long g = first; g < first + s.numberOfRows(); g += stride > 0 ? stride : total + 1) {
        for (long d = -1; d <= 1; d++) {
          rows.add(Math.max(0, g + d));
        }
      }
      first += s.numberOfRows();
      rows.add(Math.max(0, first - 1));
    }
    for (int i = 0; i < 12; i++) {
      rows.add((long) r.nextInt((int) total + 1));
    }
    rows.add(total);
    rows.add(total + 5);
    if (rows.size() > 60) { // large files: a random sample of the edges
      List<Long> all = new ArrayList<>(rows);
      java.util.Collections.shuffle(all, r);
      rows = new TreeSet<>(all.subList(0, 60));
    }
    return rows;
  }

  /**
   * The ORC example files (Java and C++ writers, 0.11 and 0.12, every codec, files with stride
   * 0, with a stride but no index streams, with PRESENT streams everywhere): the rows after a
   * seek must be those a read from the start returns at that row.
   */
  @TestFactory
  Stream<DynamicTest> seekingTheExampleFiles() throws IOException {
    Path dir = SharedData.orcExamples();
    boolean exhaustive = TestSeed.exhaustive();
    List<Path> files;
    try (Stream<Path> all = Files.list(dir)) {
      files = all.filter(p -> p.toString().endsWith(".orc"))
          .filter(p -> exhaustive || !p.getFileName().toString().startsWith("demo-"))
          .sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(25);
    return files.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
      List<String> lines = new ArrayList<>();
      try (OrcReader orc = OrcReader.open(InputFile.local(p));
           BatchReader rows = orc.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC))) {
        ColumnBatch b = rows.newBatch();
        while (rows.next(b)) {
          lines.addAll(WrittenFile.lines(b));
        }
      }
      Random r = TestSeed.random("seek-example-" + p.getFileName(), 0);
      checkSeeks(p, lines, r, p.getFileName() + "; " + TestSeed.replay());
    }));
  }

  @Test
  void negativeRowsAreRefused() throws IOException {
    Random r = TestSeed.random("seek-negative", 0);
    WrittenFile f = WrittenFile.write(dir.resolve("n.orc"), r, Type.parse("struct<a:int>"),
        OrcWriterOptions.defaults(), 10);
    try (OrcReader orc = OrcReader.open(InputFile.local(f.path()));
         BatchReader rows = orc.read(ReadOptions.defaults())) {
      assertThatThrownBy(() -> rows.seekToRow(-1)).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
