package io.colfile.bench;

import io.colfile.core.ReadOptions;
import io.colfile.kudu.KuduCompression;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@link KuduReadBenchmark}'s read of a whole CFile on one thread (its cursor read) and on two
 * ({@code CFileReader} with two threads of a pool of this class's), alternating in one JVM, as
 * {@link OrcThreads} does for ORC: both sides run the same compiled code under the same load
 * (JMH runs each parallelism in a JVM of its own). For each case, column x compression: the
 * median wall time of each side, the ratio two threads / one, and the median CPU time of the
 * threads that read (the caller's and the pool's): where other work keeps a core busy the wall
 * ratio says little, but two threads gain only where they take less than twice one's CPU time.
 *
 * <pre>
 * java -Xmx2g -cp bench/target/benchmarks.jar io.colfile.bench.KuduThreads [rounds] \
 *     [PLAIN_INT64:NONE,PREFIX:LZ4,...]
 * </pre>
 *
 * <p>Defaults: 21 rounds, the first five warm-up (not counted); the ints (PLAIN and
 * BIT_SHUFFLE int64, RLE int32) and strings (PLAIN, PREFIX, DICT of few and of many values)
 * with NONE, LZ4 and ZLIB. {@code -Dcolfile.kudu.minBatchNanos=} and {@code
 * -Dcolfile.kudu.timedBlocks=0} change when the two-thread read goes to the pool.
 */
public final class KuduThreads {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final int WARM_UP = 5;

  private KuduThreads() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 21;
    List<String> cases = new ArrayList<>();
    if (args.length > 1) {
      cases.addAll(List.of(args[1].split(",")));
    } else {
      for (String column : new String[] {"PLAIN_INT64", "BITSHUFFLE_INT64", "RLE_INT32",
          "PLAIN_STRING", "PREFIX", "DICT_LOW", "DICT_HIGH"}) {
        for (String codec : new String[] {"NONE", "LZ4", "ZLIB"}) {
          cases.add(column + ":" + codec);
        }
      }
    }
    List<Thread> pool = Collections.synchronizedList(new ArrayList<>());
    ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "kudu-threads-" + pool.size());
      t.setDaemon(true);
      pool.add(t);
      return t;
    });
    ReadOptions two = ReadOptions.defaults().withBatchSize(KuduReadBenchmark.BATCH)
        .withParallelism(2).withExecutor(executor);
    System.out.printf("%-18s %-5s %8s %8s %6s %8s %8s %5s%n", "column", "codec", "1 (ms)",
        "2 (ms)", "2 / 1", "cpu 1", "cpu 2", "load");
    try {
      for (String c : cases) {
        String[] parts = c.split(":");
        KuduReadBenchmark bench = new KuduReadBenchmark();
        bench.column = KuduCase.valueOf(parts[0]);
        bench.compression = KuduCompression.valueOf(parts[1]);
        bench.parallelism = 1;
        bench.setUp();
        KuduCounters counters = new KuduCounters();
        double[][] wall = new double[2][rounds - WARM_UP];
        double[][] cpu = new double[2][rounds - WARM_UP];
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
          for (int k = 0; k < 2; k++) {
            int side = (r & 1) == 0 ? k : 1 - k; // alternate which goes first
            long c0 = OrcThreads.cpu(pool) + THREADS.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            sink += side == 0 ? bench.read(counters) : KuduReadBenchmark.read(bench.file(), two);
            if (r >= WARM_UP) {
              wall[side][r - WARM_UP] = (System.nanoTime() - t0) / 1e6;
              cpu[side][r - WARM_UP] =
                  (OrcThreads.cpu(pool) + THREADS.getCurrentThreadCpuTime() - c0) / 1e6;
            }
          }
        }
        double one = OrcThreads.median(wall[0]);
        double twoMs = OrcThreads.median(wall[1]);
        System.out.printf(Locale.ROOT, "%-18s %-5s %8.2f %8.2f %5.2fx %8.2f %8.2f %5.2f [%d]%n",
            parts[0], parts[1], one, twoMs, twoMs / one, OrcThreads.median(cpu[0]),
            OrcThreads.median(cpu[1]),
            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), sink & 1);
      }
    } finally {
      executor.shutdownNow();
    }
  }
}
