package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.orc.impl.RecordReaderImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer settings of issue 17 that change a file's layout, by orc-core's names in orc-core's
 * Configuration and in colfile's {@code OrcWriterOptions.Builder.properties}: the same rows
 * give the same file over seeded random settings, byte for byte (but for the statistics of a
 * file without a row index, which orc-core leaves empty):
 *
 * <ul>
 *   <li>block padding ({@code orc.block.padding}, {@code orc.block.size}, {@code
 *       orc.block.padding.tolerance}), with blocks small enough that stripes cross them;
 *   <li>the legacy BLOOM_FILTER stream beside BLOOM_FILTER_UTF8 ({@code
 *       orc.bloom.filter.write.version=original}) on every kind of column, decimal64 and
 *       wall-clock timestamps in a zone with daylight saving time among them;
 *   <li>{@code orc.dictionary.max.size.bytes} (orc-core 2.3; not set against orc-core 2.1, which
 *       does not have it) at the sizes where the choice flips, {@code
 *       orc.dictionary.early.check} and {@code orc.create.index}.
 * </ul>
 *
 * Each kind of outcome must have happened across the cases (padded stripes, both string
 * encodings under a size limit, both bloom filter streams), so the comparison is not vacuous.
 */
@ExtendWith(TestSeed.class)
class OrcWriterMoreOptionsTest {
  private static final TypeDescription SCHEMA = TypeDescription.fromString("struct<id:bigint,"
      + "name:string,code:varchar(8),tag:char(5),amount:decimal(12,2),big:decimal(30,4),"
      + "day:date,ok:boolean,ts:timestamp,tsi:timestamp with local time zone,x:double,"
      + "bin:binary,small:tinyint,few:string>");
  private static final int CASES = 16;

  @TempDir
  Path dir;

  /** Whether the orc-core on the class path knows {@code orc.dictionary.max.size.bytes} (2.3+). */
  private static boolean orcCoreHasDictionaryMaxSize() {
    return Arrays.stream(OrcConf.values())
        .anyMatch(c -> c.getAttribute().equals("orc.dictionary.max.size.bytes"));
  }

  /**
   * Settings drawn from {@code r}; which features a case turns on goes by its number {@code c},
   * so that every outcome checked at the end is met in every run.
   */
  private static Map<String, String> randomSettings(Random r, int c) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("orc.compress", new String[] {"NONE", "ZLIB", "LZ4"}[r.nextInt(3)]);
    m.put("orc.compress.size", Integer.toString(new int[] {4096, 16384, 65536}[r.nextInt(3)]));
    m.put("orc.buffer.size.enforce", "true");
    long stripe = new long[] {16 * 1024, 48 * 1024, 128 * 1024}[r.nextInt(3)];
    m.put("orc.stripe.size", Long.toString(stripe));
    m.put("orc.rows.between.memory.checks", Integer.toString(new int[] {500, 1000, 2500}[
        r.nextInt(3)]));
    m.put("orc.row.index.stride", Integer.toString(new int[] {1000, 2000, 5000}[r.nextInt(3)]));
    m.put("orc.proleptic.gregorian", "false"); // the hybrid calendar both read back with
    m.put("orc.write.format", r.nextInt(3) == 0 ? "UNSTABLE-PRE-2.0" : "0.12");
    // blocks of a few stripes (multiples of 512 bytes, as file systems have them)
    m.put("orc.block.padding", c % 5 == 4 ? "false" : "true");
    m.put("orc.block.size", Long.toString(512L * (stripe * (1 + r.nextInt(3)) / 512
        + r.nextInt(64))));
    m.put("orc.block.padding.tolerance", new String[] {"1.0", "0.05", "0.3", "0.6"}[c % 4]);
    if (c % 4 != 0) {
      m.put("orc.bloom.filter.columns", r.nextBoolean()
          ? "id,name,code,tag,amount,big,day,ok,ts,tsi,x,bin,small,few" : "name,ts,amount");
      m.put("orc.bloom.filter.fpp", r.nextBoolean() ? "0.05" : "0.01");
      m.put("orc.bloom.filter.write.version", c % 4 == 3 ? "utf8" : "original");
    }
    if (orcCoreHasDictionaryMaxSize() && c % 3 != 0) {
      // orc-core's dictionary reports 32 KiB byte chunks + 48 KiB per 4096 values: 81,920
      // bytes for up to 4096 values under 32 KiB, 114,688 for up to 64 KiB, ...
      long[] sizes = {1, 81_919, 81_920, 114_687, 114_688, 131_072, 200_000, 1 << 20};
      m.put("orc.dictionary.max.size.bytes", Long.toString(sizes[c % sizes.length]));
      m.put("orc.dictionary.key.threshold", "1.0");
    } else {
      m.put("orc.dictionary.key.threshold", r.nextBoolean() ? "0.8" : "0.5");
    }
    if (r.nextInt(3) == 0) {
      m.put("orc.dictionary.early.check", "false");
    }
    if (c % 6 == 5) {
      m.put("orc.create.index", "false");
    }
    return m;
  }

  @Test
  void sameSettingsByNameGiveOrcCoresBytes() throws IOException {
    int paddedStripes = 0;
    int legacyStreams = 0;
    int utf8Streams = 0;
    int noIndex = 0;
    Set<OrcProto.ColumnEncoding.Kind> limited = EnumSet.noneOf(OrcProto.ColumnEncoding.Kind.class);
    for (int c = 0; c < CASES; c++) {
      Random r = TestSeed.random("more-options", c);
      Map<String, String> settings = randomSettings(r, c);
      ZoneId zone = r.nextBoolean() ? ZoneOffset.UTC : ZoneId.of("America/New_York");
      int rows = 3000 + r.nextInt(12_000);
      List<Object> values = finiteDoubles(new RandomValues(r, zone).rows(SCHEMA, rows));
      long batchSeed = r.nextLong();
      String what = "case " + c + " " + settings + " zone " + zone + ", " + rows + " rows, "
          + TestSeed.replay();

      Path theirs = dir.resolve("orc-core-" + c + ".orc");
      writeWithOrcCore(theirs, settings, zone, values, new Random(batchSeed));
      Path ours = dir.resolve("colfile-" + c + ".orc");
      writeWithColfile(ours, settings, zone, values, theirs, new Random(batchSeed));

      assertThat(ExpectedJson.lines(SCHEMA, OrcCoreFiles.read(ours))).as(what)
          .isEqualTo(ExpectedJson.lines(SCHEMA, values));
      if (settings.containsKey("orc.create.index")) {
        // without a row index orc-core writes empty statistics, colfile real ones (orc.md
        // section 9): everything else is compared
        OrcFileComparison.compare(what, theirs, ours, true, false);
        noIndex++;
      } else {
        assertThat(OrcFileComparison.compare(what, theirs, ours, true, true))
            .as(what + ": byte-identical to orc-core's file").isTrue();
      }

      try (Reader t = open(theirs); Reader u = open(ours)) {
        assertThat(u.getStripes().stream().map(OrcWriterMoreOptionsTest::layout).toList())
            .as(what + ": stripes at the same offsets, of the same lengths")
            .isEqualTo(t.getStripes().stream().map(OrcWriterMoreOptionsTest::layout).toList());
        long end = 3;
        long block = Long.parseLong(settings.get("orc.block.size"));
        for (StripeInformation s : t.getStripes()) {
          if (s.getOffset() != end) {
            assertThat(s.getOffset() % block).as(what + ": padding ends at a block").isZero();
            paddedStripes++;
          }
          end = s.getOffset() + s.getLength();
        }
        try (RecordReaderImpl rr = (RecordReaderImpl) t.rows()) {
          OrcProto.StripeFooter footer = rr.readStripeFooter(t.getStripes().get(0));
          for (OrcProto.Stream s : footer.getStreamsList()) {
            if (s.getKind() == OrcProto.Stream.Kind.BLOOM_FILTER) {
              legacyStreams++;
            } else if (s.getKind() == OrcProto.Stream.Kind.BLOOM_FILTER_UTF8) {
              utf8Streams++;
            }
          }
          if (settings.containsKey("orc.dictionary.max.size.bytes")) {
            List<TypeDescription> fields = SCHEMA.getChildren();
            for (int f = 0; f < fields.size(); f++) {
              if (fields.get(f).getCategory() == TypeDescription.Category.STRING) {
                limited.add(footer.getColumns(fields.get(f).getId()).getKind());
              }
            }
          }
        }
        if (settings.containsKey("orc.create.index")) {
          assertThat(t.getRowIndexStride()).as(what).isZero();
        }
      }
    }
    System.out.printf("more options: %d padded stripes, %d BLOOM_FILTER and %d "
        + "BLOOM_FILTER_UTF8 streams, string encodings under a size limit %s%n",
        paddedStripes, legacyStreams, utf8Streams, limited);
    assertThat(noIndex).as("cases without a row index (orc.create.index=false)").isPositive();
    assertThat(paddedStripes).as("stripes orc-core padded to a block, across the cases")
        .isPositive();
    assertThat(legacyStreams).as("BLOOM_FILTER streams across the cases").isPositive();
    assertThat(utf8Streams).as("BLOOM_FILTER_UTF8 streams across the cases")
        .isGreaterThan(legacyStreams);
    if (orcCoreHasDictionaryMaxSize()) {
      assertThat(limited).as("string encodings under a dictionary size limit")
          .contains(OrcProto.ColumnEncoding.Kind.DICTIONARY_V2,
              OrcProto.ColumnEncoding.Kind.DIRECT_V2);
    }
  }

  /**
   * The rows with every NaN, infinite or near-overflowing double made 0: a NaN sum in the
   * statistics (also from sums overflowing both ways) is the one difference between the
   * writers' bytes (its sign bit depends on the JIT; OrcFileComparison), and the cases are to
   * be byte-identical.
   */
  private static List<Object> finiteDoubles(List<Object> rows) {
    int x = SCHEMA.getFieldNames().indexOf("x");
    List<Object> out = new java.util.ArrayList<>(rows.size());
    for (Object row : rows) {
      List<Object> fields = new java.util.ArrayList<>((List<?>) row);
      if (fields.get(x) instanceof Double d && !(Math.abs(d) < 1e300)) {
        fields.set(x, 0.0);
      }
      out.add(fields);
    }
    return out;
  }

  private static List<Long> layout(StripeInformation s) {
    return List.of(s.getOffset(), s.getIndexLength(), s.getDataLength(), s.getFooterLength(),
        s.getNumberOfRows());
  }

  /** Batches of seeded random sizes, as {@link OrcCoreFiles#write} draws them. */
  private static int nextBatch(Random r, int left) {
    return Math.min(Math.min(left, 1 + r.nextInt(r.nextBoolean() ? 64 : 1024)), 1024);
  }

  private static void writeWithOrcCore(Path p, Map<String, String> settings, ZoneId zone,
      List<Object> rows, Random r) throws IOException {
    Configuration conf = new Configuration();
    settings.forEach(conf::set);
    VectorFill fill = new VectorFill(zone);
    TimeZone saved = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone(zone));
    try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.writerOptions(conf).setSchema(SCHEMA).useUTCTimestamp(
            zone.equals(ZoneOffset.UTC)))) {
      VectorizedRowBatch b = SCHEMA.createRowBatchV2();
      int next = 0;
      while (next < rows.size()) {
        int n = nextBatch(r, rows.size() - next);
        b.reset();
        for (Object row : rows.subList(next, next + n)) {
          List<?> f = (List<?>) row;
          for (int c = 0; c < f.size(); c++) {
            fill.set(b.cols[c], SCHEMA.getChildren().get(c), b.size, f.get(c));
          }
          b.size++;
        }
        w.addRowBatch(b);
        next += n;
      }
    } finally {
      TimeZone.setDefault(saved);
    }
  }

  private static void writeWithColfile(Path p, Map<String, String> settings, ZoneId zone,
      List<Object> rows, Path theirs, Random r) throws IOException {
    String software;
    try (Reader reader = open(theirs)) {
      software = reader.getSoftwareVersion().replace("ORC Java ", "");
    }
    Type type = Type.parse(SCHEMA.toString());
    OrcWriterOptions options = OrcWriterOptions.builder().properties(settings)
        .writerTimeZone(zone).writerIdentity(0, software).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(p), type, options)) {
      int next = 0;
      while (next < rows.size()) {
        int n = nextBatch(r, rows.size() - next);
        w.write(ValueFill.batch(type, rows.subList(next, next + n)));
        next += n;
      }
    }
  }

  private static Reader open(Path p) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
  }
}
