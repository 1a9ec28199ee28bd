package io.colfile.orc.stream;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.CorruptFileException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * FLOAT and DOUBLE DATA streams: IEEE 754 little-endian, 4 or 8 bytes per non-null value (orc.md
 * section 7). Whole values are read straight from the stream's window through {@link
 * Endian}; only a value split by a chunk boundary (or the stream's end) goes byte by byte.
 */
final class IeeeFloats {
  private IeeeFloats() {}

  static void read(OrcInputStream in, float[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    while (n > 0) {
      int k = Math.min(n, (in.limit - in.pos) >> 2);
      if (k == 0) {
        dst[off++] = Float.intBitsToFloat((int) readSplit(in, 4));
        n--;
        continue;
      }
      byte[] b = in.cur;
      int p = in.pos;
      for (int i = 0; i < k; i++, p += 4) {
        dst[off + i] = Endian.getFloatLE(b, p);
      }
      in.pos = p;
      off += k;
      n -= k;
    }
  }

  static void readWidened(OrcInputStream in, double[] dst, int off, int n)
      throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    while (n > 0) {
      int k = Math.min(n, (in.limit - in.pos) >> 2);
      if (k == 0) {
        dst[off++] = Float.intBitsToFloat((int) readSplit(in, 4));
        n--;
        continue;
      }
      byte[] b = in.cur;
      int p = in.pos;
      for (int i = 0; i < k; i++, p += 4) {
        dst[off + i] = Endian.getFloatLE(b, p);
      }
      in.pos = p;
      off += k;
      n -= k;
    }
  }

  static void read(OrcInputStream in, double[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    while (n > 0) {
      int k = Math.min(n, (in.limit - in.pos) >> 3);
      if (k == 0) {
        dst[off++] = Double.longBitsToDouble(readSplit(in, 8));
        n--;
        continue;
      }
      // A bulk copy (a plain memory copy on little-endian machines) beats a load per value.
      ByteBuffer.wrap(in.cur, in.pos, k << 3).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer()
          .get(dst, off, k);
      in.pos += k << 3;
      off += k;
      n -= k;
    }
  }

  /** One value byte by byte, crossing into the next chunk as needed. */
  private static long readSplit(OrcInputStream in, int bytes) throws CorruptFileException {
    long v = 0;
    for (int i = 0; i < bytes; i++) {
      v |= (long) in.readByte("a floating-point value") << (8 * i);
    }
    return v;
  }
}
