package io.colfile.bench;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.LineItems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * A TPC-H lineitem-like ORC file written once by orc-core with default options (but the codec)
 * and cached outside the repository, so every benchmark run, and both readers, read the same
 * bytes. Sixteen columns: longs, an int, decimals, doubles, dates, low-cardinality strings (3 to
 * 7 values, dictionary encoded) and a high-cardinality comment (direct encoded).
 *
 * <p>{@code -Dcolfile.bench.dir} (default {@code $TMPDIR/colfile-bench}), {@code
 * -Dcolfile.bench.rows} (default 3,000,000) and {@code -Dcolfile.bench.codec} (default ZSTD)
 * choose the file. {@code java -cp benchmarks.jar io.colfile.bench.LineItemFile} makes it ahead.
 */
public final class LineItemFile {
  static final TypeDescription SCHEMA = TypeDescription.fromString(LineItems.SCHEMA);

  private LineItemFile() {}

  public static void main(String[] args) throws IOException {
    System.out.println(ensure());
  }

  /** The cached file for the configured rows and codec, written first if absent. */
  public static Path ensure() throws IOException {
    long rows = Long.getLong("colfile.bench.rows", 3_000_000L);
    CompressionKind codec = CompressionKind.valueOf(
        System.getProperty("colfile.bench.codec", "ZSTD").toUpperCase(Locale.ROOT));
    return BenchFiles.cached("lineitem-" + rows + "-" + codec.name().toLowerCase(Locale.ROOT)
        + "-v1.orc", tmp -> write(tmp, rows, codec));
  }

  static void write(Path path, long rows, CompressionKind codec) throws IOException {
    Configuration conf = new Configuration();
    OrcFile.WriterOptions options = OrcFile.writerOptions(conf)
        .setSchema(SCHEMA).compress(codec)
        // the raw local file system writes no .crc file beside the cached one
        .fileSystem(FileSystem.getLocal(conf).getRawFileSystem());
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(path.toUri()),
        options)) {
      generate(rows, batch -> {
        try {
          writer.addRowBatch(batch);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  /**
   * Generates the rows ({@link LineItems} of a fixed seed) in fresh batches of up to 1024 rows
   * (decimals as unscaled longs); string values are separate arrays, so a batch stays valid
   * after it was handed on.
   */
  static void generate(long rows, Consumer<VectorizedRowBatch> sink) {
    LineItems items = new LineItems(19920101L);
    LineItems.Row row = new LineItems.Row();
    VectorizedRowBatch batch = SCHEMA.createRowBatchV2();
    for (long n = 0; n < rows; n++) {
      items.next(row);
      int i = batch.size++;
      longs(batch, 0)[i] = row.orderKey;
      longs(batch, 1)[i] = row.partKey;
      longs(batch, 2)[i] = row.suppKey;
      longs(batch, 3)[i] = row.lineNumber;
      ((DoubleColumnVector) batch.cols[4]).vector[i] = row.quantity;
      ((Decimal64ColumnVector) batch.cols[5]).vector[i] = row.extendedPrice;
      ((DoubleColumnVector) batch.cols[6]).vector[i] = row.discount;
      ((Decimal64ColumnVector) batch.cols[7]).vector[i] = row.tax;
      string(batch, 8, i, row.returnFlag);
      string(batch, 9, i, row.lineStatus);
      longs(batch, 10)[i] = row.shipDate;
      longs(batch, 11)[i] = row.commitDate;
      longs(batch, 12)[i] = row.receiptDate;
      string(batch, 13, i, row.shipInstruct);
      string(batch, 14, i, row.shipMode);
      string(batch, 15, i, row.comment);
      if (batch.size == batch.getMaxSize()) {
        sink.accept(batch);
        batch = SCHEMA.createRowBatchV2();
      }
    }
    if (batch.size > 0) {
      sink.accept(batch);
    }
  }

  private static long[] longs(VectorizedRowBatch batch, int column) {
    return ((LongColumnVector) batch.cols[column]).vector;
  }

  private static void string(VectorizedRowBatch batch, int column, int row, String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    ((BytesColumnVector) batch.cols[column]).setRef(row, utf8, 0, utf8.length);
  }

  /**
   * The same rows as a colfile batch of {@code type} (whose columns match the batch's), sharing
   * the string bytes and copying the rest.
   */
  /** Writes {@code batches} of {@code schema} to {@code path} with colfile's ORC writer. */
  static void writeColfile(List<ColumnBatch> batches, Type schema, String codec, int threads,
      Path path) throws IOException {
    OrcWriterOptions options = OrcWriterOptions.builder()
        .compression(CompressionCodec.valueOf(codec)).parallelism(threads).build();
    try (OrcWriter writer = OrcWriter.create(OutputFile.local(path), schema, options)) {
      for (ColumnBatch b : batches) {
        writer.write(b);
      }
    }
  }

  static ColumnBatch toColfile(VectorizedRowBatch b, Type type) {
    ColumnBatch c = new ColumnBatch(type, b.getMaxSize());
    for (int col = 0; col < b.cols.length; col++) {
      var v = b.cols[col];
      if (v instanceof Decimal64ColumnVector d) {   // before LongColumnVector, its superclass
        System.arraycopy(d.vector, 0, ((DecimalVector) c.cols[col]).unscaled, 0, b.size);
      } else if (v instanceof LongColumnVector l) {
        System.arraycopy(l.vector, 0, ((LongVector) c.cols[col]).vector, 0, b.size);
      } else if (v instanceof DoubleColumnVector d) {
        System.arraycopy(d.vector, 0, ((DoubleVector) c.cols[col]).vector, 0, b.size);
      } else {
        BytesColumnVector s = (BytesColumnVector) v;
        BytesVector t = (BytesVector) c.cols[col];
        for (int i = 0; i < b.size; i++) {
          t.setRef(i, s.vector[i], s.start[i], s.length[i]);
        }
      }
    }
    c.size = b.size;
    return c;
  }
}
