package io.colfile.bench;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.OrcWriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Writer;
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
 * Writes the same lineitem rows ({@link LineItemFile#generate}, held in memory as orc-core
 * batches and as colfile batches over the same arrays) with orc-core and with colfile, default
 * options but the codec, and reports both file sizes at set-up. Each invocation writes a whole
 * file to the temporary directory.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar OrcWriteBenchmark}; {@code
 * -Dcolfile.bench.writeRows=...} changes the row count (default 1,000,000), {@code -p
 * codec=ZLIB} the codec, {@code -p parallelism=1,2} the threads colfile writes on ({@link
 * OrcWriterOptions.Builder#parallelism}; orc-core always writes on one). Set-up checks that
 * colfile's file is the same at the given parallelism as on one thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class OrcWriteBenchmark {
  @Param({"ZSTD", "ZLIB", "NONE"})
  public String codec;

  @Param({"1"})
  public int parallelism;

  private final List<VectorizedRowBatch> orcBatches = new ArrayList<>();
  private final List<ColumnBatch> colfileBatches = new ArrayList<>();
  private Type schema;
  private Path dir;
  private Configuration conf;

  @Setup
  public void setUp() throws IOException {
    long rows = Long.getLong("colfile.bench.writeRows", 1_000_000L);
    schema = Type.parse(LineItemFile.SCHEMA.toString());
    LineItemFile.generate(rows, b -> {
      orcBatches.add(b);
      colfileBatches.add(LineItemFile.toColfile(b, schema));
    });
    dir = Files.createTempDirectory("colfile-write-bench");
    conf = new Configuration();
    long orcSize = Files.size(orcCore());
    byte[] oneThread = Files.readAllBytes(colfile(1));
    long colfileSize = Files.size(colfile());
    if (!java.util.Arrays.equals(oneThread, Files.readAllBytes(colfile()))) {
      throw new IllegalStateException("parallelism " + parallelism + " changed the bytes");
    }
    System.out.printf(Locale.ROOT, "%n%s, %d rows: orc-core %d bytes, colfile %d bytes (%+.2f %%)%n",
        codec, rows, orcSize, colfileSize, 100.0 * (colfileSize - orcSize) / orcSize);
  }

  @TearDown
  public void tearDown() throws IOException {
    try (var files = Files.list(dir)) {
      for (Path p : files.toList()) {
        Files.delete(p);
      }
    }
    Files.delete(dir);
  }


  @Benchmark
  public long orcCoreWrite() throws IOException {
    return Files.size(orcCore());
  }

  @Benchmark
  public long colfileWrite() throws IOException {
    return Files.size(colfile());
  }

  private Path orcCore() throws IOException {
    Path path = dir.resolve("orc-core.orc");
    Files.deleteIfExists(path);
    OrcFile.WriterOptions options = OrcFile.writerOptions(conf)
        .setSchema(LineItemFile.SCHEMA).compress(CompressionKind.valueOf(codec))
        .fileSystem(FileSystem.getLocal(conf).getRawFileSystem());
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(path.toUri()),
        options)) {
      for (VectorizedRowBatch b : orcBatches) {
        writer.addRowBatch(b);
      }
    }
    return path;
  }

  private Path colfile() throws IOException {
    return colfile(parallelism);
  }

  private Path colfile(int threads) throws IOException {
    Path path = dir.resolve("colfile.orc");
    LineItemFile.writeColfile(colfileBatches, schema, codec, threads, path);
    return path;
  }
}
