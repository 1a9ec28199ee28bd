package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.PhysicalType;

/**
 * Reads DICT_ENCODING data blocks; see {@link DictBlockEncoder} for the layout. The mode word
 * decides, per block, between codewords (looked up in the file's {@link BinaryDictionary}; one
 * outside it is a {@link MalformedInputException}) and plain strings. Rows point into the
 * dictionary or the block.
 */
final class DictBlockDecoder implements BlockDecoder {
  private static final int SCRATCH = 1024;

  private final BinaryDictionary dictionary;
  private final BitShuffleBlockDecoder codewords;
  private final BlockDecoder inner;
  private int[] scratch;

  DictBlockDecoder(byte[] buf, int offset, int length, BinaryDictionary dictionary)
      throws MalformedInputException {
    if (length < 4) {
      throw new MalformedInputException(0, "DICT block of " + length
          + " bytes is shorter than its mode word");
    }
    this.dictionary = dictionary;
    int mode = Endian.getIntLE(buf, offset);
    if (mode != 1 && mode != 2) {
      throw new MalformedInputException(0, "DICT block mode " + Integer.toUnsignedString(mode)
          + " is neither 1 (codewords) nor 2 (plain)");
    }
    try {
      this.inner = mode == 1
          ? new BitShuffleBlockDecoder(PhysicalType.UINT32, buf, offset + 4, length - 4)
          : new BinaryPlainBlockDecoder(buf, offset + 4, length - 4);
    } catch (MalformedInputException e) {
      throw rebase(e);
    }
    this.codewords = mode == 1 ? (BitShuffleBlockDecoder) inner : null;
  }

  /** The inner block's offsets are relative to it; the block's start 4 bytes earlier. */
  private static MalformedInputException rebase(MalformedInputException e) {
    return new MalformedInputException(e.offset() + 4, e.getMessage(), e);
  }

  @Override
  public int count() {
    return inner.count();
  }

  @Override
  public long firstOrdinal() {
    return inner.firstOrdinal();
  }

  @Override
  public int position() {
    return inner.position();
  }

  @Override
  public void seek(int index) throws MalformedInputException {
    inner.seek(index);
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) {
    throw new IllegalStateException("DICT blocks hold byte strings");
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) throws MalformedInputException {
    if (codewords == null) {
      try {
        inner.readBinary(dst, row, n);
      } catch (MalformedInputException e) {
        throw rebase(e);
      }
      return;
    }
    Bytes.checkRead(codewords.position(), n, codewords.count());
    if (scratch == null) {
      scratch = new int[SCRATCH];
    }
    for (int done = 0; done < n; ) {
      int k = Math.min(SCRATCH, n - done);
      int first = codewords.position();
      try {
        codewords.readUint32(scratch, 0, k);
      } catch (MalformedInputException e) {
        throw rebase(e);
      }
      int bad = dictionary.setRefs(dst, row + done, scratch, k);
      if (bad >= 0) {
        codewords.seek(first + bad);
        throw new MalformedInputException(4, "DICT codeword "
            + Integer.toUnsignedString(scratch[bad]) + " of value " + (first + bad)
            + " is outside the dictionary of " + dictionary.size() + " strings");
      }
      done += k;
    }
  }
}
