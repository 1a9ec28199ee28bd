package io.colfile.bench;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.encoding.Endian;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileReader;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduTypes;
import io.colfile.kudu.block.Bytes;
import io.colfile.kudu.index.IndexTreeReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
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
 * Reads a whole CFile per invocation: one lineitem-like column ({@link KuduCase}; 2 million
 * values by default, in 1 to 230 data blocks of 256 KiB) written by colfile's {@code CFileWriter}
 * with Kudu's defaults but the encoding and the compression (checksums on, positional index, no
 * nulls). Each read opens the file ({@code CFile.open}: tail, footer, header, their
 * checksums; DICT's dictionary block), walks the positional index and reads every data block
 * through {@code CFileCursor.read} into a core vector of 1024 rows ({@code LongVector} for
 * integers and BOOL, {@code DoubleVector}, {@code BytesVector} rows pointing into the blocks),
 * so the block reads (positional reads of a local file, in the page cache after the first
 * run), CRC-32C checks, decompression and cell-to-vector conversion all count; each batch is
 * summed so the values are observable.
 *
 * <p>{@code parallelism} above 1 reads the file through {@code CFileReader} with {@code
 * ReadOptions.withParallelism}: parts of whole blocks decoded on that many threads, batches of
 * 1024 rows handed out in order (1, the default, is the cursor read above).
 *
 * <p>The file is cached, as the ORC benchmark's is, under {@code -Dcolfile.bench.dir} (default
 * {@code $TMPDIR/colfile-bench}); set-up regenerates the column and checks, untimed, that the
 * file reads back as exactly those values, so a stale or broken file cannot post a number.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar KuduReadBenchmark}; {@code -p
 * column=BITSHUFFLE_INT64 -p compression=NONE,LZ4} picks cases, {@code -Dcolfile.bench.kuduRows=}
 * changes the row count. Results: files/s; {@code values} and {@code bytes} ({@link
 * KuduCounters}) are values/s and decoded bytes/s, bytes counted as in {@link
 * KuduDecodeBenchmark} (cells of the Kudu type, not the wider vector slots).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class KuduReadBenchmark {
  static final int BATCH = 1024;

  @Param
  public KuduCase column;

  @Param({"NONE", "LZ4", "SNAPPY", "ZLIB"})
  public KuduCompression compression;

  @Param({"1"})
  public int parallelism;

  private Path file;
  private int rows;
  private long decodedBytes;
  private ColumnVector vector;

  @Setup
  public void setUp() throws IOException {
    rows = Integer.getInteger("colfile.bench.kuduRows", 2_000_000);
    KuduData.Values values = KuduData.generate(column.column, rows);
    decodedBytes = values.decodedBytes(0, rows);
    // the version suffix changes whenever the data or the writer's choices do
    file = BenchFiles.cached("kudu-" + column.name().toLowerCase(Locale.ROOT) + "-"
        + compression.name().toLowerCase(Locale.ROOT) + "-" + rows + "-v1.cfile",
        tmp -> write(tmp, values));
    vector = ColumnVector.create(KuduTypes.toType(values.type), BATCH);
    verify(values);
    System.out.printf(Locale.ROOT, "%n%s, %s: %d values in %d data blocks, %d bytes in the "
        + "file (%.2f each), %d decoded bytes%n", column, compression, rows, dataBlocks(),
        Files.size(file), (double) Files.size(file) / rows, decodedBytes);
  }

  private void write(Path path, KuduData.Values values) throws IOException {
    CFileWriterOptions options = CFileWriterOptions.builder(values.type)
        .encoding(column.encoding).compression(compression).build();
    try (CFileWriter w = CFileWriter.create(OutputFile.local(path), options)) {
      BytesVector view = values.isBinary() ? new BytesVector(BATCH) : null;
      for (int i = 0; i < values.count; i += BATCH) {
        int k = Math.min(BATCH, values.count - i);
        if (view != null) {
          values.view(i, k, view);
          w.append(view, 0, k);
        } else {
          w.appendCells(values.cells, i * values.width(), null, k);
        }
      }
    }
  }

  /** Reads the file as {@link #read} does and compares every value with the column's. */
  private void verify(KuduData.Values values) throws IOException {
    int w = values.width();
    boolean signed = values.type.physical().isSigned();
    try (CFile r = CFile.open(InputFile.local(file))) {
      if (r.encoding() != column.encoding || r.compression() != compression
          || r.numValues() != rows) {
        throw new IllegalStateException(file + " is " + r.encoding() + ", " + r.compression()
            + ", " + r.numValues() + " values; expected " + column.encoding + ", "
            + compression + ", " + rows);
      }
      CFileCursor cursor = r.newCursor();
      cursor.seekToFirst();
      int row = 0;
      for (int k; (k = cursor.read(vector, 0, BATCH)) > 0; row += k) {
        for (int i = 0; i < k; i++) {
          int v = row + i;
          boolean same;
          if (vector instanceof BytesVector b) {
            same = values.stringEquals(v, b.vector[i], b.start[i], b.length[i]);
          } else if (vector instanceof DoubleVector d) {
            same = Double.doubleToRawLongBits(d.vector[i]) == Endian.getLongLE(values.cells, v * w);
          } else {
            same = ((LongVector) vector).vector[i] == Bytes.getCell(values.cells, v * w, w, signed);
          }
          if (!same || vector.isNull(i)) {
            throw new IllegalStateException(file + ": value " + v + " reads wrong");
          }
        }
      }
      if (row != rows) {
        throw new IllegalStateException(file + ": read " + row + " of " + rows + " values");
      }
    }
  }

  /** The number of data blocks: entries of the positional index's leaves. */
  private int dataBlocks() throws IOException {
    try (CFile r = CFile.open(InputFile.local(file))) {
      IndexTreeReader index = r.positionalIndex();
      int blocks = 0;
      if (index.seekToFirst()) {
        do {
          blocks++;
        } while (index.next());
      }
      return blocks;
    }
  }

  @Benchmark
  public long read(KuduCounters counters) throws IOException {
    long sum = 0;
    if (parallelism > 1) {
      sum = read(file, ReadOptions.defaults().withBatchSize(BATCH).withParallelism(parallelism));
      counters.values += rows;
      counters.bytes += decodedBytes;
      return sum;
    }
    try (CFile r = CFile.open(InputFile.local(file))) {
      CFileCursor cursor = r.newCursor();
      cursor.seekToFirst();
      for (int k; (k = cursor.read(vector, 0, BATCH)) > 0; ) {
        sum += sum(vector, k);
      }
    }
    counters.values += rows;
    counters.bytes += decodedBytes;
    return sum;
  }

  /** The file this benchmark reads (set up). */
  Path file() {
    return file;
  }

  /** Reads {@code file} through {@code CFileReader} with {@code options}; the rows' sum. */
  static long read(Path file, ReadOptions options) throws IOException {
    long sum = 0;
    try (CFileReader r = CFileReader.open(InputFile.local(file));
        BatchReader rows = r.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        sum += sum(batch.cols[0], batch.size);
      }
    }
    return sum;
  }

  /** A cheap function of every row: the values, or the strings' lengths. */
  private static long sum(ColumnVector v, int n) {
    long s = 0;
    if (v instanceof LongVector l) {
      for (int i = 0; i < n; i++) {
        s += l.vector[i];
      }
    } else if (v instanceof DoubleVector d) {
      for (int i = 0; i < n; i++) {
        s += Double.doubleToRawLongBits(d.vector[i]);
      }
    } else {
      int[] length = ((BytesVector) v).length;
      for (int i = 0; i < n; i++) {
        s += length[i];
      }
    }
    return s;
  }
}
