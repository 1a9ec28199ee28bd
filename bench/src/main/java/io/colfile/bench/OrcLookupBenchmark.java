package io.colfile.bench;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Selective reads of {@link SortedFile} (10 million rows sorted by {@code id}): a point lookup
 * ({@code id = 7_000_000}, one row) and a 1 % range ({@code id BETWEEN 12_000_000 AND
 * 12_199_998}, 100,000 rows), reading {@code id} and {@code amount}. orc-core gets the same
 * condition as a SearchArgument (it skips stripes and row groups, then the benchmark checks each
 * row it returns, as a query engine would); colfile gets it as a filter and returns only the
 * matching rows. Both return the sum of {@code amount} over the matching rows, compared at set-up.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar OrcLookupBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class OrcLookupBenchmark {
  private static final long POINT = 7_000_000;
  private static final long LOW = 12_000_000;
  private static final long HIGH = 12_199_998;

  private Path file;
  private Configuration conf;

  @Setup
  public void setUp() throws IOException {
    file = SortedFile.ensure();
    conf = new Configuration();
    check(orcCorePoint(), colfilePoint(), "point lookup");
    check(orcCoreRange(), colfileRange(), "range");
  }

  private static void check(double orcCore, double colfile, String what) {
    if (orcCore != colfile) {
      throw new IllegalStateException(what + ": colfile sums " + colfile + ", orc-core "
          + orcCore);
    }
  }

  @Benchmark
  public double orcCorePoint() throws IOException {
    SearchArgument sarg = SearchArgumentFactory.newBuilder()
        .equals("id", PredicateLeaf.Type.LONG, POINT).build();
    return orcCore(sarg, POINT, POINT);
  }

  @Benchmark
  public double orcCoreRange() throws IOException {
    SearchArgument sarg = SearchArgumentFactory.newBuilder()
        .between("id", PredicateLeaf.Type.LONG, LOW, HIGH).build();
    return orcCore(sarg, LOW, HIGH);
  }

  @Benchmark
  public double colfilePoint() throws IOException {
    return colfile(Predicate.equal("id", POINT));
  }

  @Benchmark
  public double colfileRange() throws IOException {
    return colfile(Predicate.between("id", LOW, HIGH));
  }

  private double orcCore(SearchArgument sarg, long low, long high) throws IOException {
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
        OrcFile.readerOptions(conf))) {
      boolean[] include = {true, true, true, false, false};
      Reader.Options options = reader.options().include(include)
          .searchArgument(sarg, new String[] {"id"});
      double sum = 0;
      try (RecordReader rows = reader.rows(options)) {
        VectorizedRowBatch batch = reader.getSchema().createRowBatch(1024);
        LongColumnVector id = (LongColumnVector) batch.cols[0];
        DoubleColumnVector amount = (DoubleColumnVector) batch.cols[1];
        while (rows.nextBatch(batch)) {
          for (int i = 0; i < batch.size; i++) {
            long v = id.vector[id.isRepeating ? 0 : i];
            if (v >= low && v <= high) {
              sum += amount.vector[amount.isRepeating ? 0 : i];
            }
          }
        }
      }
      return sum;
    }
  }

  private double colfile(Predicate filter) throws IOException {
    try (FileReader reader = ColFile.open(InputFile.local(file));
         BatchReader rows = reader.read(ReadOptions.columns("id", "amount").withFilter(filter))) {
      ColumnBatch batch = rows.newBatch();
      double sum = 0;
      while (rows.next(batch)) {
        double[] amount = ((DoubleVector) batch.cols[1]).vector;
        long[] ids = ((LongVector) batch.cols[0]).vector;
        for (int i = 0; i < batch.size; i++) {
          sum += ids[i] >= 0 ? amount[i] : 0; // ids read, so the projection is honest
        }
      }
      return sum;
    }
  }
}
