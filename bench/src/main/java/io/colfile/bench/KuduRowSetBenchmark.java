package io.colfile.bench;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads and writes a whole Kudu rowset of lineitem rows ({@link LineItemFile#generate}, 16
 * columns, keyed by {@code l_orderkey, l_linenumber}, in key order; LZ4, Kudu's default
 * encodings) at 1 and 2 threads ({@link ReadOptions#withParallelism}, {@link
 * WriteOptions#withParallelism}). The read reads every column of a rowset written once and
 * cached, as the ORC benchmark's file is, under {@code -Dcolfile.bench.dir} (default {@code
 * $TMPDIR/colfile-bench}); the write writes the rows, held in memory as colfile batches, to a
 * new directory of the temporary directory. Kudu has no Java rowset reader or writer to
 * compare with: the figures are colfile's alone.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar KuduRowSetBenchmark}; {@code
 * -Dcolfile.bench.kuduRowSetRows=...} changes the row count (default 1,000,000), {@code -p
 * parallelism=2} picks the threads.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class KuduRowSetBenchmark {
  @Param({"1", "2"})
  public int parallelism;

  private Type schema;
  private final List<ColumnBatch> batches = new ArrayList<>();
  private Path rowset;
  private Path writeDir;
  private long rows;

  @Setup
  public void setUp() throws IOException {
    rows = Long.getLong("colfile.bench.kuduRowSetRows", 1_000_000L);
    schema = Type.parse(LineItemFile.SCHEMA.toString());
    LineItemFile.generate(rows, b -> batches.add(LineItemFile.toColfile(b, schema)));
    Path dir = BenchFiles.dir();
    // the version suffix changes whenever the data or the writer's choices do
    rowset = dir.resolve("kudu-rowset-lineitem-lz4-" + rows + "-v1");
    if (!Files.exists(rowset)) {
      Files.createDirectories(dir);
      // the writer publishes the directory whole, by a rename, or leaves nothing
      write(rowset, 1);
    }
    writeDir = Files.createTempDirectory("colfile-kudu-write-bench");
    long read = read();
    if (read != rows) {
      throw new IllegalStateException(rowset + " holds " + read + " rows, not " + rows);
    }
    long bytes;
    try (Stream<Path> files = Files.list(rowset)) {
      bytes = files.mapToLong(p -> p.toFile().length()).sum();
    }
    System.out.printf(Locale.ROOT, "%n%d rows, %d bytes in %s%n", rows, bytes, rowset);
  }

  @TearDown
  public void tearDown() throws IOException {
    deleteTree(writeDir);
  }

  private WriteOptions writeOptions(int threads) {
    return WriteOptions.defaults().withCompression(CompressionCodec.LZ4)
        .withProperty("kudu.key", "l_orderkey,l_linenumber").withParallelism(threads);
  }

  private void write(Path dir, int threads) throws IOException {
    try (FileWriter w = ColFile.writer("kudu", dir, schema, writeOptions(threads))) {
      for (ColumnBatch b : batches) {
        w.write(b);
      }
    }
  }

  @Benchmark
  public long read() throws IOException {
    try (FileReader r = ColFile.openDirectory(rowset);
        BatchReader br = r.read(ReadOptions.defaults().withParallelism(parallelism))) {
      ColumnBatch batch = br.newBatch();
      long n = 0;
      while (br.next(batch)) {
        n += batch.size;
      }
      return n;
    }
  }

  @Benchmark
  public long write() throws IOException {
    Path dir = writeDir.resolve("rowset");
    deleteTree(dir);
    write(dir, parallelism);
    return rows;
  }

  private static void deleteTree(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> files = Files.walk(path)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
