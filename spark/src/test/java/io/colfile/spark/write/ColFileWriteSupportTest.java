package io.colfile.spark.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.testkit.Rows;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The options, checked on the driver, and the file extensions they give. */
class ColFileWriteSupportTest {
  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType)
      .add("name", DataTypes.StringType)
      .add("st", new StructType().add("x", DataTypes.IntegerType));

  @TempDir
  Path dir;

  private static OutputWriterFactory prepare(Map<String, String> options) {
    return ColFileWriteSupport.prepareWrite(options, SCHEMA, new SQLConf());
  }

  private static Map<String, String> options(String... keysAndValues) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    m.put("path", "/somewhere"); // Spark passes it with the others; not colfile's
    return m;
  }

  private static String extension(OutputWriterFactory f) {
    return f.getFileExtension(ColFileOutputWriterTest.task());
  }

  @ParameterizedTest
  @CsvSource({
      "format, parquet, 'option format', parquet",
      "Format, KUDU, 'option format', Kudu",
      "compression, bzip2, 'option compression', bzip2",
      "compression, lzo, 'option compression', lzo",
      "orc.compress, gzip, 'option orc.compress', gzip",
      "blockSize, 64MB, 'option blockSize', 64MB",
      "blockSize, 0, 'option blockSize', 0",
      "bloomFilterColumns, 'id,nope', 'bloom filter', nope",
      "orc.bloom.filter.columns, missing, 'bloom filter', missing",
      "orc.stripe.size, 1000, 'ORC', orc.stripe.size",
      "trevni.codec, deflate, 'ORC', trevni.codec"})
  void aWrongOptionFailsOnTheDriverNamingIt(String key, String value, String names,
      String valueNamed) {
    assertThatThrownBy(() -> prepare(options(key, value)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(names).hasMessageContaining(valueNamed);
  }

  @Test
  void trevniRefusesWhatItDoesNotHave() {
    assertThatThrownBy(() -> prepare(options("format", "trevni", "compression", "zstd")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("trevni")
        .hasMessageContaining("ZSTD");
    assertThatThrownBy(() -> prepare(options("format", "trevni", "bloomFilterColumns", "id")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bloom filters");
    assertThatThrownBy(() -> prepare(options("format", "trevni", "trevni.codec", "gzip")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gzip");
  }

  @Test
  void aSessionCodecColfileCannotWriteIsNamed() {
    SQLConf conf = new SQLConf();
    conf.setConfString(WriteSettings.SESSION_ORC_CODEC, "lzo");
    assertThatThrownBy(() -> ColFileWriteSupport.prepareWrite(options(), SCHEMA, conf))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(WriteSettings.SESSION_ORC_CODEC).hasMessageContaining("lzo");
  }

  @Test
  void aTypeColfileCannotStoreIsNamedWithItsColumn() {
    StructType schema = new StructType().add("st", new StructType()
        .add("span", DataTypes.CalendarIntervalType));
    assertThatThrownBy(() -> ColFileWriteSupport.prepareWrite(options(), schema, new SQLConf()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("st.span");
  }

  @ParameterizedTest
  @CsvSource({
      "'', '', .zstd.orc",
      "format=orc, '', .zstd.orc",
      "compression=NONE, '', .orc",
      "compression=uncompressed, '', .orc",
      "compression=zlib, '', .zlib.orc",
      "compression=lz4, '', .lz4.orc",
      "orc.compress=snappy, '', .snappy.orc",
      "orc.compress=snappy;compression=zstd, '', .zstd.orc",
      "'', snappy, .snappy.orc",
      "compression=lz4, snappy, .lz4.orc",
      "format=trevni, snappy, .trevni",
      "format=trevni;compression=snappy, '', .snappy.trevni",
      "format=trevni;trevni.codec=bzip2;compression=snappy, '', .bzip2.trevni",
      "format=trevni;trevni.codec=deflate, '', .zlib.trevni",
      "format=trevni;trevni.codec=null, '', .trevni"})
  void theExtensionNamesTheCodecAndTheFormat(String given, String sessionCodec,
      String extension) {
    Map<String, String> options = options();
    for (String kv : given.split(";")) {
      if (!kv.isEmpty()) {
        options.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
      }
    }
    SQLConf conf = new SQLConf();
    if (!sessionCodec.isEmpty()) {
      conf.setConfString(WriteSettings.SESSION_ORC_CODEC, sessionCodec);
    }
    assertThat(extension(ColFileWriteSupport.prepareWrite(options, SCHEMA, conf)))
        .isEqualTo(extension);
  }

  /** Writes {@code rows} rows with {@code options}, checks them and describes the file. */
  private Map<String, Object> writeAndDescribe(String name, Map<String, String> options,
      int rows) throws Exception {
    OutputWriterFactory f = prepare(options);
    String path = dir.resolve(name + extension(f)).toUri().toString();
    OutputWriter w = f.newInstance(path, SCHEMA, ColFileOutputWriterTest.task());
    for (long i = 0; i < rows; i++) {
      w.write(new GenericInternalRow(new Object[] {i, UTF8String.fromString("n" + i),
          new GenericInternalRow(new Object[] {(int) i})}));
    }
    w.close();
    try (FileReader file = ColFile.open(Path.of(URI.create(path)));
         BatchReader read = file.read(ReadOptions.defaults())) {
      List<Object> all = Rows.readAll(read);
      assertThat(all).hasSize(rows);
      assertThat(all.get(rows - 1)).isEqualTo(List.of(rows - 1L,
          ByteBuffer.wrap(("n" + (rows - 1)).getBytes(StandardCharsets.UTF_8)),
          List.of(rows - 1L)));
      return file.describe();
    }
  }

  private static long indexBytes(Map<String, Object> described) {
    long n = 0;
    for (Object stripe : (List<?>) described.get("stripes")) {
      n += ((Number) ((Map<?, ?>) stripe).get("indexLength")).longValue();
    }
    return n;
  }

  @Test
  void blockSizeIsTheStripeSizeAndBloomFilterColumnsGetFilters() throws Exception {
    int rows = 20_000; // ORC checks the stripe size every 5,000 rows, as ORC Java does
    Map<String, Object> plain = writeAndDescribe("plain", options("compression", "snappy"), rows);
    Map<String, Object> small = writeAndDescribe("small",
        options("compression", "snappy", "blockSize", "4096"), rows);
    Map<String, Object> bloom = writeAndDescribe("bloom",
        options("compression", "snappy", "bloomFilterColumns", "name, st.x"), rows);
    Map<String, Object> orcKey = writeAndDescribe("orckey",
        options("compression", "snappy", "orc.bloom.filter.columns", "name,st.x"), rows);

    assertThat(plain.get("compression")).hasToString("SNAPPY");
    assertThat((List<?>) plain.get("stripes")).hasSize(1);
    assertThat((List<?>) small.get("stripes")).hasSizeGreaterThan(1);
    // a bloom filter of a 10,000-row group at ORC's 5% fpp takes some 7.8 KB (four here:
    // two row groups, two columns); the row indexes alone, a few hundred bytes
    assertThat(indexBytes(bloom)).isGreaterThan(indexBytes(plain) + 2 * 7_000);
    assertThat(indexBytes(orcKey)).isEqualTo(indexBytes(bloom));
  }
}
