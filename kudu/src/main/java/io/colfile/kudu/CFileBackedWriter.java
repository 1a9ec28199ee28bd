package io.colfile.kudu;

import java.io.Closeable;
import java.io.IOException;

/**
 * The life of a writer whose file is one CFile underneath (a BloomFile or a DeltaFile, cfile.md
 * sections 10 and 11): the subclass buffers what it is given and hands it to the CFile in chunks
 * ({@link #flush}); {@link #close} flushes the rest, lets the subclass add footer metadata, and
 * publishes the file. A failure on the way, or {@link #abort}, gives the file up: nothing
 * appears at the target and {@code close} then publishes nothing. Extended by colfile's
 * BloomFileWriter and DeltaFileWriter; not meant for other subclasses.
 */
public abstract class CFileBackedWriter implements Closeable {
  private final CFileWriter file;
  /** Set once the file is given up: close() then publishes nothing. */
  private boolean given;
  /** Set by the first close(): later ones have no effect, as Closeable promises. */
  private boolean closed;

  protected CFileBackedWriter(CFileWriter file) {
    this.file = file;
  }

  /** The CFile underneath. */
  protected final CFileWriter file() {
    return file;
  }

  /** Hands what is buffered to the CFile. */
  protected abstract void flush() throws IOException;

  /** Adds footer metadata after the last {@link #flush}, before the footer; none by default. */
  protected void beforeFooter() throws IOException {}

  /** {@link #flush}es, giving the file up if that fails. */
  protected final void flushOrAbort() throws IOException {
    try {
      flush();
    } catch (IOException | RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  /** Writes what is pending, the footer metadata and the CFile's footer, and publishes it. */
  @Override
  public final void close() throws IOException {
    if (given || closed) {
      return; // given up after a failure (nothing to publish), or already closed
    }
    closed = true;
    try {
      flush();
      beforeFooter();
    } catch (IOException | RuntimeException e) {
      file.abort();
      throw e;
    }
    file.close();
  }

  /** Gives up: nothing appears at the target. Idempotent. */
  public final void abort() {
    given = true;
    file.abort();
  }
}
