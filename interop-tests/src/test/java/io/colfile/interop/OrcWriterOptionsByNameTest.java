package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.ColFile;
import io.colfile.core.WriteOptions;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writer settings under orc-core's names: the same names and values in orc-core's Configuration
 * and in colfile's {@code OrcWriterOptions.Builder.properties} (and {@code WriteOptions}
 * properties, which {@code colfile convert --set} fills) give the same file, byte for byte; the
 * stripe row count cuts stripes where orc-core cuts them.
 */
@ExtendWith(TestSeed.class)
class OrcWriterOptionsByNameTest {
  private static final TypeDescription SCHEMA = TypeDescription.fromString(
      "struct<id:bigint,name:string,code:varchar(8),amount:decimal(12,2),day:date,ok:boolean>");
  private static final int BATCH = 1024;

  @TempDir
  Path dir;

  private static Map<String, String> settings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("orc.compress", "ZLIB");
    m.put("orc.compress.size", "32768");
    m.put("orc.stripe.row.count", "3000");
    m.put("orc.row.index.stride", "2000");
    m.put("orc.rows.between.memory.checks", "1000");
    m.put("orc.dictionary.key.threshold", "0.5");
    m.put("orc.encoding.strategy", "COMPRESSION");
    m.put("orc.compression.strategy", "COMPRESSION");
    m.put("orc.bloom.filter.columns", "name,id");
    m.put("orc.bloom.filter.fpp", "0.02");
    m.put("orc.block.padding", "false");
    m.put("orc.proleptic.gregorian", "false"); // the hybrid calendar both read back with
    return m;
  }

  private static void writeWithOrcCore(Path p, Map<String, String> settings, List<Object> rows)
      throws IOException {
    Configuration conf = new Configuration();
    settings.forEach(conf::set);
    VectorFill fill = new VectorFill(java.time.ZoneOffset.UTC);
    try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.writerOptions(conf).setSchema(SCHEMA).useUTCTimestamp(true))) {
      VectorizedRowBatch b = SCHEMA.createRowBatchV2();
      for (int next = 0; next < rows.size(); next += BATCH) {
        b.reset();
        List<Object> part = rows.subList(next, Math.min(rows.size(), next + BATCH));
        for (Object row : part) {
          List<?> f = (List<?>) row;
          for (int c = 0; c < f.size(); c++) {
            fill.set(b.cols[c], SCHEMA.getChildren().get(c), b.size, f.get(c));
          }
          b.size++;
        }
        w.addRowBatch(b);
      }
    }
  }

  private static Reader open(Path p) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.readerOptions(new Configuration()));
  }

  @Test
  void theSameSettingsByNameWriteOrcCoresFile() throws IOException {
    Random r = TestSeed.random("options-by-name", 0);
    List<Object> rows = new RandomValues(r, java.time.ZoneOffset.UTC).rows(SCHEMA, 10_000);
    Path theirs = dir.resolve("orc-core.orc");
    writeWithOrcCore(theirs, settings(), rows);
    String software;
    try (Reader reader = open(theirs)) {
      software = reader.getSoftwareVersion().replace("ORC Java ", "");
      List<StripeInformation> stripes = reader.getStripes();
      assertThat(stripes).hasSizeGreaterThan(2);
      // cut at the first check at or past 3000 rows: every 1000 rows, in batches of 1024
      assertThat(stripes.get(0).getNumberOfRows()).isEqualTo(3072);
    }
    Type type = Type.parse(SCHEMA.toString());
    Path ours = dir.resolve("colfile.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().properties(settings())
        .writerIdentity(0, software).build();
    assertThat(options.stripeRowCount()).isEqualTo(3000);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(ours), type, options)) {
      for (int next = 0; next < rows.size(); next += BATCH) {
        w.write(ValueFill.batch(type, rows.subList(next, Math.min(rows.size(), next + BATCH))));
      }
    }
    assertThat(ExpectedJson.lines(SCHEMA, OrcCoreFiles.read(ours)))
        .isEqualTo(ExpectedJson.lines(SCHEMA, rows));
    assertThat(OrcFileComparison.compare("options by name " + TestSeed.replay(), theirs, ours,
        true, true)).as("byte-identical to orc-core's file").isTrue();

    // through the format-neutral API, as colfile convert --set passes them
    Path neutral = dir.resolve("neutral.orc");
    WriteOptions wo = WriteOptions.defaults();
    for (Map.Entry<String, String> e : settings().entrySet()) {
      wo = wo.withProperty(e.getKey(), e.getValue());
    }
    try (var w = ColFile.writer("ORC", OutputFile.local(neutral), type, wo)) {
      for (int next = 0; next < rows.size(); next += BATCH) {
        w.write(ValueFill.batch(type, rows.subList(next, Math.min(rows.size(), next + BATCH))));
      }
    }
    try (Reader a = open(neutral); Reader b = open(theirs)) {
      assertThat(a.getStripes().stream().map(StripeInformation::getNumberOfRows).toList())
          .isEqualTo(b.getStripes().stream().map(StripeInformation::getNumberOfRows).toList());
      assertThat(a.getCompressionKind()).isEqualTo(b.getCompressionKind());
      assertThat(a.getCompressionSize()).isEqualTo(b.getCompressionSize());
      assertThat(a.getRowIndexStride()).isEqualTo(b.getRowIndexStride());
    }
  }

  @Test
  void settingsColfileCannotHonourAreRefusedAndTheOthersTaken() {
    for (String[] bad : new String[][] {
        {"orc.write.variable.length.blocks", "true", "blocks"},
        {"orc.block.padding", "yes", "true or false"},
        {"orc.dictionary.max.size.bytes", "4k", "whole number"},
        {"orc.bloom.filter.write.version", "utf16", "original or utf8"},
        {"orc.stripe.size", "1000", "1024"},
        {"orc.compress", "LZO", "colfile writes"},
        {"orc.no.such", "1", "unknown ORC property"}}) {
      assertThatThrownBy(() -> OrcWriterOptions.builder().properties(Map.of(bad[0], bad[1])))
          .as(bad[0]).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(bad[0]).hasMessageContaining(bad[2]);
    }
    OrcWriterOptions taken = OrcWriterOptions.builder().properties(Map.of(
        "orc.block.padding", "false", "orc.block.size", "1048576",
        "orc.block.padding.tolerance", "0.5", "orc.dictionary.max.size.bytes", "4096",
        "orc.dictionary.early.check", "false", "orc.bloom.filter.write.version", "original",
        "orc.write.variable.length.blocks", "false")).build();
    assertThat(taken.blockPadding()).isFalse();
    assertThat(taken.blockSize()).isEqualTo(1 << 20);
    assertThat(taken.paddingTolerance()).isEqualTo(0.5);
    assertThat(taken.dictionaryMaxSize()).isEqualTo(4096);
    assertThat(taken.dictionaryEarlyCheck()).isFalse();
    assertThat(taken.bloomFilterVersion())
        .isEqualTo(OrcWriterOptions.BloomFilterVersion.ORIGINAL);
    // orc.create.index=false wins over a stride given after it, as in orc-core
    Map<String, String> noIndex = new LinkedHashMap<>();
    noIndex.put("orc.create.index", "false");
    noIndex.put("orc.row.index.stride", "5000");
    assertThat(OrcWriterOptions.builder().properties(noIndex).build().rowIndexStride()).isZero();
    assertThat(OrcWriterOptions.defaults().blockPadding()).as("orc-core's default").isTrue();
  }
}
