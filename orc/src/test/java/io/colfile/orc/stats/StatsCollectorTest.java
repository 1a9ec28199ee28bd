package io.colfile.orc.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.proto.OrcProto;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatsCollectorTest {
  @Test
  void everyKindGetsItsCollector() {
    assertThat(StatsCollector.create(Type.BOOLEAN, false)).isInstanceOf(BooleanStats.class);
    for (TypeKind k : List.of(TypeKind.BYTE, TypeKind.SHORT, TypeKind.INT, TypeKind.LONG)) {
      assertThat(StatsCollector.create(Type.primitive(k), false)).isInstanceOf(IntegerStats.class);
    }
    assertThat(StatsCollector.create(Type.FLOAT, false)).isInstanceOf(DoubleStats.class);
    assertThat(StatsCollector.create(Type.DOUBLE, false)).isInstanceOf(DoubleStats.class);
    assertThat(StatsCollector.create(Type.STRING, false)).isInstanceOf(StringStats.class);
    assertThat(StatsCollector.create(Type.varchar(3), false)).isInstanceOf(StringStats.class);
    assertThat(StatsCollector.create(Type.charType(3), false)).isInstanceOf(StringStats.class);
    assertThat(StatsCollector.create(Type.BINARY, false)).isInstanceOf(BinaryStats.class);
    assertThat(StatsCollector.create(Type.DATE, false)).isInstanceOf(DateStats.class);
    assertThat(StatsCollector.create(Type.TIMESTAMP, false)).isInstanceOf(TimestampStats.class);
    assertThat(StatsCollector.create(Type.TIMESTAMP_INSTANT, false))
        .isInstanceOf(TimestampStats.class);
    assertThat(StatsCollector.create(Type.list(Type.INT), false))
        .isInstanceOf(CollectionStats.class);
    assertThat(StatsCollector.create(Type.map(Type.INT, Type.INT), false))
        .isInstanceOf(CollectionStats.class);
    assertThat(StatsCollector.create(Type.parse("struct<a:int>"), false))
        .isInstanceOf(PlainStats.class);
    assertThat(StatsCollector.create(Type.union(List.of(Type.INT)), false))
        .isInstanceOf(PlainStats.class);
  }

  @Test
  void decimalRulesFollowThePrecisionAsInJava() {
    assertThat(((DecimalStats) StatsCollector.create(Type.decimal(18, 2), true)).isDecimal64())
        .isTrue();
    // a [0,12] file writes decimal(10,2) the classic way, but Java still uses decimal64 stats
    assertThat(((DecimalStats) StatsCollector.create(Type.decimal(10, 2), false)).isDecimal64())
        .isTrue();
    assertThat(((DecimalStats) StatsCollector.create(Type.decimal(19, 2), false)).isDecimal64())
        .isFalse();
    assertThat(((DecimalStats) StatsCollector.create(Type.decimal(0, 0), false)).isDecimal64())
        .isFalse();
    assertThatThrownBy(() -> StatsCollector.create(Type.decimal(19, 2), true))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> StatsCollector.create(Type.LONG, true))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void hasNullIsAlwaysWrittenAndBytesOnDiskOnlyWhenNonZero() {
    StatsCollector s = StatsCollector.create(Type.parse("struct<a:int>"), false);
    // number_of_values 0, has_null false: 08 00 50 00
    assertThat(hex(Serialized.of(s))).isEqualTo("08005000");
    s.increment(3);
    s.setNull();
    s.updateBytesOnDisk(300);
    assertThat(Serialized.of(s).getHasNull()).isTrue();
    assertThat(Serialized.of(s).getBytesOnDisk()).isEqualTo(300);
    assertThat(hex(Serialized.of(s))).isEqualTo("0803500158ac02");
    s.reset();
    assertThat(hex(Serialized.of(s))).isEqualTo("08005000");
  }

  @Test
  void mergeAddsCountsNullsAndBytes() {
    StatsCollector a = StatsCollector.create(Type.union(List.of(Type.INT)), false);
    StatsCollector b = StatsCollector.create(Type.union(List.of(Type.INT)), false);
    a.increment(2);
    b.increment(5);
    b.setNull();
    b.updateBytesOnDisk(7);
    a.merge(b);
    assertThat(a.numberOfValues()).isEqualTo(7);
    assertThat(a.hasNull()).isTrue();
    assertThat(a.bytesOnDisk()).isEqualTo(7);
  }

  @Test
  void mergingAnotherKindIsRefused() {
    StatsCollector ints = StatsCollector.create(Type.INT, false);
    assertThatThrownBy(() -> ints.merge(StatsCollector.create(Type.DOUBLE, false)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DoubleStats");
    StatsCollector d64 = StatsCollector.create(Type.decimal(10, 2), false);
    assertThatThrownBy(() -> d64.merge(StatsCollector.create(Type.decimal(10, 3), false)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void emptyTypedMessagesArePresent() {
    assertThat(Serialized.of(StatsCollector.create(Type.STRING, false)).hasStringStatistics())
        .isTrue();
    assertThat(Serialized.of(StatsCollector.create(Type.DATE, false)).hasDateStatistics()).isTrue();
    assertThat(Serialized.of(StatsCollector.create(Type.TIMESTAMP, false))
        .hasTimestampStatistics()).isTrue();
    assertThat(Serialized.of(StatsCollector.create(Type.list(Type.INT), false))
        .hasCollectionStatistics()).isTrue();
    // string_statistics {} is tag + zero length: 22 00
    assertThat(hex(Serialized.of(StatsCollector.create(Type.STRING, false))))
        .isEqualTo("080022005000");
  }

  static String hex(OrcProto.ColumnStatistics s) {
    return HexFormat.of().formatHex(s.toByteArray());
  }
}
