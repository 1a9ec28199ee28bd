package io.colfile.orc.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link IntList} returns every value it was given, one at a time or in blocks, across its
 * widenings from one byte a value to two and four, and after clear(); its memory() is ORC Java's
 * count whatever the width.
 */
@ExtendWith(TestSeed.class)
class IntListTest {
  @Test
  void valuesSurviveWidening() {
    for (int c = 0; c < 40; c++) {
      Random r = TestSeed.random("int-list", c);
      IntList list = new IntList();
      for (int round = 0; round < 3; round++) {
        int n = r.nextInt(5000);
        int[] expected = new int[n];
        int[] bounds = {0x100, 0x1_0000, Integer.MAX_VALUE};
        for (int i = 0; i < n; i++) {
          // mostly small values, now and then a wider one
          int bound = bounds[r.nextInt(100) < 97 ? 0 : r.nextInt(3)];
          expected[i] = r.nextInt(bound);
        }
        // one at a time or in blocks of any size, the blocks taken from offset 0 of a copy
        for (int i = 0; i < n; ) {
          if (r.nextBoolean()) {
            list.add(expected[i++]);
          } else {
            int k = Math.min(n - i, r.nextInt(1500));
            list.addAll(java.util.Arrays.copyOfRange(expected, i, i + k + r.nextInt(3)), k);
            i += k;
          }
        }
        assertThat(list.size()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
          assertThat(list.get(i)).as("value %d of case %d round %d", i, c, round)
              .isEqualTo(expected[i]);
        }
        assertThat(list.memory()).isEqualTo((n + 8191L) / 8192 * 8192 * 4);
        list.clear();
        assertThat(list.size()).isZero();
      }
    }
  }

  @Test
  void boundariesAndErrors() {
    IntList list = new IntList();
    int[] values = {0, 255, 256, 65535, 65536, Integer.MAX_VALUE, 1};
    for (int v : values) {
      list.add(v);
    }
    for (int i = 0; i < values.length; i++) {
      assertThat(list.get(i)).isEqualTo(values[i]);
    }
    assertThatThrownBy(() -> list.add(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> list.get(values.length))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> list.addAll(new int[] {3, -1, 4}, 3))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(list.size()).as("the values before the negative one are added").isEqualTo(8);
    assertThat(list.get(7)).isEqualTo(3);
  }
}
