package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.orc.OrcReader;
import io.colfile.orc.StripeInformation;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's byte-range splits ({@link ReadOptions#withSplit}) against orc-core's ({@code
 * reader.rows(reader.options().range(offset, length))}): for seeded random files written by
 * orc-core and the same rows written by colfile, splits at random bytes, at stripe offsets and
 * beside them return the same rows from both readers.
 */
@ExtendWith(TestSeed.class)
class OrcSplitDifferentialTest {
  private static final AtomicInteger MULTI_STRIPE_SPLITS = new AtomicInteger();
  @TempDir static Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 60 : 8);
  }

  @AfterAll
  static void someSplitCutAFile() {
    // the comparison would prove little if no split cut a file between stripes
    assertThat(MULTI_STRIPE_SPLITS.get()).as("splits of files of several stripes").isPositive();
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void splitsReturnWhatOrcCoreRangesReturn(int index) throws IOException {
    GeneratedFile f = GeneratedFile.write(dir, index, true);
    Path ours = dir.resolve("colfile-" + index + ".orc");
    OrcWriterDifferentialTest.writeWithColfile(ours, f.schema(), f.rows(), f.options(),
        f.path(), TestSeed.random("split-batches", index));
    Random r = TestSeed.random("split-ranges", index);
    compare("orc-core's " + f.describe(), f, f.path(), r);
    compare("colfile's " + f.describe(), f, ours, r);
  }

  private static void compare(String what, GeneratedFile f, Path path, Random r)
      throws IOException {
    List<StripeInformation> stripes;
    long length;
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      stripes = orc.stripes();
      length = orc.fileLength();
    }
    TreeSet<Long> cuts = new TreeSet<>(List.of(0L, length));
    for (int i = r.nextInt(5); i > 0; i--) {
      cuts.add((long) r.nextInt((int) length));
    }
    for (int i = Math.min(stripes.size(), 4); i > 0; i--) {
      cuts.add(stripes.get(r.nextInt(stripes.size())).offset() + r.nextInt(3) - 1);
    }
    List<Long> bounds = new ArrayList<>(cuts);
    for (int i = 0; i + 1 < bounds.size(); i++) {
      long start = Math.max(0, bounds.get(i));
      long len = bounds.get(i + 1) - start;
      List<Object> theirs = OrcCoreFiles.read(path, start, len);
      List<Object> mine = ColfileReader.valuesWithColfile(path, f.schema(),
          ReadOptions.defaults().withBatchSize(1 + r.nextInt(2000)).withSplit(start, len));
      assertThat(ExpectedJson.lines(f.schema(), mine))
          .as("split [%d, +%d) of %d stripes of %s", start, len, stripes.size(), what)
          .isEqualTo(ExpectedJson.lines(f.schema(), theirs));
      if (stripes.size() > 1) {
        MULTI_STRIPE_SPLITS.incrementAndGet();
      }
    }
  }
}
