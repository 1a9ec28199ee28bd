package io.colfile.bench;

import io.colfile.core.ReadOptions;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.avro.AvroColumnWriter;

/**
 * The Trevni benchmarks' jobs ({@link TrevniWriteBenchmark}, {@link TrevniReadBenchmark}) timed
 * by the CPU time of the thread that runs them (user and kernel, {@link ThreadMXBean}), colfile
 * and trevni-avro alternating in one JVM on the same rows, so that other processes on a shared
 * machine move the figures less than they move wall-clock time. Prints the median of each job's
 * CPU time and wall time over the rounds, and colfile's speed-up (trevni-avro / colfile) for
 * each. Garbage collection on other threads is not counted (trevni-avro allocates more).
 *
 * <pre>
 * java -Xmx4g -cp bench/target/benchmarks.jar io.colfile.bench.TrevniCpu \
 *     [codec,...] [rounds] [rows]
 * </pre>
 *
 * <p>Defaults: null,deflate,snappy; 11 rounds (the first two are warm-up, not counted); 1,000,000
 * rows. {@code -Dcolfile.bench.side=colfile} runs colfile's jobs alone (for a profiler).
 */
public final class TrevniCpu {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private TrevniCpu() {}

  /** One job; returns a value that depends on its work. */
  @FunctionalInterface
  private interface Job {
    long run() throws IOException;
  }

  public static void main(String[] args) throws Exception {
    String[] codecs = (args.length > 0 ? args[0] : "null,deflate,snappy").split(",");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 11;
    long rows = args.length > 2 ? Long.parseLong(args[2]) : 1_000_000L;
    List<GenericRecord> records = new ArrayList<>();
    List<ColumnBatch> batches = new ArrayList<>();
    TrevniData.generate(rows, records, batches);
    Path dir = Files.createTempDirectory("colfile-trevni-cpu");
    Schema two = TrevniData.projection();
    // -Dcolfile.bench.side=colfile (or trevni-avro) times one side alone, e.g. for a profile
    String sideName = System.getProperty("colfile.bench.side", "");
    int only = sideName.equals("colfile") ? 0 : sideName.equals("trevni-avro") ? 1 : -1;
    try {
      for (String codec : codecs) {
        Path avroFile = dir.resolve("avro.trv");
        Path colFile = dir.resolve("colfile.trv");
        String[] names = {"write", "read all", "read 2 columns"};
        Job[][] jobs = {
            {() -> colfileWrite(batches, codec, colFile), () -> avroWrite(records, codec,
                avroFile)},
            {() -> TrevniReadBenchmark.colfileRead(avroFile, ReadOptions.defaults()),
                () -> TrevniReadBenchmark.avroRead(avroFile, null)},
            {() -> TrevniReadBenchmark.colfileRead(avroFile, ReadOptions.defaults().withColumns(
                TrevniData.TWO_COLUMNS)), () -> TrevniReadBenchmark.avroRead(avroFile, two)}};
        long[][][] cpu = new long[jobs.length][2][rounds];
        long[][][] wall = new long[jobs.length][2][rounds];
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
          for (int j = 0; j < jobs.length; j++) {
            for (int s = 0; s < 2; s++) {
              int side = (r & 1) == 0 ? s : 1 - s; // alternate which side goes first
              if (only >= 0 && side != only && !(j == 0 && r == 0)) {
                continue; // the other side's file is read, so it is written once
              }
              long c0 = THREADS.getCurrentThreadCpuTime();
              long w0 = System.nanoTime();
              sink += jobs[j][side].run();
              wall[j][side][r] = System.nanoTime() - w0;
              cpu[j][side][r] = THREADS.getCurrentThreadCpuTime() - c0;
            }
          }
          if (r == 0) {
            System.out.printf(Locale.ROOT, "%s: trevni-avro %d bytes, colfile %d bytes, same: "
                + "%s%n", codec, Files.size(avroFile), Files.size(colFile),
                Arrays.equals(Files.readAllBytes(avroFile), Files.readAllBytes(colFile)));
          }
        }
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        for (int j = 0; j < jobs.length; j++) {
          double cc = median(cpu[j][0]);
          double ca = median(cpu[j][1]);
          double wc = median(wall[j][0]);
          double wa = median(wall[j][1]);
          System.out.printf(Locale.ROOT, "%-8s %-15s cpu colfile %8.1f ms  trevni-avro %8.1f ms"
              + "  %5.2fx | wall %8.1f / %8.1f ms  %5.2fx  (load %.2f)%n", codec, names[j],
              cc / 1e6, ca / 1e6, ca / cc, wc / 1e6, wa / 1e6, wa / wc, load);
        }
        System.out.println(sink == 42 ? "" : "");
      }
    } finally {
      try (var files = Files.list(dir)) {
        for (Path p : files.toList()) {
          Files.delete(p);
        }
      }
      Files.delete(dir);
    }
  }

  /** The median of the rounds after the first two. */
  private static double median(long[] v) {
    long[] c = Arrays.copyOfRange(v, Math.min(2, v.length - 1), v.length);
    Arrays.sort(c);
    return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2.0;
  }

  private static long colfileWrite(List<ColumnBatch> batches, String codec, Path path)
      throws IOException {
    TrevniData.write(batches, codec, 1, path);
    return Files.size(path);
  }

  private static long avroWrite(List<GenericRecord> records, String codec, Path path)
      throws IOException {
    AvroColumnWriter<GenericRecord> w =
        new AvroColumnWriter<>(TrevniData.AVRO, new ColumnFileMetaData().setCodec(codec));
    for (GenericRecord r : records) {
      w.write(r);
    }
    w.writeTo(path.toFile());
    return Files.size(path);
  }
}
