package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.SoftReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * orc-core writes seeded random files (every type, nesting, nulls, every codec, several stripes
 * and row groups, dictionary and direct strings, RLE v1 and v2); colfile must print exactly the
 * lines rendered from the generated values. The self-check reads each file back with orc-core
 * and demands the same lines, which proves generator, writer set-up and renderer right on their
 * own, so a differential failure points at colfile.
 */
@ExtendWith(TestSeed.class)
class OrcCoreDifferentialTest {
  private static final int QUICK_FILES = 8;
  private static final int EXHAUSTIVE_FILES = 150;
  private static final Map<Integer, SoftReference<GeneratedFile>> FILES =
      new ConcurrentHashMap<>();
  private static Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? EXHAUSTIVE_FILES : QUICK_FILES);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void orcCoreReadsBackWhatWasGenerated(int index) throws IOException {
    GeneratedFile f = file(index);
    List<String> expected = ExpectedJson.lines(f.schema(), f.rows());
    List<String> actual = ExpectedJson.lines(f.schema(), OrcCoreFiles.read(f.path()));
    assertSameLines(f, "orc-core read-back", expected, actual);
  }

  /** colfile's reader alone: its vectors must hold the generated values, in varied batch sizes. */
  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void colfileVectorsHoldWhatOrcCoreWrote(int index) throws IOException {
    GeneratedFile f = file(index);
    Random r = TestSeed.random("colfile-vectors", index);
    List<String> expected = ExpectedJson.lines(f.schema(), f.rows());
    List<Object> all = ColfileReader.valuesWithColfile(f.path(), f.schema(), null,
        1 + r.nextInt(r.nextBoolean() ? 100 : 2000));
    assertSameLines(f, "colfile vectors, all columns", expected,
        ExpectedJson.lines(f.schema(), all));

    List<String> columns = projection(f, r);
    if (columns != null) {
      TypeDescription projected = ExpectedJson.project(f.schema(), columns);
      List<Object> some = ColfileReader.valuesWithColfile(f.path(), projected, columns,
          1 + r.nextInt(1024));
      assertSameLines(f, "colfile vectors, columns " + columns,
          ExpectedJson.lines(f.schema(), f.rows(), columns), ExpectedJson.lines(projected, some));
    }
  }

  /** The whole path of {@code colfile cat}: reader and JSON-lines printer. */
  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void colfilePrintsWhatOrcCoreWrote(int index) throws IOException {
    GeneratedFile f = file(index);
    List<String> expected = ExpectedJson.lines(f.schema(), f.rows());
    assertSameLines(f, "all columns", expected, ColfileReader.readWithColfile(f.path(), null));

    List<String> columns = projection(f, TestSeed.random("projection", index));
    if (columns != null) {
      assertSameLines(f, "columns " + columns,
          ExpectedJson.lines(f.schema(), f.rows(), columns),
          ColfileReader.readWithColfile(f.path(), columns));
    }
  }

  /** A random subset of a struct's top-level columns in random order, or null for none. */
  private static List<String> projection(GeneratedFile f, Random r) {
    TypeDescription schema = f.schema();
    if (schema.getCategory() != TypeDescription.Category.STRUCT
        || schema.getFieldNames().size() < 2) {
      return null;
    }
    List<String> names = new ArrayList<>(schema.getFieldNames());
    Collections.shuffle(names, r);
    return names.subList(0, 1 + r.nextInt(names.size() - 1));
  }

  /**
   * Each case's file is written once per run and shared by the tests that read it. The cache
   * holds the generated rows softly: the exhaustive set does not fit in memory at once, and a
   * collected case is simply made again (it derives from its seed alone, so it is the same).
   */
  private static GeneratedFile file(int index) {
    SoftReference<GeneratedFile> cached = FILES.get(index);
    GeneratedFile f = cached == null ? null : cached.get();
    if (f != null) {
      return f;
    }
    try {
      synchronized (OrcCoreDifferentialTest.class) {
        if (dir == null) {
          dir = Files.createTempDirectory("colfile-interop-");
        }
      }
      f = GeneratedFile.write(dir, index, TestSeed.exhaustive());
    } catch (IOException e) {
      throw new UncheckedIOException("writing case " + index + " with orc-core; "
          + TestSeed.replay(), e);
    }
    FILES.put(index, new SoftReference<>(f));
    return f;
  }

  @AfterAll
  static void deleteFiles() throws IOException {
    if (dir != null) {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(Collections.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** Names the first differing line instead of dumping thousands of them. */
  static void assertSameLines(GeneratedFile f, String what, List<String> expected,
      List<String> actual) {
    int n = Math.min(expected.size(), actual.size());
    for (int i = 0; i < n; i++) {
      if (!expected.get(i).equals(actual.get(i))) {
        fail(String.format("%s: line %d differs%n  expected %s%n  actual   %s%n  in %s", what,
            i + 1, expected.get(i), actual.get(i), f.describe()));
      }
    }
    assertThat(actual.size()).as("%s: number of lines in %s", what, f.describe())
        .isEqualTo(expected.size());
  }
}
