package io.colfile.kudu.block;

import io.colfile.core.error.MalformedInputException;

/**
 * What every block decoder keeps: the block's value count and first ordinal, read from its
 * header when it is opened, and the position of the next value. Decoders whose values can be
 * reached directly keep the default {@link #seek}; the others override it.
 */
abstract class AbstractBlockDecoder implements BlockDecoder {
  /** Values in the block, set by the constructor from the block's header. */
  protected int count;
  /** The ordinal of the block's first row, set by the constructor from the block's header. */
  protected long firstOrdinal;
  /** The next value to read. */
  protected int pos;

  @Override
  public final int count() {
    return count;
  }

  @Override
  public final long firstOrdinal() {
    return firstOrdinal;
  }

  @Override
  public final int position() {
    return pos;
  }

  @Override
  public void seek(int index) throws MalformedInputException {
    Bytes.checkIndex(index, count);
    pos = index;
  }
}
