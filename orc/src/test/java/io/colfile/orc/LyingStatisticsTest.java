package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.write.RandomWriterOptions;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Statistics that lie in a way the file itself gives away (counts that do not add up, bounds
 * the wrong way round or of the wrong kind, NaN bounds, bytes that are not UTF-8, nanoseconds
 * no writer stores, a Metadata section that cannot be read or does not match the stripes) never
 * turn into wrong rows: every filtered read still equals the full read filtered by the
 * reference evaluator (or the file is refused as corrupt). Statistics that lie consistently
 * (bounds that are merely too narrow) cannot be told from true ones; no test pretends otherwise.
 */
@ExtendWith(TestSeed.class)
class LyingStatisticsTest {
  @TempDir Path dir;

  enum Lie {
    /** What ORC Java writes at stripe and file level without a row index. */
    ZEROS,
    TOO_MANY_VALUES,
    FEWER_VALUES_BUT_NO_NULLS,
    SWAPPED_BOUNDS,
    NAN_BOUNDS,
    TRUE_COUNT_ABOVE_COUNT,
    DECIMAL_TEXT_NOT_A_NUMBER,
    STATISTICS_OF_ANOTHER_KIND,
    BOUNDS_NOT_UTF8,
    NANOS_NO_WRITER_STORES,
    BOUNDS_OF_NO_VALUES,
    METADATA_UNREADABLE,
    METADATA_FOR_FEWER_STRIPES
  }

  @ParameterizedTest
  @EnumSource(Lie.class)
  void liesTheFileGivesAwayAreNotBelieved(Lie lie) throws IOException {
    Random r = TestSeed.random("lying-statistics-" + lie, 0);
    Type schema = RandomBatches.everyType();
    OrcWriterOptions options = RandomWriterOptions.randomOptions(r, schema, 0).toBuilder()
        .compression(CompressionCodec.NONE).stripeSize(64 * 1024).memoryCheckRows(1000)
        .rowIndexStride(1000).build();
    Path path = dir.resolve("honest.orc");
    PushdownTest.write(path, r, schema, options, 5000);
    byte[] honest = Files.readAllBytes(path);
    byte[] lying = StatisticsRewriter.rewrite(honest, (level, stripe, group, column, s) ->
        lie(lie, s), metadata(lie, honest));
    String what = lie + "; " + TestSeed.replay();
    List<Object> all;
    try (OrcReader orc = OrcReader.open(InputFile.of("lying.orc", lying))) {
      all = Rows.readAll(orc.read(ReadOptions.defaults()));
      assertThat(all).hasSize(5000);
      RandomPredicates predicates = new RandomPredicates(r, schema, all);
      for (int i = 0; i < 60; i++) {
        Predicate p = predicates.next(2);
        try (BatchReader rows = orc.read(ReadOptions.defaults().withFilter(p))) {
          List<Object> got = Rows.readAll(rows);
          assertThat(got).as("%s where %s%n%s", what, p, String.join("\n", rows.report().lines()))
              .isEqualTo(ReferenceEvaluator.filter(p, schema, all));
        } catch (CorruptFileException refused) {
          assertThat(refused.getMessage()).as(what).contains("lying.orc");
        }
      }
    }
  }

  /**
   * The other side: a lie that agrees with itself (every int column's values claimed to be
   * -1 .. -1, counts intact) cannot be told from the truth, and pushdown believes it. This
   * shows the rewritten statistics reach the reader, so the tests above test something.
   */
  @Test
  void consistentLiesCannotBeDetected() throws IOException {
    Random r = TestSeed.random("consistent-lie", 0);
    Type schema = Type.parse("struct<a:int>");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(CompressionCodec.NONE)
        .rowIndexStride(1000).build();
    Path path = dir.resolve("honest.orc");
    PushdownTest.write(path, r, schema, options, 3000);
    byte[] lying = StatisticsRewriter.rewrite(Files.readAllBytes(path),
        (level, stripe, group, column, s) -> {
          if (s.hasIntStatistics() && s.getIntStatistics().hasMinimum()) {
            OrcProto.ColumnStatistics.Builder b = s.toBuilder();
            b.getIntStatisticsBuilder().setMinimum(-1).setMaximum(-1);
            return b.build();
          }
          return s;
        }, null);
    try (OrcReader orc = OrcReader.open(InputFile.of("lying.orc", lying))) {
      List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
      Predicate p = Predicate.parse("a <> -1");
      List<Object> want = ReferenceEvaluator.filter(p, schema, all);
      assertThat(want).isNotEmpty();
      assertThat(Rows.readAll(orc.read(ReadOptions.defaults().withFilter(p)))).isEmpty();
    }
  }

  private static OrcProto.ColumnStatistics lie(Lie lie, OrcProto.ColumnStatistics s) {
    OrcProto.ColumnStatistics.Builder b = s.toBuilder();
    switch (lie) {
      case ZEROS:
        return OrcProto.ColumnStatistics.newBuilder().setNumberOfValues(0).setHasNull(false)
            .build();
      case TOO_MANY_VALUES:
        return b.setNumberOfValues(s.getNumberOfValues() * 2 + 10_000).build();
      case FEWER_VALUES_BUT_NO_NULLS:
        return b.setNumberOfValues(s.getNumberOfValues() - 1).setHasNull(false).build();
      case SWAPPED_BOUNDS:
        return swapped(b);
      case NAN_BOUNDS:
        if (s.hasDoubleStatistics()) {
          b.getDoubleStatisticsBuilder().setMinimum(Double.NaN).setMaximum(Double.NaN);
        }
        return b.build();
      case TRUE_COUNT_ABOVE_COUNT:
        if (s.hasBucketStatistics()) {
          b.getBucketStatisticsBuilder().clearCount().addCount(s.getNumberOfValues() + 1);
        }
        return b.build();
      case DECIMAL_TEXT_NOT_A_NUMBER:
        if (s.hasDecimalStatistics() && s.getDecimalStatistics().hasMinimum()) {
          b.getDecimalStatisticsBuilder().setMinimum("1.2.3").setMaximum("-");
        }
        return b.build();
      case STATISTICS_OF_ANOTHER_KIND:
        if (s.hasIntStatistics()) {
          b.clearIntStatistics().getStringStatisticsBuilder().setMinimum("zzz")
              .setMaximum("zzz");
        } else if (s.hasStringStatistics() || s.hasDoubleStatistics()
            || s.hasDecimalStatistics() || s.hasDateStatistics()
            || s.hasTimestampStatistics() || s.hasBucketStatistics()) {
          b.clearStringStatistics().clearDoubleStatistics().clearDecimalStatistics()
              .clearDateStatistics().clearTimestampStatistics().clearBucketStatistics()
              .getIntStatisticsBuilder().setMinimum(Long.MAX_VALUE).setMaximum(Long.MAX_VALUE);
        }
        return b.build();
      case BOUNDS_NOT_UTF8:
        if (s.hasStringStatistics() && s.getStringStatistics().hasMinimum()) {
          b.getStringStatisticsBuilder()
              .setMinimumBytes(ByteString.copyFrom(new byte[] {(byte) 0xff}))
              .setMaximumBytes(ByteString.copyFrom(new byte[] {(byte) 0xfe, 0x41}));
        }
        return b.build();
      case NANOS_NO_WRITER_STORES:
        if (s.hasTimestampStatistics() && s.getTimestampStatistics().hasMaximumUtc()) {
          b.getTimestampStatisticsBuilder().setMinimumNanos(0).setMaximumNanos(5_000_001);
        }
        return b.build();
      case BOUNDS_OF_NO_VALUES:
        return hasBounds(s) ? b.setNumberOfValues(0).setHasNull(true).build() : s;
      default:
        return s;
    }
  }

  private static OrcProto.ColumnStatistics swapped(OrcProto.ColumnStatistics.Builder b) {
    if (b.hasIntStatistics()) {
      OrcProto.IntegerStatistics i = b.getIntStatistics();
      b.getIntStatisticsBuilder().setMinimum(i.getMaximum()).setMaximum(i.getMinimum());
    } else if (b.hasDoubleStatistics()) {
      OrcProto.DoubleStatistics d = b.getDoubleStatistics();
      b.getDoubleStatisticsBuilder().setMinimum(d.getMaximum()).setMaximum(d.getMinimum());
    } else if (b.hasStringStatistics() && b.getStringStatistics().hasMinimum()
        && b.getStringStatistics().hasMaximum()) {
      OrcProto.StringStatistics d = b.getStringStatistics();
      b.getStringStatisticsBuilder().setMinimum(d.getMaximum()).setMaximum(d.getMinimum());
    } else if (b.hasDateStatistics()) {
      OrcProto.DateStatistics d = b.getDateStatistics();
      b.getDateStatisticsBuilder().setMinimum(d.getMaximum()).setMaximum(d.getMinimum());
    } else if (b.hasDecimalStatistics()) {
      OrcProto.DecimalStatistics d = b.getDecimalStatistics();
      b.getDecimalStatisticsBuilder().setMinimum(d.getMaximum()).setMaximum(d.getMinimum());
    } else if (b.hasTimestampStatistics()) {
      OrcProto.TimestampStatistics d = b.getTimestampStatistics();
      b.getTimestampStatisticsBuilder().setMinimumUtc(d.getMaximumUtc())
          .setMaximumUtc(d.getMinimumUtc() - 1);
    }
    return b.build();
  }

  private static boolean hasBounds(OrcProto.ColumnStatistics s) {
    return s.getIntStatistics().hasMinimum() || s.getDoubleStatistics().hasMinimum()
        || s.getStringStatistics().hasMinimum() || s.getStringStatistics().hasLowerBound()
        || s.getDateStatistics().hasMinimum() || s.getDecimalStatistics().hasMinimum()
        || s.getTimestampStatistics().hasMinimumUtc();
  }

  /** The Metadata section's bytes for the lies about it; null to keep the edited one. */
  private static byte[] metadata(Lie lie, byte[] file) throws IOException {
    if (lie == Lie.METADATA_UNREADABLE) {
      return new byte[] {0x0a, (byte) 0xff, 0x01, 0x02};
    }
    if (lie != Lie.METADATA_FOR_FEWER_STRIPES) {
      return null;
    }
    // stripe statistics for all but the last stripe, claiming every column is all NULL: they
    // would rule out every comparison, so they must not be used
    List<OrcProto.StripeStatistics> stripes = new ArrayList<>();
    byte[] plain = StatisticsRewriter.rewrite(file, (level, stripe, group, column, s) -> s,
        null);
    int psLen = plain[plain.length - 1] & 0xff;
    OrcProto.PostScript ps = OrcProto.PostScript.parseFrom(
        java.util.Arrays.copyOfRange(plain, plain.length - 1 - psLen, plain.length - 1));
    int footerStart = (int) (plain.length - 1 - psLen - ps.getFooterLength());
    OrcProto.Metadata meta = OrcProto.Metadata.parseFrom(java.util.Arrays.copyOfRange(plain,
        (int) (footerStart - ps.getMetadataLength()), footerStart));
    for (int s = 0; s < meta.getStripeStatsCount() - 1; s++) {
      OrcProto.StripeStatistics.Builder b = OrcProto.StripeStatistics.newBuilder();
      for (int c = 0; c < meta.getStripeStats(s).getColStatsCount(); c++) {
        b.addColStats(OrcProto.ColumnStatistics.newBuilder().setNumberOfValues(0)
            .setHasNull(true));
      }
      stripes.add(b.build());
    }
    return OrcProto.Metadata.newBuilder().addAllStripeStats(stripes).build().toByteArray();
  }
}
