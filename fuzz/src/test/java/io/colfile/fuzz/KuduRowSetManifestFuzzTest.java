package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.kudu.rowset.RowSetManifest;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * A rowset directory's manifest, {@code rowset.json}, from bytes: what is not a manifest colfile
 * wrote is a {@code CorruptFileException} naming the file. What it accepts writes back and reads back the same. (The CFiles it names are fuzzed one
 * by one in {@link KuduCFileFuzzTest} and the other Kudu targets.)
 */
class KuduRowSetManifestFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("rowset.json", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    RowSetManifest.Contents c =
        RowSetManifest.read(new ByteArrayInputStream(bytes), RowSetManifest.FILE_NAME);
    // what was accepted writes back, and reads back the same
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    RowSetManifest.write(c, out);
    RowSetManifest.Contents again = RowSetManifest.read(
        new ByteArrayInputStream(out.toByteArray()), "rewritten " + RowSetManifest.FILE_NAME);
    if (again.rows() != c.rows() || !again.files().equals(c.files())) {
      throw new AssertionError("manifest does not read back as written: " + c + " vs " + again);
    }
  }
}
