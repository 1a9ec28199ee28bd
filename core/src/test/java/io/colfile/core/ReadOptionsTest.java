package io.colfile.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(CoreTestSeed.class)
class ReadOptionsTest {
  @Test
  void eachWithChangesOneSettingOfACopy() {
    Predicate p = Predicate.parse("a > 1");
    Type schema = Type.parse("struct<a:int>");
    ReadOptions o = ReadOptions.columns("a").withBatchSize(7).withDefaultZone(ZoneOffset.UTC)
        .withMaxNestedValues(99).withFilter(p).withSchema(schema).withMatchByPosition(true)
        .withSplit(3, 4);
    ReadOptions other = o.withColumnIndexes(0).withSplit(0, 1);
    for (ReadOptions x : List.of(o, other)) {
      assertThat(x.batchSize()).isEqualTo(7);
      assertThat(x.defaultZone()).isEqualTo(ZoneOffset.UTC);
      assertThat(x.maxNestedValues()).isEqualTo(99);
      assertThat(x.filter()).contains(p);
      assertThat(x.schema()).contains(schema);
      assertThat(x.matchByPosition()).isTrue();
    }
    assertThat(o.columns()).contains(List.of("a"));
    assertThat(o.columnIndexes()).isEmpty();
    assertThat(o.splitStart()).hasValue(3);
    assertThat(o.splitLength()).hasValue(4);
    assertThat(other.columns()).isEmpty();
    assertThat(other.columnIndexes()).contains(List.of(0));
    assertThat(other.splitStart()).hasValue(0);
    assertThat(other.splitLength()).hasValue(1);
    assertThat(ReadOptions.defaults().splitStart()).isEmpty();
    assertThat(ReadOptions.defaults().splitLength()).isEmpty();
    assertThat(ReadOptions.defaults().batchSize()).isEqualTo(1024);
  }

  @Test
  void aSplitHoldsTheOffsetsFromItsStartToBeforeItsEnd() {
    assertThat(ReadOptions.defaults().splitHolds(0)).isTrue();
    assertThat(ReadOptions.defaults().splitHolds(Long.MAX_VALUE)).isTrue();
    ReadOptions o = ReadOptions.defaults().withSplit(10, 5);
    assertThat(o.splitHolds(9)).isFalse();
    assertThat(o.splitHolds(10)).isTrue();
    assertThat(o.splitHolds(14)).isTrue();
    assertThat(o.splitHolds(15)).isFalse();
    assertThat(ReadOptions.defaults().withSplit(0, 0).splitHolds(0)).isFalse();
    ReadOptions huge = ReadOptions.defaults().withSplit(Long.MAX_VALUE - 1, Long.MAX_VALUE);
    assertThat(huge.splitHolds(Long.MAX_VALUE)).as("no overflow").isTrue();
    assertThat(huge.splitHolds(0)).isFalse();
    assertThatThrownBy(() -> ReadOptions.defaults().withSplit(-1, 5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ReadOptions.defaults().withSplit(0, -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void splitsThatTileAFileHoldEachOffsetOnce() {
    Random r = CoreTestSeed.random(0x5917);
    for (int round = 0; round < 20; round++) {
      long size = 1 + r.nextInt(1000);
      long[] cuts = r.longs(r.nextInt(10), 0, size + 1).sorted().toArray();
      long[] bounds = new long[cuts.length + 2];
      System.arraycopy(cuts, 0, bounds, 1, cuts.length);
      bounds[bounds.length - 1] = size;
      for (long offset = 0; offset < size; offset++) {
        int holders = 0;
        for (int i = 0; i + 1 < bounds.length; i++) {
          if (ReadOptions.defaults().withSplit(bounds[i], bounds[i + 1] - bounds[i])
              .splitHolds(offset)) {
            holders++;
          }
        }
        assertThat(holders).as("offset %d, cuts %s; %s", offset, Arrays.toString(bounds),
            CoreTestSeed.replay()).isEqualTo(1);
      }
    }
  }
}
