package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcReader;
import io.colfile.orc.index.BloomFilterIndex;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The legacy BLOOM_FILTER stream end to end. orc-core 2.1 writing with {@code
 * BloomFilterVersion.ORIGINAL} puts both kinds in every stripe; {@link OrcFileSurgery} then
 * leaves the BLOOM_FILTER_UTF8 streams out (and, for one file, sets a writer version before
 * HIVE_12055 and ORC_135). Every column's values are spread over its whole range in every row
 * group, so the row-group statistics rule out nothing and every row group skipped for a point
 * lookup is skipped by a bloom filter. For each file and column, colfile's filtered rows equal the
 * reference evaluator's, and it uses the filters Apache ORC's rules allow:
 *
 * <ul>
 *   <li>both kinds: BLOOM_FILTER_UTF8, for every column (decimals and wall-clock timestamps
 *       included, whose legacy filters are not trusted);
 *   <li>legacy only: integers, UTF-8 strings and instants (timestamp with local time zone) skip
 *       by it; decimals and wall-clock timestamps do not; a string value that is not UTF-8 (the
 *       writer hashed it as U+FFFD) is not probed, so its row is still found;
 *   <li>legacy only from a writer before HIVE_12055 and ORC_135: integers only.
 * </ul>
 */
@ExtendWith(TestSeed.class)
class OrcLegacyBloomFilterTest {
  private static final int ROWS = 6000;
  private static final int STRIDE = 1000;
  private static final int GROUPS = ROWS / STRIDE;
  /** Row groups that may still be kept by false positives (fpp 0.01: this many is ~1e-4). */
  private static final int FALSE_POSITIVES = 2;
  private static final int HIVE_4243 = 2; // before HIVE_12055 (3) and ORC_135 (6)
  private static final String[] COLUMNS = {"l", "s", "d", "ts", "ti"};
  /** A string that is not UTF-8, inside every row group's string range ("v-..." to "v9..."). */
  private static final byte[] NOT_UTF8 = {'v', '5', (byte) 0xff, 'q'};
  private static final int NOT_UTF8_ROW = 3456;

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(value = CompressionKind.class, names = {"NONE", "ZLIB"})
  void bothKindsUseUtf8AndLegacyFollowsTheTrustRules(CompressionKind codec) throws IOException {
    Path both = dir.resolve("both.orc");
    write(both, codec, TestSeed.random("legacy-bloom", codec.ordinal()));
    Path legacy = dir.resolve("legacy.orc");
    OrcFileSurgery.rewrite(both, legacy,
        s -> s.getKind() == OrcProto.Stream.Kind.BLOOM_FILTER_UTF8, null);
    Path old = dir.resolve("legacy-hive-4243.orc");
    OrcFileSurgery.rewrite(both, old,
        s -> s.getKind() == OrcProto.Stream.Kind.BLOOM_FILTER_UTF8, HIVE_4243);

    check(both, Map.of("l", StreamKind.BLOOM_FILTER_UTF8, "s", StreamKind.BLOOM_FILTER_UTF8,
        "d", StreamKind.BLOOM_FILTER_UTF8, "ts", StreamKind.BLOOM_FILTER_UTF8,
        "ti", StreamKind.BLOOM_FILTER_UTF8), Set.of(COLUMNS), true);
    // legacy wall-clock timestamp filters are read (trusted from ORC_135 on) but never probed:
    // they hashed the instant, which a wall clock read back does not give
    check(legacy, Map.of("l", StreamKind.BLOOM_FILTER, "s", StreamKind.BLOOM_FILTER,
        "ts", StreamKind.BLOOM_FILTER, "ti", StreamKind.BLOOM_FILTER), Set.of("l", "s", "ti"),
        false);
    check(old, Map.of("l", StreamKind.BLOOM_FILTER), Set.of("l"), false);
  }

  /**
   * Point lookups of a value of row group 0, 2 and 5 (and of the string that is not UTF-8) on
   * every column: the filters read are of the kind {@code used} names (none for a column it
   * does not name); the rows are the reference's; a column in {@code skipping} skips all other
   * row groups but {@link #FALSE_POSITIVES} by its filters, any other skips none.
   */
  private static void check(Path path, Map<String, StreamKind> used, Set<String> skipping,
      boolean rawStringsHashed)
      throws IOException {
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      Type schema = orc.schema();
      assertThat(orc.stripes()).hasSize(1);
      List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
      StripeIndex index = orc.stripeIndex(0);
      for (String column : COLUMNS) {
        int c = columnId(schema, column);
        BloomFilterIndex filters = index.bloomFilters(c);
        String what = path.getFileName() + " column " + column;
        if (used.containsKey(column)) {
          assertThat(filters).as(what).isNotNull();
          assertThat(filters.filter(0).kind()).as(what).isEqualTo(used.get(column));
        } else {
          assertThat(filters).as(what + ": " + index.bloomFilterReason(c)).isNull();
        }
        for (int row : new int[] {17, 2 * STRIDE + 500, ROWS - 1}) {
          Object value = ((List<?>) all.get(row)).get(schema.fieldIndex(column));
          lookup(orc, all, what, column, literal(column, value), skipping.contains(column));
        }
      }
      // not UTF-8: hashed as its bytes in BLOOM_FILTER_UTF8, as U+FFFD in the legacy kind
      lookup(orc, all, path.getFileName() + " not UTF-8", "s", NOT_UTF8, rawStringsHashed);
    }
  }

  private static void lookup(OrcReader orc, List<Object> all, String what, String column,
      Object literal, boolean bloomSkips) throws IOException {
    Predicate p = Predicate.equal(column, literal);
    List<Object> want = ReferenceEvaluator.filter(p, orc.schema(), all);
    try (BatchReader rows = orc.read(ReadOptions.defaults().withFilter(p))) {
      List<Object> got = Rows.readAll(rows);
      ScanReport report = rows.report();
      String message = what + " where " + p + "\n  " + String.join("\n  ", report.lines())
          + "\n  " + TestSeed.replay();
      assertThat(got).as(message).isEqualTo(want).isNotEmpty();
      int byBloom = byBloomFilters(report);
      if (bloomSkips) {
        // every other row group is skipped: by its bloom filter, or before that by its min/max
        // when the random value lies outside them (seed B37B305D5563267B: one of five)
        long skipped = report.counts("row groups").skipped();
        assertThat(skipped).as(message).isBetween((long) GROUPS - 1 - FALSE_POSITIVES,
            (long) GROUPS - 1);
        assertThat(byBloom).as(message).isPositive();
        assertThat((long) byBloom).as(message).isLessThanOrEqualTo(skipped);
      } else {
        assertThat(byBloom).as(message).isZero();
      }
    }
  }

  /** The row groups the report says bloom filters skipped. */
  private static int byBloomFilters(ScanReport report) {
    Pattern p = Pattern.compile("(\\d+) of them by bloom filters");
    int n = 0;
    for (String line : report.notes()) {
      Matcher m = p.matcher(line);
      if (m.find()) {
        n += Integer.parseInt(m.group(1));
      }
    }
    return n;
  }

  /** The literal of a value as colfile reads it: wall clocks as LocalDateTime. */
  private static Object literal(String column, Object value) {
    if (column.equals("ts")) {
      return LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC);
    }
    if (value instanceof ByteBuffer b) {
      byte[] bytes = new byte[b.remaining()];
      b.duplicate().get(bytes);
      return new String(bytes, StandardCharsets.UTF_8);
    }
    return value;
  }

  private static int columnId(Type schema, String name) {
    return schema.fieldIndex(name) + 1; // flat: column ids follow the field order
  }

  /**
   * orc-core writes 6000 rows, one stripe, row groups of 1000, bloom filters of both kinds on
   * every column but id, timestamps in UTC. Values are drawn from each column's whole range.
   * ({@code bloomFilterVersion} is deprecated in orc-core 2.1: the legacy kind is the point.)
   */
  @SuppressWarnings("deprecation")
  private static void write(Path path, CompressionKind codec, Random r) throws IOException {
    TypeDescription schema = TypeDescription.fromString("struct<id:bigint,l:bigint,s:string,"
        + "d:decimal(12,2),ts:timestamp,ti:timestamp with local time zone>");
    OrcFile.WriterOptions options = OrcFile.writerOptions(new Configuration())
        .setSchema(schema).overwrite(true).compress(codec).bufferSize(8192)
        .rowIndexStride(STRIDE).bloomFilterColumns("l,s,d,ts,ti")
        .bloomFilterVersion(OrcFile.BloomFilterVersion.ORIGINAL).useUTCTimestamp(true);
    TimeZone saved = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(path.toUri()),
        options)) {
      VectorizedRowBatch batch = schema.createRowBatch(STRIDE / 2);
      long base = Instant.parse("2000-01-01T00:00:00Z").toEpochMilli();
      for (int row = 0; row < ROWS; row++) {
        int i = batch.size++;
        ((LongColumnVector) batch.cols[0]).vector[i] = row;
        ((LongColumnVector) batch.cols[1]).vector[i] = r.nextInt(2_000_000_001) - 1_000_000_000L;
        byte[] s = row == NOT_UTF8_ROW ? NOT_UTF8
            : ("v" + (r.nextInt(2_000_000_001) - 1_000_000_000L))
                .getBytes(StandardCharsets.UTF_8);
        ((BytesColumnVector) batch.cols[2]).setRef(i, s, 0, s.length);
        ((DecimalColumnVector) batch.cols[3]).set(i,
            HiveDecimal.create(BigDecimal.valueOf(r.nextLong() % 10_000_000_000L, 2)));
        for (int t = 4; t <= 5; t++) {
          long millis = base + (long) (r.nextDouble() * 1e12);
          TimestampColumnVector v = (TimestampColumnVector) batch.cols[t];
          v.time[i] = millis;
          v.nanos[i] = (int) Math.floorMod(millis, 1000L) * 1_000_000 + r.nextInt(1_000_000);
        }
        if (batch.size == batch.getMaxSize()) {
          writer.addRowBatch(batch);
          batch.reset();
        }
      }
      if (batch.size > 0) {
        writer.addRowBatch(batch);
      }
    } finally {
      TimeZone.setDefault(saved);
    }
  }
}
