package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.Checkpoint;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Boolean RLE (orc.md section 6.3: bits packed most significant first, then byte RLE) through
 * the stream codec contract; values are 0 and 1.
 */
class BooleanRleCodecTest extends AbstractStreamCodecTest {

  @Override
  Encoder encoder(OrcOutputStream out) {
    BooleanEncoder e = new BooleanEncoder(out);
    return new Encoder() {
      @Override
      public void write(long value) throws IOException {
        e.write(value != 0);
      }

      @Override
      public Checkpoint checkpoint() {
        return e.checkpoint();
      }

      @Override
      public void flush() throws IOException {
        e.flush();
      }
    };
  }

  @Override
  Decoder decoder(OrcInputStream in) {
    BooleanDecoder d = new BooleanDecoder(in);
    return new Decoder() {
      @Override
      public void next(long[] dst, int off, int n) throws CorruptFileException {
        if (n == 1) { // the single-value method too
          dst[off] = d.next();
        } else {
          d.next(dst, off, n);
        }
      }

      @Override
      public void next(long[] dst, int off, int n, boolean[] isNull)
          throws CorruptFileException {
        d.next(dst, off, n, isNull);
      }

      @Override
      public void skip(long n) throws CorruptFileException {
        d.skip(n);
      }

      @Override
      public void seek(long[] numbers, boolean compressed) throws CorruptFileException {
        d.seek(PositionList.bool(compressed, numbers));
      }
    };
  }

  @Override
  long min() {
    return 0;
  }

  @Override
  long max() {
    return 1;
  }

  /** The last byte is padded with zero bits, which read as false values. */
  @Override
  boolean endIsExact(int n) {
    return n % 8 == 0;
  }

  /** Up to 20,000 bits of a random density, single ones and runs up to 500 long. */
  @Override
  long[] seededValues(Random random) {
    long[] values = new long[random.nextInt(20_000)];
    int density = random.nextInt(101);
    for (int i = 0; i < values.length; ) {
      long x = random.nextInt(100) < density ? 1 : 0;
      int times = random.nextBoolean() ? 1 : 1 + random.nextInt(500);
      for (int k = 0; k < times && i < values.length; k++) {
        values[i++] = x;
      }
    }
    return values;
  }

  @Test
  void checkpointEndsWithTheBitsUsedOfThePendingByte() throws Exception {
    Random random = TestSeed.random("booleanCheckpoint", 0);
    WrittenStream s = WrittenStream.random(random);
    BooleanEncoder e = new BooleanEncoder(s.out);
    for (int i = 0; i < 1000; i++) {
      long[] p = PositionList.of(e.checkpoint(), s.out.isCompressed()).toArray();
      assertThat(p[p.length - 1]).as("bit %d in %s, %s", i, s, TestSeed.replay())
          .isEqualTo(i % 8);
      e.write(random.nextBoolean());
    }
    assertThat(s.out.isCompressed()).isEqualTo(s.codec != CompressionCodec.NONE);
  }
}
