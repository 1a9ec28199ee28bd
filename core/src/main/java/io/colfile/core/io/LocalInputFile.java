package io.colfile.core.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A local file read through a {@link FileChannel} with positional (thread-safe) reads. */
final class LocalInputFile implements InputFile {
  private final String name;
  private final FileChannel channel;
  private final long length;

  LocalInputFile(Path path) throws IOException {
    this.name = path.toString();
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.length = channel.size();
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
  public void readFully(long position, byte[] dst, int offset, int len) throws IOException {
    if (position < 0 || len < 0 || position > length - len) {
      throw new EOFException(
          String.format("%s: read of %d bytes at %d is outside the file's %d bytes",
              name, len, position, length));
    }
    ByteBuffer buf = ByteBuffer.wrap(dst, offset, len);
    long pos = position;
    while (buf.hasRemaining()) {
      int n = channel.read(buf, pos);
      if (n < 0) {
        throw new EOFException(name + ": unexpected end of file at " + pos);
      }
      pos += n;
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  @Override
  public String toString() {
    return name;
  }
}
