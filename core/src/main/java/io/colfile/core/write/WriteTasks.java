package io.colfile.core.write;

import io.colfile.core.WriteOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of a parallel write ({@link WriteOptions#withParallelism}): a format's writer
 * hands {@link #runAll} the independent pieces of work of one step (the columns of a batch, the
 * streams of a stripe to compress, ...) and gets control back when all of them are done. The
 * calling thread works through the pieces too, beside at most {@code parallelism - 1} helpers
 * on the pool, so the pieces run on at most {@code parallelism} threads at once and a write on a
 * busy, single-threaded, rejecting or caller-running executor still finishes (a helper refused
 * or not started while the step lasts leaves its pieces to the others). Each piece must touch
 * only state of its own: the writer's bytes are then those of a single-threaded write. A helper
 * that runs out of pieces looks for the next step for a moment ({@link #lingerNanos}) before it
 * gives its thread back, so that a writer's steps, which mostly follow each other within
 * microseconds, do not each wait for a thread to wake.
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
  /**
   * Helpers sent to the executor and not yet returned or called off unstarted (at most
   * parallelism - 1).
   */
  private final AtomicInteger helping = new AtomicInteger();
  private volatile boolean closed;
  /** Helpers that ran (for tests). */
  private final AtomicInteger started = new AtomicInteger();

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
   * @throws InterruptedIOException if the caller is interrupted while sleeping on the helpers'
   *     last pieces (which still finish first; an interrupt while it looks for them a moment
   *     before it sleeps is left set, not thrown, when they end in that moment)
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
    // to parallelism - 1, each at most once per step: an executor may run a helper on this
    // thread (a direct one, CallerRunsPolicy) and return only once it has left
    int wanted = Math.min(threads - 1, n - 1);
    Helper[] sent = new Helper[wanted];
    Throwable refused = null;
    for (int i = 0; i < wanted && !step.allClaimed() && reserve(wanted); i++) {
      Helper h = new Helper();
      try {
        executor().execute(h);
        sent[i] = h;
      } catch (Throwable e) { // rejected, shut down, no thread to be had: this thread works on
        helping.decrementAndGet();
        refused = e;
        break;
      }
    }
    try {
      step.work();
      step.await();
    } finally {
      published = null; // its pieces may hold large buffers
      for (Helper h : sent) {
        if (h != null) {
          h.callOff(); // still queued (a busy executor) or dropped: no longer counted
        }
      }
    }
    if (refused != null && !(refused instanceof RejectedExecutionException)) {
      throwUnchecked(refused);
    }
    step.rethrow();
  }

  private static void throwUnchecked(Throwable e) {
    if (e instanceof RuntimeException re) {
      throw re;
    }
    throw (Error) e;
  }

  /** A helper sent to the pool, counted from then until it leaves or is called off unstarted. */
  private final class Helper implements Runnable {
    private final AtomicInteger state = new AtomicInteger(); // 0 sent, 1 started, 2 called off

    @Override
    public void run() {
      if (state.compareAndSet(0, 1)) {
        help();
      }
    }

    void callOff() {
      if (state.compareAndSet(0, 2)) {
        helping.decrementAndGet();
      }
    }
  }

  /**
   * How long a helper goes on looking for the next step once it has no piece left, before it
   * gives its thread back to the pool (ns): a writer's steps follow each other within tens of
   * microseconds (a batch's columns), and a thread woken from sleep for each cost about as much
   * as it ran (on a virtual machine, an idle CPU wakes in 50 us or more). Tests set it.
   */
  static volatile long lingerNanos = 100_000;

  /**
   * How long a helper keeps a thread of a given executor ({@link WriteOptions#withExecutor})
   * before it gives it back at its next moment without a piece, so that the executor's other
   * tasks do not wait for the whole write (ns); the next step sends a new helper.
   */
  static final long GIVEN_TENURE_NANOS = 1_000_000;

  /**
   * A helper's loop on a thread of the pool: works on each step published, and returns once
   * none came for {@link #lingerNanos}, this object is closed, or (a given executor) it has
   * held its thread for {@link #GIVEN_TENURE_NANOS}.
   */
  private void help() {
    started.incrementAndGet();
    Step seen = null;
    long idleSince = System.nanoTime();
    long startedAt = idleSince;
    while (true) {
      Step s = published;
      if (s != null && s != seen) {
        seen = s;
        s.work();
        idleSince = System.nanoTime();
        continue;
      }
      long now = System.nanoTime();
      boolean tenureOver = given != null && now - startedAt > GIVEN_TENURE_NANOS;
      if (closed || tenureOver || now - idleSince > lingerNanos) {
        helping.decrementAndGet();
        // a step published after the last look that counted on this helper: take it after all
        // if there is still room (else the caller and the others run it)
        Step late = published;
        if (closed || tenureOver || late == null || late == seen || late.allClaimed()
            || !reserve(threads - 1)) {
          return;
        }
        continue;
      }
      Thread.yield(); // a thread waiting for a core gets it
    }
  }

  /** How many helpers ran so far (for tests). */
  int helpersStarted() {
    return started.get();
  }

  /** How many helpers are counted now (for tests). */
  int helping() {
    return helping.get();
  }

  /** Counts one more helper if fewer than {@code limit} are counted. */
  private boolean reserve(int limit) {
    for (int now; (now = helping.get()) < limit; ) {
      if (helping.compareAndSet(now, now + 1)) {
        return true;
      }
    }
    return false;
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

  /**
   * Stops this object's own threads, if any (waiting for none: no step is running); a helper
   * still looking for a step on a given executor's thread leaves at its next look.
   */
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
          errors[i] = e; // published by the increment of finished below
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
        Thread.yield(); // a thread waiting for a core gets it
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
