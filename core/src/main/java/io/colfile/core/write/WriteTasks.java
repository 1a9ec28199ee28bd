package io.colfile.core.write;

import io.colfile.core.WriteOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of a parallel write ({@link WriteOptions#withParallelism}): a format's writer
 * hands {@link #runAll} the independent pieces of work of one step (the columns of a batch, the
 * streams of a stripe to compress, ...) and gets control back when all of them are done. The
 * calling thread works through the pieces too, beside at most {@code parallelism - 1} helpers
 * on the pool, so the pieces run on at most {@code parallelism} threads at once and a write on a
 * busy (or single-threaded) executor still finishes. Each piece must touch only state of its
 * own: the writer's bytes are then those of a single-threaded write. A helper that runs out of
 * pieces looks for the next step for a moment ({@link #lingerNanos}) before it gives its thread
 * back, so that a writer's steps, which mostly follow each other within microseconds, do not
 * each wait for a thread to wake.
 *
 * <p>The pool is {@link WriteOptions#withExecutor}'s executor, or else threads of this
 * object's own (daemon threads named {@code colfile-write-N}, made on the first parallel step
 * and stopped by {@link #close}). Not thread-safe: one writer thread calls it.
 */
public final class WriteTasks implements AutoCloseable {
  private static final AtomicInteger THREADS = new AtomicInteger();

  /** One piece of work. */
  @FunctionalInterface
  public interface Piece {
    void run() throws IOException;
  }

  private final int threads;
  private final Executor given;
  private ExecutorService own;
  /** The step of the last {@link #runAll}, which helpers work on. */
  private volatile Step published;
  /** Helpers started and not yet returned (at most parallelism - 1). */
  private final AtomicInteger helping = new AtomicInteger();
  private volatile boolean closed;

  /** Runs pieces as {@code options} say ({@link WriteOptions#parallelism}, its executor). */
  public WriteTasks(WriteOptions options) {
    this(options.parallelism(), options.executor().orElse(null));
  }

  /** Runs pieces on up to {@code threads} threads, on {@code executor} if not null. */
  public WriteTasks(int threads, Executor executor) {
    if (threads < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1: " + threads);
    }
    this.threads = threads;
    this.given = executor;
  }

  /** How many threads run pieces at once, the caller's among them. */
  public int parallelism() {
    return threads;
  }

  /**
   * Runs every piece and returns once all have finished. With a parallelism of 1, or one
   * piece, they run on the calling thread in order. Otherwise their order is not defined; when
   * pieces fail, the others still run to their end and then the failure of the lowest-numbered
   * failed piece is thrown (an {@code IOException} or unchecked exception as it was thrown).
   *
   * @throws InterruptedIOException if the caller is interrupted while waiting for the helpers
   *     (the pieces they run still finish first)
   */
  public void runAll(List<? extends Piece> pieces) throws IOException {
    int n = pieces.size();
    if (threads == 1 || n <= 1) {
      for (Piece p : pieces) {
        p.run();
      }
      return;
    }
    Step step = new Step(pieces);
    published = step;
    // helpers still looking for work from the step before take this one; more are started up
    // to parallelism - 1
    int wanted = Math.min(threads - 1, n - 1);
    while (true) {
      int now = helping.get();
      if (now >= wanted) {
        break;
      }
      if (helping.compareAndSet(now, now + 1)) {
        try {
          executor().execute(this::help);
        } catch (RuntimeException e) {
          helping.decrementAndGet();
          throw e;
        }
      }
    }
    step.work();
    step.await();
    published = null; // its pieces may hold large buffers
    step.rethrow();
  }

  /**
   * How long a helper goes on looking for the next step once it has no piece left, before it
   * gives its thread back to the pool (ns): a writer's steps follow each other within tens of
   * microseconds (a batch's columns), and a thread woken from sleep for each cost about as much
   * as it ran (on a virtual machine, an idle CPU wakes in 50 us or more). Tests set it.
   */
  static volatile long lingerNanos = 100_000;

  /**
   * A helper's loop on a thread of the pool: works on each step published, and returns once
   * none came for {@link #lingerNanos} or this object is closed.
   */
  private void help() {
    Step seen = null;
    long idleSince = System.nanoTime();
    while (true) {
      Step s = published;
      if (s != null && s != seen) {
        seen = s;
        s.work();
        idleSince = System.nanoTime();
        continue;
      }
      if (closed || System.nanoTime() - idleSince > lingerNanos) {
        helping.decrementAndGet();
        // a step published after the last look that counted on this helper: take it after all
        // if there is still room (else the caller and the others run it)
        Step late = published;
        if (closed || late == null || late == seen || late.allClaimed() || !rejoin()) {
          return;
        }
        continue;
      }
      Thread.onSpinWait();
    }
  }

  /** Counts a helper again if fewer than parallelism - 1 are helping. */
  private boolean rejoin() {
    while (true) {
      int now = helping.get();
      if (now >= threads - 1) {
        return false;
      }
      if (helping.compareAndSet(now, now + 1)) {
        return true;
      }
    }
  }

  private Executor executor() {
    if (given != null) {
      return given;
    }
    if (own == null) {
      ThreadPoolExecutor pool = new ThreadPoolExecutor(threads - 1, threads - 1, 10,
          TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "colfile-write-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
      pool.allowCoreThreadTimeOut(true); // a writer never closed does not keep its threads
      own = pool;
    }
    return own;
  }

  /** Stops this object's own threads, if any (waiting for none: no step is running). */
  @Override
  public void close() {
    closed = true;
    published = null;
    if (own != null) {
      own.shutdown();
      own = null;
    }
  }

  /** One {@link #runAll}: pieces claimed by index, counted as they finish. */
  private static final class Step {
    private final List<? extends Piece> pieces;
    private final Throwable[] errors;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();

    Step(List<? extends Piece> pieces) {
      this.pieces = pieces;
      this.errors = new Throwable[pieces.size()];
    }

    void work() {
      int i;
      while ((i = next.getAndIncrement()) < pieces.size()) {
        try {
          pieces.get(i).run();
        } catch (Throwable e) {
          errors[i] = e; // published by the lock below
        }
        if (finished.incrementAndGet() == pieces.size()) { // publishes errors[i] too
          synchronized (this) {
            notifyAll();
          }
        }
      }
    }

    /** Whether every piece was taken by a thread. */
    boolean allClaimed() {
      return next.get() >= pieces.size();
    }

    void await() throws InterruptedIOException {
      // the last pieces mostly end within microseconds: looked for a while before sleeping
      long start = System.nanoTime();
      while (finished.get() < pieces.size() && System.nanoTime() - start < lingerNanos) {
        Thread.onSpinWait();
      }
      boolean interrupted = false;
      synchronized (this) {
        while (finished.get() < pieces.size()) {
          try {
            wait();
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while columns were being written");
      }
    }

    synchronized void rethrow() throws IOException {
      for (Throwable e : errors) {
        if (e instanceof IOException io) {
          throw io;
        }
        if (e instanceof RuntimeException re) {
          throw re;
        }
        if (e instanceof Error err) {
          throw err;
        }
      }
    }
  }
}
