package io.colfile.bench;

import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.avro.AvroColumnWriter;
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
 * Writes the same lineitem rows ({@link TrevniData}, held in memory as Avro generic records and
 * as colfile batches) with trevni-avro's {@code AvroColumnWriter} and with colfile's {@code
 * TrevniWriter}, as Avro records shredded into Trevni columns; both file sizes are printed at
 * set-up, and whether the files are the same bytes (they are with null and deflate, and with
 * snappy when colfile has snappy-java, as trevni-avro does). {@code colfileWriteTwoThreads}
 * writes with {@code parallelism(2)}: the columns of each batch encoded, and their blocks
 * compressed, on two threads; the same bytes.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar TrevniWriteBenchmark}; {@code
 * -Dcolfile.bench.trevniRows=...} changes the row count (default 1,000,000), {@code -p
 * codec=deflate} the codec.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class TrevniWriteBenchmark {
  @Param({"null", "deflate", "snappy"})
  public String codec;

  private final List<GenericRecord> records = new ArrayList<>();
  private final List<ColumnBatch> batches = new ArrayList<>();
  private Path dir;

  @Setup
  public void setUp() throws IOException {
    long rows = Long.getLong("colfile.bench.trevniRows", 1_000_000L);
    TrevniData.generate(rows, records, batches);
    dir = Files.createTempDirectory("colfile-trevni-bench");
    byte[] avro = Files.readAllBytes(trevniAvro());
    byte[] colfile = Files.readAllBytes(colfile(1));
    byte[] twoThreads = Files.readAllBytes(colfile(2));
    System.out.printf(Locale.ROOT, "%n%s, %d rows: trevni-avro %d bytes, colfile %d bytes; "
        + "the same bytes: %s; on two threads too: %s%n", codec, rows, avro.length,
        colfile.length, java.util.Arrays.equals(avro, colfile),
        java.util.Arrays.equals(colfile, twoThreads));
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
  public long trevniAvroWrite() throws IOException {
    return Files.size(trevniAvro());
  }

  @Benchmark
  public long colfileWrite() throws IOException {
    return Files.size(colfile(1));
  }

  @Benchmark
  public long colfileWriteTwoThreads() throws IOException {
    return Files.size(colfile(2));
  }

  private Path trevniAvro() throws IOException {
    Path path = dir.resolve("trevni-avro.trv");
    AvroColumnWriter<GenericRecord> w =
        new AvroColumnWriter<>(TrevniData.AVRO, new ColumnFileMetaData().setCodec(codec));
    for (GenericRecord r : records) {
      w.write(r);
    }
    w.writeTo(path.toFile());
    return path;
  }

  private Path colfile(int threads) throws IOException {
    Path path = dir.resolve("colfile.trv");
    TrevniData.write(batches, codec, threads, path);
    return path;
  }
}
