package io.colfile.core.io;

import java.util.Objects;

/**
 * One range of a file to read and where its bytes go: {@code length} bytes at {@code position}
 * into {@code buffer[offset...]}. It exists so that a source able to fetch several ranges at once
 * (an object store, Hadoop's vectored reads) can be given them together through {@link
 * InputFile#readRanges}.
 */
public record FileRange(long position, byte[] buffer, int offset, int length) {
  /** Checks the range against its buffer; the file's bounds are checked by the read. */
  public FileRange {
    Objects.requireNonNull(buffer, "buffer");
    if (position < 0 || length < 0 || offset < 0 || offset > buffer.length - length) {
      throw new IllegalArgumentException(String.format(
          "range of %d bytes at %d into buffer[%d..] of %d bytes", length, position, offset,
          buffer.length));
    }
  }

  /** A range read into a new array of its own length. */
  public static FileRange of(long position, int length) {
    return new FileRange(position, new byte[length], 0, length);
  }
}
