package io.colfile.bench;

import io.colfile.core.ReadOptions;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@link OrcWriteBenchmark}'s and {@link TrevniWriteBenchmark}'s colfile writes (1 million
 * lineitem rows held in memory), and {@link TrevniReadBenchmark}'s colfile read of all columns
 * of such a file, on one thread and on two, alternating in one JVM, as {@link OrcThreads} does
 * for ORC reads: both run the same compiled code under the same load. Prints the median wall
 * time of each and the ratio two threads / one.
 *
 * <pre>
 * java -Xms4g -Xmx4g -Djava.io.tmpdir=/dev/shm -cp bench/target/benchmarks.jar \
 *     io.colfile.bench.FormatThreads [orc-write:NONE,trevni-write:null,trevni-read:deflate,...] \
 *     [rounds]
 * </pre>
 *
 * <p>The files go to {@code java.io.tmpdir}: on a disk, a writer that makes a file of 90 MB
 * every 200 ms outruns the disk and the kernel holds it back (dirty-page throttling), which
 * then measures the disk; a tmpfs such as {@code /dev/shm} measures the writer. Defaults:
 * orc-write NONE and ZSTD, trevni-write null and snappy, trevni-read deflate and snappy; 21
 * rounds, the first five warm-up (not counted).
 */
public final class FormatThreads {
  private static final int WARM_UP = 5;

  private FormatThreads() {}

  /** One write of the rows to {@code path}, or read of it, on {@code threads} threads. */
  @FunctionalInterface
  private interface Job {
    void run(Path path, int threads) throws IOException;
  }

  public static void main(String[] args) throws Exception {
    String[] cases = (args.length > 0 ? args[0]
        : "orc-write:NONE,orc-write:ZSTD,trevni-write:null,trevni-write:snappy,"
            + "trevni-read:deflate,trevni-read:snappy").split(",");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 21;
    Type orcSchema = Type.parse(LineItemFile.SCHEMA.toString());
    List<ColumnBatch> orcBatches = new ArrayList<>();
    List<ColumnBatch> trevniBatches = new ArrayList<>();
    Path dir = Files.createTempDirectory("colfile-format-threads");
    try {
      for (String c : cases) {
        String[] fc = c.split(":", 2);
        String codec = fc[1];
        Job job;
        Path path = dir.resolve("out");
        if (fc[0].equals("orc-write")) {
          if (orcBatches.isEmpty()) {
            LineItemFile.generate(1_000_000, b -> orcBatches.add(
                LineItemFile.toColfile(b, orcSchema)));
          }
          job = (p, threads) -> LineItemFile.writeColfile(orcBatches, orcSchema, codec, threads, p);
        } else if (fc[0].startsWith("trevni-")) {
          if (trevniBatches.isEmpty()) {
            TrevniData.generate(1_000_000, null, trevniBatches);
          }
          if (fc[0].equals("trevni-write")) {
            job = (p, threads) -> TrevniData.write(trevniBatches, codec, threads, p);
          } else if (fc[0].equals("trevni-read")) {
            TrevniData.write(trevniBatches, codec, 1, path);
            job = (p, threads) -> TrevniReadBenchmark.colfileRead(p,
                ReadOptions.defaults().withParallelism(threads));
          } else {
            throw new IllegalArgumentException("not trevni-write or trevni-read: " + c);
          }
        } else {
          throw new IllegalArgumentException("not orc-write, trevni-write or trevni-read: " + c);
        }
        run(c, job, path, rounds);
      }
    } finally {
      Files.deleteIfExists(dir.resolve("out"));
      Files.delete(dir);
    }
  }

  private static void run(String name, Job job, Path path, int rounds) throws IOException {
    double[][] wall = new double[2][rounds - WARM_UP];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < 2; k++) {
        int threads = (r & 1) == 0 ? k + 1 : 2 - k; // alternate which goes first
        long t0 = System.nanoTime();
        job.run(path, threads);
        if (r >= WARM_UP) {
          wall[threads - 1][r - WARM_UP] = (System.nanoTime() - t0) / 1e6;
        }
      }
    }
    double one = OrcThreads.median(wall[0]);
    double two = OrcThreads.median(wall[1]);
    System.out.printf(Locale.ROOT, "%s (%s): median wall 1 thread %.1f ms, 2 threads %.1f ms: "
        + "%.2fx (%d rounds; load %.2f)%n", name, path.getParent(), one, two, two / one,
        rounds - WARM_UP, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }
}
