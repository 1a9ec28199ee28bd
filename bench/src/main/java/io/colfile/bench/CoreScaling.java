package io.colfile.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What two threads can gain on this machine at all, to read the two-thread benchmarks against:
 * the same work on one thread and split over two, once as pure arithmetic (a xorshift loop,
 * nothing from memory) and once streaming through memory (one byte per cache line of two 64 MiB
 * arrays). Prints the wall time of each and the ratio two threads / one, six rounds.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.colfile.bench.CoreScaling</pre>
 */
public final class CoreScaling {
  private CoreScaling() {}

  private static long arithmetic(long seed, int steps) {
    long x = seed | 1;
    for (int i = 0; i < steps; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
    }
    return x;
  }

  private static long memory(byte[] a, int rounds) {
    long sum = 0;
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < a.length; i += 64) {
        sum += a[i]++;
      }
    }
    return sum;
  }

  public static void main(String[] args) throws Exception {
    int steps = 400_000_000;
    byte[] first = new byte[64 << 20];
    byte[] second = new byte[64 << 20];
    ExecutorService pool = Executors.newSingleThreadExecutor();
    long sink = 0;
    try {
      for (int round = 0; round < 6; round++) {
        long t = System.nanoTime();
        sink += arithmetic(round, steps) + arithmetic(round + 1, steps);
        long one = System.nanoTime() - t;
        t = System.nanoTime();
        Future<Long> other = pool.submit(() -> arithmetic(7, steps));
        sink += arithmetic(8, steps) + other.get();
        long two = System.nanoTime() - t;
        t = System.nanoTime();
        sink += memory(first, 20) + memory(second, 20);
        long memOne = System.nanoTime() - t;
        t = System.nanoTime();
        Future<Long> half = pool.submit(() -> memory(first, 20));
        sink += memory(second, 20) + half.get();
        long memTwo = System.nanoTime() - t;
        System.out.printf("arithmetic: 1 thread %d ms, 2 threads %d ms, %.2fx | memory: "
            + "1 thread %d ms, 2 threads %d ms, %.2fx%n", one / 1_000_000, two / 1_000_000,
            (double) two / one, memOne / 1_000_000, memTwo / 1_000_000, (double) memTwo / memOne);
      }
    } finally {
      pool.shutdown();
    }
    System.out.println(sink == 42 ? "" : "(done)");
  }
}
