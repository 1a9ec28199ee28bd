package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.FileDamage;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Damaged copies of the example files: truncated at every structural boundary and at random
 * points, and with bytes flipped in the tail and the stripes. Reading them may only succeed
 * (ORC has no checksums, so some damage decodes cleanly) or throw {@link CorruptFileException};
 * never another exception, a hang, or an allocation the small test heap cannot hold.
 */
class CorruptionTest {
  /**
   * The two demo files hold 1.9 million rows each, so every damaged copy takes a while to read;
   * they repeat encodings that smaller files cover and join with {@code -Pexhaustive}.
   */
  private static final Set<String> SLOW = Set.of("demo-11-zlib.orc", "demo-12-zlib.orc");

  @TestFactory
  Stream<DynamicTest> damagedFilesFailCleanly() throws IOException {
    Path dir = SharedData.orcExamples();
    // a fixed set of damage unless -Dtests.seed asks for another; the line printed replays it
    long seed = TestSeed.given() ? TestSeed.seed() : 0x0c0ffeeL;
    String replay = "reproduce with -Dtests.seed=" + Long.toHexString(seed).toUpperCase();
    boolean exhaustive = TestSeed.exhaustive();
    List<String> names = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      files.filter(p -> p.toString().endsWith(".orc"))
          .map(p -> dir.relativize(p).toString())
          .filter(n -> exhaustive || !SLOW.contains(n))
          .filter(n -> !n.equals("zero.orc")) // nothing to truncate or flip
          .sorted().forEach(names::add);
    }
    assertThat(names).hasSizeGreaterThan(30);
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : names) {
      tests.add(DynamicTest.dynamicTest(name, () -> {
        byte[] original = Files.readAllBytes(dir.resolve(name));
        Random random = new Random(seed ^ name.hashCode());
        for (int cut : cutPoints(original, random)) {
          byte[] damaged = java.util.Arrays.copyOf(original, cut);
          String what = name + " truncated to " + cut + " bytes (" + replay + ")";
          check(what, damaged, true);
        }
        for (int i = 0; i < 120; i++) {
          byte[] damaged = original.clone();
          // Half the flips land in the last 300 bytes (postscript, footer, metadata).
          int pos = i % 2 == 0
              ? Math.max(0, original.length - 1 - random.nextInt(Math.min(300, original.length)))
              : random.nextInt(original.length);
          int flip = 1 + random.nextInt(255);
          damaged[pos] ^= (byte) flip;
          String what =
              String.format("%s with byte %d xor 0x%02x (%s)", name, pos, flip, replay);
          check(what, damaged, false);
        }
      }));
    }
    return tests.stream();
  }

  /** Every structural boundary the tail names, plus random points. */
  private static TreeSet<Integer> cutPoints(byte[] file, Random random) throws IOException {
    TreeSet<Integer> cuts = new TreeSet<>();
    int len = file.length;
    for (int c : new int[] {0, 1, 2, 3, 4, len - 1, len - 2, len - 3, len - 4}) {
      if (c > 0 && c < len) {
        cuts.add(c);
      }
    }
    try (OrcReader r = OrcReader.open(InputFile.of("original", file))) {
      int psLen = file[len - 1] & 0xff;
      long footerLen = r.tail().postScript.footerLength();
      long metaLen = r.tail().postScript.metadataLength();
      long footerStart = len - 1 - psLen - footerLen;
      for (long c : new long[] {len - 1 - psLen, footerStart, footerStart - metaLen}) {
        cuts.add((int) c);
        cuts.add((int) c + 1);
      }
      List<StripeInformation> stripes = new ArrayList<>(r.stripes());
      java.util.Collections.shuffle(stripes, random);
      for (StripeInformation s : stripes.subList(0, Math.min(10, stripes.size()))) {
        cuts.add((int) s.offset());
        cuts.add((int) (s.offset() + s.indexLength()));
        cuts.add((int) (s.offset() + s.indexLength() + s.dataLength()));
        cuts.add((int) (s.offset() + s.length() - 1));
      }
    }
    for (int i = 0; i < 25; i++) {
      cuts.add(1 + random.nextInt(len - 1));
    }
    cuts.removeIf(c -> c <= 0 || c >= len);
    return cuts;
  }

  private static void check(String what, byte[] bytes, boolean mustFail) {
    Throwable thrown = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> readAll(bytes),
        what + " hung");
    if (thrown == null) {
      assertThat(mustFail).as(what + " read without error although bytes are missing")
          .isFalse();
      return;
    }
    if (!(thrown instanceof CorruptFileException)
        && !(thrown instanceof UnsupportedFeatureException)) {
      throw new AssertionError(what + " threw " + thrown + " instead of CorruptFileException",
          thrown);
    }
    assertThat(thrown.getMessage()).as(what).contains("damaged");
    if (thrown instanceof CorruptFileException c) {
      assertThat(c.fileOffset()).as("%s: the file offset of %s", what, c).isNotNegative();
    }
  }

  /**
   * Seeded damage of every kind ({@link FileDamage}: truncations, bit flips, zeroed, random and
   * varint-run ranges) to each example file and to the repository's sample: each copy either
   * reads exactly the rows the file claims or fails with a {@link CorruptFileException} that
   * names a file offset. A few hundred copies by default, many more with {@code -Pexhaustive}.
   */
  @TestFactory
  Stream<DynamicTest> everyKindOfDamageReadsExactlyOrNamesAnOffset() throws IOException {
    Path dir = SharedData.orcExamples();
    int perFile = TestSeed.exhaustive() ? 300 : 10;
    List<Path> files = new ArrayList<>();
    try (Stream<Path> all = Files.walk(dir)) {
      all.filter(p -> p.toString().endsWith(".orc"))
          .filter(p -> TestSeed.exhaustive() || !SLOW.contains(p.getFileName().toString()))
          .sorted().forEach(files::add);
    }
    files.add(Path.of("..", "testdata", "orc", "sample.orc")); // tests run in the module's dir
    List<DynamicTest> tests = new ArrayList<>();
    for (Path file : files) {
      if (!Files.isRegularFile(file) || Files.size(file) < 2) {
        continue;
      }
      String name = file.getFileName().toString();
      tests.add(DynamicTest.dynamicTest(name, () -> {
        byte[] original = Files.readAllBytes(file);
        Random random = TestSeed.random("everyKindOfDamage/" + name, 0);
        List<String> wrong = new ArrayList<>();
        for (FileDamage.Copy copy : FileDamage.copies(original, random, perFile, 400)) {
          String what = name + " " + copy.what() + " (" + TestSeed.replay() + ")";
          Throwable thrown = assertTimeoutPreemptively(Duration.ofSeconds(20),
              () -> readAll(copy.bytes()), what + " hung");
          if (thrown == null) {
            continue;
          }
          if (thrown instanceof CorruptFileException c) {
            if (c.fileOffset() < 0) {
              wrong.add(what + ": no file offset in " + c.getMessage());
            }
          } else if (!(thrown instanceof UnsupportedFeatureException)) {
            wrong.add(what + ": " + thrown);
          }
        }
        assertThat(wrong).as("damaged copies read wrongly").isEmpty();
      }));
    }
    return tests.stream();
  }

  private static Throwable readAll(byte[] bytes) {
    try (OrcReader r = OrcReader.open(InputFile.of("damaged", bytes));
         BatchReader rows = r.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC))) {
      r.stripeStatistics();
      r.statistics();
      ColumnBatch batch = rows.newBatch();
      long n = 0;
      while (rows.next(batch)) {
        batch.validate();
        n += batch.size;
      }
      if (n != r.numberOfRows()) {
        return new AssertionError("read " + n + " rows, the file claims " + r.numberOfRows());
      }
      return null;
    } catch (Throwable t) {
      return t;
    }
  }
}
