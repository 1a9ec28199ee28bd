package io.colfile.orc.stream;

import java.util.Arrays;

/** Test-only boolean RLE encoder (orc.md section 6.3), with per-bit positions. */
final class BooleanWriter {
  final ByteRleWriter bytes = new ByteRleWriter();
  private boolean[] bits;

  void write(boolean[] values) {
    bits = values.clone();
    byte[] packed = new byte[(values.length + 7) / 8];
    for (int i = 0; i < values.length; i++) {
      if (values[i]) {
        packed[i >>> 3] |= (byte) (0x80 >>> (i & 7));
      }
    }
    bytes.write(packed);
  }

  byte[] toByteArray() {
    return bytes.out.toByteArray();
  }

  /** Byte RLE position of the byte holding bit {@code i}, then the bits of it used before. */
  long[] position(FramedStream stream, int i, boolean endOfChunk) {
    long[] p = bytes.marks.position(stream, i >>> 3, endOfChunk);
    long[] all = Arrays.copyOf(p, p.length + 1);
    all[p.length] = i & 7;
    return all;
  }

  boolean[] values() {
    return bits.clone();
  }
}
