package io.colfile.core.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.ReadOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60) // a taker never woken would hang
class DecodeTasksTest {
  /** Makes 0, 1, 2, ... up to {@code count}, counting those made and never taken so far. */
  private static final class Counter implements DecodeTasks.Producer<Integer> {
    final int count;
    final AtomicInteger made = new AtomicInteger();
    final AtomicInteger taken = new AtomicInteger();
    volatile int mostAhead;

    Counter(int count) {
      this.count = count;
    }

    @Override
    public Integer next() {
      int i = made.get();
      if (i >= count) {
        return null;
      }
      made.incrementAndGet();
      mostAhead = Math.max(mostAhead, made.get() - taken.get());
      return i;
    }
  }

  @Test
  void aLaneMakesItsItemsInOrderAndNeverMoreThanItsRoomAhead() throws IOException {
    try (DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2))) {
      Counter c = new Counter(1000);
      DecodeTasks.Lane<Integer> lane = tasks.lane(c, 3);
      lane.wake();
      for (int i = 0; i < 1000; i++) {
        assertThat(lane.take()).isEqualTo(i);
        c.taken.incrementAndGet();
      }
      // one more than its room: the item it made while the last was being taken
      assertThat(c.mostAhead).isLessThanOrEqualTo(4);
      assertThatThrownBy(lane::take).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("nothing to make");
    }
  }

  @Test
  void aTaskHandsOverEveryItemInOrderWhetherItMakesFewOrManySlowlyOrFast() throws IOException {
    try (DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2))) {
      for (int count = 0; count <= 2 * DecodeTasks.WAKE_AFTER + 1; count++) {
        for (boolean slow : new boolean[] {false, true}) {
          int n = count;
          AtomicInteger i = new AtomicInteger();
          // a taker that waits wants a few items ready before it is woken: the end of a task
          // with fewer must wake it too, and a slow producer must not hold items back
          DecodeTasks.Task<Integer> task = tasks.start(() -> {
            if (slow) {
              LockSupport.parkNanos(200_000);
            }
            return i.get() < n ? i.getAndIncrement() : null;
          });
          for (int k = 0; k < n; k++) {
            assertThat(task.take()).as("%d items, slow %s", n, slow).isEqualTo(k);
          }
          assertThat(task.take()).isNull();
        }
      }
    }
  }

  @Test
  void aLaneWithNothingToMakeWaitsForWork() throws IOException {
    try (DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2))) {
      ConcurrentLinkedQueue<Integer> work = new ConcurrentLinkedQueue<>();
      DecodeTasks.Lane<Integer> lane = tasks.lane(work::poll, 2);
      for (int round = 0; round < 200; round++) {
        for (int i = 0; i < round % 7; i++) {
          work.add(round * 10 + i);
        }
        lane.wake();
        for (int i = 0; i < round % 7; i++) {
          assertThat(lane.take()).isEqualTo(round * 10 + i);
        }
      }
    }
  }

  @Test
  void anErrorComesAfterTheItemsMadeBeforeIt() throws IOException {
    IOException boom = new IOException("boom");
    try (DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2))) {
      AtomicInteger i = new AtomicInteger();
      DecodeTasks.Lane<Integer> lane = tasks.lane(() -> {
        if (i.get() == 5) {
          throw boom;
        }
        return i.getAndIncrement();
      }, 2);
      lane.wake();
      for (int k = 0; k < 5; k++) {
        assertThat(lane.take()).isEqualTo(k);
      }
      assertThatThrownBy(lane::take).isSameAs(boom);
    }
  }

  @Test
  void lanesShareAOneThreadExecutorWithoutHoldingIt() throws Exception {
    ExecutorService one = Executors.newSingleThreadExecutor();
    try (DecodeTasks tasks = new DecodeTasks(
        ReadOptions.defaults().withParallelism(3).withExecutor(one))) {
      List<DecodeTasks.Lane<Integer>> lanes = new ArrayList<>();
      for (int l = 0; l < 3; l++) {
        DecodeTasks.Lane<Integer> lane = tasks.lane(new Counter(500), 4);
        lane.wake();
        lanes.add(lane);
      }
      for (int i = 0; i < 500; i++) {
        for (DecodeTasks.Lane<Integer> lane : lanes) {
          assertThat(lane.take()).isEqualTo(i);
        }
      }
    } finally {
      one.shutdownNow();
    }
  }

  @Test
  void cancelStopsALaneAndCloseItsThreads() throws Exception {
    DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2));
    DecodeTasks.Lane<Integer> lane = tasks.lane(new Counter(Integer.MAX_VALUE), 8);
    lane.wake();
    assertThat(lane.take()).isZero();
    lane.cancel();
    assertThatThrownBy(lane::take).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cancelled");
    tasks.close();
    assertThat(Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("colfile-read-") && t.isAlive()).count()).isZero();
  }

  @Test
  @org.junit.jupiter.api.Timeout(20)
  void closeStopsThreadsStillLookingForATask() throws Exception {
    long before = DecodeTasks.lingerNanos;
    DecodeTasks.lingerNanos = java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    try {
      DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2));
      for (int round = 0; round < 3; round++) {
        // tasks one after another: the threads look for the next while the reader takes
        DecodeTasks.Task<Integer> task = tasks.start(new Counter(5));
        for (int i = 0; i < 5; i++) {
          assertThat(task.take()).isEqualTo(i);
        }
        assertThat(task.take()).isNull();
      }
      long start = System.nanoTime();
      tasks.close(); // the threads look for a task for a minute unless close stops them
      assertThat(System.nanoTime() - start).isLessThan(
          java.util.concurrent.TimeUnit.SECONDS.toNanos(10));
      assertThat(Thread.getAllStackTraces().keySet().stream()
          .filter(t -> t.getName().startsWith("colfile-read-") && t.isAlive()).count()).isZero();
    } finally {
      DecodeTasks.lingerNanos = before;
    }
  }
}
