package io.colfile.bench;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.Locale;
import java.util.SplittableRandom;
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
  static final TypeDescription SCHEMA = TypeDescription.fromString("struct<"
      + "l_orderkey:bigint,l_partkey:bigint,l_suppkey:bigint,l_linenumber:int,"
      + "l_quantity:double,l_extendedprice:decimal(12,2),l_discount:double,l_tax:decimal(12,2),"
      + "l_returnflag:string,l_linestatus:string,l_shipdate:date,l_commitdate:date,"
      + "l_receiptdate:date,l_shipinstruct:string,l_shipmode:string,l_comment:string>");
  private static final String[] FLAGS = {"A", "N", "R"};
  private static final String[] STATUS = {"F", "O"};
  private static final String[] INSTRUCT = {
      "DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
  private static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
  private static final String[] WORDS = {"furiously", "carefully", "quickly", "final", "ironic",
      "pending", "regular", "express", "bold", "deposits", "requests", "accounts", "packages",
      "instructions", "theodolites", "foxes", "sleep", "haggle", "nag", "wake", "among", "above"};
  private static final long FIRST_DAY = LocalDate.of(1992, 1, 1).toEpochDay();

  private LineItemFile() {}

  public static void main(String[] args) throws IOException {
    System.out.println(ensure());
  }

  /** The cached file for the configured rows and codec, written first if absent. */
  public static Path ensure() throws IOException {
    long rows = Long.getLong("colfile.bench.rows", 3_000_000L);
    CompressionKind codec = CompressionKind.valueOf(
        System.getProperty("colfile.bench.codec", "ZSTD").toUpperCase(Locale.ROOT));
    Path dir = Path.of(System.getProperty("colfile.bench.dir",
        Path.of(System.getProperty("java.io.tmpdir"), "colfile-bench").toString()));
    // the version suffix changes whenever the generator does, so stale files are never reused
    Path file = dir.resolve("lineitem-" + rows + "-" + codec.name().toLowerCase(Locale.ROOT)
        + "-v1.orc");
    if (!Files.exists(file)) {
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, "lineitem-", ".orc.tmp");
      Files.delete(tmp);                      // orc-core refuses to overwrite by default
      write(tmp, rows, codec);
      // publish whole or not at all: an interrupted run must not leave half a file behind
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
    }
    return file;
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
   * Generates the rows in fresh batches of up to 1024 rows (decimals as unscaled longs); string
   * values are separate arrays, so a batch stays valid after it was handed on.
   */
  static void generate(long rows, Consumer<VectorizedRowBatch> sink) {
    SplittableRandom r = new SplittableRandom(19920101L);
    VectorizedRowBatch batch = SCHEMA.createRowBatchV2();
    long orderKey = 1;
    int lineNumber = 1;
    for (long row = 0; row < rows; row++) {
      int i = batch.size++;
      if (lineNumber > 1 + r.nextInt(7)) {
        orderKey += 1 + r.nextInt(4);
        lineNumber = 1;
      }
      long quantity = 1 + r.nextInt(50);
      long price = quantity * (90_000 + r.nextInt(1_000_000)) / 10;    // cents
      long ship = FIRST_DAY + r.nextInt(2526);
      longs(batch, 0)[i] = orderKey;
      longs(batch, 1)[i] = 1 + r.nextInt(200_000);
      longs(batch, 2)[i] = 1 + r.nextInt(10_000);
      longs(batch, 3)[i] = lineNumber++;
      ((DoubleColumnVector) batch.cols[4]).vector[i] = quantity;
      ((Decimal64ColumnVector) batch.cols[5]).vector[i] = price;
      ((DoubleColumnVector) batch.cols[6]).vector[i] = r.nextInt(11) / 100.0;
      ((Decimal64ColumnVector) batch.cols[7]).vector[i] = r.nextInt(9);
      string(batch, 8, i, FLAGS[r.nextInt(FLAGS.length)]);
      string(batch, 9, i, STATUS[r.nextInt(STATUS.length)]);
      longs(batch, 10)[i] = ship;
      longs(batch, 11)[i] = ship - 30 + r.nextInt(61);
      longs(batch, 12)[i] = ship + 1 + r.nextInt(30);
      string(batch, 13, i, INSTRUCT[r.nextInt(INSTRUCT.length)]);
      string(batch, 14, i, MODES[r.nextInt(MODES.length)]);
      string(batch, 15, i, comment(r));
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

  /** 10 to 43 characters of TPC-H-like words: nearly every value distinct. */
  private static String comment(SplittableRandom r) {
    StringBuilder b = new StringBuilder(48);
    int length = 10 + r.nextInt(34);
    while (b.length() < length) {
      b.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
    }
    return b.substring(0, length);
  }

  /**
   * The same rows as a colfile batch of {@code type} (whose columns match the batch's), sharing
   * the string bytes and copying the rest.
   */
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
