package io.colfile.core.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WireIdsTest {
  enum Sparse {
    A(3), B(0), C(100);

    final int wireId;

    Sparse(int wireId) {
      this.wireId = wireId;
    }
  }

  enum Shared {
    X(1), Y(1);

    final int wireId;

    Shared(int wireId) {
      this.wireId = wireId;
    }
  }

  enum Negative {
    N(-1);

    final int wireId;

    Negative(int wireId) {
      this.wireId = wireId;
    }
  }

  @Test
  void findsEachConstantByItsIdNotItsOrdinal() {
    WireIds<Sparse> ids = WireIds.of(Sparse.class, s -> s.wireId);
    assertThat(ids.get(3)).isEqualTo(Sparse.A);
    assertThat(ids.get(0)).isEqualTo(Sparse.B);
    assertThat(ids.get(100)).isEqualTo(Sparse.C);
  }

  @Test
  void unknownIdsAreNull() {
    WireIds<Sparse> ids = WireIds.of(Sparse.class, s -> s.wireId);
    for (int id : new int[] {1, 2, 99, 101, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
      assertThat(ids.get(id)).as("id %d", id).isNull();
    }
  }

  @Test
  void sharedOrNegativeIdsAreRefused() {
    assertThatThrownBy(() -> WireIds.of(Shared.class, s -> s.wireId))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("share wire id 1");
    assertThatThrownBy(() -> WireIds.of(Negative.class, s -> s.wireId))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("wire id -1");
  }
}
