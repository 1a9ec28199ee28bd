package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcFileVersion;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.OrcIndex;
import org.apache.orc.impl.ReaderImpl;
import org.apache.orc.impl.RecordReaderImpl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile writes seeded random files (every type, nesting to depth 3, nulls, edge values,
 * sorted / random / repeating sequences, low and high cardinality strings, every codec, file
 * versions 0.11 / 0.12 / 1.9999, small stripes, strides and chunks, bloom filters) and orc-core,
 * the reference, judges them: it must read back exactly the generated values. orc-core also
 * writes the same rows with the same options and batches, and the two files are compared:
 * stripes, encodings, file, stripe and row-group statistics equal as serialized protobuf, and,
 * where the inputs allow it, the whole stripe bytes (streams, positions, bloom filters).
 */
@ExtendWith(TestSeed.class)
class OrcWriterDifferentialTest {
  private static Path dir;
  /** RLE v2 sub-encodings seen across this run's colfile files (by their run headers). */
  private static final Set<String> SUB_ENCODINGS = new HashSet<>();
  private static final Set<OrcProto.ColumnEncoding.Kind> STRING_ENCODINGS =
      EnumSet.noneOf(OrcProto.ColumnEncoding.Kind.class);
  /** Cases compared part by part with orc-core's file, and those byte-identical to it. */
  private static int compared;
  private static int identical;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 120 : 14);
  }

  /**
   * Whether both writers compress ZSTD through zstd-jni: colfile when it loaded, orc-core when
   * the library is loaded by the time it makes a codec (its WriterImpl asks {@code
   * Native.isLoaded()}), which colfile's check has done. Then ZSTD chunks are byte-identical.
   */
  private static boolean nativeZstd;

  @BeforeAll
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("colfile-writer-diff-");
    nativeZstd = io.colfile.core.codec.CodecImplementations.nativeCompressor(
        io.colfile.core.codec.CompressionCodec.ZSTD)
        && com.github.luben.zstd.util.Native.isLoaded();
  }

  @AfterAll
  static void everyRunKindAppeared() throws IOException {
    if (Boolean.getBoolean("interop.keep")) {
      // -Dinterop.keep=true leaves both writers' files for a look at a failing case
      System.out.println("files kept in " + dir);
    } else {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(java.util.Collections.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
    assertThat(SUB_ENCODINGS).as("RLE v2 sub-encodings written across the run")
        .contains("SHORT_REPEAT", "DIRECT", "PATCHED_BASE", "DELTA");
    assertThat(STRING_ENCODINGS).as("string encodings written across the run")
        .contains(OrcProto.ColumnEncoding.Kind.DICTIONARY_V2, OrcProto.ColumnEncoding.Kind.DIRECT_V2);
    System.out.printf("%d of %d cases compared part by part were byte-identical files%n",
        identical, compared);
    assertThat(identical).as("cases whose whole file was byte-identical to orc-core's")
        .isPositive();
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void orcCoreReadsWhatColfileWroteAndBothWritersAgree(int index) throws IOException {
    Random r = TestSeed.random("writer-diff", index);
    CompressionKind codec = OrcCoreOptions.CODECS.get(index % OrcCoreOptions.CODECS.size());
    TypeDescription schema = index < 2 ? RandomSchemas.everyType(r) : RandomSchemas.random(r);
    OrcCoreOptions o = OrcCoreOptions.random(r, codec, schema);
    if (index % 3 == 0) {
      // one big stripe: statistics and row indexes can be compared stripe by stripe
      o = new OrcCoreOptions(o.codec(), o.bufferSize(), 64L << 20, o.rowsBetweenMemoryChecks(),
          o.rowIndexStride() == 0 ? 1000 : o.rowIndexStride(), o.dictionaryKeyThreshold(),
          o.version(), o.encodingStrategy(), o.writerZone(), true, o.bloomFilterColumns());
    }
    int rows = index < 2 ? 6000 : new int[] {0, 1, 100, 999, 1000, 1001, 2500, 7000}[
        r.nextInt(8)];
    List<Object> values = new RandomValues(r, o.writerZone()).rows(schema, rows);
    runCase("case " + index, schema, values, o, r.nextLong());
  }

  /**
   * Brotli (ORC 2.0+): orc-core writes it with brotli4j and its per-stream settings, colfile with
   * the same brotli4j and settings; each reads the other's file, and the files compare as the
   * other codecs' do, byte for byte.
   */
  @ParameterizedTest(name = "brotli case {0}")
  @MethodSource("brotliCases")
  void brotliBothWays(int index) throws IOException {
    Random r = TestSeed.random("writer-diff-brotli", index);
    TypeDescription schema = index == 0 ? RandomSchemas.everyType(r) : RandomSchemas.random(r);
    OrcCoreOptions o = OrcCoreOptions.random(r, CompressionKind.BROTLI, schema);
    int rows = index == 0 ? 3000 : new int[] {0, 1, 999, 2500}[r.nextInt(4)];
    List<Object> values = new RandomValues(r, o.writerZone()).rows(schema, rows);
    runCase("brotli case " + index, schema, values, o, r.nextLong());
  }

  static IntStream brotliCases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 20 : 4);
  }

  /**
   * Integer sequences of the shapes ORC's RLE v2 encodes differently (sorted, random, repeating,
   * small values with rare outliers, constant deltas) and strings of low and high cardinality,
   * in both bit-packing strategies.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("strategies")
  void sequencesOfEveryShape(OrcFile.EncodingStrategy strategy) throws IOException {
    Random r = TestSeed.random("writer-diff-sequences", strategy.ordinal());
    TypeDescription schema = TypeDescription.fromString("struct<sorted:bigint,random:bigint,"
        + "repeating:int,outliers:bigint,steps:bigint,low:string,high:string,day:date>");
    List<Object> values = new ArrayList<>();
    long sorted = r.nextInt(1000);
    for (int i = 0; i < 12_000; i++) {
      sorted += r.nextInt(5);
      long outlier = r.nextInt(200) == 0 ? r.nextLong() >> r.nextInt(20) : r.nextInt(100);
      values.add(Arrays.asList(sorted, r.nextLong() >> r.nextInt(60), (long) (i / 50 % 7),
          outlier, 1000L + 3L * i, "v" + r.nextInt(20), "h" + r.nextLong(),
          java.time.LocalDate.ofEpochDay(-30_000 + i / 10)));
    }
    OrcCoreOptions o = new OrcCoreOptions(CompressionKind.NONE, 65536, 64L << 20, 5000, 1000,
        0.8, OrcFile.Version.V_0_12, strategy, java.time.ZoneOffset.UTC, true,
        List.of("high", "sorted"));
    runCase("sequences " + strategy, schema, values, o, r.nextLong());
  }

  /**
   * Decimals of precision up to 18 in UNSTABLE-PRE-2.0 files: orc-core's Decimal64TreeWriter
   * always packs its RLE v2 runs at aligned widths, whatever the encoding strategy.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("strategies")
  void decimal64RunsPackedAsOrcCorePacksThem(OrcFile.EncodingStrategy strategy)
      throws IOException {
    Random r = TestSeed.random("writer-diff-decimal64", strategy.ordinal());
    TypeDescription schema = TypeDescription.fromString(
        "struct<d:decimal(7,0),e:decimal(18,2),l:array<decimal(9,3)>>");
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      // random values of 20-odd significant bits: DIRECT runs at widths that are not aligned
      values.add(Arrays.asList(java.math.BigDecimal.valueOf(r.nextInt(19_999_999) - 9_999_999),
          java.math.BigDecimal.valueOf(r.nextLong() >> (8 + r.nextInt(30)), 2),
          List.of(java.math.BigDecimal.valueOf(r.nextInt(1 << 22), 3))));
    }
    OrcCoreOptions o = new OrcCoreOptions(CompressionKind.NONE, 65536, 64L << 20, 5000, 1000,
        0.8, OrcFile.Version.UNSTABLE_PRE_2_0, strategy, java.time.ZoneOffset.UTC, true,
        List.of());
    runCase("decimal64 " + strategy, schema, values, o, r.nextLong());
  }

  static List<OrcFile.EncodingStrategy> strategies() {
    return List.of(OrcFile.EncodingStrategy.SPEED, OrcFile.EncodingStrategy.COMPRESSION);
  }

  private void runCase(String name, TypeDescription schema, List<Object> values,
      OrcCoreOptions o, long batchSeed) throws IOException {
    Path theirs = dir.resolve("orc-core-" + name.replace(' ', '-') + ".orc");
    Path ours = dir.resolve("colfile-" + name.replace(' ', '-') + ".orc");
    OrcCoreFiles.write(theirs, schema, values, o, new Random(batchSeed));
    writeWithColfile(ours, schema, values, o, theirs, new Random(batchSeed));
    String what = String.format("%s: %s, %d rows, %s%n  schema %s%n  %s", name, ours,
        values.size(), o, schema, TestSeed.replay());

    List<String> expected = ExpectedJson.lines(schema, values);
    assertSameLines(what + " (orc-core reading colfile's file)", expected,
        ExpectedJson.lines(schema, OrcCoreFiles.read(ours)));
    assertSameLines(what + " (colfile reading its own file)", expected,
        ColfileReader.readWithColfile(ours, null));
    // the reference file must hold the rows too, or comparing with it proves nothing
    assertSameLines(what + " (orc-core reading its own file)", expected,
        ExpectedJson.lines(schema, OrcCoreFiles.read(theirs)));
    compareStructure(what, schema, o, values, theirs, ours);
    if (o.codec() == CompressionKind.NONE) {
      countRuns(ours);
    }
  }

  /** colfile's options equal to orc-core's, and the same batch sizes as OrcCoreFiles draws. */
  static void writeWithColfile(Path path, TypeDescription schema, List<Object> rows,
      OrcCoreOptions o, Path theirs, Random r) throws IOException {
    writeWithColfile(path, Type.parse(schema.toString()), rows, o, theirs, r);
  }

  /** As above, with colfile's schema given (type attributes, say). */
  static void writeWithColfile(Path path, Type type, List<Object> rows,
      OrcCoreOptions o, Path theirs, Random r) throws IOException {
    String software;
    try (Reader reader = open(theirs)) {
      software = reader.getSoftwareVersion().replace("ORC Java ", "");
    }
    OrcFileVersion version = o.version() == OrcFile.Version.V_0_11 ? OrcFileVersion.V_0_11
        : o.version() == OrcFile.Version.V_0_12 ? OrcFileVersion.V_0_12
        : OrcFileVersion.UNSTABLE_PRE_2_0;
    OrcWriterOptions options = OrcWriterOptions.builder()
        .compression(CompressionCodec.valueOf(o.codec().name()))
        .compressionBlockSize(o.bufferSize())
        .enforceCompressionBlockSize(true)
        .stripeSize(o.stripeSize())
        .memoryCheckRows(o.rowsBetweenMemoryChecks())
        .rowIndexStride(o.rowIndexStride())
        .dictionaryKeySizeThreshold(o.dictionaryKeyThreshold())
        .fileVersion(version)
        .encodingStrategy(o.encodingStrategy() == OrcFile.EncodingStrategy.SPEED
            ? OrcWriterOptions.EncodingStrategy.SPEED
            : OrcWriterOptions.EncodingStrategy.COMPRESSION)
        .writerTimeZone(o.writerZone())
        // orc-core reads a name with a dot as a path and ignores it when no such path exists;
        // colfile takes a top-level field of that name: leave such names out of the comparison
        .bloomFilterColumns(o.bloomFilterColumns().stream().filter(n -> !n.contains("."))
            .toList())
        .calendar(OrcWriterOptions.Calendar.JULIAN_GREGORIAN)
        .writerIdentity(0, software)
        .build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), type, options)) {
      int next = 0;
      while (next < rows.size()) {
        int n = Math.min(rows.size() - next, 1 + r.nextInt(r.nextBoolean() ? 64 : 1024));
        n = Math.min(n, 1024);
        w.write(ValueFill.batch(type, rows.subList(next, next + n)));
        next += n;
      }
    }
  }

  private static Reader open(Path p) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
  }

  /** Whether any column is a list or map (orc-core records wrong collection statistics). */
  private static boolean hasCollections(TypeDescription t) {
    if (t.getCategory() == TypeDescription.Category.LIST
        || t.getCategory() == TypeDescription.Category.MAP) {
      return true;
    }
    return t.getChildren() != null && t.getChildren().stream()
        .anyMatch(OrcWriterDifferentialTest::hasCollections);
  }

  private static boolean hasLongDecimals(TypeDescription t) {
    if (t.getCategory() == TypeDescription.Category.DECIMAL && t.getPrecision() <= 18) {
      return true;
    }
    return t.getChildren() != null && t.getChildren().stream()
        .anyMatch(OrcWriterDifferentialTest::hasLongDecimals);
  }

  private static void assertSameStats(String what, List<OrcProto.ColumnStatistics> theirs,
      List<OrcProto.ColumnStatistics> ours, boolean bytes) {
    assertThat(ours).as(what).hasSameSizeAs(theirs);
    for (int c = 0; c < theirs.size(); c++) {
      OrcProto.ColumnStatistics t = OrcFileComparison.canonical(theirs.get(c), bytes);
      OrcProto.ColumnStatistics o = OrcFileComparison.canonical(ours.get(c), bytes);
      if (!Arrays.equals(t.toByteArray(), o.toByteArray())) {
        fail(String.format("%s: column %d statistics differ%n  orc-core %s%n  colfile  %s", what,
            c, t.toString().replace('\n', ' '), o.toString().replace('\n', ' ')));
      }
    }
  }

  private static boolean hasFloating(TypeDescription t) {
    if (t.getCategory() == TypeDescription.Category.FLOAT
        || t.getCategory() == TypeDescription.Category.DOUBLE) {
      return true;
    }
    return t.getChildren() != null && t.getChildren().stream()
        .anyMatch(OrcWriterDifferentialTest::hasFloating);
  }

  private static void compareStructure(String what, TypeDescription schema, OrcCoreOptions o,
      List<Object> values, Path theirs, Path ours) throws IOException {
    try (Reader t = open(theirs); Reader u = open(ours)) {
      List<StripeInformation> ts = t.getStripes();
      List<StripeInformation> us = u.getStripes();
      boolean sameStripes = ts.size() == us.size();
      for (int i = 0; sameStripes && i < ts.size(); i++) {
        sameStripes = ts.get(i).getNumberOfRows() == us.get(i).getNumberOfRows();
      }
      // orc-core's long decimals as HiveDecimal vectors are written through another path
      // than colfile's (and orc-core's Decimal64ColumnVector) before UNSTABLE-PRE-2.0
      boolean sameInput = o.decimal64Vectors() || !hasLongDecimals(schema)
          || o.version() == OrcFile.Version.UNSTABLE_PRE_2_0;
      boolean byteCodec = o.codec() == CompressionKind.NONE || o.codec() == CompressionKind.ZLIB
          || o.codec() == CompressionKind.LZ4 || o.codec() == CompressionKind.BROTLI
          || o.codec() == CompressionKind.ZSTD && nativeZstd;
      boolean comparable = sameStripes && sameInput;
      // bytes on disk are the same only where the compressed bytes are
      boolean bytes = comparable && byteCodec;
      // orc-core writes empty statistics without a row index (orc.md section 9: row-group
      // statistics reach the stripe only through index entries); colfile writes real ones
      boolean stats = o.rowIndexStride() > 0;
      if (stats) {
        assertSameStats(what + ": file statistics",
            t.getFileTail().getFooter().getStatisticsList(),
            u.getFileTail().getFooter().getStatisticsList(), bytes);
      } else {
        // a root of another type than struct may itself be null
        assertThat(u.getFileTail().getFooter().getStatistics(0).getNumberOfValues())
            .as(what + ": rows counted without a row index")
            .isEqualTo(values.stream().filter(java.util.Objects::nonNull).count());
        assertThat(t.getFileTail().getFooter().getStatistics(0).getNumberOfValues())
            .as(what + ": orc-core counts nothing without a row index").isZero();
      }
      CollectionCounts.check(what + ": file statistics", schema, values, 0, values.size(),
          u.getFileTail().getFooter().getStatisticsList());
      List<OrcProto.StripeStatistics> uss = ((ReaderImpl) u).getOrcProtoStripeStatistics();
      try (RecordReaderImpl ur = (RecordReaderImpl) u.rows()) {
        int first = 0;
        for (int s = 0; s < us.size(); s++) {
          int rows = (int) us.get(s).getNumberOfRows();
          CollectionCounts.check(what + ": stripe " + s, schema, values, first, first + rows,
              uss.get(s).getColStatsList());
          if (o.rowIndexStride() > 0) {
            boolean[] all = new boolean[schema.getMaximumId() + 1];
            Arrays.fill(all, true);
            OrcIndex ui = ur.readRowIndex(s, all, new boolean[all.length]);
            for (int g = 0; g * o.rowIndexStride() < rows; g++) {
              List<OrcProto.ColumnStatistics> group = new ArrayList<>();
              for (int c = 0; c < all.length; c++) {
                group.add(ui.getRowGroupIndex()[c].getEntry(g).getStatistics());
              }
              int from = first + g * o.rowIndexStride();
              CollectionCounts.check(what + ": stripe " + s + " group " + g, schema, values,
                  from, Math.min(first + rows, from + o.rowIndexStride()), group);
            }
          }
          first += rows;
        }
      }
      if (!sameStripes) {
        assertThat(o.stripeSize()).as(what + ": stripes differ in rows: orc-core "
            + ts.stream().map(StripeInformation::getNumberOfRows).toList() + ", colfile "
            + us.stream().map(StripeInformation::getNumberOfRows).toList())
            .isLessThan(64L << 20);
        return;
      }
      List<OrcProto.StripeStatistics> tss = ((ReaderImpl) t).getOrcProtoStripeStatistics();
      try (RecordReaderImpl tr = (RecordReaderImpl) t.rows();
           RecordReaderImpl ur = (RecordReaderImpl) u.rows()) {
        for (int s = 0; s < ts.size(); s++) {
          String at = what + ": stripe " + s;
          if (stats) {
            assertSameStats(at, tss.get(s).getColStatsList(), uss.get(s).getColStatsList(),
                bytes);
          }
          OrcProto.StripeFooter tf = tr.readStripeFooter(ts.get(s));
          OrcProto.StripeFooter uf = ur.readStripeFooter(us.get(s));
          assertThat(uf.getColumnsList()).as(at + ": encodings").isEqualTo(tf.getColumnsList());
          for (OrcProto.ColumnEncoding e : uf.getColumnsList()) {
            if (e.getKind() == OrcProto.ColumnEncoding.Kind.DICTIONARY_V2 || e.getKind()
                == OrcProto.ColumnEncoding.Kind.DIRECT_V2) {
              STRING_ENCODINGS.add(e.getKind());
            }
          }
          if (o.rowIndexStride() > 0) {
            boolean[] all = new boolean[schema.getMaximumId() + 1];
            Arrays.fill(all, true);
            OrcIndex ti = tr.readRowIndex(s, all, new boolean[all.length]);
            OrcIndex ui = ur.readRowIndex(s, all, new boolean[all.length]);
            for (int c = 0; c < all.length; c++) {
              List<OrcProto.RowIndexEntry> te = ti.getRowGroupIndex()[c].getEntryList();
              List<OrcProto.RowIndexEntry> ue = ui.getRowGroupIndex()[c].getEntryList();
              assertThat(ue).as(at + " column " + c + ": row-index entries").hasSameSizeAs(te);
              List<OrcProto.ColumnStatistics> tstat = new ArrayList<>();
              List<OrcProto.ColumnStatistics> ustat = new ArrayList<>();
              for (int g = 0; g < te.size(); g++) {
                tstat.add(te.get(g).getStatistics());
                ustat.add(ue.get(g).getStatistics());
                if (comparable && byteCodec) {
                  assertThat(ue.get(g).getPositionsList()).as(at + " column " + c + " group " + g
                      + ": positions").isEqualTo(te.get(g).getPositionsList());
                }
              }
              assertSameStats(at + " column " + c + " row groups", tstat, ustat, false);
            }
          }
        }
      }
      if (comparable) {
        // part by part, in file order: the first unexplained difference fails the case
        boolean same = OrcFileComparison.compare(what, theirs, ours, byteCodec, stats);
        if (byteCodec && stats && !hasCollections(schema) && !hasFloating(schema)) {
          // nothing documented can differ: the whole file must be orc-core's, byte for byte
          assertThat(same).as(what + ": whole file byte-identical to orc-core's").isTrue();
        }
        synchronized (OrcWriterDifferentialTest.class) {
          compared++;
          if (same) {
            identical++;
          }
        }
      }
    }
  }

  /** Tallies the RLE v2 run headers of the integer DATA streams of an uncompressed file. */
  private static void countRuns(Path file) throws IOException {
    try (Reader reader = open(file); RecordReaderImpl rows = (RecordReaderImpl) reader.rows()) {
      if (reader.getFileVersion() == OrcFile.Version.V_0_11) {
        return;
      }
      byte[] bytes = Files.readAllBytes(file);
      List<TypeDescription> types = new ArrayList<>();
      flatten(reader.getSchema(), types);
      for (StripeInformation stripe : reader.getStripes()) {
        OrcProto.StripeFooter footer = rows.readStripeFooter(stripe);
        long offset = stripe.getOffset();
        for (OrcProto.Stream s : footer.getStreamsList()) {
          TypeDescription.Category c = types.get(s.getColumn()).getCategory();
          boolean integer = c == TypeDescription.Category.LONG
              || c == TypeDescription.Category.INT || c == TypeDescription.Category.SHORT
              || c == TypeDescription.Category.DATE;
          if (integer && s.getKind() == OrcProto.Stream.Kind.DATA) {
            tally(bytes, (int) offset, (int) s.getLength());
          }
          offset += s.getLength();
        }
      }
    }
  }

  private static void flatten(TypeDescription t, List<TypeDescription> out) {
    out.add(t);
    if (t.getChildren() != null) {
      for (TypeDescription c : t.getChildren()) {
        flatten(c, out);
      }
    }
  }

  /** Walks a signed RLE v2 stream run by run (orc.md 6.5), noting each run's sub-encoding. */
  private static void tally(byte[] b, int start, int length) {
    int[] widths = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
      22, 23, 24, 26, 28, 30, 32, 40, 48, 56, 64};
    int p = start;
    int end = start + length;
    while (p < end) {
      int h = b[p] & 0xff;
      int kind = h >>> 6;
      synchronized (SUB_ENCODINGS) {
        SUB_ENCODINGS.add(new String[] {"SHORT_REPEAT", "DIRECT", "PATCHED_BASE", "DELTA"}[kind]);
      }
      if (kind == 0) {
        p += 1 + ((h >>> 3) & 7) + 1;
      } else if (kind == 1) {
        int w = widths[(h >>> 1) & 31];
        int n = ((h & 1) << 8 | (b[p + 1] & 0xff)) + 1;
        p += 2 + (n * w + 7) / 8;
      } else if (kind == 2) {
        int w = widths[(h >>> 1) & 31];
        int n = ((h & 1) << 8 | (b[p + 1] & 0xff)) + 1;
        int third = b[p + 2] & 0xff;
        int fourth = b[p + 3] & 0xff;
        int baseBytes = (third >>> 5) + 1;
        int pw = widths[third & 31];
        int pgw = (fourth >>> 5) + 1;
        int pll = fourth & 31;
        int entry = closest(pw + pgw, widths);
        p += 4 + baseBytes + (n * w + 7) / 8 + (pll * entry + 7) / 8;
      } else {
        int code = (h >>> 1) & 31;
        int n = ((h & 1) << 8 | (b[p + 1] & 0xff)) + 1;
        p += 2;
        while ((b[p++] & 0x80) != 0) {
          // first value, varint
        }
        while ((b[p++] & 0x80) != 0) {
          // first delta, varint
        }
        if (code != 0) {
          p += ((n - 2) * widths[code] + 7) / 8;
        }
      }
    }
  }

  private static int closest(int bits, int[] widths) {
    for (int w : widths) {
      if (w >= bits) {
        return w;
      }
    }
    return 64;
  }

  private static void assertSameLines(String what, List<String> expected, List<String> actual) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      if (!expected.get(i).equals(actual.get(i))) {
        fail(String.format("%s: line %d differs%n  expected %s%n  actual   %s", what, i + 1,
            expected.get(i), actual.get(i)));
      }
    }
    assertThat(actual).as(what + ": lines").hasSameSizeAs(expected);
  }
}
