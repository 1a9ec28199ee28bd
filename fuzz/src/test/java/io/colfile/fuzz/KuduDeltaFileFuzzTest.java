package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.delta.DeltaFile;
import io.colfile.kudu.delta.DeltaFileReader;
import java.io.IOException;

/**
 * A Kudu DeltaFile (REDO or UNDO), whole, from bytes: its delta stats, and every delta key and
 * row change list, through the format's reader (rows as colfile gives them) and through the
 * DeltaFile's own iterator, from the start and from the middle ordinal.
 */
class KuduDeltaFileFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu DeltaFile", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    try (DeltaFileReader r = DeltaFileReader.open(InputFile.of("fuzz.delta", bytes))) {
      FileSteps.read(r);
    } catch (IOException refused) {
      // the iterator still runs
    }
    try (DeltaFile f = DeltaFile.open(InputFile.of("fuzz.delta", bytes))) {
      f.stats();
      try {
        DeltaFile.Iterator it = f.iterator();
        for (int i = 0; i < 1_000_000 && it.next(); i++) {
          it.key();
          it.changes().updates();
        }
      } catch (IOException refused) {
        // next step
      }
      if (f.count() > 0) {
        DeltaFile.Iterator it = f.iteratorAt(f.count() / 2);
        if (it.next()) {
          it.changes();
        }
      }
      DeltaFile.Iterator it = f.iteratorFrom(1);
      if (it.next()) {
        it.changes();
      }
    }
  }
}
