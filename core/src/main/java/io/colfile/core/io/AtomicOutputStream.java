package io.colfile.core.io;

import java.io.IOException;
import java.io.OutputStream;

/** A stream that publishes its file on {@link #close()} and discards it on {@link #abort()}. */
public abstract class AtomicOutputStream extends OutputStream {
  /** Bytes written so far. */
  public abstract long position();

  /** Discards everything written; the target is left as it was. Idempotent. */
  public abstract void abort();
}
