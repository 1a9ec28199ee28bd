package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.DecimalStatistics;
import io.colfile.orc.stats.DoubleStatistics;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link OrcMerge} on seeded random files colfile wrote: compatible files have their stripes
 * copied byte for byte (and their stripe statistics with them), the merged file statistics
 * equal those of one file written with all the rows, files of another codec, stride or version
 * are re-encoded, rows always come out as the concatenation, row-index seeks work on the
 * result, user metadata is merged, the size limit splits the output, and refusals and damaged
 * inputs leave no output behind.
 */
@ExtendWith(TestSeed.class)
class OrcMergeTest {
  @TempDir Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 40 : 8);
  }

  private static OrcMerge.Source src(Path p) {
    return OrcMerge.Source.local(p);
  }

  private static List<OrcMerge.Source> sources(List<WrittenFile> files) {
    return files.stream().map(f -> src(f.path())).toList();
  }

  private static List<String> lines(List<WrittenFile> files) {
    List<String> all = new ArrayList<>();
    files.forEach(f -> all.addAll(f.lines()));
    return all;
  }

  static List<String> readAll(Path p) throws IOException {
    List<String> out = new ArrayList<>();
    try (OrcReader orc = OrcReader.open(InputFile.local(p));
         BatchReader rows = orc.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC))) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        b.validate();
        out.addAll(WrittenFile.lines(b));
      }
    }
    return out;
  }

  private static byte[] bytes(Path file, long offset, long length) throws IOException {
    try (InputFile in = InputFile.local(file)) {
      return in.read(offset, (int) length);
    }
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void compatibleFilesHaveTheirStripesCopiedByteForByte(int index) throws IOException {
    Random r = TestSeed.random("orc-merge-copy-" + index, 0);
    Type schema = index % 4 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 5);
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(r.nextBoolean() ? 16 * 1024 : 256 * 1024).build();
    List<WrittenFile> inputs = new ArrayList<>();
    int files = 2 + r.nextInt(3);
    for (int i = 0; i < files; i++) {
      inputs.add(WrittenFile.write(dir.resolve("in-" + i + ".orc"), r, schema, options,
          i == 1 && r.nextBoolean() ? 0 : 1 + r.nextInt(6000)));
    }
    Path out = dir.resolve("merged.orc");
    OrcMerge.Result result = OrcMerge.create().merge(sources(inputs), i -> OutputFile.local(out));
    String what = inputs.get(0).describe() + "; " + TestSeed.replay();

    assertThat(result.inputs()).as(what).allMatch(OrcMerge.InputResult::copied);
    assertThat(result.outputs()).hasSize(1);
    assertThat(readAll(out)).as(what).isEqualTo(lines(inputs));
    try (OrcReader merged = OrcReader.open(InputFile.local(out))) {
      assertThat(merged.numberOfRows()).isEqualTo(lines(inputs).size());
      assertThat(merged.compression()).isEqualTo(options.compression());
      assertThat(merged.rowIndexStride()).isEqualTo(options.rowIndexStride());
      assertThat(merged.fileVersion()).isEqualTo(options.fileVersion());
      assertThat(merged.writerId()).isEqualTo(OrcWriterOptions.COLFILE_WRITER_ID);
      assertThat(merged.writerVersion()).isEqualTo(OrcWriterOptions.WRITER_VERSION);
      int s = 0;
      List<ColumnStatistics> expectedStripeStats = new ArrayList<>();
      for (WrittenFile f : inputs) {
        try (OrcReader in = OrcReader.open(InputFile.local(f.path()))) {
          assertThat(merged.compressionBlockSize()).isGreaterThanOrEqualTo(
              in.compressionBlockSize());
          for (int i = 0; i < in.stripes().size(); i++, s++) {
            StripeInformation a = in.stripes().get(i);
            StripeInformation b = merged.stripes().get(s);
            assertThat(b.length()).isEqualTo(a.length());
            assertThat(b.numberOfRows()).isEqualTo(a.numberOfRows());
            assertThat(bytes(out, b.offset(), b.length()))
                .as("stripe %d of %s copied as stripe %d", i, f.path(), s)
                .isEqualTo(bytes(f.path(), a.offset(), a.length()));
            assertThat(merged.stripeStatistics().get(s))
                .isEqualTo(in.stripeStatistics().get(i));
            expectedStripeStats.addAll(in.stripeStatistics().get(i));
          }
        }
      }
      assertThat(merged.stripes()).hasSize(s);

      // the file statistics: those of one file holding every row
      Path whole = dir.resolve("whole.orc");
      WrittenFile all = writeAll(whole, schema, options, inputs);
      try (OrcReader w = OrcReader.open(InputFile.local(all.path()))) {
        assertSameStatistics(schema, merged.statistics(), w.statistics(), what);
        long[] bytesOnDisk = new long[merged.statistics().size()];
        for (List<ColumnStatistics> st : merged.stripeStatistics()) {
          for (int c = 0; c < st.size(); c++) {
            Long b = st.get(c).bytesOnDisk();
            bytesOnDisk[c] += b == null ? 0 : b;
          }
        }
        for (int c = 0; c < bytesOnDisk.length; c++) {
          Long b = merged.statistics().get(c).bytesOnDisk();
          assertThat(b == null ? 0 : b).as("bytes on disk of column %d", c)
              .isEqualTo(bytesOnDisk[c]);
        }
      }
    }
    SeekToRowTest.checkSeeks(out, lines(inputs), r, "merged " + what);
  }

  /** One file with the inputs' rows, written through one writer. */
  private WrittenFile writeAll(Path path, Type schema, OrcWriterOptions options,
      List<WrittenFile> inputs) throws IOException {
    List<String> lines = new ArrayList<>();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      for (WrittenFile f : inputs) {
        try (OrcReader orc = OrcReader.open(InputFile.local(f.path()));
             BatchReader rows = orc.read(ReadOptions.defaults())) {
          ColumnBatch b = rows.newBatch();
          while (rows.next(b)) {
            lines.addAll(WrittenFile.lines(b));
            w.write(b);
          }
        }
      }
    }
    return new WrittenFile(path, schema, options, lines);
  }

  /**
   * Equal statistics, but for the parts that depend on where stripes and row groups were cut:
   * bytes on disk, and floating-point and rounded decimal sums (added in another order).
   */
  static void assertSameStatistics(Type schema, List<ColumnStatistics> got,
      List<ColumnStatistics> want, String what) {
    List<Type> types = schema.flatten();
    assertThat(got).hasSameSizeAs(want);
    for (int c = 0; c < got.size(); c++) {
      ColumnStatistics g = got.get(c);
      ColumnStatistics w = want.get(c);
      String as = "column " + c + " statistics in " + what;
      if (g.typed() instanceof DoubleStatistics gd && w.typed() instanceof DoubleStatistics wd) {
        // a NaN that comes first in a row group hides the bounds after it (Java's rule), so
        // with NaNs the bounds depend on where row groups were cut
        boolean nan = (gd.sum() != null && gd.sum().isNaN())
            || (wd.sum() != null && wd.sum().isNaN());
        if (!nan) {
          assertThat(gd.minimum()).as(as).isEqualTo(wd.minimum());
          assertThat(gd.maximum()).as(as).isEqualTo(wd.maximum());
        }
        assertClose(gd.sum(), wd.sum(), as);
        g = new ColumnStatistics(g.numberOfValues(), g.hasNull(), null, null);
        w = new ColumnStatistics(w.numberOfValues(), w.hasNull(), null, null);
      } else if (g.typed() instanceof DecimalStatistics gd
          && w.typed() instanceof DecimalStatistics wd) {
        // A writer's decimal64 sum that overflowed in a stripe's first row group survives as
        // that row group's partial sum (Java's flaw, kept by the writer), so where a partial
        // sum can have overflowed, the sums depend on where row groups and stripes were cut.
        // Otherwise both must be there and (but for rounding past 38 digits) equal.
        Type t = types.get(c);
        boolean mayOverflow = false;
        if (t.precision() >= 1 && t.precision() <= 18 && wd.minimumValue() != null) {
          BigDecimal maxAbs = wd.minimumValue().abs().max(wd.maximumValue().abs());
          BigDecimal bound = BigDecimal.ONE.movePointRight(18 - t.scale());
          mayOverflow = maxAbs.multiply(BigDecimal.valueOf(w.numberOfValues()))
              .compareTo(bound) >= 0;
        }
        if (!mayOverflow) {
          assertThat(gd.sumText() == null).as(as + ": sum present").isEqualTo(
              wd.sumText() == null);
        }
        if (!mayOverflow && gd.sumText() != null && wd.sumText() != null) {
          BigDecimal diff = gd.sumValue().subtract(wd.sumValue()).abs();
          assertThat(diff.compareTo(wd.sumValue().abs().multiply(new BigDecimal("1e-30"))
              .max(new BigDecimal("1e-30")))).as(as).isLessThanOrEqualTo(0);
        }
        g = new ColumnStatistics(g.numberOfValues(), g.hasNull(), null,
            new DecimalStatistics(gd.minimumText(), gd.maximumText(), null));
        w = new ColumnStatistics(w.numberOfValues(), w.hasNull(), null,
            new DecimalStatistics(wd.minimumText(), wd.maximumText(), null));
      }
      assertThat(new ColumnStatistics(g.numberOfValues(), g.hasNull(), null, g.typed()))
          .as(as).isEqualTo(new ColumnStatistics(w.numberOfValues(), w.hasNull(), null,
              w.typed()));
    }
  }

  private static void assertClose(Double a, Double b, String as) {
    if (a == null || b == null || a.isNaN() || b.isNaN() || a.isInfinite() || b.isInfinite()) {
      assertThat(a).as(as).isEqualTo(b);
      return;
    }
    double tolerance = Math.max(1e-9, Math.abs(b) * 1e-9);
    assertThat(Math.abs(a - b)).as(as + ": sum " + a + " vs " + b)
        .isLessThanOrEqualTo(tolerance);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void filesOfAnotherCodecStrideOrVersionAreReencoded(int index) throws IOException {
    Random r = TestSeed.random("orc-merge-reencode-" + index, 0);
    Type schema = index % 4 == 0 ? RandomBatches.everyType() : RandomBatches.randomSchema(r, 4);
    OrcWriterOptions first = RandomWriterOptions.randomOptions(r, schema, index).toBuilder()
        .stripeSize(64 * 1024).build();
    OrcWriterOptions otherCodec = first.toBuilder().compression(
        first.compression() == CompressionCodec.ZSTD ? CompressionCodec.NONE
            : CompressionCodec.ZSTD).build();
    OrcWriterOptions otherStride = first.toBuilder()
        .rowIndexStride(first.rowIndexStride() == 1000 ? 3000 : 1000).build();
    OrcWriterOptions otherVersion = first.toBuilder().fileVersion(
        first.fileVersion().equals(OrcFileVersion.V_0_11) ? OrcFileVersion.V_0_12
            : OrcFileVersion.V_0_11).build();
    List<WrittenFile> inputs = new ArrayList<>();
    OrcWriterOptions[] all = {first, otherCodec, first, otherStride, otherVersion};
    for (int i = 0; i < all.length; i++) {
      inputs.add(WrittenFile.write(dir.resolve("in-" + i + ".orc"), r, schema, all[i],
          1 + r.nextInt(5000)));
    }
    Path out = dir.resolve("merged.orc");
    OrcMerge.Result result = OrcMerge.create().stripeSize(64 * 1024)
        .merge(sources(inputs), i -> OutputFile.local(out));
    String what = inputs.get(0).describe() + "; " + TestSeed.replay();

    assertThat(result.inputs()).extracting(OrcMerge.InputResult::copied)
        .containsExactly(true, false, true, false, false);
    assertThat(result.inputs().get(1).reencodeReason()).startsWith("compression ");
    assertThat(result.inputs().get(3).reencodeReason()).startsWith("row index stride ");
    assertThat(result.inputs().get(4).reencodeReason()).startsWith("file version ");
    assertThat(readAll(out)).as(what).isEqualTo(lines(inputs));
    try (OrcReader merged = OrcReader.open(InputFile.local(out));
         OrcReader in0 = OrcReader.open(InputFile.local(inputs.get(0).path()))) {
      assertThat(merged.compression()).isEqualTo(first.compression());
      assertThat(merged.rowIndexStride()).isEqualTo(first.rowIndexStride());
      assertThat(merged.fileVersion()).isEqualTo(first.fileVersion());
      // the first input's stripes lead the output unchanged
      for (int i = 0; i < in0.stripes().size(); i++) {
        StripeInformation a = in0.stripes().get(i);
        StripeInformation b = merged.stripes().get(i);
        assertThat(bytes(out, b.offset(), b.length()))
            .isEqualTo(bytes(inputs.get(0).path(), a.offset(), a.length()));
      }
      assertThat(merged.stripeStatistics()).hasSameSizeAs(merged.stripes());
      long rows = 0;
      for (StripeInformation s : merged.stripes()) {
        rows += s.numberOfRows();
      }
      assertThat(rows).isEqualTo(merged.numberOfRows()).isEqualTo(lines(inputs).size());
      WrittenFile whole = writeAll(dir.resolve("whole.orc"), schema, first, inputs);
      try (OrcReader w = OrcReader.open(InputFile.local(whole.path()))) {
        assertSameStatistics(schema, merged.statistics(), w.statistics(), what);
      }
    }
    SeekToRowTest.checkSeeks(out, lines(inputs), r, "merged " + what);
  }

  private WrittenFile small(String name, OrcWriterOptions options, Map<String, String> meta,
      int rows) throws IOException {
    Type schema = Type.parse("struct<id:bigint,name:string>");
    Path p = dir.resolve(name);
    Random r = TestSeed.random("orc-merge-" + name, 0);
    WrittenFile f = WrittenFile.write(dir.resolve("tmp-" + name), r, schema, options, rows);
    // rewrite with the metadata
    try (OrcWriter w = OrcWriter.create(OutputFile.local(p), schema, options);
         OrcReader orc = OrcReader.open(InputFile.local(f.path()));
         BatchReader rr = orc.read(ReadOptions.defaults())) {
      meta.forEach((k, v) -> w.addUserMetadata(k, v.getBytes(StandardCharsets.UTF_8)));
      ColumnBatch b = rr.newBatch();
      while (rr.next(b)) {
        w.write(b);
      }
    }
    Files.delete(f.path());
    return new WrittenFile(p, schema, options, f.lines());
  }

  @Test
  void userMetadataIsMergedAndAConflictRefused() throws IOException {
    OrcWriterOptions o = OrcWriterOptions.defaults();
    WrittenFile a = small("a.orc", o, Map.of("k1", "v1"), 100);
    WrittenFile b = small("b.orc", o, Map.of("k1", "v1", "k2", "v2"), 200);
    WrittenFile c = small("c.orc", o, Map.of("k1", "other"), 50);
    Path out = dir.resolve("out.orc");
    OrcMerge.create().merge(sources(List.of(a, b)), i -> OutputFile.local(out));
    try (OrcReader m = OrcReader.open(InputFile.local(out))) {
      assertThat(m.userMetadata()).containsOnlyKeys("k1", "k2");
      assertThat(new String(m.userMetadata().get("k1"), StandardCharsets.UTF_8)).isEqualTo("v1");
      assertThat(new String(m.userMetadata().get("k2"), StandardCharsets.UTF_8)).isEqualTo("v2");
    }
    Path out2 = dir.resolve("out2.orc");
    assertThatThrownBy(() -> OrcMerge.create().merge(sources(List.of(a, b, c)),
        i -> OutputFile.local(out2)))
        .isInstanceOf(OrcMerge.IncompatibleInputException.class)
        .hasMessage(c.path() + ": user metadata 'k1' differs from " + a.path() + "'s");
    assertThat(out2).doesNotExist();
    assertThat(dir.toFile().list()).noneMatch(n -> n.endsWith(".tmp"));
  }

  @Test
  void anotherSchemaIsRefusedAndNothingIsWritten() throws IOException {
    WrittenFile a = small("a.orc", OrcWriterOptions.defaults(), Map.of(), 10);
    Path b = dir.resolve("b.orc");
    Type other = Type.parse("struct<id:bigint,title:string>");
    WrittenFile.write(b, new Random(1), other, OrcWriterOptions.defaults(), 10);
    Path out = dir.resolve("out.orc");
    Files.writeString(out, "what was there before");
    assertThatThrownBy(() -> OrcMerge.create().merge(List.of(src(a.path()), src(b)),
        i -> OutputFile.local(out)))
        .isInstanceOf(OrcMerge.IncompatibleInputException.class)
        .hasMessage(b + ": schema struct<id:bigint,title:string> differs from " + a.path()
            + "'s struct<id:bigint,name:string>");
    assertThat(Files.readString(out)).isEqualTo("what was there before");
  }

  @Test
  void maxSizeStartsNewOutputsAndTheirRowsConcatenate() throws IOException {
    Random r = TestSeed.random("orc-merge-max-size", 0);
    Type schema = RandomBatches.randomSchema(r, 4);
    OrcWriterOptions o = OrcWriterOptions.builder().stripeSize(16 * 1024)
        .memoryCheckRows(500).build();
    List<WrittenFile> inputs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      inputs.add(WrittenFile.write(dir.resolve("in-" + i + ".orc"), r, schema, o, 8000));
    }
    // a fourth input re-encoded (another codec): its rows are cut by the limit too
    inputs.add(WrittenFile.write(dir.resolve("in-3.orc"), r, schema,
        o.toBuilder().compression(CompressionCodec.SNAPPY).build(), 8000));
    long total = 0;
    for (WrittenFile f : inputs) {
      try (OrcReader in = OrcReader.open(InputFile.local(f.path()))) {
        total += in.contentLength();
      }
    }
    long limit = total / 5;
    List<Path> names = new ArrayList<>();
    OrcMerge.Result result = OrcMerge.create().maxSize(limit).stripeSize(16 * 1024)
        .merge(sources(inputs), i -> {
          Path p = dir.resolve(i == 0 ? "out.orc" : "out-" + i + ".orc");
          names.add(p);
          return OutputFile.local(p);
        });
    // an output ends with the stripe that crosses the limit, so it may hold up to the limit plus
    // one stripe: five limits' worth of stripes make at least two outputs, not necessarily five
    // (seed 6001B4DCF528F088 makes three); what each output holds is checked below
    assertThat(result.outputs().size()).isGreaterThanOrEqualTo(2);
    assertThat(result.outputs()).extracting(OrcMerge.OutputResult::name)
        .containsExactlyElementsOf(names.stream().map(Path::toString).toList());
    List<String> rows = new ArrayList<>();
    long rowSum = 0;
    for (OrcMerge.OutputResult out : result.outputs()) {
      Path p = Path.of(out.name());
      assertThat(Files.size(p)).isEqualTo(out.bytes());
      try (OrcReader m = OrcReader.open(InputFile.local(p))) {
        // only the last stripe may end past the limit: it is the one that crossed it
        List<StripeInformation> st = m.stripes();
        for (int i = 0; i < st.size() - 1; i++) {
          assertThat(st.get(i).offset() + st.get(i).length()).as("%s stripe %d", out.name(), i)
              .isLessThanOrEqualTo(limit);
        }
        assertThat(st.get(st.size() - 1).offset()).isLessThanOrEqualTo(limit);
        assertThat(m.numberOfRows()).isEqualTo(out.rows()).isPositive();
        assertThat(m.stripes()).hasSize(out.stripes());
        rowSum += out.rows();
      }
      rows.addAll(readAll(p));
    }
    assertThat(rowSum).isEqualTo(32_000);
    assertThat(rows).isEqualTo(lines(inputs));
  }

  @Test
  void aDamagedInputLeavesNoOutputAndEarlierFilesAsTheyWere() throws IOException {
    Random r = TestSeed.random("orc-merge-damaged", 0);
    Type schema = Type.parse("struct<id:bigint,name:string>");
    OrcWriterOptions o = OrcWriterOptions.builder().stripeSize(16 * 1024)
        .memoryCheckRows(500).build();
    List<WrittenFile> inputs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      inputs.add(WrittenFile.write(dir.resolve("in-" + i + ".orc"), r, schema, o, 6000));
    }
    // the last input's second stripe footer overwritten: its tail still reads
    Path bad = inputs.get(2).path();
    long at;
    try (OrcReader in = OrcReader.open(InputFile.local(bad))) {
      StripeInformation s = in.stripes().get(1);
      at = s.offset() + s.indexLength() + s.dataLength();
      assertThat(in.stripes().size()).isGreaterThan(1);
    }
    byte[] b = Files.readAllBytes(bad);
    Arrays.fill(b, (int) at, (int) at + 8, (byte) 0xff);
    Files.write(bad, b);
    Path out = dir.resolve("out.orc");
    Path out1 = dir.resolve("out-1.orc");
    Files.writeString(out, "before");
    Files.writeString(out1, "before too");
    assertThatThrownBy(() -> OrcMerge.create().maxSize(1).merge(sources(inputs),
        i -> OutputFile.local(i == 0 ? out : dir.resolve("out-" + i + ".orc"))))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(bad.toString());
    assertThat(Files.readString(out)).isEqualTo("before");
    assertThat(Files.readString(out1)).isEqualTo("before too");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .noneMatch(n -> n.endsWith(".tmp"))
          .noneMatch(n -> n.equals("out-2.orc"));
    }
  }

  @Test
  void notOrcAndTruncatedInputsAreNamed() throws IOException {
    WrittenFile a = small("a.orc", OrcWriterOptions.defaults(), Map.of(), 10);
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "these are not the columns you are looking for\n");
    Path cut = dir.resolve("cut.orc");
    byte[] all = Files.readAllBytes(a.path());
    Files.write(cut, Arrays.copyOf(all, all.length - 7));
    Path out = dir.resolve("out.orc");
    assertThatThrownBy(() -> OrcMerge.create().merge(List.of(src(a.path()), src(text)),
        i -> OutputFile.local(out)))
        .isInstanceOfSatisfying(CorruptFileException.class,
            e -> assertThat(e.file()).isEqualTo(text.toString()))
        .hasMessageContaining("not an ORC file");
    assertThatThrownBy(() -> OrcMerge.create().merge(List.of(src(a.path()), src(cut)),
        i -> OutputFile.local(out)))
        .isInstanceOfSatisfying(CorruptFileException.class,
            e -> assertThat(e.file()).isEqualTo(cut.toString()));
    assertThat(out).doesNotExist();
  }

  @Test
  void theExampleFilesMergeWithThemselves() throws IOException {
    Path examples = SharedData.orcExamples();
    int merged = 0;
    try (Stream<Path> files = Files.list(examples)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".orc")).sorted().toList()) {
        if (p.getFileName().toString().startsWith("demo-") || Files.size(p) > 4 << 20) {
          continue;
        }
        Path out = dir.resolve("twice-" + p.getFileName());
        OrcMerge.Result result;
        try {
          result = OrcMerge.create().merge(List.of(src(p), src(p)), i -> OutputFile.local(out));
        } catch (UnsupportedFeatureException e) {
          continue; // encrypted, LZO or an unknown version: refused, with its reason
        }
        List<String> once = readAll(p);
        List<String> twice = new ArrayList<>(once);
        twice.addAll(once);
        assertThat(readAll(out)).as(p.toString()).isEqualTo(twice);
        try (OrcReader in = OrcReader.open(InputFile.local(p));
             OrcReader m = OrcReader.open(InputFile.local(out))) {
          assertThat(m.numberOfRows()).isEqualTo(2 * in.numberOfRows());
          if (result.inputs().get(0).copied()) {
            assertThat(m.writerId()).isEqualTo(in.writerId());
            assertThat(m.writerVersion()).isEqualTo(in.writerVersion());
            assertThat(m.stripes()).hasSize(2 * in.stripes().size());
            for (int c = 0; c < in.statistics().size(); c++) {
              assertThat(m.statistics().get(c).numberOfValues()).as("%s column %d", p, c)
                  .isEqualTo(2 * in.statistics().get(c).numberOfValues());
            }
          }
        }
        merged++;
      }
    }
    assertThat(merged).isGreaterThan(10);
  }
}
