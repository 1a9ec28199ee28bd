package io.colfile.orc.stream;

import java.math.BigInteger;
import java.util.Arrays;

/** A growable byte buffer with the primitive writes the test encoders need. */
final class ByteWriter {
  private byte[] buf = new byte[64];
  private int size;

  int size() {
    return size;
  }

  byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  void write(int b) {
    if (size == buf.length) {
      buf = Arrays.copyOf(buf, size * 2);
    }
    buf[size++] = (byte) b;
  }

  void write(byte[] bytes) {
    for (byte b : bytes) {
      write(b);
    }
  }

  void writeVarUnsigned(long v) {
    while ((v & ~0x7fL) != 0) {
      write((int) (v & 0x7f) | 0x80);
      v >>>= 7;
    }
    write((int) v);
  }

  void writeVarSigned(long v) {
    writeVarUnsigned(zigzag(v));
  }

  void writeBigVarSigned(BigInteger v) {
    BigInteger u = v.signum() >= 0 ? v.shiftLeft(1) : v.shiftLeft(1).not(); // zigzag
    BigInteger low7 = BigInteger.valueOf(0x7f);
    while (u.bitLength() > 7) {
      write(u.and(low7).intValue() | 0x80);
      u = u.shiftRight(7);
    }
    write(u.intValue());
  }

  void writeBigEndian(long v, int bytes) {
    for (int i = bytes - 1; i >= 0; i--) {
      write((int) (v >>> (8 * i)));
    }
  }

  /** Bit-packs values MSB first, padding the block to a byte (RLE v2). */
  void pack(long[] values, int off, int n, int width) {
    int acc = 0;
    int bits = 0;
    for (int i = 0; i < n; i++) {
      long v = values[off + i];
      if (width < 64 && (v >>> width) != 0) {
        throw new IllegalArgumentException(v + " does not fit in " + width + " bits");
      }
      for (int b = width - 1; b >= 0; b--) {
        acc = acc << 1 | (int) ((v >>> b) & 1);
        if (++bits == 8) {
          write(acc);
          acc = 0;
          bits = 0;
        }
      }
    }
    if (bits > 0) {
      write(acc << (8 - bits));
    }
  }

  static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }
}
