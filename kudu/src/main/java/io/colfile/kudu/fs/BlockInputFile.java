package io.colfile.kudu.fs;

import io.colfile.core.io.InputFile;
import java.io.EOFException;
import java.io.IOException;

/**
 * One block of a log block manager container: bytes {@code [offset, offset + length)} of the
 * container's data file, which this file owns and closes. Its name says which block of which
 * file it is, so errors found inside it can be placed (block offset plus offset in the block).
 */
final class BlockInputFile implements InputFile {
  private final InputFile data;
  private final String name;
  private final long offset;
  private final long length;

  BlockInputFile(InputFile data, long blockId, long offset, long length) {
    this.data = data;
    this.offset = offset;
    this.length = length;
    this.name = data.name() + " (block " + Long.toUnsignedString(blockId) + ", file offset "
        + offset + ", " + length + " bytes)";
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void readFully(long position, byte[] dst, int off, int len) throws IOException {
    if (position < 0 || len < 0 || position > length - len) {
      throw new EOFException(String.format("%s: read of %d bytes at %d is outside the block's"
          + " %d bytes", name, len, position, length));
    }
    data.readFully(offset + position, dst, off, len);
  }

  @Override
  public void close() throws IOException {
    data.close();
  }

  @Override
  public String toString() {
    return name;
  }
}
