package io.colfile.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
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
 * An ORC file whose string column has large dictionaries, written once by orc-core with its
 * defaults but the codec ({@code -Dcolfile.bench.codec}, default ZSTD) and cached like {@link
 * LineItemFile}: 2 million rows of an id, a URL-like string, four integers and two doubles. The
 * URLs are drawn from a pool that grows with the row (1,000 values at the start, so orc-core's
 * check at its first rows chooses a dictionary; 150,000 by the end), so a 64 MiB stripe's
 * dictionary holds over 100,000 entries (about 5 MB). {@link OrcThreads} scans it with {@code
 * dictionary}.
 */
public final class DictionaryFile {
  static final TypeDescription SCHEMA = TypeDescription.fromString("struct<id:bigint,"
      + "url:string,a1:bigint,a2:bigint,a3:bigint,a4:bigint,x1:double,x2:double>");
  private static final int ROWS = 2_000_000;
  private static final int URLS = 150_000;

  private DictionaryFile() {}

  public static void main(String[] args) throws IOException {
    System.out.println(ensure());
  }

  /** The cached file, written first if absent. */
  public static Path ensure() throws IOException {
    CompressionKind codec = CompressionKind.valueOf(
        System.getProperty("colfile.bench.codec", "ZSTD").toUpperCase(Locale.ROOT));
    return BenchFiles.cached("dictionary-" + ROWS + "-" + codec.name().toLowerCase(Locale.ROOT)
        + "-v1.orc", tmp -> write(tmp, codec));
  }

  private static void write(Path path, CompressionKind codec) throws IOException {
    Configuration conf = new Configuration();
    OrcFile.WriterOptions options = OrcFile.writerOptions(conf).setSchema(SCHEMA)
        .compress(codec).fileSystem(FileSystem.getLocal(conf).getRawFileSystem());
    SplittableRandom r = new SplittableRandom(20261128L);
    byte[][] urls = new byte[URLS][];
    for (int i = 0; i < URLS; i++) {
      urls[i] = ("https://example.com/some/path/" + Long.toString(r.nextLong() >>> 1, 36))
          .getBytes(StandardCharsets.UTF_8);
    }
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(path.toUri()),
        options)) {
      VectorizedRowBatch batch = SCHEMA.createRowBatch();
      BytesColumnVector url = (BytesColumnVector) batch.cols[1];
      for (int row = 0; row < ROWS; row++) {
        int i = batch.size++;
        ((LongColumnVector) batch.cols[0]).vector[i] = row;
        byte[] u = urls[r.nextInt(Math.min(URLS, 1000 + row / 10))];
        url.setRef(i, u, 0, u.length);
        for (int c = 2; c < 6; c++) {
          ((LongColumnVector) batch.cols[c]).vector[i] = r.nextLong() >> r.nextInt(40);
        }
        for (int c = 6; c < 8; c++) {
          ((DoubleColumnVector) batch.cols[c]).vector[i] = r.nextDouble();
        }
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
