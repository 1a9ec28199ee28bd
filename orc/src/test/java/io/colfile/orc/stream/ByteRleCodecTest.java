package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.Checkpoint;
import java.io.IOException;
import java.util.Random;

/**
 * Byte RLE (orc.md section 6.2) through the stream codec contract; values are signed bytes, read
 * one at a time, into bytes and into longs.
 */
class ByteRleCodecTest extends AbstractStreamCodecTest {

  @Override
  Encoder encoder(OrcOutputStream out) {
    ByteRleEncoder e = new ByteRleEncoder(out);
    return new Encoder() {
      @Override
      public void write(long value) throws IOException {
        e.write((byte) value);
      }

      @Override
      public void write(long[] values, int off, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
          b[i] = (byte) values[off + i];
        }
        e.write(b, 0, n);
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
    ByteRleDecoder d = new ByteRleDecoder(in);
    return new Decoder() {
      @Override
      public void next(long[] dst, int off, int n) throws CorruptFileException {
        if (n == 1) { // each of the decoder's three read methods in turn
          dst[off] = d.next();
        } else if (n % 2 == 0) {
          byte[] b = new byte[n];
          d.next(b, 0, n);
          for (int i = 0; i < n; i++) {
            dst[off + i] = b[i];
          }
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
        d.seek(PositionList.byteRle(compressed, numbers));
      }
    };
  }

  @Override
  long min() {
    return Byte.MIN_VALUE;
  }

  @Override
  long max() {
    return Byte.MAX_VALUE;
  }

  /** Up to 5,000 bytes: single ones, short repeats and runs up to 300 long. */
  @Override
  long[] seededValues(Random random) {
    long[] values = new long[random.nextInt(5000)];
    for (int i = 0; i < values.length; ) {
      byte x = (byte) random.nextInt();
      int times = random.nextBoolean() ? 1 : 1 + random.nextInt(random.nextBoolean() ? 5 : 300);
      for (int k = 0; k < times && i < values.length; k++) {
        values[i++] = x;
      }
    }
    return values;
  }
}
