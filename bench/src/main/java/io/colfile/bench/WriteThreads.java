package io.colfile.bench;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
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
 * lineitem rows held in memory) on one thread and on two, alternating in one JVM, as {@link
 * OrcThreads} does for reads: both run the same compiled code under the same load. Prints the
 * median wall time of each and the ratio two threads / one.
 *
 * <pre>
 * java -Xms4g -Xmx4g -Djava.io.tmpdir=/dev/shm -cp bench/target/benchmarks.jar \
 *     io.colfile.bench.WriteThreads [orc:NONE,orc:ZSTD,trevni:null,trevni:snappy] [rounds]
 * </pre>
 *
 * <p>The files go to {@code java.io.tmpdir}: on a disk, a writer that makes a file of 90 MB
 * every 200 ms outruns the disk and the kernel holds it back (dirty-page throttling), which
 * then measures the disk; a tmpfs such as {@code /dev/shm} measures the writer. Defaults: the
 * four cases above, 21 rounds, the first five warm-up (not counted).
 */
public final class WriteThreads {
  private static final int WARM_UP = 5;

  private WriteThreads() {}

  /** One write of the rows to {@code path} on {@code threads} threads. */
  @FunctionalInterface
  private interface Write {
    void run(Path path, int threads) throws IOException;
  }

  public static void main(String[] args) throws Exception {
    String[] cases = (args.length > 0 ? args[0]
        : "orc:NONE,orc:ZSTD,trevni:null,trevni:snappy").split(",");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 21;
    Type orcSchema = Type.parse(LineItemFile.SCHEMA.toString());
    List<ColumnBatch> orcBatches = new ArrayList<>();
    List<ColumnBatch> trevniBatches = new ArrayList<>();
    Path dir = Files.createTempDirectory("colfile-write-threads");
    try {
      for (String c : cases) {
        String[] fc = c.split(":", 2);
        String codec = fc[1];
        Write write;
        if (fc[0].equals("orc")) {
          if (orcBatches.isEmpty()) {
            LineItemFile.generate(1_000_000, b -> orcBatches.add(
                LineItemFile.toColfile(b, orcSchema)));
          }
          write = (path, threads) -> {
            OrcWriterOptions o = OrcWriterOptions.builder()
                .compression(CompressionCodec.valueOf(codec)).parallelism(threads).build();
            try (OrcWriter w = OrcWriter.create(OutputFile.local(path), orcSchema, o)) {
              for (ColumnBatch b : orcBatches) {
                w.write(b);
              }
            }
          };
        } else if (fc[0].equals("trevni")) {
          if (trevniBatches.isEmpty()) {
            TrevniData.generate(1_000_000, null, trevniBatches);
          }
          write = (path, threads) -> TrevniData.write(trevniBatches, codec, threads, path);
        } else {
          throw new IllegalArgumentException("not orc:CODEC or trevni:codec: " + c);
        }
        run(c, write, dir.resolve("out"), rounds);
      }
    } finally {
      Files.deleteIfExists(dir.resolve("out"));
      Files.delete(dir);
    }
  }

  private static void run(String name, Write write, Path path, int rounds) throws IOException {
    double[][] wall = new double[2][rounds - WARM_UP];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < 2; k++) {
        int threads = (r & 1) == 0 ? k + 1 : 2 - k; // alternate which goes first
        long t0 = System.nanoTime();
        write.run(path, threads);
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
