package io.colfile.bench;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.trevni.TrevniReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.avro.AvroColumnReader;
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
 * Reads a Trevni file of lineitem records (written once at set-up by trevni-avro) with
 * trevni-avro's {@code AvroColumnReader} (generic records) and with colfile's {@code
 * TrevniReader} (batches of 1024 rows): all 16 columns, and the 2-column projection each offers
 * (a reader schema for trevni-avro, {@code ReadOptions.columns} for colfile). Each read sums
 * l_orderkey so the decoded values are observable; set-up checks both sums agree.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar TrevniReadBenchmark}; {@code
 * -Dcolfile.bench.trevniRows=...} changes the row count (default 1,000,000), {@code -p
 * codec=deflate} the codec.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class TrevniReadBenchmark {
  @Param({"null", "deflate", "snappy"})
  public String codec;

  private Path dir;
  private Path file;
  private Schema projection;

  @Setup
  public void setUp() throws IOException {
    long rows = Long.getLong("colfile.bench.trevniRows", 1_000_000L);
    dir = Files.createTempDirectory("colfile-trevni-bench");
    file = dir.resolve("lineitem.trv");
    List<GenericRecord> records = new ArrayList<>();
    TrevniData.generate(rows, records, null);
    AvroColumnWriter<GenericRecord> w =
        new AvroColumnWriter<>(TrevniData.AVRO, new ColumnFileMetaData().setCodec(codec));
    for (GenericRecord r : records) {
      w.write(r);
    }
    w.writeTo(file.toFile());
    projection = TrevniData.projection();
    long a = trevniAvroAllColumns();
    long b = colfileAllColumns();
    if (a != b || trevniAvroTwoColumns() != colfileTwoColumns()) {
      throw new IllegalStateException("the readers disagree: " + a + " vs " + b);
    }
  }

  @TearDown
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
    Files.delete(dir);
  }

  @Benchmark
  public long trevniAvroAllColumns() throws IOException {
    return trevniAvro(null);
  }

  @Benchmark
  public long trevniAvroTwoColumns() throws IOException {
    return trevniAvro(projection);
  }

  @Benchmark
  public long colfileAllColumns() throws IOException {
    return colfile(ReadOptions.defaults());
  }

  @Benchmark
  public long colfileTwoColumns() throws IOException {
    return colfile(ReadOptions.defaults().withColumns(TrevniData.TWO_COLUMNS));
  }

  private long trevniAvro(Schema readerSchema) throws IOException {
    AvroColumnReader.Params params = new AvroColumnReader.Params(file.toFile());
    if (readerSchema != null) {
      params.setSchema(readerSchema);
    }
    long sum = 0;
    try (AvroColumnReader<GenericRecord> r = new AvroColumnReader<>(params)) {
      for (GenericRecord rec : r) {
        sum += (Long) rec.get(0);
      }
    }
    return sum;
  }

  private long colfile(ReadOptions options) throws IOException {
    try (TrevniReader reader = TrevniReader.open(InputFile.local(file));
         BatchReader rows = reader.read(options.withBatchSize(1024))) {
      ColumnBatch batch = rows.newBatch();
      long sum = 0;
      while (rows.next(batch)) {
        long[] v = ((LongVector) batch.cols[0]).vector;
        for (int i = 0; i < batch.size; i++) {
          sum += v[i];
        }
      }
      return sum;
    }
  }
}
