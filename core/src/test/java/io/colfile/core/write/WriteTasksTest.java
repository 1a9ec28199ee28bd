package io.colfile.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WriteTasksTest {
  @Test
  void everyPieceRunsOnceAndRunAllReturnsAfterTheLast() throws IOException {
    try (WriteTasks tasks = new WriteTasks(3, null)) {
      for (int round = 0; round < 50; round++) {
        int n = round % 7;
        int[] ran = new int[n];
        List<WriteTasks.Piece> pieces = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          int k = i;
          pieces.add(() -> ran[k]++);
        }
        tasks.runAll(pieces);
        for (int i = 0; i < n; i++) {
          assertThat(ran[i]).as("piece %d of %d", i, n).isEqualTo(1);
        }
      }
    }
  }

  @Test
  void piecesRunOnSeveralThreadsButNeverMoreThanAsked() throws Exception {
    AtomicInteger running = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    Set<String> names = ConcurrentHashMap.newKeySet();
    CountDownLatch two = new CountDownLatch(2);
    List<WriteTasks.Piece> pieces = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      pieces.add(() -> {
        int now = running.incrementAndGet();
        most.accumulateAndGet(now, Math::max);
        names.add(Thread.currentThread().getName());
        two.countDown();
        try {
          two.await(10, TimeUnit.SECONDS); // the first two pieces meet: both threads work
          Thread.sleep(1);
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        running.decrementAndGet();
      });
    }
    try (WriteTasks tasks = new WriteTasks(2, null)) {
      tasks.runAll(pieces);
    }
    assertThat(most.get()).isEqualTo(2);
    assertThat(names).contains(Thread.currentThread().getName())
        .anyMatch(n -> n.startsWith("colfile-write-"));
  }

  @Test
  void theFirstFailureIsThrownAfterEveryPieceFinished() {
    AtomicInteger ran = new AtomicInteger();
    IOException second = new IOException("piece 1");
    List<WriteTasks.Piece> pieces = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      int k = i;
      pieces.add(() -> {
        ran.incrementAndGet();
        if (k == 1) {
          throw second;
        }
        if (k == 7) {
          throw new IllegalStateException("piece 7");
        }
      });
    }
    try (WriteTasks tasks = new WriteTasks(4, null)) {
      assertThatThrownBy(() -> tasks.runAll(pieces)).isSameAs(second);
    }
    assertThat(ran.get()).isEqualTo(20);
  }

  @Test
  void aBusyExecutorSlowsButNeverStallsAStep() throws Exception {
    ExecutorService one = Executors.newSingleThreadExecutor();
    CountDownLatch release = new CountDownLatch(1);
    one.execute(() -> {
      try {
        release.await(); // the executor's only thread is busy until the step is done
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    AtomicInteger ran = new AtomicInteger();
    List<WriteTasks.Piece> pieces = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      pieces.add(ran::incrementAndGet);
    }
    try (WriteTasks tasks = new WriteTasks(4, one)) {
      tasks.runAll(pieces);
    } finally {
      release.countDown();
      one.shutdown();
      assertThat(one.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(ran.get()).isEqualTo(10);
  }

  @Test
  void oneThreadRunsInOrderOnTheCaller() throws IOException {
    List<Integer> order = new ArrayList<>();
    List<WriteTasks.Piece> pieces = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      int k = i;
      pieces.add(() -> {
        assertThat(Thread.currentThread().getName()).doesNotStartWith("colfile-write-");
        order.add(k);
      });
    }
    try (WriteTasks tasks = new WriteTasks(1, null)) {
      tasks.runAll(pieces);
    }
    assertThat(order).containsExactly(0, 1, 2, 3, 4);
    assertThatThrownBy(() -> new WriteTasks(0, null)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aHelperStaysForTheNextStepsAndThenGivesItsThreadBack() throws Exception {
    long before = WriteTasks.lingerNanos;
    try (WriteTasks tasks = new WriteTasks(2, null)) {
      WriteTasks.lingerNanos = TimeUnit.SECONDS.toNanos(30);
      String caller = Thread.currentThread().getName();
      CountDownLatch helped = new CountDownLatch(1);
      for (int step = 0; step < 200; step++) {
        List<WriteTasks.Piece> pieces = new ArrayList<>();
        boolean first = step == 0;
        for (int i = 0; i < 4; i++) {
          pieces.add(() -> {
            if (!Thread.currentThread().getName().equals(caller)) {
              helped.countDown();
            } else if (first) {
              // the first step waits for a helper to take a piece: one has started
              try {
                assertThat(helped.await(20, TimeUnit.SECONDS)).isTrue();
              } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
              }
            }
          });
        }
        tasks.runAll(pieces);
      }
      // the helper of the first step took the later ones: no other was started
      assertThat(tasks.helpersStarted()).isEqualTo(1);
      WriteTasks.lingerNanos = 0; // it gives its thread back
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (tasks.helping() > 0 && System.nanoTime() < end) {
        Thread.sleep(1);
      }
      assertThat(tasks.helping()).isZero();
    } finally {
      WriteTasks.lingerNanos = before;
    }
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aHelperGivesAGivenExecutorsThreadBackWhileStepsGoOn() throws Exception {
    long before = WriteTasks.lingerNanos;
    ExecutorService one = Executors.newSingleThreadExecutor();
    try (WriteTasks tasks = new WriteTasks(2, one)) {
      WriteTasks.lingerNanos = TimeUnit.SECONDS.toNanos(30);
      java.util.concurrent.atomic.AtomicBoolean otherRan = new java.util.concurrent.atomic.AtomicBoolean();
      boolean queued = false;
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      // steps back to back, far closer than the linger: only the tenure lets the helper go
      while (!otherRan.get() && System.nanoTime() < end) {
        tasks.runAll(List.of(() -> { }, () -> { }, () -> { }));
        if (!queued && tasks.helpersStarted() > 0) {
          one.execute(() -> otherRan.set(true)); // another task of the shared executor
          queued = true;
        }
      }
      assertThat(otherRan.get()).as("the executor's other task ran while steps went on").isTrue();
    } finally {
      WriteTasks.lingerNanos = before;
      one.shutdown();
      assertThat(one.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void closingLetsALingeringHelperGo() throws Exception {
    long before = WriteTasks.lingerNanos;
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      WriteTasks.lingerNanos = TimeUnit.SECONDS.toNanos(60);
      WriteTasks tasks = new WriteTasks(2, pool);
      AtomicInteger ran = new AtomicInteger();
      tasks.runAll(List.of(ran::incrementAndGet, ran::incrementAndGet, ran::incrementAndGet));
      assertThat(ran.get()).isEqualTo(3);
      tasks.close();
      pool.shutdown();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS))
          .as("the helper left the executor's only thread at close").isTrue();
    } finally {
      WriteTasks.lingerNanos = before;
      pool.shutdownNow();
    }
  }

  @Test
  void manyStepsNeverRunMorePiecesAtOnceThanAsked() throws Exception {
    AtomicInteger running = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    Set<String> names = ConcurrentHashMap.newKeySet();
    try (WriteTasks tasks = new WriteTasks(3, null)) {
      for (int step = 0; step < 300; step++) {
        int[] ran = new int[1 + step % 9];
        List<WriteTasks.Piece> pieces = new ArrayList<>();
        for (int i = 0; i < ran.length; i++) {
          int k = i;
          pieces.add(() -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            names.add(Thread.currentThread().getName());
            for (int spin = 0; spin < 1000; spin++) {
              Thread.onSpinWait();
            }
            ran[k]++;
            running.decrementAndGet();
          });
        }
        tasks.runAll(pieces);
        for (int i = 0; i < ran.length; i++) {
          assertThat(ran[i]).as("step %d, piece %d", step, i).isEqualTo(1);
        }
      }
    }
    assertThat(most.get()).isBetween(1, 3);
    assertThat(names).anyMatch(n -> n.startsWith("colfile-write-"));
  }

  @Test
  @org.junit.jupiter.api.Timeout(30)
  void anExecutorThatRunsHelpersOnTheCallerStillFinishes() throws IOException {
    AtomicInteger ran = new AtomicInteger();
    java.util.concurrent.Executor direct = Runnable::run;
    try (WriteTasks tasks = new WriteTasks(3, direct)) {
      for (int s = 0; s < 10; s++) {
        tasks.runAll(List.of(ran::incrementAndGet, ran::incrementAndGet, ran::incrementAndGet));
      }
    }
    assertThat(ran.get()).isEqualTo(30);
  }

  @Test
  @org.junit.jupiter.api.Timeout(30)
  void aRejectingOrDroppingExecutorLeavesNoPieceRunningAfterTheStep() throws Exception {
    long before = WriteTasks.lingerNanos;
    ExecutorService pool = Executors.newFixedThreadPool(3);
    AtomicInteger accepted = new AtomicInteger();
    AtomicInteger submitted = new AtomicInteger();
    // takes one helper, then refuses every other one; later drops them silently
    java.util.concurrent.Executor picky = r -> {
      int n = submitted.incrementAndGet();
      if (n == 1) {
        accepted.incrementAndGet();
        pool.execute(r);
      } else if (n % 2 == 0) {
        throw new java.util.concurrent.RejectedExecutionException("full");
      } // else dropped: never run
    };
    try (WriteTasks tasks = new WriteTasks(4, picky)) {
      WriteTasks.lingerNanos = TimeUnit.MILLISECONDS.toNanos(50);
      for (int step = 0; step < 40; step++) {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        List<WriteTasks.Piece> pieces = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
          pieces.add(() -> {
            running.incrementAndGet();
            Thread.onSpinWait();
            done.incrementAndGet();
            running.decrementAndGet();
          });
        }
        tasks.runAll(pieces);
        assertThat(done.get()).as("step %d", step).isEqualTo(6);
        assertThat(running.get()).as("a piece still running after step %d", step).isZero();
      }
      // a dropped or refused helper was not counted for good: every step still sent one
      assertThat(submitted.get()).isGreaterThanOrEqualTo(40);
    } finally {
      WriteTasks.lingerNanos = before;
      pool.shutdown();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
  }
}
