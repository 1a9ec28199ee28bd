package io.colfile.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * An ORC file sorted by {@code id} (0, 2, 4, ...: every other value is absent), written once by
 * orc-core with its defaults (ZSTD, 64 MiB stripes, row index every 10,000 rows, a bloom filter
 * on {@code id}) and cached like {@link LineItemFile}: the file of the selective-read
 * benchmarks. {@code -Dcolfile.bench.sortedRows} (default 10,000,000) sets its size.
 */
public final class SortedFile {
  static final TypeDescription SCHEMA = TypeDescription.fromString(
      "struct<id:bigint,amount:double,category:string,note:string>");
  private static final String[] CATEGORIES = {"books", "garden", "music", "tools", "toys"};

  private SortedFile() {}

  public static void main(String[] args) throws IOException {
    System.out.println(ensure());
  }

  static long rows() {
    return Long.getLong("colfile.bench.sortedRows", 10_000_000L);
  }

  /** The cached file, written first if absent. */
  public static Path ensure() throws IOException {
    long rows = rows();
    return BenchFiles.cached("sorted-" + rows + "-zstd-v1.orc", tmp -> write(tmp, rows));
  }

  private static void write(Path path, long rows) throws IOException {
    Configuration conf = new Configuration();
    OrcFile.WriterOptions options = OrcFile.writerOptions(conf).setSchema(SCHEMA)
        .compress(CompressionKind.ZSTD).bloomFilterColumns("id")
        .fileSystem(FileSystem.getLocal(conf).getRawFileSystem());
    SplittableRandom r = new SplittableRandom(20241231L);
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(path.toUri()),
        options)) {
      VectorizedRowBatch batch = SCHEMA.createRowBatch();
      LongColumnVector id = (LongColumnVector) batch.cols[0];
      DoubleColumnVector amount = (DoubleColumnVector) batch.cols[1];
      BytesColumnVector category = (BytesColumnVector) batch.cols[2];
      BytesColumnVector note = (BytesColumnVector) batch.cols[3];
      for (long row = 0; row < rows; row++) {
        int i = batch.size++;
        id.vector[i] = 2 * row;
        amount.vector[i] = r.nextInt(1_000_000) / 100.0;
        category.setVal(i, CATEGORIES[r.nextInt(CATEGORIES.length)]
            .getBytes(StandardCharsets.UTF_8));
        note.setVal(i, ("note " + Long.toString(r.nextLong(), 36))
            .getBytes(StandardCharsets.UTF_8));
        if (batch.size == batch.getMaxSize()) {
          writer.addRowBatch(batch);
          batch.reset();
        }
      }
      if (batch.size > 0) {
        writer.addRowBatch(batch);
      }
    }
  }
}
