package io.colfile.core.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The smallest read seam that works: a named sequence of bytes with positional reads. Local
 * files are the default implementation; anything with random access (object stores, memory) can
 * implement it.
 */
public interface InputFile extends Closeable {
  /** A name for messages: the path as the user gave it, or a description. */
  String name();

  /** Length of the file in bytes. */
  long length() throws IOException;

  /**
   * Reads exactly {@code length} bytes at {@code position} into {@code dst[offset...]}.
   *
   * @throws java.io.EOFException if the file ends before {@code position + length}
   */
  void readFully(long position, byte[] dst, int offset, int length) throws IOException;

  /** Reads {@code length} bytes at {@code position} into a new array. */
  default byte[] read(long position, int length) throws IOException {
    byte[] buf = new byte[length];
    readFully(position, buf, 0, length);
    return buf;
  }

  /**
   * Reads every range into its buffer, as {@link #readFully} would one by one (which is what this
   * default does). A source that can fetch several ranges at once, merging neighbours or reading
   * them in parallel, overrides it; the ranges may overlap and come in any order, and the call
   * returns only when every buffer is filled.
   *
   * @throws java.io.EOFException if a range reaches past the end of the file
   */
  default void readRanges(List<FileRange> ranges) throws IOException {
    for (FileRange r : ranges) {
      readFully(r.position(), r.buffer(), r.offset(), r.length());
    }
  }

  @Override
  default void close() throws IOException {}

  /** Opens a local file for positional reads. */
  static InputFile local(Path path) throws IOException {
    return new LocalInputFile(path);
  }

  /** Wraps bytes held in memory. */
  static InputFile of(String name, byte[] bytes) {
    return new ByteArrayInputFile(name, bytes);
  }
}
