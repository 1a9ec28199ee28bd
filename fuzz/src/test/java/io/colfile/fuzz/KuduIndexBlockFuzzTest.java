package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.index.IndexBlock;

/**
 * A Kudu index block (a CFile's positional or value index node), parsed from fuzzed bytes and
 * every entry's key and block pointer read. A block that is not one is a {@link
 * MalformedInputException}. Whole index trees are fuzzed through {@link KuduCFileFuzzTest}.
 */
class KuduIndexBlockFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu index block", false, () -> parse(bytes));
  }

  /** The target's body. */
  static void parse(byte[] bytes) {
    try {
      IndexBlock b = IndexBlock.parse(bytes, 0, bytes.length);
      b.isLeaf();
      for (int i = 0; i < b.count(); i++) {
        b.key(i);
        b.pointer(i);
      }
    } catch (MalformedInputException refused) {
      // a clean refusal
    }
  }
}
