package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A whole Kudu rowset directory ({@link DirArchive}: rowset.json, a CFile per column, the
 * BloomFile, the ad-hoc index of a composite key, REDO and UNDO DeltaFiles), any file of it
 * damaged, missing, cut short or swapped: opened as {@code ColFile.openDirectory} opens it, then
 * described, laid out and read whole, from the middle and filtered on its columns (the key
 * predicates go through the bloom filter and the key bounds); the deltas apply on the way.
 */
class KuduRowSetDirFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu rowset directory", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    Path dir = DirArchive.unpack(bytes);
    try (FileReader r = ColFile.openDirectory(dir)) {
      FileSteps.read(r);
      for (Predicate p : SchemaPredicates.forSchema(r.schema())) {
        try {
          FuzzTargets.readAll(r, ReadOptions.defaults().withFilter(p));
        } catch (IOException refused) {
          // the next step still runs
        }
      }
    } finally {
      DirArchive.delete(dir);
    }
  }
}
