package io.colfile.kudu.block;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import java.util.Arrays;

/**
 * The decoded dictionary of a DICT_ENCODING CFile (cfile.md section 6.6): the strings of its
 * dictionary block, a BINARY PLAIN block (section 6.5) written last and found through the
 * footer's {@code dict_block_ptr}; codeword i is string i. Built once per file and shared by the
 * decoders of all its data blocks, which point rows into it.
 *
 * <p>The dictionary keeps a reference to the block's bytes and does not copy them: leave the
 * array unchanged while the dictionary or rows read through it are in use. Immutable, so it may
 * be shared between threads.
 */
public final class BinaryDictionary {
  private final BinaryPlainBlockDecoder block;
  /**
   * Where string i starts in the block's array ({@code [2i]}) and its length ({@code [2i + 1]}):
   * side by side, so that a row costs one cache line however large the dictionary.
   */
  private final int[] refs;

  private BinaryDictionary(BinaryPlainBlockDecoder block) {
    this.block = block;
    int n = block.count();
    this.refs = new int[2 * n];
    for (int i = 0; i < n; i++) {
      refs[2 * i] = block.valueStart(i);
      refs[2 * i + 1] = block.valueLength(i);
    }
  }

  /**
   * The dictionary held by the (decompressed) dictionary block in {@code buf[offset, offset +
   * length)}.
   *
   * @throws MalformedInputException if those bytes are not a BINARY PLAIN block
   */
  public static BinaryDictionary decode(byte[] buf, int offset, int length)
      throws MalformedInputException {
    java.util.Objects.checkFromIndexSize(offset, length, buf.length);
    return new BinaryDictionary(new BinaryPlainBlockDecoder(buf, offset, length));
  }

  /** The number of strings, codewords 0 to size() - 1. */
  public int size() {
    return block.count();
  }

  /** The string of {@code codeword}, as a new array. */
  public byte[] get(int codeword) {
    java.util.Objects.checkIndex(codeword, size());
    int start = block.valueStart(codeword);
    return Arrays.copyOfRange(block.buffer(), start, start + block.valueLength(codeword));
  }

  /**
   * Points rows {@code row} to {@code row + n - 1} of {@code dst} at the strings of {@code
   * codes[0, n)}, or returns the index in {@code codes} of the first codeword outside the
   * dictionary (as unsigned), the rows before it set; returns -1 when all are.
   */
  int setRefs(BytesVector dst, int row, int[] codes, int n) {
    int[] r = refs;
    int size = r.length >>> 1;
    // A codeword c is in range when c and size - 1 - c are both non-negative: one OR over the
    // batch (which the JIT vectorizes) clears the sign bit only if all are.
    int any = 0;
    for (int i = 0; i < n; i++) {
      int cw = codes[i];
      any |= cw | (size - 1 - cw);
    }
    int good = n;
    if (any < 0) {
      good = 0;
      while (Integer.compareUnsigned(codes[good], size) < 0) {
        good++;
      }
    }
    dst.setBuffer(row, good, block.buffer());
    int[] st = dst.start;
    int[] ln = dst.length;
    for (int i = 0; i < good; i++) {
      int cw = codes[i];
      st[row + i] = r[2 * cw];
      ln[row + i] = r[2 * cw + 1];
    }
    return good == n ? -1 : good;
  }
}
