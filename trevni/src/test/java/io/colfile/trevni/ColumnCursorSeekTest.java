package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.testkit.TestSeed;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Seeks by row and by value against an in-memory model, over several blocks. */
@ExtendWith(TestSeed.class)
class ColumnCursorSeekTest {
  @TempDir Path dir;

  private static final long SEED = TestSeed.caseSeed("ColumnCursorSeekTest", 0);

  @Test
  void seekValueFindsTheFirstRowAtOrAboveTheTarget() throws Exception {
    Random rnd = new Random(SEED);
    // sorted ints with runs of equal values, some straddling block boundaries
    List<Integer> values = new ArrayList<>();
    int v = -1000;
    while (values.size() < 60_000) {
      int run = rnd.nextInt(10) == 0 ? 1 + rnd.nextInt(3000) : 1 + rnd.nextInt(3);
      for (int i = 0; i < run; i++) {
        values.add(v);
      }
      v += 2 + rnd.nextInt(5);
    }
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("k", ValueType.INT)
        .withFirstValues()), TrevniWriterOptions.builder().blockSize(4096).build(), w -> {
          for (int x : values) {
            w.startRow();
            w.writeInt(0, x);
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(r.blocks(0).size()).as(TestSeed.replay()).isGreaterThan(20);
      ColumnCursor c = r.cursor(0);
      List<Integer> targets = new ArrayList<>();
      for (BlockInfo b : r.blocks(0)) {
        int first = (Integer) b.firstValue().orElseThrow();
        targets.addAll(List.of(first, first - 1, first + 1));
      }
      for (int i = 0; i < 300; i++) {
        targets.add(values.get(rnd.nextInt(values.size())) + rnd.nextInt(3) - 1);
      }
      targets.addAll(List.of(Integer.MIN_VALUE, values.get(0), values.get(values.size() - 1),
          values.get(values.size() - 1) + 1));
      Collections.shuffle(targets, rnd);
      for (int t : targets) {
        int expected = lowerBound(values, t);
        boolean found = c.seekValue(t);
        assertThat(found).as("seek %d, %s", t, TestSeed.replay())
            .isEqualTo(expected < values.size());
        assertThat(c.row()).as("row of %d, %s", t, TestSeed.replay()).isEqualTo(expected);
        if (found) {
          c.startRow();
          assertThat(c.nextInt()).isEqualTo(values.get(expected));
          // reading on continues in order
          for (int k = expected + 1; k < Math.min(values.size(), expected + 5); k++) {
            c.startRow();
            assertThat(c.nextInt()).isEqualTo(values.get(k));
          }
        } else {
          assertThat(c.hasNextRow()).isFalse();
        }
      }
    }
  }

  @Test
  void seekValueOnStringsUsesJavaOrder() throws Exception {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 30_000; i += 2) {
      values.add(String.format("k%06d", i));
    }
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("s", ValueType.STRING)
        .withFirstValues()), TrevniWriterOptions.builder().codec(TrevniCodec.DEFLATE).build(),
        w -> {
          for (String s : values) {
            w.startRow();
            w.writeString(0, s);
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(r.blocks(0).size()).isGreaterThan(1);
      ColumnCursor c = r.cursor(0);
      assertThat(c.seekValue("k000101")).isTrue();
      assertThat(c.row()).isEqualTo(51);
      c.startRow();
      assertThat(c.nextString()).isEqualTo("k000102");
      assertThat(c.seekValue("a")).isTrue();
      assertThat(c.row()).isZero();
      assertThat(c.seekValue("z")).isFalse();
      assertThatThrownBy(() -> c.seekValue(5)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("holds string values");
    }
  }

  @Test
  void seekRowOnPlainAndArrayColumns() throws Exception {
    Random rnd = new Random(SEED);
    int rows = 20_000;
    long[] plain = new long[rows];
    int[][] arrays = new int[rows][];
    for (int i = 0; i < rows; i++) {
      plain[i] = rnd.nextLong();
      int n = rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(4);
      arrays[i] = rnd.ints(n).toArray();
    }
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("p", ValueType.LONG),
        ColumnSpec.of("a", ValueType.INT).asArray()),
        TrevniWriterOptions.builder().codec(TrevniCodec.SNAPPY).checksum(TrevniChecksum.CRC32)
            .blockSize(8192).build(), w -> {
          for (int i = 0; i < rows; i++) {
            w.startRow();
            w.writeLong(0, plain[i]);
            w.writeLength(1, arrays[i].length);
            for (int x : arrays[i]) {
              w.writeInt(1, x);
            }
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      ColumnCursor p = r.cursor(0);
      ColumnCursor a = r.cursor(1);
      for (int k = 0; k < 200; k++) {
        int target = k == 0 ? rows - 1 : rnd.nextInt(rows);
        p.seekRow(target);
        a.seekRow(target);
        assertThat(p.row()).isEqualTo(target);
        p.startRow();
        assertThat(p.nextLong()).as("row %d, %s", target, TestSeed.replay())
            .isEqualTo(plain[target]);
        a.startRow();
        int n = a.nextLength();
        int[] got = new int[n];
        for (int i = 0; i < n; i++) {
          got[i] = a.nextInt();
        }
        assertThat(got).as("row %d, %s", target, TestSeed.replay()).isEqualTo(arrays[target]);
      }
      p.seekRow(rows);
      assertThat(p.hasNextRow()).isFalse();
      assertThatThrownBy(() -> p.seekRow(rows + 1)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  private static int lowerBound(List<Integer> values, int target) {
    int lo = 0;
    int hi = values.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (values.get(mid) < target) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  @Test
  void firstValuesOfBooleanColumnsDecodeOneBytePerBlock() throws Exception {
    boolean[] values = new boolean[600_000];
    Arrays.fill(values, 300_000, values.length, true);
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("b", ValueType.BOOLEAN)
        .withFirstValues()), TrevniWriterOptions.defaults(), w -> {
          for (boolean b : values) {
            w.startRow();
            w.writeBoolean(0, b);
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(r.blocks(0)).hasSize(2);
      assertThat(r.blocks(0).get(0).rowCount()).isEqualTo(524_281);
      assertThat(r.blocks(0).get(1).firstValue()).contains(true);
      ColumnCursor c = r.cursor(0);
      assertThat(c.seekValue(true)).isTrue();
      assertThat(c.row()).isEqualTo(300_000);
    }
  }
}
