package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.OutputFile;
import io.colfile.orc.OrcMerge;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.orc.ColumnStatistics;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.ColumnStatisticsImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * orc-core, the reference, judges colfile's {@link OrcMerge}: the merged file of seeded random
 * inputs (written by colfile and by orc-core, every codec, some re-encoded for another codec)
 * reads in orc-core as the concatenation of the inputs, with the stripes and row count the merge
 * reports, file statistics that are orc-core's own merge of the inputs' statistics, row-index
 * seeks ({@code RecordReader.seekToRow}) that land on the right rows, and SearchArgument reads
 * that skip row groups yet return every matching row. Where orc-core can merge the inputs
 * itself ({@code OrcFile.mergeFiles}: files of its own writer), both merges give the same
 * stripes, rows and statistics.
 */
@ExtendWith(TestSeed.class)
class OrcMergeInteropTest {
  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 30 : 5);
  }

  private static Reader open(Path p) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
  }

  private static CompressionKind otherCodec(CompressionKind c) {
    return c == CompressionKind.ZSTD ? CompressionKind.SNAPPY : CompressionKind.ZSTD;
  }

  private static OrcCoreOptions withCodec(OrcCoreOptions o, CompressionKind codec) {
    return new OrcCoreOptions(codec, o.bufferSize(), o.stripeSize(), o.rowsBetweenMemoryChecks(),
        o.rowIndexStride(), o.dictionaryKeyThreshold(), o.version(), o.encodingStrategy(),
        o.writerZone(), o.decimal64Vectors(), o.bloomFilterColumns());
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void orcCoreReadsTheMergedFileAsTheConcatenation(int index) throws IOException {
    Random r = TestSeed.random("merge-interop", index);
    CompressionKind codec = OrcCoreOptions.CODECS.get(index % OrcCoreOptions.CODECS.size());
    TypeDescription schema = index == 0 ? RandomSchemas.everyType(r) : RandomSchemas.random(r);
    OrcCoreOptions o = OrcCoreOptions.random(r, codec, schema);
    List<Path> inputs = new ArrayList<>();
    List<List<Object>> rows = new ArrayList<>();
    // colfile's files (copied), orc-core's (another writer: re-encoded), one of another codec
    String[] kinds = {"colfile", "orc-core", "colfile", "colfile-other-codec", "colfile"};
    for (int i = 0; i < kinds.length; i++) {
      List<Object> values = new RandomValues(r, o.writerZone()).rows(schema,
          new int[] {0, 1, 999, 1500, 3000, 5000}[r.nextInt(6)]);
      Path p = dir.resolve("in-" + i + "-" + kinds[i] + ".orc");
      OrcCoreOptions oi = kinds[i].endsWith("other-codec") ? withCodec(o, otherCodec(codec)) : o;
      Path ref = dir.resolve("ref-" + i + ".orc");
      OrcCoreFiles.write(ref, schema, values, oi, new Random(i));
      if (kinds[i].equals("orc-core")) {
        Files.move(ref, p);
      } else {
        OrcWriterDifferentialTest.writeWithColfile(p, schema, values, oi, ref, new Random(i));
        Files.delete(ref);
      }
      inputs.add(p);
      rows.add(values);
    }
    Path out = dir.resolve("merged.orc");
    OrcMerge.Result result = OrcMerge.create().merge(
        inputs.stream().map(OrcMerge.Source::local).toList(), i -> OutputFile.local(out));
    String what = "case " + index + ": " + o + "\n  schema " + schema + "\n  "
        + TestSeed.replay();
    // writeWithColfile records writer 0 with orc-core's software version, as orc-core would;
    // the orc-core file still differs in nothing, so it is copied too
    assertThat(result.inputs()).extracting(OrcMerge.InputResult::copied).as(what)
        .containsExactly(true, true, true, false, true);

    List<Object> all = new ArrayList<>();
    rows.forEach(all::addAll);
    List<String> expected = ExpectedJson.lines(schema, all);
    assertThat(ExpectedJson.lines(schema, OrcCoreFiles.read(out))).as(what)
        .isEqualTo(expected);
    try (Reader merged = open(out)) {
      assertThat(merged.getNumberOfRows()).isEqualTo(all.size());
      assertThat(merged.getStripes()).hasSize(result.outputs().get(0).stripes());
      assertThat(merged.getCompressionKind()).isEqualTo(codec);
      assertThat(merged.getRowIndexStride()).isEqualTo(o.rowIndexStride());
      // statistics: orc-core's merge of the inputs' file statistics (those of the re-encoded
      // input taken from its rewrite: another codec gives other bytes on disk)
      ColumnStatistics[] want = null;
      for (Path p : inputs) {
        try (Reader in = open(p)) {
          want = mergeStats(want, in.getStatistics());
        }
      }
      ColumnStatistics[] got = merged.getStatistics();
      assertThat(got).hasSameSizeAs(want);
      for (int c = 0; c < got.length; c++) {
        assertThat(got[c].getNumberOfValues()).as("column %d count, %s", c, what)
            .isEqualTo(want[c].getNumberOfValues());
        assertThat(got[c].hasNull()).as("column %d hasNull, %s", c, what)
            .isEqualTo(want[c].hasNull());
        boolean sums = true;
        if (got[c] instanceof org.apache.orc.DecimalColumnStatistics d
            && want[c] instanceof org.apache.orc.DecimalColumnStatistics e) {
          // Sums past 38 digits are rounded at each addition, as Hive does, so another order
          // of additions can end in another last digit
          sums = false;
          if (d.getSum() != null && e.getSum() != null) {
            java.math.BigDecimal x = d.getSum().bigDecimalValue();
            java.math.BigDecimal y = e.getSum().bigDecimalValue();
            assertThat(x.subtract(y).abs()).as("column %d sum, %s", c, what)
                .isLessThanOrEqualTo(y.abs().movePointLeft(30).max(
                    java.math.BigDecimal.ONE.movePointLeft(30)));
          }
        }
        assertThat(withoutBytesAndSums(got[c], sums)).as("column %d, %s", c, what)
            .isEqualTo(withoutBytesAndSums(want[c], sums));
      }
      if (o.bloomFilterColumns().isEmpty()) {
        // orc-core 2.1.1's seekToRow fails (NullPointerException in StripePlanner) on files
        // with bloom filters unless a search argument is set: see OrcWriterIndexTest
        seekRandomRows(merged, schema, expected, r, what);
      }
    }
  }

  /** orc-core's merge of statistics, as its writer merges a copied stripe's. */
  private static ColumnStatistics[] mergeStats(ColumnStatistics[] into, ColumnStatistics[] s) {
    if (into == null) {
      return s;
    }
    for (int c = 0; c < into.length; c++) {
      ((ColumnStatisticsImpl) into[c]).merge((ColumnStatisticsImpl) s[c]);
    }
    return into;
  }

  /**
   * A statistic's text without the parts that depend on how stripes were cut and encoded: bytes
   * on disk, and sums of floating point values (added in another order). Decimal sums are left
   * out ({@code sums} false; the caller compares them): orc-core's decimal64 merge into empty
   * statistics copies a sum but not its overflow, so orc-core's merge of the inputs' statistics
   * can claim a sum that a stripe lost, where colfile's merge says there is none.
   */
  private static String withoutBytesAndSums(ColumnStatistics s, boolean sums) {
    String t = s.toString().replaceAll(" bytesOnDisk: \\d+", "");
    if (s instanceof org.apache.orc.DoubleColumnStatistics || !sums) {
      t = t.replaceAll(" sum: \\S+", "");
    }
    return t;
  }

  /**
   * seekToRow to random rows (and the edges) through orc-core's row index (files without one,
   * stride 0, orc-core cannot seek within: not tried).
   */
  private static void seekRandomRows(Reader reader, TypeDescription schema,
      List<String> expected, Random r, String what) throws IOException {
    seekRandomRows(reader, reader.options(), schema, expected, r, what);
  }

  private static void seekRandomRows(Reader reader, Reader.Options options,
      TypeDescription schema, List<String> expected, Random r, String what) throws IOException {
    if (expected.isEmpty() || reader.getRowIndexStride() == 0) {
      return;
    }
    try (RecordReader rows = reader.rows(options)) {
      VectorizedRowBatch batch = schema.createRowBatch(5);
      List<Long> targets = new ArrayList<>(List.of(0L, (long) expected.size() - 1));
      long first = 0;
      for (StripeInformation s : reader.getStripes()) {
        targets.add(first);
        first += s.getNumberOfRows();
      }
      for (int i = 0; i < 25; i++) {
        targets.add((long) r.nextInt(expected.size()));
      }
      java.util.Collections.shuffle(targets, r);
      boolean struct = schema.getCategory() == TypeDescription.Category.STRUCT;
      for (long t : targets) {
        rows.seekToRow(t);
        assertThat(rows.nextBatch(batch)).isTrue();
        List<Object> got = new ArrayList<>();
        for (int i = 0; i < batch.size; i++) {
          if (struct) {
            List<Object> fields = new ArrayList<>();
            for (int f = 0; f < batch.cols.length; f++) {
              fields.add(VectorValues.get(batch.cols[f], schema.getChildren().get(f), i));
            }
            got.add(fields);
          } else {
            got.add(VectorValues.get(batch.cols[0], schema, i));
          }
        }
        int n = (int) Math.min(batch.size, expected.size() - t);
        assertThat(ExpectedJson.lines(schema, got).subList(0, n)).as("rows at %d, %s", t, what)
            .isEqualTo(expected.subList((int) t, (int) t + n));
      }
    }
  }

  /**
   * Files orc-core wrote with equal settings are all copied, and orc-core's own merge of them
   * ({@code OrcFile.mergeFiles}) has the same stripes, rows and statistics; colfile's files,
   * whose writer orc-core does not know, orc-core's merge leaves out, colfile's takes. A
   * SearchArgument on the sorted key reads only the row groups that can match, and all of them.
   */
  @Test
  void orcCoreFilesMergeAsOrcCoreMergesThem() throws IOException {
    Random r = TestSeed.random("merge-interop-orc-core", 0);
    TypeDescription schema = TypeDescription.fromString(
        "struct<id:bigint,name:string,price:decimal(10,2),score:double,day:date>");
    OrcCoreOptions o = new OrcCoreOptions(CompressionKind.ZLIB, 8192, 16 * 1024, 1000, 1000,
        0.8, OrcFile.Version.V_0_12, OrcFile.EncodingStrategy.SPEED,
        java.time.ZoneOffset.UTC, false, List.of("id"));
    List<Path> inputs = new ArrayList<>();
    List<Object> all = new ArrayList<>();
    long id = 0;
    for (int i = 0; i < 4; i++) {
      List<Object> values = new ArrayList<>();
      for (int k = 0, n = 2000 + r.nextInt(4000); k < n; k++, id++) {
        values.add(Arrays.asList(id, "n" + r.nextInt(500),
            java.math.BigDecimal.valueOf(r.nextInt(1_000_000), 2), r.nextGaussian(),
            java.time.LocalDate.ofEpochDay(18_000 + r.nextInt(1000))));
      }
      Path p = dir.resolve("orc-core-" + i + ".orc");
      OrcCoreFiles.write(p, schema, values, o, new Random(i));
      inputs.add(p);
      all.addAll(values);
    }
    Path ours = dir.resolve("colfile-merged.orc");
    OrcMerge.Result result = OrcMerge.create().merge(
        inputs.stream().map(OrcMerge.Source::local).toList(), i -> OutputFile.local(ours));
    assertThat(result.inputs()).allMatch(OrcMerge.InputResult::copied);
    Path theirs = dir.resolve("orc-core-merged.orc");
    List<org.apache.hadoop.fs.Path> merged = OrcFile.mergeFiles(
        new org.apache.hadoop.fs.Path(theirs.toUri()),
        OrcFile.writerOptions(new Configuration()),
        inputs.stream().map(p -> new org.apache.hadoop.fs.Path(p.toUri())).toList());
    assertThat(merged).hasSize(inputs.size());

    List<String> expected = ExpectedJson.lines(schema, all);
    assertThat(ExpectedJson.lines(schema, OrcCoreFiles.read(ours))).isEqualTo(expected);
    try (Reader a = open(ours); Reader b = open(theirs)) {
      assertThat(a.getNumberOfRows()).isEqualTo(b.getNumberOfRows()).isEqualTo(all.size());
      assertThat(a.getStripes()).hasSameSizeAs(b.getStripes());
      for (int s = 0; s < a.getStripes().size(); s++) {
        StripeInformation x = a.getStripes().get(s);
        StripeInformation y = b.getStripes().get(s);
        assertThat(x.getOffset()).isEqualTo(y.getOffset());
        assertThat(x.getLength()).isEqualTo(y.getLength());
        assertThat(x.getNumberOfRows()).isEqualTo(y.getNumberOfRows());
      }
      assertThat(Arrays.toString(a.getStatistics()))
          .isEqualTo(Arrays.toString(b.getStatistics()));
      assertThat(a.getStripeStatistics()).hasSameSizeAs(b.getStripeStatistics());
      for (int s = 0; s < a.getStripeStatistics().size(); s++) {
        assertThat(Arrays.toString(a.getStripeStatistics().get(s).getColumnStatistics()))
            .isEqualTo(Arrays.toString(b.getStripeStatistics().get(s).getColumnStatistics()));
      }
      assertThat(a.getWriterVersion()).isEqualTo(b.getWriterVersion());
      assertThat(a.getCompressionSize()).isEqualTo(b.getCompressionSize());
    }
    // the stripes of both are the inputs' bytes: the files differ at most in their tails
    byte[] x = Files.readAllBytes(ours);
    byte[] y = Files.readAllBytes(theirs);
    try (Reader a = open(ours)) {
      long content = a.getContentLength();
      assertThat(Arrays.copyOf(x, (int) content)).isEqualTo(Arrays.copyOf(y, (int) content));
    }

    // seeks through the row index (a search argument that keeps every row: see above)
    SearchArgument everyRow = SearchArgumentFactory.newBuilder()
        .lessThan("id", PredicateLeaf.Type.LONG, id).build();
    try (Reader a = open(ours)) {
      seekRandomRows(a, a.options().searchArgument(everyRow, new String[] {"id"}), schema,
          expected, r, "orc-core files merged");
    }

    // a SearchArgument on the sorted id skips row groups and misses no matching row
    long lo = all.size() / 3;
    long hi = lo + 1500;
    SearchArgument sarg = SearchArgumentFactory.newBuilder()
        .between("id", PredicateLeaf.Type.LONG, lo, hi).build();
    try (Reader a = open(ours);
         RecordReader rows = a.rows(a.options().searchArgument(sarg, new String[] {"id"}))) {
      VectorizedRowBatch batch = schema.createRowBatch();
      List<Long> ids = new ArrayList<>();
      while (rows.nextBatch(batch)) {
        LongColumnVector v = (LongColumnVector) batch.cols[0];
        for (int i = 0; i < batch.size; i++) {
          ids.add(v.vector[v.isRepeating ? 0 : i]);
        }
      }
      assertThat(ids).contains(java.util.stream.LongStream.rangeClosed(lo, hi).boxed()
          .toArray(Long[]::new));
      assertThat(ids.size()).isLessThan(all.size() / 2);
      assertThat(ids).isSorted();
    }
  }

  /**
   * With the writer id ORC Java's (writerIdentity(0, ...), an explicit choice: see
   * OrcWriterOptions.COLFILE_WRITER_ID), orc-core's mergeFiles takes colfile's files, with an
   * orc-core file among them, and orc-core reads the result as the concatenation.
   */
  @Test
  void orcCoreMergesColfileFilesThatDeclareOrcJava() throws IOException {
    Random r = TestSeed.random("merge-interop-declared", 0);
    TypeDescription schema = TypeDescription.fromString("struct<a:int,b:string>");
    List<Path> inputs = new ArrayList<>();
    List<Object> all = new ArrayList<>();
    String software;
    Path probe = dir.resolve("declared-probe.orc");
    OrcCoreFiles.write(probe, schema, List.of(), OrcCoreOptions.everyReaderPath(r,
        org.apache.orc.CompressionKind.ZSTD), r);
    try (Reader reader = open(probe)) {
      software = reader.getSoftwareVersion();
    }
    for (int i = 0; i < 3; i++) {
      List<Object> values = new RandomValues(r, java.time.ZoneOffset.UTC).rows(schema, 1500);
      Path p = dir.resolve("declared-" + i + ".orc");
      if (i == 1) {
        // orc-core's own file, with the options colfile's defaults mirror
        Configuration conf = new Configuration();
        try (org.apache.orc.Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(
            p.toUri()), OrcFile.writerOptions(conf).setSchema(schema)
            .setProlepticGregorian(true).useUTCTimestamp(true))) {
          org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch b = schema.createRowBatch();
          VectorFill fill = new VectorFill(java.time.ZoneOffset.UTC);
          for (Object row : values) {
            List<?> f = (List<?>) row;
            fill.set(b.cols[0], schema.getChildren().get(0), b.size, f.get(0));
            fill.set(b.cols[1], schema.getChildren().get(1), b.size, f.get(1));
            if (++b.size == b.getMaxSize()) {
              w.addRowBatch(b);
              b.reset();
            }
          }
          if (b.size > 0) {
            w.addRowBatch(b);
          }
        }
      } else {
        io.colfile.core.types.Type type = io.colfile.core.types.Type.parse(schema.toString());
        try (io.colfile.orc.OrcWriter w = io.colfile.orc.OrcWriter.create(OutputFile.local(p),
            type, io.colfile.orc.OrcWriterOptions.builder()
                .writerIdentity(0, software + " (colfile)").build())) {
          w.write(io.colfile.testkit.ValueFill.batch(type, values));
        }
      }
      inputs.add(p);
      all.addAll(values);
    }
    Path theirs = dir.resolve("orc-core-merged-declared.orc");
    List<org.apache.hadoop.fs.Path> taken = OrcFile.mergeFiles(
        new org.apache.hadoop.fs.Path(theirs.toUri()),
        OrcFile.writerOptions(new Configuration()),
        inputs.stream().map(p -> new org.apache.hadoop.fs.Path(p.toUri())).toList());
    assertThat(taken).hasSize(3);
    assertThat(ExpectedJson.lines(schema, OrcCoreFiles.read(theirs)))
        .isEqualTo(ExpectedJson.lines(schema, all));
    assertThat(ColfileReader.readWithColfile(theirs, null))
        .isEqualTo(ExpectedJson.lines(schema, all));
  }

  /** orc-core's own merge does not take files of a writer it does not know; colfile's does. */
  @Test
  void colfileFilesThatOrcCoreWillNotMerge() throws IOException {
    Random r = TestSeed.random("merge-interop-colfile", 0);
    TypeDescription schema = TypeDescription.fromString("struct<a:int,b:string>");
    List<Path> inputs = new ArrayList<>();
    List<Object> all = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      List<Object> values = new RandomValues(r, java.time.ZoneOffset.UTC).rows(schema, 1200);
      Path p = dir.resolve("colfile-" + i + ".orc");
      io.colfile.core.types.Type type = io.colfile.core.types.Type.parse(schema.toString());
      try (io.colfile.orc.OrcWriter w = io.colfile.orc.OrcWriter.create(OutputFile.local(p),
          type, io.colfile.orc.OrcWriterOptions.defaults())) {
        w.write(io.colfile.testkit.ValueFill.batch(type, values));
      }
      inputs.add(p);
      all.addAll(values);
    }
    Path theirs = dir.resolve("orc-core-merged.orc");
    List<org.apache.hadoop.fs.Path> taken = OrcFile.mergeFiles(
        new org.apache.hadoop.fs.Path(theirs.toUri()),
        OrcFile.writerOptions(new Configuration()),
        inputs.stream().map(p -> new org.apache.hadoop.fs.Path(p.toUri())).toList());
    assertThat(taken).isEmpty();

    Path ours = dir.resolve("colfile-merged.orc");
    OrcMerge.create().merge(inputs.stream().map(OrcMerge.Source::local).toList(),
        i -> OutputFile.local(ours));
    assertThat(ExpectedJson.lines(schema, OrcCoreFiles.read(ours)))
        .isEqualTo(ExpectedJson.lines(schema, all));
    try (Reader a = open(ours)) {
      assertThat(a.getNumberOfRows()).isEqualTo(2400);
      assertThat(a.getFileTail().getFooter().getWriter())
          .isEqualTo(io.colfile.orc.OrcWriterOptions.COLFILE_WRITER_ID);
    }
  }
}
