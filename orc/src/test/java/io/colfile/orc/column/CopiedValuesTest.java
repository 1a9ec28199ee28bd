package io.colfile.orc.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.vector.BytesVector;
import org.junit.jupiter.api.Test;

/**
 * {@link CopiedValues} hands a vector's array back for the rows it was filled for, whichever
 * column reader filled it: the same vector from the same row gets its array again, another row
 * or another vector never does.
 */
class CopiedValuesTest {
  @Test
  void anArrayComesBackForTheSameVectorAndRowOnly() {
    CopiedValues copied = new CopiedValues();
    BytesVector v = new BytesVector(16);
    BytesVector w = new BytesVector(16);
    assertThat(copied.take(v, 0)).isEmpty();
    byte[] a = new byte[100];
    copied.put(v, 0, a);
    assertThat(copied.take(v, 0)).isSameAs(a);
    assertThat(copied.take(v, 5)).as("other rows of the vector").isEmpty();
    assertThat(copied.take(w, 0)).as("another vector").isEmpty();
    // a second fill of the vector from another row keeps both; a new array replaces the old
    byte[] b = new byte[50];
    copied.put(v, 5, b);
    byte[] c = new byte[200];
    copied.put(v, 0, c);
    assertThat(copied.take(v, 0)).isSameAs(c);
    assertThat(copied.take(v, 5)).isSameAs(b);
  }

  @Test
  void aVectorKeepsItsFourLatestFills() {
    CopiedValues copied = new CopiedValues();
    BytesVector v = new BytesVector(16);
    byte[][] arrays = new byte[6][];
    for (int row = 0; row < 6; row++) {
      arrays[row] = new byte[row + 1];
      copied.put(v, row, arrays[row]);
    }
    assertThat(copied.take(v, 0)).isEmpty();
    assertThat(copied.take(v, 1)).isEmpty();
    for (int row = 2; row < 6; row++) {
      assertThat(copied.take(v, row)).isSameAs(arrays[row]);
    }
  }
}
