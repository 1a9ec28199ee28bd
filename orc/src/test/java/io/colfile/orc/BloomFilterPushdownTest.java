package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bloom filters decide where statistics cannot (values spread over every row group): an
 * equality on a value of each type is probed as the writer hashed it, so every row holding it
 * is found (0.0 and -0.0 alike, decimals whatever their scale, char with its padding, wall
 * clocks and instants), and values no row holds skip row groups by their bloom filters.
 */
@ExtendWith(TestSeed.class)
class BloomFilterPushdownTest {
  private static final int ROWS = 20_000;

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"UTC", "America/New_York"})
  void equalitiesFindEveryRowAndSkipTheRest(String zoneName) throws IOException {
    ZoneId zone = ZoneId.of(zoneName);
    Type schema = Type.parse("struct<k:bigint,d:double,s:string,c:char(5),m:decimal(12,3),"
        + "t:date,ts:timestamp,ti:timestamp with local time zone>");
    Path path = dir.resolve("bloom.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(CompressionCodec.ZLIB)
        .rowIndexStride(1000).writerTimeZone(zone).bloomFilterColumns(schema.fieldNames())
        .build();
    Random r = TestSeed.random("bloom-pushdown-" + zoneName, 0);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch b = new ColumnBatch(schema, 1000);
      for (int row = 0; row < ROWS; row += 1000) {
        for (int i = 0; i < 1000; i++) {
          ((LongVector) b.cols[0]).vector[i] = r.nextInt(1_000_000) * 2L; // even only
          double d = r.nextInt(50) == 0 ? -0.0 : r.nextInt(100_000) / 4.0 - 10_000;
          ((DoubleVector) b.cols[1]).vector[i] = d;
          byte[] s = ("s" + r.nextInt(1_000_000) * 2).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) b.cols[2]).setRef(i, s, 0, s.length);
          byte[] c = String.format("%-5s", "c" + r.nextInt(500) * 2)
              .getBytes(StandardCharsets.UTF_8);
          ((BytesVector) b.cols[3]).setRef(i, c, 0, c.length);
          ((DecimalVector) b.cols[4]).unscaled[i] = r.nextInt(1_000_000) * 20L; // x.yz0
          ((LongVector) b.cols[5]).vector[i] = r.nextInt(100_000) * 2L - 50_000;
          TimestampVector ts = (TimestampVector) b.cols[6];
          ts.seconds[i] = 1_500_000_000L + r.nextInt(10_000_000) * 2L;
          ts.nanos[i] = r.nextInt(1000) * 1_000_000;
          TimestampVector ti = (TimestampVector) b.cols[7];
          ti.seconds[i] = -3_000_000_000L + r.nextInt(10_000_000) * 2L;
          ti.nanos[i] = r.nextInt(1_000_000_000);
        }
        b.size = 1000;
        w.write(b);
      }
    }
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
      long byBloom = 0;
      for (int k = 0; k < 200; k++) {
        List<?> row = (List<?>) all.get(r.nextInt(all.size()));
        int column = k % schema.fieldNames().size();
        String name = schema.fieldNames().get(column);
        Object value = literal(row.get(column), column);
        boolean absent = k % 3 == 0;
        if (absent) {
          value = absentLiteral(value, column);
        }
        Predicate p = Predicate.equal(name, value);
        try (BatchReader rows = orc.read(ReadOptions.defaults().withFilter(p))) {
          List<Object> got = Rows.readAll(rows);
          String report = String.join("\n", rows.report().lines());
          assertThat(got).as("%s%n%s%n%s", p, report, TestSeed.replay())
              .isEqualTo(ReferenceEvaluator.filter(p, schema, all));
          if (!absent) {
            assertThat(got).as(p.toString()).isNotEmpty();
          }
          byBloom += report.contains("by bloom filters") ? 1 : 0;
        }
      }
      assertThat(byBloom).as("lookups where bloom filters skipped row groups").isPositive();
      // only -0.0 is stored, hashed apart from 0.0
      Predicate zero = Predicate.equal("d", 0.0);
      try (BatchReader rows = orc.read(ReadOptions.defaults().withFilter(zero))) {
        assertThat(Rows.readAll(rows)).isEqualTo(ReferenceEvaluator.filter(zero, schema, all))
            .hasSizeGreaterThan(ROWS / 100);
      }
    }
  }

  /** The value as a predicate literal of its column. */
  private static Object literal(Object v, int column) {
    switch (column) {
      case 2: case 3: {
        java.nio.ByteBuffer b = (java.nio.ByteBuffer) v;
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return new String(out, StandardCharsets.UTF_8);
      }
      case 1: return (Double) v == 0 ? 0.0 : v; // -0.0 is found as 0
      case 4: return ((BigDecimal) v).stripTrailingZeros(); // another scale than the column's
      case 5: return java.time.LocalDate.ofEpochDay((Long) v);
      case 6: return LocalDateTime.ofEpochSecond(((Instant) v).getEpochSecond(),
          ((Instant) v).getNano(), ZoneOffset.UTC);
      default: return v;
    }
  }

  /** A value of the same kind that no row holds (odd where the rows are even). */
  private static Object absentLiteral(Object v, int column) {
    switch (column) {
      case 0: return (Long) v + 1;
      case 1: return (Double) v + 0.125;
      case 2: case 3: return v + "x";
      case 4: return ((BigDecimal) v).add(new BigDecimal("0.001"));
      case 5: return ((java.time.LocalDate) v).plusDays(1);
      case 6: return ((LocalDateTime) v).plusSeconds(1);
      default: return ((Instant) v).plusSeconds(1);
    }
  }
}
