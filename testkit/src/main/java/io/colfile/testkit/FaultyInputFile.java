package io.colfile.testkit;

import io.colfile.core.io.FileRange;
import io.colfile.core.io.ForwardingInputFile;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.util.List;

/**
 * An {@link InputFile} whose {@code n}th read (from 1; a batch of ranges counts as one) throws an
 * {@link IOException} starting with {@link #MESSAGE}, as a disk error or a dropped connection
 * would, after filling part of the caller's buffer with garbage (a read that failed half way).
 * With {@code n = 0} nothing fails, and {@link #reads} counts what a read of the file asks, so a
 * test can fail each read in turn.
 */
public final class FaultyInputFile extends ForwardingInputFile {
  /** The start of every injected failure's message. */
  public static final String MESSAGE = "injected read fault";

  private final int n;
  private int reads;

  /** Fails the {@code n}th read of {@code in} (never when {@code n} is 0). */
  public FaultyInputFile(InputFile in, int n) {
    super(in);
    this.n = n;
  }

  /** Reads asked so far. */
  public synchronized int reads() {
    return reads;
  }

  private synchronized void read(byte[] dst, int offset, int length, long position)
      throws IOException {
    if (++reads == n) {
      for (int i = 0; i < length / 2; i++) {
        dst[offset + i] = (byte) (0xA5 ^ i);
      }
      throw new IOException(MESSAGE + ": read #" + reads + " of " + name() + " at "
          + position);
    }
  }

  /** Whether {@code t} (or a cause, or an exception suppressed on the way) is an injected fault. */
  public static boolean injected(Throwable t) {
    return Faults.carries(t, MESSAGE);
  }

  @Override
  public void readFully(long position, byte[] dst, int offset, int length) throws IOException {
    read(dst, offset, length, position);
    in.readFully(position, dst, offset, length);
  }

  @Override
  public void readRanges(List<FileRange> ranges) throws IOException {
    if (!ranges.isEmpty()) {
      FileRange first = ranges.get(0);
      read(first.buffer(), first.offset(), first.length(), first.position());
    }
    in.readRanges(ranges);
  }
}
