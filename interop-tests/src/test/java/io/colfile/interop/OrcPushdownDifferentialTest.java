package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.OrcFileVersion;
import io.colfile.orc.OrcReader;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.OrcIndex;
import org.apache.orc.impl.ReaderImpl;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.orc.impl.SchemaEvolution;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's predicate pushdown against orc-core's SearchArgument, on seeded random files both
 * ways: orc-core's files (every type, bloom filters on some columns, strides, RLE v1 and v2,
 * decimal64, writer zones) and the same rows written by colfile. For random predicates built
 * from the files' values:
 *
 * <ul>
 *   <li>colfile's filtered read equals its full read filtered by the reference evaluator (so
 *       it never skips a row group holding a matching row);
 *   <li>orc-core, reading with the same condition as a SearchArgument ({@link SargTranslation}),
 *       returns whole row groups; those rows filtered by the reference are colfile's rows too;
 *   <li>the row groups each reads are counted, and every predicate where colfile reads more
 *       than orc-core is listed at the end (they must stay rare).
 * </ul>
 */
@ExtendWith(TestSeed.class)
class OrcPushdownDifferentialTest {
  private static final AtomicLong PREDICATES = new AtomicLong();
  private static final AtomicLong OURS = new AtomicLong();
  private static final AtomicLong THEIRS = new AtomicLong();
  private static final List<String> MORE = Collections.synchronizedList(new ArrayList<>());
  private static Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 80 : 8);
  }

  @BeforeAll
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("colfile-pushdown");
  }

  @AfterAll
  static void summary() throws IOException {
    System.out.printf("pushdown against orc-core: %d predicates, row groups read: colfile %d, "
        + "orc-core %d; colfile read more for %d:%n", PREDICATES.get(), OURS.get(),
        THEIRS.get(), MORE.size());
    MORE.stream().limit(20).forEach(m -> System.out.println("  " + m));
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Collections.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
    assertThat(MORE.size()).as("predicates where colfile read more row groups than orc-core")
        .isLessThanOrEqualTo((int) (PREDICATES.get() / 20));
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void colfileAndOrcCoreAgree(int index) throws IOException {
    GeneratedFile f = GeneratedFile.write(dir, index, true);
    Path ours = dir.resolve("colfile-" + index + ".orc");
    OrcWriterDifferentialTest.writeWithColfile(ours, f.schema(), f.rows(), f.options(),
        f.path(), TestSeed.random("pushdown-batches", index));
    compare("orc-core's " + f.describe(), f.path(), TestSeed.random("pushdown-theirs", index));
    compare("colfile's " + f.describe(), ours, TestSeed.random("pushdown-ours", index));
  }

  /**
   * Timestamps where statistics are hard to get right, written by orc-core: wall clocks around
   * daylight-saving changes (in gaps and overlaps), instants around 1970 (the [-1 s, 0) ones
   * read back a second late), dates long before 1970, in zones with and without rules, with
   * bloom filters, top-level and in a struct. In half of the cases some values lie before 1900,
   * where orc-core's java.util.TimeZone and colfile's java.time disagree on local mean time:
   * there orc-core's own choice of row groups is no reference and only colfile is checked.
   */
  @ParameterizedTest(name = "case {0}")
  @MethodSource("edgeCases")
  void edgeTimestampsAgree(int index) throws IOException {
    Random r = TestSeed.random("pushdown-edge-timestamps", index);
    TypeDescription schema = TypeDescription.fromString("struct<id:int,ts:timestamp,"
        + "ti:timestamp with local time zone,s:struct<ts:timestamp,d:date>>");
    ZoneId[] zones = {ZoneId.of("America/New_York"), ZoneId.of("Australia/Lord_Howe"),
        ZoneId.of("Asia/Kolkata"), ZoneOffset.UTC, ZoneId.of("Europe/Dublin")};
    ZoneId zone = zones[index % zones.length];
    boolean before1900 = index % 2 == 0;
    List<Object> rows = new ArrayList<>();
    LocalDateTime sorted = LocalDateTime.of(1969, 12, 30, 0, 0);
    for (int i = 0; i < 4000; i++) {
      sorted = sorted.plusSeconds(r.nextInt(90)).withNano(r.nextInt(1_000_000_000));
      LocalDateTime ts = i % 3 == 0 ? sorted : edge(r, zone, before1900);
      Instant ti = edge(r, ZoneOffset.UTC, before1900).toInstant(ZoneOffset.UTC);
      List<Object> inner = r.nextInt(10) == 0 ? null
          : Arrays.asList(r.nextInt(8) == 0 ? null : edge(r, zone, before1900),
              LocalDate.ofEpochDay(r.nextInt(40_000) - 20_000));
      rows.add(Arrays.asList((long) i, r.nextInt(20) == 0 ? null : ts, ti, inner));
    }
    OrcCoreOptions options = new OrcCoreOptions(OrcCoreOptions.CODECS.get(index % 5), 8192,
        16 * 1024, 700, 1000, 1.0, OrcFile.Version.V_0_12, OrcFile.EncodingStrategy.SPEED, zone,
        false, List.of("ts", "ti"));
    Path theirs = dir.resolve("edge-" + index + ".orc");
    OrcCoreFiles.write(theirs, schema, rows, options, r);
    Path ours = dir.resolve("edge-colfile-" + index + ".orc");
    OrcWriterDifferentialTest.writeWithColfile(ours, schema, rows, options, theirs, r);
    String what = "edge timestamps case " + index + " zone " + zone + (before1900
        ? " (before 1900 too)" : "") + "; " + TestSeed.replay();
    compare("orc-core's " + what, theirs, r, !before1900);
    compare("colfile's " + what, ours, r, !before1900);
  }

  /**
   * Before 1900 orc-core's statistics (java.util.TimeZone, no local mean time) and colfile's
   * values (java.time) put the same instant minutes apart on the wall clock; looking up every
   * row group's first and last value must still find them, bloom filters or not.
   */
  @Test
  void wallClocksBefore1900AreFound() throws IOException {
    Random r = TestSeed.random("pushdown-lmt", 0);
    TypeDescription schema = TypeDescription.fromString("struct<id:int,ts:timestamp>");
    for (ZoneId zone : List.of(ZoneId.of("Europe/Dublin"), ZoneId.of("America/New_York"))) {
      List<Object> rows = new ArrayList<>();
      LocalDateTime t = LocalDateTime.of(1850, 1, 1, 0, 0);
      for (int i = 0; i < 3000; i++) {
        t = t.plusHours(1 + r.nextInt(200));
        rows.add(Arrays.asList((long) i, t));
      }
      OrcCoreOptions options = new OrcCoreOptions(OrcCoreOptions.CODECS.get(1), 8192,
          64L << 20, 5000, 1000, 1.0, OrcFile.Version.V_0_12, OrcFile.EncodingStrategy.SPEED,
          zone, false, List.of("ts"));
      Path path = dir.resolve("lmt-" + zone.getId().replace('/', '-') + ".orc");
      OrcCoreFiles.write(path, schema, rows, options, r);
      try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
        List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
        for (int g = 0; g < 3; g++) {
          for (int row : new int[] {g * 1000, g * 1000 + 999}) {
            Instant v = (Instant) ((List<?>) all.get(row)).get(1);
            LocalDateTime wall = LocalDateTime.ofInstant(v, ZoneOffset.UTC);
            Predicate p = Predicate.equal("ts", wall);
            try (BatchReader rows2 = orc.read(ReadOptions.defaults().withFilter(p))) {
              assertThat(Rows.readAll(rows2)).as("%s in %s; %s", p, zone, TestSeed.replay())
                  .isEqualTo(ReferenceEvaluator.filter(p, orc.schema(), all)).isNotEmpty();
            }
          }
        }
      }
    }
  }

  static IntStream edgeCases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 30 : 6);
  }

  /** A wall clock on an edge of {@code zone} (seconds as LocalDateTime; any nanos). */
  private static LocalDateTime edge(Random r, ZoneId zone, boolean before1900) {
    int nanos = r.nextBoolean() ? r.nextInt(1000) * 1_000_000 : r.nextInt(1_000_000_000);
    switch (r.nextInt(before1900 ? 4 : 3)) {
      case 0: {
        Instant at = Instant.ofEpochSecond(r.nextInt(7) - 3, nanos); // [-1 s, 0) among them
        return LocalDateTime.ofInstant(at, zone);
      }
      case 1: {
        ZoneOffsetTransition tr = zone.getRules().nextTransition(
            LocalDateTime.of(1950 + r.nextInt(80), 1 + r.nextInt(12), 1, 0, 0)
                .toInstant(ZoneOffset.UTC));
        LocalDateTime at = tr == null ? LocalDateTime.of(2000, 1, 1, 0, 0)
            : r.nextBoolean() ? tr.getDateTimeBefore() : tr.getDateTimeAfter();
        return at.plusMinutes(r.nextInt(121) - 60).withNano(nanos);
      }
      case 2:
        return LocalDateTime.of(1900 + r.nextInt(70), 1 + r.nextInt(12), 1 + r.nextInt(28),
            r.nextInt(24), r.nextInt(60), r.nextInt(60), nanos);
      default:
        return LocalDateTime.of(1700 + r.nextInt(200), 1 + r.nextInt(12), 1 + r.nextInt(28),
            r.nextInt(24), r.nextInt(60), r.nextInt(60), nanos);
    }
  }

  private static void compare(String what, Path path, Random r) throws IOException {
    compare(what, path, r, true);
  }

  /**
   * Random predicates over the file's values: colfile's rows must be the reference's; with
   * {@code orcCoreToo}, orc-core's row groups must hold them as well.
   */
  private static void compare(String what, Path path, Random r, boolean orcCoreToo)
      throws IOException {
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      Type schema = orc.schema();
      if (schema.kind() != TypeKind.STRUCT) {
        return;
      }
      List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
      RandomPredicates predicates = new RandomPredicates(r, schema, all);
      if (!predicates.hasColumns() || all.isEmpty()) {
        return;
      }
      for (int i = 0; i < 25; i++) {
        Predicate p = predicates.next(2);
        String message = what + "\n  where " + p;
        List<Object> want = ReferenceEvaluator.filter(p, schema, all);
        List<Object> got;
        long ourGroups;
        try (BatchReader rows = orc.read(ReadOptions.defaults().withFilter(p))) {
          got = Rows.readAll(rows);
          ScanReport report = rows.report();
          ourGroups = report.counts("row groups").read();
          message += "\n  " + String.join("\n  ", report.lines());
          assertThat(report.lines()).as("byte ranges of the chosen row groups; " + message)
              .noneMatch(l -> l.contains("read whole"));
        }
        assertThat(got).as(message).isEqualTo(want);
        if (!orcCoreToo || orcCoreMisreadsDecimalBlooms(orc, schema, p)) {
          continue;
        }
        SargTranslation sarg = SargTranslation.of(BoundPredicate.bind(p, schema));
        List<boolean[]> picked = orcCoreRowGroups(path, sarg);
        List<Object> theirs = new ArrayList<>();
        long theirGroups = 0;
        long first = 0;
        int stride = orc.rowIndexStride();
        for (int s = 0; s < orc.stripes().size(); s++) {
          long rows = orc.stripes().get(s).numberOfRows();
          boolean[] chosen = picked.get(s);
          long groups = stride <= 0 ? 1 : (rows + stride - 1) / stride;
          for (int g = 0; g < groups; g++) {
            if (chosen == null || g < chosen.length && chosen[g]) {
              theirGroups++;
              long from = first + (stride <= 0 ? 0 : (long) g * stride);
              long to = stride <= 0 ? first + rows : Math.min(first + rows, from + stride);
              theirs.addAll(all.subList((int) from, (int) to));
            }
          }
          first += rows;
        }
        assertThat(ReferenceEvaluator.filter(p, schema, theirs))
            .as("orc-core's rows filtered; %s%n  sarg %s", message, sarg.sarg()).isEqualTo(want);
        PREDICATES.incrementAndGet();
        OURS.addAndGet(ourGroups);
        THEIRS.addAndGet(theirGroups);
        if (ourGroups > theirGroups) {
          MORE.add(ourGroups + " > " + theirGroups + " row groups: " + message.split("\n")[0]
              + " where " + p);
        }
      }
    }
  }

  /**
   * Whether {@code p} names a decimal column of a file in ORC's unstable pre-2.0 version:
   * orc-core 2.1 puts into such a file's decimal bloom filters what its own reader's probes do
   * not find, so that its SargApplier rules out every row group of a value the file holds
   * (seed 773720BA62AF75EE: {@code c0 IN (-83, -4, 9)} on a decimal(3,0) column; the same file
   * without bloom filters, or written as 0.12, reads right). colfile's rows are still checked.
   */
  private static boolean orcCoreMisreadsDecimalBlooms(OrcReader orc, Type schema, Predicate p) {
    return orc.fileVersion().equals(OrcFileVersion.UNSTABLE_PRE_2_0) && p.columns().stream()
        .anyMatch(c -> {
          Type t = schema;
          for (String name : c.names()) {
            t = t.child(t.fieldIndex(name));
          }
          return t.kind() == TypeKind.DECIMAL;
        });
  }

  /**
   * The row groups orc-core reads with {@code sarg}, per stripe (null: all), as its record
   * reader picks them: its own SargApplier over its own reading of each stripe's row index,
   * bloom filters and encodings, with timestamps in UTC as {@code useUTCTimestamp} reads them.
   * (Its record reader does not say which rows it returned, and skips stripes only this way.)
   */
  private static List<boolean[]> orcCoreRowGroups(Path path, SargTranslation sarg)
      throws IOException {
    List<boolean[]> out = new ArrayList<>();
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(path.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
         RecordReaderImpl records = (RecordReaderImpl) reader.rows()) {
      if (reader.getRowIndexStride() == 0) {
        reader.getStripes().forEach(s -> out.add(null));
        return out;
      }
      SchemaEvolution evolution = new SchemaEvolution(reader.getSchema(), null,
          reader.options());
      RecordReaderImpl.SargApplier applier = new RecordReaderImpl.SargApplier(sarg.sarg(),
          reader.getRowIndexStride(), evolution, reader.getWriterVersion(), true,
          ((ReaderImpl) reader).writerUsedProlepticGregorian(), false);
      boolean[] all = new boolean[reader.getSchema().getMaximumId() + 1];
      Arrays.fill(all, true);
      for (int s = 0; s < reader.getStripes().size(); s++) {
        StripeInformation stripe = reader.getStripes().get(s);
        OrcIndex index = records.readRowIndex(s, all, all);
        out.add(applier.pickRowGroups(stripe, index.getRowGroupIndex(),
            index.getBloomFilterKinds(), records.readStripeFooter(stripe).getColumnsList(),
            index.getBloomFilterIndex(), false));
      }
    }
    return out;
  }
}
