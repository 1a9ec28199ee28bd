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
 * own: the writer's bytes are then those of a single-threaded write.
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
    int helpers = Math.min(threads - 1, n - 1);
    Executor pool = executor();
    for (int i = 0; i < helpers; i++) {
      pool.execute(step::work);
    }
    step.work();
    step.await();
    step.rethrow();
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
    private int finished;

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
        synchronized (this) {
          if (++finished == pieces.size()) {
            notifyAll();
          }
        }
      }
    }

    void await() throws InterruptedIOException {
      boolean interrupted = false;
      synchronized (this) {
        while (finished < pieces.size()) {
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
