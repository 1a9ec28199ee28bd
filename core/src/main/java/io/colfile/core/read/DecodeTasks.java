package io.colfile.core.read;

import io.colfile.core.ReadOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tasks of a parallel read ({@link ReadOptions#withParallelism}): a format's reader starts
 * one {@link Task} per unit it reads (an ORC stripe, ...), in the order it will hand the rows
 * out; each task makes its unit's items (decoded batches) one after the other on a thread of
 * the pool while the reader takes them, in order, with {@link Task#take}. The reader decides how
 * many tasks it keeps started ahead, which bounds the memory the read holds.
 *
 * <p>The pool is {@link ReadOptions#withExecutor}'s executor, or else threads of this object's
 * own (daemon threads named {@code colfile-read-N}, {@link ReadOptions#parallelism} of them,
 * made when the first task starts and stopped by {@link #close}). Not thread-safe: one reader
 * thread starts, takes and cancels.
 */
public final class DecodeTasks implements AutoCloseable {
  private static final AtomicInteger THREADS = new AtomicInteger();

  /** Makes a unit's items, one per call. */
  @FunctionalInterface
  public interface Producer<T> {
    /** The unit's next item, or null when it has no more. */
    T next() throws IOException;
  }

  private final int threads;
  private final Executor given;
  private ExecutorService own;
  private final List<Task<?>> started = new ArrayList<>();

  /** Tasks run as {@code options} say ({@link ReadOptions#parallelism}, its executor). */
  public DecodeTasks(ReadOptions options) {
    this.threads = options.parallelism();
    this.given = options.executor().orElse(null);
  }

  /**
   * Starts a task that calls {@code producer} until it returns null, throws, or the task is
   * cancelled.
   */
  public <T> Task<T> start(Producer<T> producer) {
    Task<T> task = new Task<>(producer);
    started.removeIf(Task::finished);
    started.add(task);
    executor().execute(task);
    return task;
  }

  private Executor executor() {
    if (given != null) {
      return given;
    }
    if (own == null) {
      ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 10, TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "colfile-read-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
      pool.allowCoreThreadTimeOut(true); // a reader never closed does not keep its threads
      own = pool;
    }
    return own;
  }

  /** Cancels every task started: those queued never run, and waits for the running ones. */
  public void cancelAll() {
    for (Task<?> t : started) {
      t.cancel();
    }
    started.clear();
  }

  /** Cancels every task ({@link #cancelAll}) and stops this object's own threads, if any. */
  @Override
  public void close() {
    cancelAll();
    if (own != null) {
      own.shutdown();
      boolean interrupted = false;
      while (true) {
        try {
          if (own.awaitTermination(1, TimeUnit.MINUTES)) {
            break;
          }
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      own = null;
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** One unit's task: its items as they are made, then its end or its error. */
  public static final class Task<T> implements Runnable {
    private final Producer<T> producer;
    private final ArrayDeque<T> ready = new ArrayDeque<>();
    private boolean running;
    private boolean cancelled;
    private boolean done;
    private Throwable error;

    private Task(Producer<T> producer) {
      this.producer = producer;
    }

    @Override
    public void run() {
      synchronized (this) {
        if (cancelled) {
          return;
        }
        running = true;
      }
      try {
        while (true) {
          synchronized (this) {
            if (cancelled) {
              break;
            }
          }
          T item = producer.next();
          synchronized (this) {
            if (item == null) {
              done = true;
              break;
            }
            ready.add(item);
            notifyAll();
          }
        }
      } catch (Throwable e) {
        synchronized (this) {
          error = e;
        }
      } finally {
        synchronized (this) {
          running = false;
          done = true;
          notifyAll();
        }
      }
    }

    /**
     * The next item, waiting for it to be made; null when the unit has no more. Rethrows what the
     * producer threw, once its items before are taken: the same exception object.
     *
     * @throws InterruptedIOException if the thread is interrupted while it waits
     */
    public synchronized T take() throws IOException {
      while (ready.isEmpty() && !done) {
        try {
          wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while waiting for rows being decoded");
        }
      }
      if (!ready.isEmpty()) {
        return ready.poll();
      }
      if (error != null) {
        Throwable e = error;
        if (e instanceof IOException io) {
          throw io;
        }
        if (e instanceof RuntimeException re) {
          throw re;
        }
        throw (Error) e;
      }
      return null;
    }

    private synchronized boolean finished() {
      return done && !running;
    }

    /** Keeps the task from starting, or waits for it to stop after the item it is making. */
    synchronized void cancel() {
      cancelled = true;
      ready.clear();
      boolean interrupted = false;
      while (running) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
