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
 * made when the first task starts and stopped by {@link #close}; one without a task looks for
 * the next for {@link #lingerNanos} before it sleeps). Not thread-safe: one reader thread
 * starts, takes and cancels.
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
  /** The threads {@link #own} made, which {@link #close} waits for to end. */
  private final List<Thread> made = new ArrayList<>();
  private final List<Task<?>> started = new ArrayList<>();
  private final List<Lane<?>> lanes = new ArrayList<>();

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
          new LingeringQueue(), r -> {
            Thread t = new Thread(r, "colfile-read-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            synchronized (made) {
              made.removeIf(m -> !m.isAlive());
              made.add(t);
            }
            return t;
          });
      pool.allowCoreThreadTimeOut(true); // a reader never closed does not keep its threads
      own = pool;
    }
    return own;
  }

  /**
   * How long a thread of this object's own pool looks for the next task before it sleeps (ns):
   * a Trevni column's next block, a part of a stripe, come within tens of microseconds, and a
   * sleeping thread woken for each started too late to be ahead of the reader (on a virtual
   * machine an idle CPU takes 50 us or more to wake). Tests set it.
   */
  static volatile long lingerNanos = 100_000;

  /** The own pool's queue: a thread without a task looks again for a while before it sleeps. */
  private static final class LingeringQueue extends LinkedBlockingQueue<Runnable> {
    @Override
    public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
      long start = System.nanoTime();
      do {
        Runnable r = poll();
        if (r != null) {
          return r;
        }
        if (Thread.interrupted()) { // the pool is shut down
          throw new InterruptedException();
        }
        Thread.yield(); // a thread waiting for a core gets it
      } while (System.nanoTime() - start < lingerNanos);
      return super.poll(timeout, unit);
    }

    @Override
    public Runnable take() throws InterruptedException {
      Runnable r = poll(0, TimeUnit.NANOSECONDS);
      return r != null ? r : super.take();
    }
  }

  /**
   * Starts a lane: a producer that keeps at most {@code ahead} items made and not yet taken, and
   * may have nothing to make for a while (its {@link Producer#next} returns null: the lane waits
   * for {@link Lane#wake}). It never holds a thread of the pool while it waits: it runs while it
   * has room and work, and is submitted again when {@link Lane#take} makes room (half of {@code
   * ahead} taken) or {@link Lane#wake} gives work.
   */
  public <T> Lane<T> lane(Producer<T> producer, int ahead) {
    if (ahead < 1) {
      throw new IllegalArgumentException("a lane keeps at least one item ahead: " + ahead);
    }
    Lane<T> lane = new Lane<>(producer, ahead, executor());
    lanes.removeIf(Lane::stopped);
    lanes.add(lane);
    return lane;
  }

  /**
   * Cancels every task and lane started: those queued never run, and waits for the running ones.
   */
  public void cancelAll() {
    for (Task<?> t : started) {
      t.cancel();
    }
    started.clear();
    for (Lane<?> l : lanes) {
      l.cancel();
    }
    lanes.clear();
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
      // the pool is terminated once its last task returns, a moment before its threads end
      List<Thread> threads;
      synchronized (made) {
        threads = new ArrayList<>(made);
        made.clear();
      }
      for (Thread t : threads) {
        while (t.isAlive()) {
          try {
            t.join();
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      }
      own = null;
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Waits on {@code lock}, whose monitor the caller holds, until {@code running} is false,
   * without giving up on an interrupt (the interrupt is kept for the caller to see).
   */
  private static void awaitStopped(Object lock, java.util.function.BooleanSupplier running) {
    boolean interrupted = false;
    while (running.getAsBoolean()) {
      try {
        lock.wait();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The items a taker that has to wait waits for ({@link Task#take}): the producer of a task
   * never waits, so they come.
   */
  static final int WAKE_AFTER = 4;

  /** One unit's task: its items as they are made, then its end or its error. */
  public static final class Task<T> implements Runnable {
    private final Producer<T> producer;
    private final ArrayDeque<T> ready = new ArrayDeque<>();
    private boolean running;
    private boolean cancelled;
    private boolean done;
    private Throwable error;
    /** How many items the waiting taker wants ready before it is woken; 0: none waits. */
    private int wanted;

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
            if (wanted > 0 && ready.size() >= wanted) {
              notifyAll();
            }
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
      if (ready.isEmpty() && !done) {
        // woken once a few items are ready rather than for each: a wake-up costs the producer's
        // thread and this one a system call each, as much as decoding a small batch
        wanted = WAKE_AFTER;
        try {
          while (ready.size() < wanted && !done) {
            wait();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while waiting for rows being decoded");
        } finally {
          wanted = 0;
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
      awaitStopped(this, () -> running);
    }
  }

  /**
   * Items made ahead on the pool, in order, by a producer that runs in bursts ({@link #lane}):
   * at most {@code ahead} items wait to be taken; the producer's null means it has nothing to
   * make until {@link #wake}.
   */
  public static final class Lane<T> implements Runnable {
    private final Producer<T> producer;
    private final int ahead;
    private final Executor executor;
    private final ArrayDeque<T> ready = new ArrayDeque<>();
    /** Submitted to the executor and not yet returned from {@link #run}. */
    private boolean scheduled;
    /** {@link #run} is making items. */
    private boolean running;
    /** The producer said it has nothing to make until {@link #wake}. */
    private boolean idle;
    /** {@link #wake} was called since the producer was last asked. */
    private boolean woken;
    private boolean cancelled;
    private Throwable error;

    private Lane(Producer<T> producer, int ahead, Executor executor) {
      this.producer = producer;
      this.ahead = ahead;
      this.executor = executor;
    }

    @Override
    public void run() {
      synchronized (this) {
        if (cancelled) {
          scheduled = false;
          return;
        }
        running = true;
      }
      try {
        while (true) {
          synchronized (this) {
            if (cancelled || ready.size() >= ahead) {
              stop();
              return;
            }
            woken = false;
          }
          T item = producer.next();
          synchronized (this) {
            if (item == null) {
              if (woken) {
                continue; // given work while it looked: look again
              }
              idle = true;
              stop();
              return;
            }
            ready.add(item);
            if (ready.size() == 1) {
              notifyAll(); // the taker may be waiting for it
            }
          }
        }
      } catch (Throwable e) {
        synchronized (this) {
          error = e;
          stop();
        }
      }
    }

    /** Ends a run (in the same locked step as the check that ends it, so no wake-up is lost). */
    private void stop() {
      running = false;
      scheduled = false;
      notifyAll();
    }

    /** Submits the lane if it has room, work and is not submitted yet; holds the lock. */
    private void submit() {
      if (!scheduled && !idle && !cancelled && error == null && ready.size() < ahead) {
        scheduled = true;
        try {
          executor.execute(this);
        } catch (RuntimeException e) {
          scheduled = false;
          throw e;
        }
      }
    }

    private synchronized boolean stopped() {
      return cancelled && !running;
    }

    /** The producer has (or may have) something to make again: runs it if it does not run. */
    public synchronized void wake() {
      idle = false;
      woken = true;
      submit();
    }

    /**
     * The next item, waiting for it to be made. Rethrows what the producer threw, once its items
     * before are taken: the same exception object.
     *
     * @throws IllegalStateException if the producer has nothing to make and no item is left
     * @throws InterruptedIOException if the thread is interrupted while it waits
     */
    public synchronized T take() throws IOException {
      while (ready.isEmpty()) {
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
        if (cancelled || (idle && !scheduled)) {
          throw new IllegalStateException(cancelled ? "the lane was cancelled"
              : "the lane has nothing to make");
        }
        submit();
        try {
          wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while waiting for rows being decoded");
        }
      }
      T item = ready.poll();
      if (ready.size() <= ahead / 2) {
        submit();
      }
      return item;
    }

    /**
     * Keeps the lane from running again (a run still queued returns at once) and waits for it to
     * stop after the item it makes.
     */
    public synchronized void cancel() {
      cancelled = true;
      ready.clear();
      awaitStopped(this, () -> running);
    }
  }
}
