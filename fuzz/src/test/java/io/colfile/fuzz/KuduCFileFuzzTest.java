package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.KuduTypes;
import java.io.IOException;

/**
 * A Kudu CFile, whole, from bytes: the header and footer (protobuf), the positional and value
 * index trees, the dictionary, and every data block through the decompressors and block
 * decoders, once through the format's reader (checksums verified where the file has them) and
 * once with checksums off, so that damage behind a checksum reaches the decoders too: a cursor
 * reads every value, seeks by ordinal through the positional index and by key through the
 * value index.
 */
class KuduCFileFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu CFile", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    try (FileReader r = ColFile.format("kudu").open(InputFile.of("fuzz.cfile", bytes))) {
      FileSteps.read(r);
    } catch (IOException refused) {
      // the unchecked read still runs
    }
    try (CFile f = CFile.open(InputFile.of("fuzz.cfile", bytes), false)) {
      cursor(f);
    }
  }

  private static void cursor(CFile f) throws IOException {
    f.header();
    f.footer();
    f.numValues();
    f.isNullable();
    ColumnBatch batch = new ColumnBatch(KuduTypes.toType(f.dataType()), 1024);
    try {
      f.dictionary();
    } catch (IOException refused) {
      // next step
    }
    try {
      CFileCursor c = f.newCursor();
      c.seekToFirst();
      for (int i = 0; i < 10_000 && c.hasNext(); i++) {
        batch.size = c.read(batch.cols[0], 0, 1024);
        batch.validate();
      }
    } catch (IOException refused) {
      // next step
    }
    try {
      CFileCursor c = f.newCursor();
      if (c.seekToOrdinal(Math.max(0, f.numValues() / 2)) && c.hasNext()) {
        c.read(batch.cols[0], 0, 1);
      }
    } catch (IOException refused) {
      // next step
    }
    // a value seek is for files with a value index over non-null values (key columns, delta
    // and bloom files): CFileCursor says it throws IllegalStateException otherwise
    if (f.valueIndex() != null && !f.isNullable()) {
      CFileCursor c = f.newCursor();
      if (c.seekAtOrAfter(new byte[] {'m'}) && c.hasNext()) {
        c.read(batch.cols[0], 0, 1);
      }
    }
  }
}
