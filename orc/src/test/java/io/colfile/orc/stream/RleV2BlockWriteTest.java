package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.orc.index.IntegerCheckpoint;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link RleV2Encoder#write(long[], int, int)} scans blocks for runs; it must leave exactly what
 * {@link RleV2Encoder#write(long)} value by value leaves: the same bytes, the same checkpoint
 * (stream position and buffered values) after every block, the same exception. Seeded run
 * shapes: repeats of 1 to 600 copies, stretches drawn from 2 to 8 values (where three equal values
 * in a row start and end runs), full 512-value runs, and the mixed sequences of the other encoder
 * tests, cut into blocks of 0 to 1100 values, some written a value at a time.
 */
@Timeout(120)
@ExtendWith(TestSeed.class)
class RleV2BlockWriteTest {

  /** Values of run shapes that meet every state of the encoder. */
  static long[] runShapes(Random r, int n, boolean signed) {
    long[] out = new long[n];
    long[] pool = new long[2 + r.nextInt(7)];
    for (int k = 0; k < pool.length; k++) {
      pool[k] = r.nextBoolean() ? r.nextInt(10) : r.nextLong() >>> (2 + r.nextInt(62));
      if (signed && r.nextBoolean()) {
        pool[k] = -pool[k];
      }
    }
    int size = 0;
    while (size < n) {
      int len;
      switch (r.nextInt(5)) {
        case 0 -> { // one value repeated, mostly short
          len = r.nextInt(4) == 0 ? 1 + r.nextInt(600) : 1 + r.nextInt(12);
          Arrays.fill(out, size, Math.min(n, size + len), pool[r.nextInt(pool.length)]);
        }
        case 1 -> { // drawn from the pool: equal neighbours by chance
          len = 1 + r.nextInt(r.nextBoolean() ? 30 : 1200);
          for (int i = size; i < Math.min(n, size + len); i++) {
            out[i] = pool[r.nextInt(pool.length)];
          }
        }
        case 2 -> { // sorted with repeats, as a sorted key
          len = 1 + r.nextInt(1200);
          long v = pool[0];
          for (int i = size; i < Math.min(n, size + len); i++) {
            if (r.nextInt(4) == 0) {
              v += 1 + r.nextInt(3);
            }
            out[i] = v;
          }
        }
        default -> {
          long[] seg = IntSequences.mixed(r, 1 + r.nextInt(700), signed);
          len = seg.length;
          System.arraycopy(seg, 0, out, size, Math.min(len, n - size));
        }
      }
      size += len;
    }
    return out;
  }

  @Test
  void blocksGiveTheBytesAndCheckpointsOfSingleValues() {
    int cases = TestSeed.exhaustive() ? 2000 : 300;
    for (int c = 0; c < cases; c++) {
      Random r = TestSeed.random("rleV2Blocks", c);
      boolean signed = r.nextBoolean();
      boolean aligned = r.nextBoolean();
      long[] values = r.nextInt(3) == 0 ? IntSequences.mixed(r, r.nextInt(5000), signed)
          : runShapes(r, r.nextInt(r.nextBoolean() ? 40 : 6000), signed);
      OrcOutputStream one = new OrcOutputStream(null, 0);
      OrcOutputStream blocks = new OrcOutputStream(null, 0);
      RleV2Encoder single = new RleV2Encoder(one, signed, aligned);
      RleV2Encoder block = new RleV2Encoder(blocks, signed, aligned);
      String where = "case " + c + " " + TestSeed.replay();
      int i = 0;
      while (i < values.length) {
        int n = Math.min(values.length - i, r.nextInt(4) == 0 ? r.nextInt(4) : r.nextInt(1100));
        for (int k = i; k < i + n; k++) {
          single.write(values[k]);
        }
        if (r.nextInt(4) == 0) {
          // single values between blocks: they must find the state a value at a time leaves
          for (int k = i; k < i + n; k++) {
            block.write(values[k]);
          }
        } else {
          // the block sits inside a larger array
          long[] padded = new long[n + 6];
          Arrays.fill(padded, values[i > 0 ? i - 1 : 0]);
          System.arraycopy(values, i, padded, 3, n);
          block.write(padded, 3, n);
        }
        i += n;
        IntegerCheckpoint expected = single.checkpoint();
        assertThat(block.checkpoint()).as("checkpoint after %d values, %s", i, where)
            .isEqualTo(expected);
      }
      single.flush();
      block.flush();
      assertThat(blocks.toByteArray()).as(where).isEqualTo(one.toByteArray());
      assertThat(block.runCounts()).as(where).isEqualTo(single.runCounts());
    }
  }

  @Test
  void aNegativeValueOfAnUnsignedStreamStopsTheBlockWhereSingleValuesStop() {
    for (int c = 0; c < 50; c++) {
      Random r = TestSeed.random("rleV2BlockNegative", c);
      long[] values = runShapes(r, 1 + r.nextInt(2000), false);
      int bad = r.nextInt(values.length);
      values[bad] = -1 - r.nextInt(1000);
      OrcOutputStream one = new OrcOutputStream(null, 0);
      OrcOutputStream blocks = new OrcOutputStream(null, 0);
      RleV2Encoder single = new RleV2Encoder(one, false, true);
      RleV2Encoder block = new RleV2Encoder(blocks, false, true);
      assertThatThrownBy(() -> {
        for (long v : values) {
          single.write(v);
        }
      }).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> block.write(values, 0, values.length))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(Long.toString(values[bad]));
      assertThat(block.checkpoint()).isEqualTo(single.checkpoint());
      single.flush();
      block.flush();
      assertThat(blocks.toByteArray()).as("case %d %s", c, TestSeed.replay())
          .isEqualTo(one.toByteArray());
    }
  }
}
