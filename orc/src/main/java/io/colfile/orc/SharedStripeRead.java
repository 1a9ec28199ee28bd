package io.colfile.orc;

import io.colfile.core.io.FileRange;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One stripe's read ({@link StripeData.Planned}) made together by every thread that needs its
 * bytes: the reads are cut into chunks of at most {@link #CHUNK} bytes, each thread that
 * {@link #join joins} reads the next chunk nobody took until none is left, then waits for the
 * chunks the others are reading. So the parts of a stripe decoded on several threads ({@link
 * OrcBatchReader}) read its bytes on as many threads as ask for them, instead of one reading
 * while the others wait.
 *
 * <p>When a chunk fails, the reads are made again whole, by one thread, as a single-threaded
 * read makes them: what that throws (the same exception object to every thread that joined) is
 * what a single-threaded read throws.
 */
final class SharedStripeRead {
  /** The most bytes one thread reads at a time. */
  static final int CHUNK = 2 << 20;

  private final InputFile in;
  private final StripeData.Planned planned;
  private final List<FileRange> chunks = new ArrayList<>();
  private final AtomicInteger nextChunk = new AtomicInteger();
  /** Chunks read (or failed); guarded by this. */
  private int done;
  private boolean failed;
  private StripeData.Bytes bytes;
  private Throwable error;

  SharedStripeRead(InputFile in, StripeData.Planned planned) {
    this(in, planned, CHUNK);
  }

  /** With chunks of at most {@code chunk} bytes (tests make them small). */
  SharedStripeRead(InputFile in, StripeData.Planned planned, int chunk) {
    this.in = in;
    this.planned = planned;
    for (FileRange r : planned.reads) {
      for (int at = 0; at < r.length(); at += chunk) {
        chunks.add(new FileRange(r.position() + at, r.buffer(), r.offset() + at,
            Math.min(chunk, r.length() - at)));
      }
    }
  }

  /** The number of chunks (for tests). */
  int chunks() {
    return chunks.size();
  }

  /** Reads chunks until none is left, waits for the others' and returns the stripe's bytes. */
  StripeData.Bytes join() throws IOException {
    int i;
    while ((i = nextChunk.getAndIncrement()) < chunks.size()) {
      boolean ok = false;
      try {
        in.readRanges(List.of(chunks.get(i)));
        ok = true;
      } catch (Throwable e) {
        // made again whole below, as a single-threaded read makes it, for its error
      } finally {
        synchronized (this) {
          done++;
          failed |= !ok;
          if (done == chunks.size()) {
            notifyAll();
          }
        }
      }
    }
    boolean interrupted = false;
    try {
      synchronized (this) {
        while (done < chunks.size()) {
          try {
            wait();
          } catch (InterruptedException e) {
            interrupted = true; // the chunks others read are read soon: kept for the caller
          }
        }
        if (bytes == null && error == null) {
          try {
            if (failed) {
              in.readRanges(planned.reads);
            }
            bytes = planned.bytes();
          } catch (IOException | RuntimeException | Error e) {
            error = e;
          }
        }
        if (error instanceof IOException io) {
          throw io;
        }
        if (error instanceof RuntimeException re) {
          throw re;
        }
        if (error != null) {
          throw (Error) error;
        }
        return bytes;
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
