package io.colfile.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.tablet.KuduServerDir;
import io.colfile.kudu.tablet.TableReader;
import io.colfile.kudu.wal.LogSegment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The committed corpora: every target has its seeds, and the seeds that are files are files the
 * readers accept (a corpus of files every reader refuses at once would fuzz nothing but the
 * first check). {@code -Dfuzz.writeSeeds=<resources dir>} rewrites the seeds ({@link
 * SeedCorpus}) before checking them.
 */
class SeedCorpusTest {
  /** The corpus directories, found on the test class path. */
  private static Path corpus(Class<?> target) throws Exception {
    var url = target.getResource(target.getSimpleName() + "Inputs/fuzz");
    assertThat(url).as("corpus of " + target.getSimpleName()).isNotNull();
    return Path.of(url.toURI());
  }

  private static List<Path> seeds(Class<?> target) throws Exception {
    try (Stream<Path> s = Files.list(corpus(target))) {
      return s.filter(p -> p.getFileName().toString().startsWith("seed-")).sorted().toList();
    }
  }

  @Test
  void everyTargetHasSeeds() throws Exception {
    String write = System.getProperty("fuzz.writeSeeds", "");
    if (!write.isEmpty()) {
      SeedCorpus.main(new String[] {write});
    }
    Map<Class<?>, Map<String, byte[]>> expected = SeedCorpus.all();
    for (var e : expected.entrySet()) {
      assertThat(seeds(e.getKey())).as(e.getKey().getSimpleName())
          .hasSizeGreaterThanOrEqualTo(Math.min(3, e.getValue().size()));
    }
  }

  @Test
  void fileSeedsReadCleanly() throws Exception {
    for (Class<?> target : List.of(OrcFileFuzzTest.class, TrevniFileFuzzTest.class,
        KuduCFileFuzzTest.class)) {
      for (Path p : seeds(target)) {
        try (FileReader r = ColFile.open(InputFile.of(p.toString(), Files.readAllBytes(p)))) {
          long rows = FuzzTargets.readAll(r, ReadOptions.defaults());
          assertThat(rows).as(p.toString()).isEqualTo(r.numberOfRows());
        } catch (IOException e) {
          throw new AssertionError(p + " is refused", e);
        }
      }
    }
  }

  @Test
  void directoryAndLogSeedsReadCleanly() throws Exception {
    for (Path p : seeds(KuduRowSetDirFuzzTest.class)) {
      Path dir = DirArchive.unpack(Files.readAllBytes(p));
      try (FileReader r = ColFile.openDirectory(dir)) {
        assertThat(r.numberOfRows()).as(p.toString()).isPositive();
        assertThat(FuzzTargets.readAll(r, ReadOptions.defaults())).as(p.toString())
            .isEqualTo(r.numberOfRows());
      } finally {
        DirArchive.delete(dir);
      }
    }
    for (Path p : seeds(KuduLogSegmentFuzzTest.class)) {
      LogSegment s = LogSegment.read(InputFile.of(p.toString(), Files.readAllBytes(p)));
      // three writes (rows in the client's wire form, which the target decodes) and two commits
      assertThat(s.entries()).as(p.toString()).hasSize(5);
      assertThat(s.end()).as(p.toString()).doesNotContain("torn").doesNotContain("damaged");
    }
    for (Path p : seeds(KuduTabletServerFuzzTest.class)) {
      Path dir = DirArchive.unpack(Files.readAllBytes(p));
      try {
        KuduServerDir server = KuduServerDir.open(dir, List.of());
        try (TableReader t = server.openTable("t", -1, false)) {
          // 20 flushed rows, one deleted by the REDO DeltaFile; the log inserts 3, deletes
          // one of them, and holds one insert never committed (replayed as Kudu replays it)
          assertThat(FuzzTargets.readAll(t, ReadOptions.defaults())).as(p.toString())
              .isEqualTo(22);
          assertThat(t.damage()).as(p.toString()).isEmpty();
        }
      } finally {
        DirArchive.delete(dir);
      }
    }
  }

  @Test
  void seedsAreSmall() throws Exception {
    for (Class<?> target : SeedCorpus.all().keySet()) {
      for (Path p : seeds(target)) {
        assertThat(Files.size(p)).as(p.toString()).isLessThan(16 << 10);
      }
    }
  }
}
