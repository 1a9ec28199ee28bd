package io.colfile.core.io;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An {@link AtomicOutputStream} that writes through another stream and counts the bytes: what a
 * subclass adds is how the file is published on {@link #close()} and discarded on {@link
 * #abort()} (a local temporary file renamed, a Hadoop file renamed or uploaded).
 */
public abstract class ForwardingAtomicOutputStream extends AtomicOutputStream {
  /** The stream the bytes go to. */
  protected final OutputStream out;
  private long position;

  protected ForwardingAtomicOutputStream(OutputStream out) {
    this.out = out;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    position++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    position += len;
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }
}
