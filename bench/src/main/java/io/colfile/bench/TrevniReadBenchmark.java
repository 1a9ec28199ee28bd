package io.colfile.bench;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.trevni.TrevniReader;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
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
 * (a reader schema for trevni-avro, {@code ReadOptions.columns} for colfile). Both readers decode
 * every field they are asked for (whole generic records; whole batches), and each timed read
 * sums l_orderkey so the decoded values are observable. Set-up checks, untimed, that both readers
 * give the same value in every field of every row, all columns and the projection: timing a
 * wrong read is moot. Each side gives values in its own form: trevni-avro strings as {@code
 * java.lang.String} (trevni-core decodes them; no option keeps the UTF-8 bytes) and decimals as
 * their unscaled bytes, colfile strings as references to the UTF-8 bytes and decimals as
 * unscaled longs. {@code colfileAllColumnsTwoThreads} reads all columns with {@code
 * withParallelism(2)}.
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
    check("all columns", null, ReadOptions.defaults());
    check("two columns", projection, ReadOptions.defaults().withColumns(TrevniData.TWO_COLUMNS));
  }

  private void check(String what, Schema readerSchema, ReadOptions options) throws IOException {
    long a = trevniAvroChecksum(readerSchema);
    long b = colfileChecksum(options);
    if (a != b) {
      throw new IllegalStateException(codec + ", " + what + ": trevni-avro's values checksum to "
          + a + ", colfile's to " + b);
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

  /** All columns with {@code withParallelism(2)}: next blocks decompressed on the pool. */
  @Benchmark
  public long colfileAllColumnsTwoThreads() throws IOException {
    return colfile(ReadOptions.defaults().withParallelism(2));
  }

  private long trevniAvro(Schema readerSchema) throws IOException {
    return avroRead(file, readerSchema);
  }

  /** trevni-avro's records of {@code file}: the sum of the first field (l_orderkey). */
  static long avroRead(Path file, Schema readerSchema) throws IOException {
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
    return colfileRead(file, options);
  }

  /** colfile's batches of {@code file}: the sum of the first column (l_orderkey). */
  static long colfileRead(Path file, ReadOptions options) throws IOException {
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


  /** A checksum of every field of every row, in row order; values as colfile holds them. */
  private long trevniAvroChecksum(Schema readerSchema) throws IOException {
    AvroColumnReader.Params params = new AvroColumnReader.Params(file.toFile());
    if (readerSchema != null) {
      params.setSchema(readerSchema);
    }
    long h = 0;
    try (AvroColumnReader<GenericRecord> r = new AvroColumnReader<>(params)) {
      for (GenericRecord rec : r) {
        for (int f = 0, n = rec.getSchema().getFields().size(); f < n; f++) {
          h = 31 * h + avroValue(rec.get(f));
        }
      }
    }
    return h;
  }

  private static long avroValue(Object v) {
    if (v instanceof Long l) {
      return l;
    } else if (v instanceof Integer i) {          // l_linenumber and the dates
      return i;
    } else if (v instanceof Double d) {
      return Double.doubleToLongBits(d);
    } else if (v instanceof Utf8 u) {
      return bytes(u.getBytes(), 0, u.getByteLength());
    } else if (v instanceof String s) {           // trevni-avro's own string reader gives these
      byte[] a = s.getBytes(StandardCharsets.UTF_8);
      return bytes(a, 0, a.length);
    } else if (v instanceof ByteBuffer b) {       // a decimal's unscaled two's-complement bytes
      byte[] a = new byte[b.remaining()];
      b.duplicate().get(a);
      return new BigInteger(a).longValueExact();
    }
    throw new IllegalStateException("unexpected " + v.getClass().getName() + ": " + v);
  }

  private long colfileChecksum(ReadOptions options) throws IOException {
    try (TrevniReader reader = TrevniReader.open(InputFile.local(file));
         BatchReader rows = reader.read(options.withBatchSize(1024))) {
      ColumnBatch batch = rows.newBatch();
      long h = 0;
      while (rows.next(batch)) {
        for (int i = 0; i < batch.size; i++) {
          for (ColumnVector v : batch.cols) {
            h = 31 * h + colfileValue(v, i);
          }
        }
      }
      return h;
    }
  }

  private static long colfileValue(ColumnVector v, int i) {
    if (!v.noNulls && v.isNull[i]) {
      throw new IllegalStateException("a null in a field that is not nullable, row " + i);
    } else if (v instanceof LongVector l) {
      return l.vector[i];
    } else if (v instanceof DoubleVector d) {
      return Double.doubleToLongBits(d.vector[i]);
    } else if (v instanceof BytesVector b) {
      return bytes(b.vector[i], b.start[i], b.length[i]);
    } else if (v instanceof DecimalVector d && !d.isWide) {
      return d.unscaled[i];
    }
    throw new IllegalStateException("unexpected " + v.getClass().getName());
  }

  private static long bytes(byte[] b, int start, int length) {
    long h = length;
    for (int k = start; k < start + length; k++) {
      h = 31 * h + b[k];
    }
    return h;
  }
}
