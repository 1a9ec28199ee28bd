package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.bloom.BloomFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A Kudu BloomFile (a rowset's key bloom filter), whole, from bytes: its CFile framing, the
 * bloom filter blocks the value index finds, and probes for a few keys.
 */
class KuduBloomFileFuzzTest {
  private static final String[] KEYS = {"", "a", "key-1", "\u00ff\u00ff\u00ff\u00ff"};

  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu BloomFile", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    try (BloomFile f = BloomFile.open(InputFile.of("fuzz.bloom", bytes))) {
      for (String k : KEYS) {
        try {
          f.mayContain(k.getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException refused) {
          // next key
        }
      }
      f.file().layout();
    }
  }
}
