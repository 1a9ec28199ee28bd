package io.colfile.trevni.avro;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs work that recurses once per level of a schema where it cannot run out of stack. Avro lets
 * schemas nest 1000 levels; the parser, printer, type mapping, shredding and row readers and
 * writers recurse per level, and how much stack a level takes depends on the JVM's state (an
 * interpreted frame, a compiled frame with callees inlined, a call site linked or a class
 * initialised for the first time down there), while how much the caller has left is unknown.
 * So work on schemas deeper than {@link #SHALLOW} levels runs on a thread of its own (pooled,
 * daemon), whose stack ({@link #STACK_BYTES}, reserved, not committed, until used) holds a
 * thousand levels many times over. Should even that run out (a schema only a hostile file holds, its depth hidden by
 * cycles), the work fails with an {@link IllegalArgumentException}, never a {@link
 * StackOverflowError}: the thread's only state is the work's own, which is dropped.
 */
final class DeepStack {
  /** Levels the caller's stack is trusted with: a few dozen frames. */
  static final int SHALLOW = 40;
  /** About 50 times what 1000 levels of the deepest recursion here take. */
  static final long STACK_BYTES = 64L << 20;

  /** Deep threads, kept a while between uses: starting one costs far more than a hand-off. */
  private static final ExecutorService THREADS = new ThreadPoolExecutor(0, Integer.MAX_VALUE,
      30, TimeUnit.SECONDS, new SynchronousQueue<>(), DeepStack::thread);
  private static final AtomicInteger COUNT = new AtomicInteger();

  private DeepStack() {}

  /** Work that may throw {@code E}. */
  interface Work<T, E extends Exception> {
    T run() throws E;
  }

  /** A thread for deep work: work it starts runs in it directly. */
  private static final class Deep extends Thread {
    Deep(Runnable r) {
      super(null, r, "colfile-avro-schema-" + COUNT.incrementAndGet(), STACK_BYTES);
      setDaemon(true);
    }
  }

  private static Thread thread(Runnable r) {
    return new Deep(r);
  }

  /**
   * The result of {@code work}, which recurses about {@code depth} levels: run here when that
   * is shallow (or this already is a deep thread), else on a deep thread, this one waiting.
   */
  @SuppressWarnings("unchecked")
  static <T, E extends Exception> T run(int depth, Work<T, E> work) throws E {
    if (depth <= SHALLOW || Thread.currentThread() instanceof Deep) {
      return work.run();
    }
    Future<T> result = THREADS.submit(() -> {
      try {
        return work.run();
      } catch (StackOverflowError e) {
        throw new IllegalArgumentException("the Avro schema nests too deeply to process "
            + "(more levels than " + (STACK_BYTES >> 20) + " MiB of stack hold)");
      }
    });
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return result.get();
        } catch (InterruptedException e) {
          interrupted = true; // the work is short: finish it, keep the interrupt for the caller
        }
      }
    } catch (ExecutionException e) {
      Throwable failure = e.getCause();
      if (failure instanceof RuntimeException x) {
        throw x;
      }
      if (failure instanceof Error x) {
        throw x;
      }
      throw (E) failure; // the work's own checked exception
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
