package io.colfile.bench;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads the lineitem file ({@link LineItemFile}) with orc-core's vectorized reader and with
 * colfile, all 16 columns and a 2-column projection, batches of 1024 rows on both sides. Each
 * read sums l_orderkey (column 0 of the read batch in both shapes): cheap, and it makes the
 * decoded values observable so the JIT cannot drop the work. orc-core decodes decimals into
 * {@code Decimal64ColumnVector} (createRowBatchV2), its fast path, and the fair match for
 * colfile's long-backed decimals.
 *
 * <p>colfile reads with {@code parallelism} threads ({@link ReadOptions#withParallelism}: 1 is
 * the single-threaded read); the score is the wall time of a whole scan, so on 2 cores
 * parallelism 2 can take up to half the time of 1. orc-core reads on one thread.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar OrcReadBenchmark}; add {@code
 * -Dcolfile.bench.rows=...} or {@code -Dcolfile.bench.codec=ZLIB} before {@code -jar} to change
 * the file (JMH hands the launcher's -D options on to its forks).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class OrcReadBenchmark {
  /** A long and a decimal, as in {@code sum(l_extendedprice) group by l_orderkey}. */
  static final List<String> TWO_COLUMNS = List.of("l_orderkey", "l_extendedprice");
  static final int BATCH = 1024;

  private Path file;
  private Configuration conf;

  /** The threads colfile decodes on; only the colfile benchmarks take it. */
  @State(Scope.Benchmark)
  public static class Threads {
    @Param({"1", "2"})
    public int parallelism;
  }

  /** Also checks that both readers see the same l_orderkey values: timing a wrong read is moot. */
  @Setup
  public void setUp() throws IOException {
    file = LineItemFile.ensure();
    conf = new Configuration();
    long expected = orcCore(TWO_COLUMNS);
    long actual = colfile(ReadOptions.defaults().withColumns(TWO_COLUMNS).withBatchSize(BATCH));
    if (actual != expected) {
      throw new IllegalStateException("colfile sums l_orderkey of " + file + " to " + actual
          + ", orc-core to " + expected);
    }
  }

  @Benchmark
  public long orcCoreAllColumns() throws IOException {
    return orcCore(null);
  }

  @Benchmark
  public long orcCoreTwoColumns() throws IOException {
    return orcCore(TWO_COLUMNS);
  }

  @Benchmark
  public long colfileAllColumns(Threads threads) throws IOException {
    return colfile(ReadOptions.defaults().withBatchSize(BATCH)
        .withParallelism(threads.parallelism));
  }

  @Benchmark
  public long colfileTwoColumns(Threads threads) throws IOException {
    return colfile(ReadOptions.defaults().withColumns(TWO_COLUMNS).withBatchSize(BATCH)
        .withParallelism(threads.parallelism));
  }

  private long orcCore(List<String> columns) throws IOException {
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
        OrcFile.readerOptions(conf))) {
      TypeDescription schema = reader.getSchema();
      Reader.Options options = reader.options();
      if (columns != null) {
        boolean[] include = new boolean[schema.getMaximumId() + 1];
        include[0] = true;
        for (String c : columns) {
          TypeDescription field = schema.findSubtype(c);
          for (int id = field.getId(); id <= field.getMaximumId(); id++) {
            include[id] = true;
          }
        }
        options.include(include);
      }
      long sum = 0;
      try (RecordReader rows = reader.rows(options)) {
        VectorizedRowBatch batch =
            schema.createRowBatch(TypeDescription.RowBatchVersion.USE_DECIMAL64, BATCH);
        LongColumnVector orderKey = (LongColumnVector) batch.cols[0];
        while (rows.nextBatch(batch)) {
          long[] v = orderKey.vector;
          // a repeating vector holds its value once; the sum must count it for every row
          for (int i = 0, n = orderKey.isRepeating ? 1 : batch.size; i < n; i++) {
            sum += v[i];
          }
        }
      }
      return sum;
    }
  }

  private long colfile(ReadOptions options) throws IOException {
    return colfile(file, options);
  }

  /** Reads {@code file} with {@code options}, summing its first column (a bigint). */
  static long colfile(Path file, ReadOptions options) throws IOException {
    try (FileReader reader = ColFile.open(InputFile.local(file));
         BatchReader rows = reader.read(options)) {
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
