package io.colfile.bench;

import io.colfile.core.ReadOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@link OrcReadBenchmark}'s full scan on one thread and on two, alternating in one JVM, so that
 * both run the same compiled code (JMH runs each parallelism in a JVM of its own, whose JIT
 * choices alone moved a scan by a fifth here) under the same load. Prints, per round, the wall
 * time of each and the CPU time of the threads that decoded; then the medians and the ratio
 * two threads / one.
 *
 * <pre>
 * java -Xmx2g -Dcolfile.bench.codec=NONE -cp bench/target/benchmarks.jar \
 *     io.colfile.bench.OrcThreads [rounds] [lineitem|dictionary]
 * </pre>
 *
 * <p>Defaults: 30 rounds, the first five warm-up (not counted), the lineitem file; {@code
 * dictionary} scans {@link DictionaryFile} instead (large string dictionaries).
 */
public final class OrcThreads {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final int WARM_UP = 5;

  private OrcThreads() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    String which = args.length > 1 ? args[1] : "lineitem";
    Path file = switch (which) {
      case "lineitem" -> LineItemFile.ensure();
      case "dictionary" -> DictionaryFile.ensure();
      default -> throw new IllegalArgumentException("no benchmark file " + which
          + " (lineitem or dictionary)");
    };
    List<Thread> pool = Collections.synchronizedList(new ArrayList<>());
    ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "orc-threads-" + pool.size());
      t.setDaemon(true);
      pool.add(t);
      return t;
    });
    double[][] wall = new double[2][rounds - WARM_UP];
    long sink = 0;
    try {
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < 2; k++) {
          int threads = (r & 1) == 0 ? k + 1 : 2 - k; // alternate which goes first
          long cpu0 = cpu(pool) + THREADS.getCurrentThreadCpuTime();
          long t0 = System.nanoTime();
          sink += scan(file, threads, executor);
          double ms = (System.nanoTime() - t0) / 1e6;
          double cpuMs = (cpu(pool) + THREADS.getCurrentThreadCpuTime() - cpu0) / 1e6;
          System.out.printf("round %2d, %d thread(s): wall %7.1f ms, cpu %7.1f ms%s%n", r,
              threads, ms, cpuMs, r < WARM_UP ? " (warm-up)" : "");
          if (r >= WARM_UP) {
            wall[threads - 1][r - WARM_UP] = ms;
          }
        }
      }
    } finally {
      executor.shutdownNow();
    }
    double one = median(wall[0]);
    double two = median(wall[1]);
    System.out.printf("%s: median wall 1 thread %.1f ms, 2 threads %.1f ms: %.2fx (%d rounds; "
        + "load %.2f) [%d]%n", file.getFileName(), one, two, two / one, rounds - WARM_UP,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), sink & 1);
  }

  /** The CPU time the pool's threads used so far. */
  static long cpu(List<Thread> pool) {
    long sum = 0;
    synchronized (pool) {
      for (Thread t : pool) {
        sum += Math.max(0, THREADS.getThreadCpuTime(t.getId()));
      }
    }
    return sum;
  }

  private static long scan(Path file, int threads, ExecutorService executor) throws IOException {
    return OrcReadBenchmark.colfile(file, ReadOptions.defaults()
        .withBatchSize(OrcReadBenchmark.BATCH).withParallelism(threads).withExecutor(executor));
  }

  /** The median of {@code values}. */
  static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
