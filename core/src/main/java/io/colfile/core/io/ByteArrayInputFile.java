package io.colfile.core.io;

import java.io.EOFException;

/** An {@link InputFile} over bytes in memory. */
final class ByteArrayInputFile implements InputFile {
  private final String name;
  private final byte[] bytes;

  ByteArrayInputFile(String name, byte[] bytes) {
    this.name = name;
    this.bytes = bytes;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return bytes.length;
  }

  @Override
  public void readFully(long position, byte[] dst, int offset, int len) throws EOFException {
    if (position < 0 || len < 0 || position > bytes.length - (long) len) {
      throw new EOFException(
          String.format("%s: read of %d bytes at %d is outside the file's %d bytes",
              name, len, position, bytes.length));
    }
    System.arraycopy(bytes, (int) position, dst, offset, len);
  }

  @Override
  public String toString() {
    return name;
  }
}
