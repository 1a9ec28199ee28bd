package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import java.io.IOException;

/**
 * An ORC file, whole, from bytes: the postscript, footer and metadata (the tail), every
 * stripe's footer and streams through each column's decoders (all columns, then the first
 * column alone), and reads with predicates on the file's own columns, which go through the
 * file's statistics, row indexes and bloom filters, whatever they claim. Each step runs even
 * when an earlier one refused the file.
 */
class OrcFileFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("ORC file", false, () -> read(bytes));
  }

  /** The target's body: open, describe, lay out, read, filter. */
  static void read(byte[] bytes) throws IOException {
    try (FileReader r = ColFile.format("orc").open(InputFile.of("fuzz.orc", bytes))) {
      FileSteps.read(r);
      if (!r.schema().fieldNames().isEmpty()) {
        try {
          FuzzTargets.readAll(r, ReadOptions.defaults().withColumnIndexes(0).withBatchSize(100));
        } catch (IOException refused) {
          // the next step still runs
        }
      }
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
