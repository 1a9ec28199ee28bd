package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.LineItems;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * For the same rows, codec and (default) options, colfile's file is within 2 % of orc-core's
 * (or 32 bytes, the footer's writer identity, for tiny files).
 * Datasets: lineitem-like rows and a few random schemas; every codec. The table is printed.
 */
@ExtendWith(TestSeed.class)
class OrcWriterFileSizeTest {
  private static final StringBuilder TABLE = new StringBuilder(
      String.format(Locale.ROOT, "%n%-22s %-7s %12s %12s %8s%n", "dataset", "codec",
          "orc-core", "colfile", "ratio"));

  @TempDir Path dir;

  @AfterAll
  static void printTable() {
    System.out.println(TABLE);
  }

  /** The testkit's lineitem-like rows (the rows bench's LineItemFile has), seeded from r. */
  static List<Object> lineitem(int rows, Random r) {
    return new LineItems(r.nextLong()).rows(rows);
  }

  static final TypeDescription LINEITEM = TypeDescription.fromString(LineItems.SCHEMA);

  @Test
  void sizesWithinTwoPercentOfOrcCore() throws IOException {
    Random r = TestSeed.random("file-size", 0);
    List<Object[]> datasets = new ArrayList<>();
    datasets.add(new Object[] {"lineitem 150k", LINEITEM, lineitem(150_000, r)});
    for (int i = 0; i < 3; i++) {
      TypeDescription schema = RandomSchemas.random(r);
      datasets.add(new Object[] {"random " + i, schema,
          new RandomValues(r, ZoneOffset.UTC).rows(schema, 20_000)});
    }
    for (Object[] d : datasets) {
      String name = (String) d[0];
      TypeDescription schema = (TypeDescription) d[1];
      @SuppressWarnings("unchecked")
      List<Object> rows = (List<Object>) d[2];
      for (CompressionKind codec : OrcCoreOptions.CODECS) {
        long theirs = Files.size(writeOrcCore(schema, rows, codec));
        long ours = Files.size(writeColfile(schema, rows, codec));
        double ratio = (double) ours / theirs;
        TABLE.append(String.format(Locale.ROOT, "%-22s %-7s %12d %12d %8.4f%n", name, codec,
            theirs, ours, ratio));
        // tiny files: the footer's writer identity (id, software version, calendar) differs
        // by a few bytes, which is all of the difference there. ZSTD is another compressor
        // (aircompressor, not zstd-jni): its frames carry a 4-byte checksum and another header
        // (up to 8 bytes per chunk, a chunk or so per stream), and on a few kilobytes of poorly
        // compressible data its output differs by a few percent either way
        boolean zstd = codec == CompressionKind.ZSTD;
        double slack = zstd ? 32 + 8.0 * streams(schema, rows) : 32;
        assertThat((double) Math.abs(ours - theirs)).as("%s %s: colfile %d bytes, orc-core %d; "
            + "schema %s; %s", name, codec, ours, theirs, schema, TestSeed.replay())
            .isLessThanOrEqualTo(Math.max((zstd && theirs < 65536 ? 0.05 : 0.02) * theirs,
                slack));
      }
    }
  }

  /**
   * With zstd-jni on both sides (colfile's native ZSTD, and orc-core's ZstdCodec, which its
   * writer picks once the library is loaded), every stream of every stripe is orc-core's
   * byte for byte, and the sizes agree to the footer's writer identity.
   */
  @Test
  void zstdChunksAreOrcCoresWhenBothUseZstdJni() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        io.colfile.core.codec.CodecImplementations.nativeCompressor(CompressionCodec.ZSTD),
        "skipped: zstd-jni does not load here, and aircompressor writes other frames");
    org.junit.jupiter.api.Assumptions.assumeTrue(com.github.luben.zstd.util.Native.isLoaded(),
        "skipped: orc-core picks zstd-jni only once it is loaded");
    List<Object> rows = lineitem(60_000, TestSeed.random("zstd-identity", 0));
    Path theirs = writeOrcCore(LINEITEM, rows, CompressionKind.ZSTD);
    Path ours = writeColfile(LINEITEM, rows, CompressionKind.ZSTD);
    List<OrcFileParts.Part> t = OrcFileParts.read(theirs).parts();
    List<OrcFileParts.Part> u = OrcFileParts.read(ours).parts();
    assertThat(u).hasSameSizeAs(t);
    int streams = 0;
    for (int i = 0; i < t.size(); i++) {
      if (t.get(i).stream() != null) {
        assertThat(u.get(i).stored()).as("%s; %s", t.get(i).name(), TestSeed.replay())
            .isEqualTo(t.get(i).stored());
        streams++;
      }
    }
    assertThat(streams).as("streams compared").isGreaterThan(LINEITEM.getMaximumId());
    assertThat((double) Math.abs(Files.size(ours) - Files.size(theirs)))
        .as("%d bytes against orc-core's %d; %s", Files.size(ours), Files.size(theirs),
            TestSeed.replay())
        .isLessThanOrEqualTo(32);
  }

  /** An upper bound of the streams of the file orc-core writes: three per column and stripe. */
  private long streams(TypeDescription schema, List<Object> rows) throws IOException {
    Path p = writeOrcCore(schema, rows, CompressionKind.NONE);
    try (org.apache.orc.Reader reader = OrcFile.createReader(
        new org.apache.hadoop.fs.Path(p.toUri()), OrcFile.readerOptions(new Configuration()))) {
      return 3L * (schema.getMaximumId() + 1) * Math.max(1, reader.getStripes().size());
    }
  }

  /** orc-core with its defaults but the codec (and decimals as Decimal64ColumnVector). */
  private Path writeOrcCore(TypeDescription schema, List<Object> rows, CompressionKind codec)
      throws IOException {
    Path p = dir.resolve("orc-core.orc");
    Files.deleteIfExists(p);
    java.util.TimeZone saved = java.util.TimeZone.getDefault();
    java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("UTC"));
    try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.writerOptions(new Configuration()).setSchema(schema).compress(codec)
            .overwrite(true))) {
      VectorizedRowBatch batch = schema.createRowBatchV2();
      VectorFill fill = new VectorFill(ZoneOffset.UTC);
      boolean struct = schema.getCategory() == TypeDescription.Category.STRUCT;
      for (int next = 0; next < rows.size(); next += batch.size) {
        batch.reset();
        int n = Math.min(1024, rows.size() - next);
        for (int i = 0; i < n; i++) {
          if (struct) {
            List<?> fields = (List<?>) rows.get(next + i);
            for (int f = 0; f < fields.size(); f++) {
              fill.set(batch.cols[f], schema.getChildren().get(f), i, fields.get(f));
            }
          } else {
            fill.set(batch.cols[0], schema, i, rows.get(next + i));
          }
        }
        batch.size = n;
        w.addRowBatch(batch);
      }
    } finally {
      java.util.TimeZone.setDefault(saved);
    }
    return p;
  }

  private Path writeColfile(TypeDescription schema, List<Object> rows, CompressionKind codec)
      throws IOException {
    Path p = dir.resolve("colfile.orc");
    Type type = Type.parse(schema.toString());
    OrcWriterOptions options = OrcWriterOptions.builder()
        .compression(CompressionCodec.valueOf(codec.name())).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(p), type, options)) {
      for (int next = 0; next < rows.size(); next += 1024) {
        w.write(ValueFill.batch(type, rows.subList(next, Math.min(rows.size(), next + 1024))));
      }
    }
    return p;
  }
}
