package io.colfile.kudu.block;

import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.PhysicalType;

/**
 * DICT_ENCODING for BINARY, STRING and VARCHAR (cfile.md section 6.6): one encoder per CFile,
 * keeping the file's dictionary across its data blocks.
 *
 * <pre>
 * DictDataBlock ::= mode:u32le = 1 | BitShuffleBlock of UINT32 codewords (elem_size 1, 2 or 4)
 *                 | mode:u32le = 2 | BinaryPlainBlock of the strings themselves
 * DictionaryBlock ::= BinaryPlainBlock, ordinal_pos 0, the distinct strings in first-seen
 *                     order; codeword i = string i
 * </pre>
 *
 * Blocks start in codeword mode. The dictionary is full once its BINARY PLAIN estimate exceeds
 * the block size; the string that crosses the limit still goes in. From the block after the one
 * during which it filled, every data block is in plain mode (mode 2), whatever is in the
 * dictionary; there is no way back. The dictionary block is still written, with {@link
 * #dictionaryBlock()}, after all data blocks.
 *
 * <p>Unlike the other encoders, {@link #addBinary} follows Kudu's {@code AddCodeWords} within
 * one call, so that given Kudu's batches the blocks and the dictionary come out the same: once
 * the dictionary is full, values already in it are still coded until a new value (which stops
 * the call) or the end of the call; and when the codeword block fills mid-call, the next value
 * is still looked up and, if new and there is room, added to the dictionary though not to the
 * block. Either way the block is then full.
 */
public final class DictBlockEncoder extends BinaryBlockEncoder {
  private static final byte[] CODEWORD_MODE = {1, 0, 0, 0};
  private static final byte[] PLAIN_MODE = {2, 0, 0, 0};

  private final int blockSize;
  private final BinaryPlainBlockEncoder dictionary;
  private final CodewordTable codewords;
  private final BitShuffleBlockEncoder codewordBlock;
  private BinaryPlainBlockEncoder plainBlock;

  /** An encoder for blocks of about {@code blockSize} bytes, also the dictionary's limit. */
  public DictBlockEncoder(int blockSize) {
    super("DICT");
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size " + blockSize);
    }
    this.blockSize = blockSize;
    this.dictionary = new BinaryPlainBlockEncoder(blockSize);
    this.codewords = new CodewordTable(dictionary);
    this.codewordBlock = new BitShuffleBlockEncoder(PhysicalType.UINT32, blockSize);
  }

  @Override
  public int addBinary(BytesVector src, int row, int n) {
    if (plainBlock != null) {
      return plainBlock.addBinary(src, row, n);
    }
    int i = 0;
    for (; i < n; i++) {
      byte[] b = src.vector[row + i];
      int off = src.start[row + i];
      int len = src.length[row + i];
      int h = CodewordTable.hash(b, off, len);
      int cw = codewords.find(b, off, len, h);
      if (cw < 0) {
        if (dictionary.isFull()) {
          break;
        }
        cw = dictionary.count();
        dictionary.add(b, off, len);
        codewords.insert(cw, h);
      }
      if (codewordBlock.isFull()) {
        break;
      }
      codewordBlock.addUint32(cw);
    }
    return i;
  }

  @Override
  public boolean isFull() {
    return plainBlock != null ? plainBlock.isFull()
        : codewordBlock.isFull() || dictionary.isFull();
  }

  @Override
  public int count() {
    return plainBlock != null ? plainBlock.count() : codewordBlock.count();
  }

  /** True once data blocks are written in plain mode, i.e. the dictionary has filled. */
  public boolean isPlainMode() {
    return plainBlock != null;
  }

  /** The number of distinct strings in the dictionary so far. */
  public int dictionarySize() {
    return dictionary.count();
  }

  @Override
  public byte[] finish(long firstOrdinal) {
    byte[] mode = plainBlock != null ? PLAIN_MODE : CODEWORD_MODE;
    byte[] inner = plainBlock != null ? plainBlock.finish(firstOrdinal)
        : codewordBlock.finish(firstOrdinal);
    byte[] block = new byte[4 + inner.length];
    System.arraycopy(mode, 0, block, 0, 4);
    System.arraycopy(inner, 0, block, 4, inner.length);
    if (plainBlock == null && dictionary.isFull()) {
      plainBlock = new BinaryPlainBlockEncoder(blockSize);
    }
    return block;
  }

  /**
   * The dictionary block as it stands: a BINARY PLAIN block with ordinal 0. Kudu writes it after
   * the last data and index block, and points the footer's {@code dict_block_ptr} at it.
   */
  public byte[] dictionaryBlock() {
    return dictionary.toBlock(0);
  }
}
