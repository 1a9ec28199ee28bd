package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link BooleanEncoder#write(boolean, int)} (and the byte RLE's whole-run growth beneath it)
 * against one {@link BooleanEncoder#write(boolean)} per value: the same bytes and the same
 * checkpoints, for runs that start and end inside a byte, fill byte RLE runs to their 130-byte
 * limit and follow literal groups.
 */
@ExtendWith(TestSeed.class)
class BooleanEncoderBulkTest {

  @Test
  void bulkRunsWriteWhatSingleValuesWrite() throws Exception {
    Random random = TestSeed.random("booleanBulk", 0);
    for (int round = 0; round < 300; round++) {
      OrcOutputStream single = new OrcOutputStream(null, 1 << 16);
      OrcOutputStream bulk = new OrcOutputStream(null, 1 << 16);
      BooleanEncoder a = new BooleanEncoder(single);
      BooleanEncoder b = new BooleanEncoder(bulk);
      List<Object> marksA = new ArrayList<>();
      List<Object> marksB = new ArrayList<>();
      int pieces = 1 + random.nextInt(20);
      for (int k = 0; k < pieces; k++) {
        boolean value = random.nextBoolean();
        // short runs (inside a byte), mixed bits, and long runs past 130 bytes of ones or zeros
        int n = switch (random.nextInt(3)) {
          case 0 -> random.nextInt(9);
          case 1 -> random.nextInt(100);
          default -> random.nextInt(5000);
        };
        if (random.nextInt(4) == 0) { // a stretch of random bits between the runs
          for (int i = random.nextInt(40); i > 0; i--) {
            boolean bit = random.nextBoolean();
            a.write(bit);
            b.write(bit);
          }
        }
        for (int i = 0; i < n; i++) {
          a.write(value);
        }
        b.write(value, n);
        marksA.add(a.checkpoint());
        marksB.add(b.checkpoint());
      }
      a.flush();
      b.flush();
      assertThat(bulk.toByteArray()).as(TestSeed.replay()).isEqualTo(single.toByteArray());
      assertThat(marksB).as(TestSeed.replay()).isEqualTo(marksA);
    }
  }
}
