package io.colfile.core.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

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
