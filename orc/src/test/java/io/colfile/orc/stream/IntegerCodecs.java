package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.Checkpoint;
import java.io.IOException;

/**
 * {@link IntegerEncoder} and {@link IntegerDecoder} as the stream codec contract sees them; reads
 * of one value go through the decoder's single-value method.
 */
final class IntegerCodecs {
  private IntegerCodecs() {}

  static AbstractStreamCodecTest.Encoder encoder(IntegerEncoder e) {
    return new AbstractStreamCodecTest.Encoder() {
      @Override
      public void write(long value) throws IOException {
        e.write(value);
      }

      @Override
      public void write(long[] values, int off, int n) throws IOException {
        e.write(values, off, n);
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

  static AbstractStreamCodecTest.Decoder decoder(IntegerDecoder d) {
    return new AbstractStreamCodecTest.Decoder() {
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
        d.seek(PositionList.integer(compressed, numbers));
      }
    };
  }
}
