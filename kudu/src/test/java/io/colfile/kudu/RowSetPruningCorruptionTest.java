package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.kudu.CFileRoundTripRowSetTest.Table;
import io.colfile.kudu.Damages.Damage;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetManifest;
import io.colfile.kudu.rowset.RowSetReader;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads that seek through the key index and probe the bloom filter, over rowsets whose key
 * index (the key column's file, or the ad-hoc index) or bloom filter is damaged as the
 * corruption suite damages CFiles ({@link Damages}): every read ends in its rows or a {@link
 * CorruptFileException} (or UnsupportedFeatureException), never another exception or a hang; a
 * byte flipped under a checksum never gives wrong rows.
 */
@ExtendWith(TestSeed.class)
class RowSetPruningCorruptionTest {
  private static final boolean EXHAUSTIVE = CFileRoundTripTest.EXHAUSTIVE;

  @TempDir Path tmp;

  record Case(boolean composite, String file, boolean checksums) {}

  static Stream<Case> cases() {
    List<Case> out = new ArrayList<>();
    for (boolean composite : new boolean[] {false, true}) {
      for (String file : new String[] {"key index", "bloom"}) {
        for (boolean checksums : new boolean[] {true, false}) {
          out.add(new Case(composite, file, checksums));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @Timeout(600)
  void damagedKeyFilesGiveRowsOrCorruptFileException(Case c) throws IOException {
    Random r = TestSeed.random("pruning damage " + c, 0);
    List<KuduColumn> cols = new ArrayList<>(List.of(
        KuduColumn.of("k", 0, c.composite() ? KuduType.STRING : KuduType.INT64, false, true),
        KuduColumn.of("v", 1, KuduType.INT32, true, false)));
    if (c.composite()) {
      cols.add(KuduColumn.of("k2", 2, KuduType.INT32, false, true));
    }
    KuduSchema schema = new KuduSchema(cols, c.composite() ? List.of("k", "k2") : List.of("k"));
    Table table = new Table(schema, c.composite() ? new int[] {0, 2} : new int[] {0});
    Path dir = tmp.resolve("rs");
    CFileRoundTripRowSetTest.write(dir, table, CFileRoundTripRowSetTest.rows(table, r, 400),
        RowSetWriterOptions.defaults().withChecksums(c.checksums()).withDefaultBlockSize(64),
        r);
    String name = damagedFile(dir, schema, c);
    Type type = schema.rowType();
    List<Object> all;
    try (RowSetReader reader = RowSetReader.openDirectory(dir)) {
      all = Rows.readAll(reader.read(ReadOptions.defaults()));
    }
    KeyPredicates gen = new KeyPredicates(r, type, schema.keyColumns(), all);
    List<Predicate> predicates = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      predicates.add(gen.next());
    }
    byte[] bytes = Files.readAllBytes(dir.resolve(name));
    List<Damage> damages = new ArrayList<>(Damages.of(name, bytes, r, false));
    Collections.shuffle(damages, r);
    int tried = 0;
    for (Damage d : damages.subList(0, Math.min(damages.size(), EXHAUSTIVE ? 2000 : 25))) {
      Path copy = tmp.resolve("damaged-" + tried++);
      Files.createDirectory(copy);
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : files.toList()) {
          Files.copy(f, copy.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
      }
      Files.write(copy.resolve(name), d.bytes());
      for (Predicate p : predicates) {
        String what = c + ", " + d.what() + ", " + p + ": " + TestSeed.replay();
        try (RowSetReader reader = RowSetReader.openDirectory(copy);
            BatchReader rows = reader.read(ReadOptions.defaults().withFilter(p))) {
          List<Object> got = Rows.readAll(rows);
          if (d.rule() == Damages.Rule.CHECKSUM_OF_BLOCK && c.checksums()) {
            assertThat(got).as(what).isEqualTo(ReferenceEvaluator.filter(p, type, all));
          }
        } catch (CorruptFileException | UnsupportedFeatureException expected) {
          // what damage should end in
        } catch (RuntimeException | IOException | Error e) {
          throw new AssertionError(what + ": " + e, e);
        }
      }
    }
  }

  /** The name of the file the case damages. */
  private static String damagedFile(Path dir, KuduSchema schema, Case c) throws IOException {
    RowSetManifest.Contents m;
    try (InputStream in = Files.newInputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      m = RowSetManifest.read(in, "rowset.json");
    }
    if (c.file().equals("bloom")) {
      return m.files().bloom();
    }
    return c.composite() ? m.files().adhocIndex()
        : m.files().columns().get(schema.column("k").id());
  }
}
