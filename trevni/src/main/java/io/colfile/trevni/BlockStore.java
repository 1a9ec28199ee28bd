package io.colfile.trevni;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a writer keeps finished blocks until the file is written: in memory up to a limit,
 * beyond it in a temporary file, opened with DELETE_ON_CLOSE (on Unix systems the JDK unlinks it
 * at once, so not even a crash leaves it behind). Trevni's header holds each
 * column's start, so nothing can be written to the target before the last row.
 */
final class BlockStore implements Closeable {
  /** A block's stored bytes, in memory or at an offset of the spill file. */
  static final class Chunk {
    private byte[] bytes;
    private long offset;
    private final int length;

    private Chunk(byte[] bytes) {
      this.bytes = bytes;
      this.length = bytes.length;
    }

    int length() {
      return length;
    }
  }

  private final long memoryLimit;
  private long memoryBytes;
  private FileChannel spill;
  private long spillSize;
  private byte[] copyBuffer;

  BlockStore(long memoryLimit) {
    this.memoryLimit = memoryLimit;
  }

  /**
   * Keeps {@code bytes} (which the caller no longer changes): in memory while they fit the
   * limit, else in the temporary file. The chunks kept in memory stay there, so what goes to
   * the file is only what exceeds the limit, each byte written there once.
   */
  Chunk add(byte[] bytes) {
    Chunk c = new Chunk(bytes);
    if (memoryBytes + bytes.length > memoryLimit) {
      spill(c);
    } else {
      memoryBytes += bytes.length;
    }
    return c;
  }

  /** Bytes held in memory now. */
  long memoryBytes() {
    return memoryBytes;
  }

  /** Bytes moved to the temporary file so far. */
  long spilledBytes() {
    return spillSize;
  }

  private void spill(Chunk c) {
    try {
      if (spill == null) {
        Path p = Files.createTempFile("colfile-trevni-", ".blocks");
        spill = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE,
            StandardOpenOption.DELETE_ON_CLOSE);
      }
      ByteBuffer b = ByteBuffer.wrap(c.bytes);
      c.offset = spillSize;
      long at = spillSize;
      while (b.hasRemaining()) {
        at += spill.write(b, at);
      }
      spillSize = at;
      c.bytes = null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the temporary block file: " + e.getMessage(),
          e);
    }
  }

  /** Writes the chunk's bytes to {@code out}. */
  void writeTo(Chunk c, OutputStream out) throws IOException {
    if (c.bytes != null) {
      out.write(c.bytes);
      return;
    }
    if (copyBuffer == null) {
      copyBuffer = new byte[1 << 16];
    }
    long at = c.offset;
    long end = c.offset + c.length;
    while (at < end) {
      ByteBuffer b = ByteBuffer.wrap(copyBuffer, 0, (int) Math.min(copyBuffer.length, end - at));
      int n = spill.read(b, at);
      if (n < 0) {
        throw new IOException("the temporary block file ended early");
      }
      out.write(copyBuffer, 0, n);
      at += n;
    }
  }

  /** Forgets every chunk and deletes the temporary file. */
  @Override
  public void close() {
    memoryBytes = 0;
    if (spill != null) {
      try {
        spill.close();
      } catch (IOException e) {
        // the file is deleted on close; nothing else to do
      }
      spill = null;
    }
  }
}
