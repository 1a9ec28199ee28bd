package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import java.io.IOException;

/**
 * A Trevni file, whole, from bytes: the header (metadata, column descriptors and the Avro
 * schema text in it), every column's block index and blocks through the value decoders, and
 * reads with predicates on the file's own columns (Trevni skips blocks by their first values).
 */
class TrevniFileFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Trevni file", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    try (FileReader r = ColFile.format("trevni").open(InputFile.of("fuzz.trv", bytes))) {
      FileSteps.read(r);
      for (Predicate p : SchemaPredicates.forSchema(r.schema())) {
        try {
          FuzzTargets.readAll(r, ReadOptions.defaults().withFilter(p));
        } catch (IOException refused) {
          // the next step still runs
        }
      }
    }
  }
}
