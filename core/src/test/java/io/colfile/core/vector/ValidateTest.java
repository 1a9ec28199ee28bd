package io.colfile.core.vector;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import org.junit.jupiter.api.Test;

/** validate() is what tests lean on to catch readers that fill vectors wrongly: it must bite. */
class ValidateTest {
  @Test
  void listOffsetsMustStayInsideTheChild() {
    ListVector v = (ListVector) ColumnVector.create(Type.parse("array<int>"), 4);
    v.offsets[0] = 0;
    v.lengths[0] = 2;
    v.childCount = 2;
    assertThatCode(() -> v.validate(1)).doesNotThrowAnyException();
    v.lengths[0] = 3;
    assertThatThrownBy(() -> v.validate(1)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("row 0");
    v.setNull(0);
    assertThatCode(() -> v.validate(1)).doesNotThrowAnyException();
  }

  @Test
  void bytesMustPointInsideTheirBuffer() {
    BytesVector v = new BytesVector(2);
    v.setRef(0, new byte[4], 1, 3);
    assertThatCode(() -> v.validate(1)).doesNotThrowAnyException();
    v.setRef(1, new byte[4], 2, 3);
    assertThatThrownBy(() -> v.validate(2)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("row 1");
  }

  @Test
  void unionTagsAndOffsetsMustNameAFilledVariant() {
    UnionVector v = (UnionVector) ColumnVector.create(Type.parse("uniontype<int,string>"), 2);
    v.tags[0] = 1;
    v.offsets[0] = 0;
    v.counts[1] = 0;
    assertThatThrownBy(() -> v.validate(1)).isInstanceOf(IllegalStateException.class);
    v.counts[1] = 1;
    ((BytesVector) v.fields[1]).setRef(0, new byte[0], 0, 0);
    assertThatCode(() -> v.validate(1)).doesNotThrowAnyException();
    v.tags[0] = 2;
    assertThatThrownBy(() -> v.validate(1)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void timestampsNeedNanosInRangeAndGrowingKeepsRows() {
    TimestampVector v = new TimestampVector(1);
    v.seconds[0] = 7;
    v.nanos[0] = 1_000_000_000;
    assertThatThrownBy(() -> v.validate(1)).isInstanceOf(IllegalStateException.class);
    v.nanos[0] = 5;
    v.ensureCapacity(100, true);
    assertThatCode(() -> v.validate(100)).doesNotThrowAnyException();
    org.assertj.core.api.Assertions.assertThat(v.seconds[0]).isEqualTo(7);
    org.assertj.core.api.Assertions.assertThat(v.capacity()).isGreaterThanOrEqualTo(100);
  }
}
