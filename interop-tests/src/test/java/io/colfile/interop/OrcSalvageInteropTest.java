package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.SalvageReport;
import io.colfile.orc.OrcReader;
import io.colfile.orc.OrcSalvage;
import io.colfile.orc.StripeInformation;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile salvages seeded random files orc-core wrote, one stripe's footer destroyed: orc-core
 * reads the salvaged file, and it and colfile both get exactly the rows of every other stripe,
 * in order, as orc-core reads them from the original (an intact file: all of them).
 */
@ExtendWith(TestSeed.class)
class OrcSalvageInteropTest {
  private static final AtomicInteger DAMAGED = new AtomicInteger();
  private static final AtomicInteger CUT = new AtomicInteger();
  @TempDir static Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 40 : 6);
  }

  @AfterAll
  static void someFileLostAStripe() {
    assertThat(DAMAGED.get()).as("files of several stripes salvaged, " + TestSeed.replay())
        .isPositive();
    assertThat(CUT.get()).as("files cut short salvaged, " + TestSeed.replay()).isPositive();
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void orcCoreReadsTheSalvagedFile(int index) throws IOException {
    GeneratedFile f = GeneratedFile.write(dir, index, true);
    Random r = TestSeed.random("salvage", index);
    List<StripeInformation> stripes;
    try (OrcReader orc = OrcReader.open(InputFile.local(f.path()))) {
      stripes = orc.stripes();
    }
    byte[] bytes = Files.readAllBytes(f.path());
    int lost = -1;
    if (stripes.size() > 1) {
      lost = r.nextInt(stripes.size());
      StripeInformation s = stripes.get(lost);
      long footer = s.offset() + s.indexLength() + s.dataLength();
      Arrays.fill(bytes, (int) footer, (int) (footer + s.footerLength()), (byte) 0xff);
      DAMAGED.incrementAndGet();
    }
    Path damaged = dir.resolve("damaged-" + index + ".orc");
    Files.write(damaged, bytes);
    Path out = dir.resolve("salvaged-" + index + ".orc");
    SalvageReport report = OrcSalvage.salvage(InputFile.local(damaged), OutputFile.local(out));

    List<Object> expected = new ArrayList<>();
    for (int i = 0; i < stripes.size(); i++) {
      if (i != lost) {
        expected.addAll(OrcCoreFiles.read(f.path(), stripes.get(i).offset(), 1));
      }
    }
    String what = "stripe " + lost + " of " + stripes.size() + " lost from " + f.describe()
        + "\n  " + report.summary();
    assertThat(report.rowsKept()).as(what).isEqualTo(expected.size());
    assertThat(report.complete()).as(what).isEqualTo(lost < 0);
    List<String> want = ExpectedJson.lines(f.schema(), expected);
    assertThat(ExpectedJson.lines(f.schema(), OrcCoreFiles.read(out))).as("orc-core: " + what)
        .isEqualTo(want);
    assertThat(ExpectedJson.lines(f.schema(), ColfileReader.valuesWithColfile(out, f.schema(),
        ReadOptions.defaults()))).as("colfile: " + what).isEqualTo(want);
  }

  /**
   * The same files cut short after their first stripe: salvaged without their tail (the
   * stripes scanned for with an intact copy's schema and codec), orc-core reads every stripe
   * wholly before the cut. Files that cannot be scanned are skipped in the loop: uncompressed
   * ones (no chunk headers), ones without a row index (no row counts), and ones whose root is
   * not a struct (its NULL values are rows the row index's counts leave out; the scan stops
   * there rather than guess).
   */
  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void orcCoreReadsWhatIsSalvagedOfAFileCutShort(int index) throws IOException {
    GeneratedFile f = GeneratedFile.write(dir, index, true);
    Random r = TestSeed.random("salvage-cut", index);
    List<StripeInformation> stripes;
    OrcSalvage.Guess guess;
    try (OrcReader orc = OrcReader.open(InputFile.local(f.path()))) {
      stripes = orc.stripes();
      guess = OrcSalvage.Guess.like(orc);
      if (stripes.isEmpty() || orc.rowIndexStride() == 0
          || orc.compression() == io.colfile.core.codec.CompressionCodec.NONE
          || orc.schema().kind() != io.colfile.core.types.TypeKind.STRUCT) {
        return; // nothing to scan for: see above
      }
    }
    byte[] bytes = Files.readAllBytes(f.path());
    long firstEnd = stripes.get(0).offset() + stripes.get(0).length();
    int cut = (int) (firstEnd + r.nextInt((int) (bytes.length - firstEnd)));
    Path damaged = dir.resolve("cut-" + index + ".orc");
    Files.write(damaged, Arrays.copyOf(bytes, cut));
    Path out = dir.resolve("salvaged-cut-" + index + ".orc");
    SalvageReport report;
    try {
      report = OrcSalvage.salvageWithoutTail(InputFile.local(damaged), OutputFile.local(out),
          guess);
    } catch (io.colfile.core.error.CorruptFileException e) {
      // the scan is a heuristic: where it finds no first stripe (seed B51612A170826036: a
      // snappy file whose first stripe's row counts it could not read) it says so, names the
      // file, and writes nothing; never a wrong row
      assertThat(e.getMessage()).contains("no stripe of the schema");
      assertThat(out).doesNotExist();
      return;
    }
    List<Object> expected = new ArrayList<>();
    for (StripeInformation s : stripes) {
      if (s.offset() + s.length() <= cut) {
        expected.addAll(OrcCoreFiles.read(f.path(), s.offset(), 1));
      }
    }
    String what = "cut at " + cut + " of " + bytes.length + ", " + stripes.size()
        + " stripes, " + f.describe() + "\n  " + report.summary();
    assertThat(report.rowsKept()).as(what).isEqualTo(expected.size());
    assertThat(ExpectedJson.lines(f.schema(), OrcCoreFiles.read(out))).as("orc-core: " + what)
        .isEqualTo(ExpectedJson.lines(f.schema(), expected));
    CUT.incrementAndGet();
  }
}
