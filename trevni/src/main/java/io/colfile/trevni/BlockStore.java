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
 * Where a writer keeps finished blocks until the file is written: packed one after another in
 * pages of {@link #PAGE} bytes (a block is compressed straight into the current page, no copy
 * of its own), pages kept in memory up to a limit and, beyond it, each written whole to a
 * temporary file as it fills, its array reused for the next page. The file is opened with
 * DELETE_ON_CLOSE (on Unix systems the JDK unlinks it at once, so not even a crash leaves it
 * behind). Trevni's header holds each column's start, so nothing can be written to the target
 * before the last row.
 */
final class BlockStore implements Closeable {
  /**
   * The bytes of a full page; the first pages are smaller (from 64 KiB, doubling), so a small
   * file needs little, and a block larger than a page gets a page of its own size.
   */
  static final int PAGE = 1 << 20;
  private static final int FIRST_PAGE = 1 << 16;

  /** Blocks' bytes, in memory or at an offset of the spill file. */
  private static final class Page {
    private byte[] bytes;
    private long fileOffset = -1;
    private int used;

    Page(byte[] bytes) {
      this.bytes = bytes;
    }
  }

  /** A block's stored bytes: a range of a page. */
  static final class Chunk {
    private final Page page;
    private final int offset;
    private final int length;

    private Chunk(Page page, int offset, int length) {
      this.page = page;
      this.offset = offset;
      this.length = length;
    }

    int length() {
      return length;
    }
  }

  private final long memoryLimit;
  /** Bytes of the pages in memory (their used part), the current one included. */
  private long memoryBytes;
  private Page current;
  private FileChannel spill;
  private long spillSize;
  private byte[] copyBuffer;

  BlockStore(long memoryLimit) {
    this.memoryLimit = memoryLimit;
  }

  /**
   * Makes room for a chunk of up to {@code n} bytes and returns the array to write it to, at
   * {@link #position()}; {@link #commit} then keeps what was written.
   */
  byte[] reserve(int n) {
    if (current == null || current.bytes.length - current.used < n) {
      int size = current == null ? FIRST_PAGE : Math.min(PAGE, 2 * current.bytes.length);
      byte[] reuse = current == null ? null : retire(current);
      current = new Page(reuse != null && reuse.length >= n ? reuse : new byte[Math.max(size, n)]);
    }
    return current.bytes;
  }

  /** Where in {@link #reserve}'s array the chunk starts. */
  int position() {
    return current.used;
  }

  /** Keeps the {@code n} bytes written at {@link #position()} as a chunk. */
  Chunk commit(int n) {
    Chunk c = new Chunk(current, current.used, n);
    current.used += n;
    memoryBytes += n;
    return c;
  }

  /** Keeps a copy of {@code bytes[off, off + len)}. */
  Chunk add(byte[] bytes, int off, int len) {
    byte[] page = reserve(len);
    System.arraycopy(bytes, off, page, position(), len);
    return commit(len);
  }

  /**
   * A full page: kept in memory while the pages in memory fit the limit, else written to the
   * temporary file, each byte once; returns its array when it is free for reuse, or null.
   */
  private byte[] retire(Page p) {
    if (memoryBytes <= memoryLimit) {
      return null;
    }
    try {
      if (spill == null) {
        Path f = Files.createTempFile("colfile-trevni-", ".blocks");
        spill = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE,
            StandardOpenOption.DELETE_ON_CLOSE);
      }
      ByteBuffer b = ByteBuffer.wrap(p.bytes, 0, p.used);
      p.fileOffset = spillSize;
      long at = spillSize;
      while (b.hasRemaining()) {
        at += spill.write(b, at);
      }
      spillSize = at;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the temporary block file: " + e.getMessage(),
          e);
    }
    memoryBytes -= p.used;
    byte[] free = p.bytes;
    p.bytes = null;
    return free.length == PAGE ? free : null; // a block's own page is not kept
  }

  /** Bytes held in memory now. */
  long memoryBytes() {
    return memoryBytes;
  }

  /** Bytes moved to the temporary file so far. */
  long spilledBytes() {
    return spillSize;
  }

  /** Writes the chunk's bytes to {@code out}. */
  void writeTo(Chunk c, OutputStream out) throws IOException {
    Page p = c.page;
    if (p.bytes != null) {
      out.write(p.bytes, c.offset, c.length);
      return;
    }
    if (copyBuffer == null) {
      copyBuffer = new byte[1 << 16];
    }
    long at = p.fileOffset + c.offset;
    long end = at + c.length;
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
    current = null;
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
