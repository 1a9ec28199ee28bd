package io.colfile.fuzz;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What every fuzz target of this module shares: the invariants an input must keep.
 *
 * <ul>
 *   <li>Only the exceptions a caller is told to expect escape: {@link IOException} (colfile's
 *       {@code CorruptFileException}, {@code UnsupportedFeatureException} and the text module's
 *       {@code BadInputException} are ones), and {@link IllegalArgumentException} only where the
 *       target passes a fuzzed argument (predicate text, an Avro schema) rather than file bytes.
 *       Anything else (an {@code ArrayIndexOutOfBoundsException}, a {@code
 *       NullPointerException}, an {@code IllegalStateException}, a {@code StackOverflowError})
 *       is a finding.
 *   <li>No hang: every input runs under a watchdog of {@code -Dfuzz.inputTimeoutSeconds}
 *       (default 30; the machine may be busy; ten times that for a JVM's first input, which
 *       loads and instruments the classes); a slower input is a finding that shows where the
 *       reader was.
 *   <li>Bounded memory: the module's tests run with a 256 MiB heap, and an {@link
 *       OutOfMemoryError} is a finding (an input that makes a reader allocate more than it
 *       justifies).
 * </ul>
 *
 * <p>How to run: the default build ({@code ./mvnw verify}) runs every target in regression mode
 * over its corpus in {@code src/test/resources/io/colfile/fuzz/<Class>Inputs/fuzz/}. {@code
 * ./mvnw -o -pl fuzz -am verify -Pfuzz -Dfuzz.seconds=60 -Dtest=OrcFileFuzzTest
 * -Dsurefire.failIfNoSpecifiedTests=false} fuzzes one target (each class holds one, as Jazzer
 * fuzzes one per JVM; without {@code -Dtest} every class fuzzes in turn, a JVM each). A finding
 * is written as {@code crash-<sha1>} into that corpus directory and fails the run; fixed, it
 * stays there as a regression input.
 */
final class FuzzTargets {
  /** Seconds one input may take; see the class comment. */
  static final long INPUT_TIMEOUT_SECONDS =
      Long.getLong("fuzz.inputTimeoutSeconds", 30);

  /**
   * Seconds the first input of a JVM may take: it loads (and under {@code -Pfuzz} instruments)
   * every class a target reaches, which on a busy 2-core machine took over 30 s for the tablet
   * server target; a hang there is still caught.
   */
  static final long FIRST_INPUT_TIMEOUT_SECONDS = 10 * INPUT_TIMEOUT_SECONDS;

  /** Whether an input has run in this JVM (the classes it reaches are loaded). */
  private static volatile boolean warm;

  /** Most batches one read goes through: a corpus input that reads more is not cut short. */
  private static final int MAX_BATCHES = 100_000;

  private static volatile Thread workerThread;
  private static ExecutorService worker = newWorker();

  private FuzzTargets() {}

  /** What a fuzz target runs for one input. */
  @FunctionalInterface
  interface Body {
    void run() throws Exception;
  }

  /**
   * Runs {@code body} under the watchdog and checks what escapes it: nothing, an {@link
   * IOException}, or (when {@code argumentsFuzzed}) an {@link IllegalArgumentException}. Any
   * other throwable comes back as an {@link AssertionError} with it as the cause, which Jazzer
   * and JUnit report as the finding.
   */
  static void check(String target, boolean argumentsFuzzed, Body body) {
    Future<?> f = worker.submit(() -> {
      body.run();
      return null;
    });
    Throwable failure;
    long timeout = warm ? INPUT_TIMEOUT_SECONDS : FIRST_INPUT_TIMEOUT_SECONDS;
    try {
      f.get(timeout, TimeUnit.SECONDS);
      warm = true;
      return;
    } catch (TimeoutException e) {
      AssertionError hang = new AssertionError(target + ": an input took more than "
          + timeout + " s (a hang?); the stack is where it was");
      Thread stuck = workerThread;
      if (stuck != null) {
        hang.setStackTrace(stuck.getStackTrace());
      }
      // the stuck thread (a daemon) is interrupted and abandoned; the next input gets a new one
      f.cancel(true);
      worker.shutdownNow();
      worker = newWorker();
      throw hang;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(target + ": interrupted", e);
    } catch (ExecutionException e) {
      failure = e.getCause();
    }
    warm = true;
    if (failure instanceof IOException) {
      return;
    }
    if (argumentsFuzzed && failure instanceof IllegalArgumentException) {
      return;
    }
    if (failure instanceof OutOfMemoryError) {
      throw new AssertionError(target + ": OutOfMemoryError in a heap of "
          + (Runtime.getRuntime().maxMemory() >> 20) + " MiB", failure);
    }
    throw new AssertionError(target + ": " + failure.getClass().getName()
        + " escaped (only IOException" + (argumentsFuzzed ? " and IllegalArgumentException" : "")
        + " may)", failure);
  }

  /**
   * Reads every batch {@code reader} gives for {@code options}, checking each batch's vectors
   * (offsets, lengths and the like within their arrays) as a consumer would rely on them.
   */
  static long readAll(FileReader reader, ReadOptions options) throws IOException {
    long rows = 0;
    try (BatchReader r = reader.read(options)) {
      ColumnBatch batch = r.newBatch();
      for (int i = 0; i < MAX_BATCHES && r.next(batch); i++) {
        batch.validate();
        rows += batch.size;
      }
      r.report();
    }
    return rows;
  }

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "fuzz-input");
      t.setDaemon(true);
      workerThread = t;
      return t;
    });
  }
}
