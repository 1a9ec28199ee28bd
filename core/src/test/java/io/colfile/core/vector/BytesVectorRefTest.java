package io.colfile.core.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link BytesVector#setRef} and {@link BytesVector#setBuffer}, which skip storing a reference a
 * row already holds: rows end up pointing where they were told whether or not they held that
 * buffer before, and setBuffer touches only its rows.
 */
class BytesVectorRefTest {
  private static final byte[] A = "alpha".getBytes(StandardCharsets.UTF_8);
  private static final byte[] B = "bravo!".getBytes(StandardCharsets.UTF_8);

  @Test
  void setRefPointsTheRowWhateverItHeldBefore() {
    BytesVector v = new BytesVector(3);
    v.setRef(0, A, 0, 5);
    v.setRef(1, A, 1, 2);
    assertThat(v.getString(0)).isEqualTo("alpha");
    assertThat(v.getString(1)).isEqualTo("lp");
    // Same buffer again, other range; then another buffer.
    v.setRef(0, A, 2, 3);
    v.setRef(1, B, 0, 6);
    assertThat(v.vector[0]).isSameAs(A);
    assertThat(v.getString(0)).isEqualTo("pha");
    assertThat(v.vector[1]).isSameAs(B);
    assertThat(v.getString(1)).isEqualTo("bravo!");
    assertThat(v.vector[2]).isNull();
  }

  @Test
  void setBufferSetsOnlyItsRowsReferences() {
    BytesVector v = new BytesVector(6);
    for (int i = 0; i < 6; i++) {
      v.setRef(i, i % 2 == 0 ? A : B, 0, 1);
    }
    v.setBuffer(1, 4, A);
    assertThat(java.util.Arrays.asList(v.vector)).containsExactly(A, A, A, A, A, B);
    v.setBuffer(0, 0, B);
    assertThat(v.vector[0]).isSameAs(A);
    v.start[2] = 1;
    v.length[2] = 3;
    assertThat(v.getString(2)).isEqualTo("lph");
  }

  @Test
  void setBufferChecksItsRange() {
    BytesVector v = new BytesVector(4);
    assertThatThrownBy(() -> v.setBuffer(2, 3, A)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> v.setBuffer(-1, 1, A))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(java.util.Arrays.asList(v.vector)).containsOnlyNulls();
  }
}
