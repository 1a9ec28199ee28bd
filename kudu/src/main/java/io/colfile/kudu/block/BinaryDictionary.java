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

  private BinaryDictionary(BinaryPlainBlockDecoder block) {
    this.block = block;
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

  /** Points row {@code row} of {@code dst} at the string of a codeword already checked. */
  void setRef(BytesVector dst, int row, int codeword) {
    dst.setRef(row, block.buffer(), block.valueStart(codeword), block.valueLength(codeword));
  }
}
