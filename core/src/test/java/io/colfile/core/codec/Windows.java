package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.fail;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Buffers for the codec tests: inputs embedded in junk and outputs surrounded by canaries, so
 * that reading or writing outside the given window shows up.
 */
final class Windows {
  /** Filler around every output window; a changed filler byte means a stray write. */
  static final byte CANARY = (byte) 0xA5;
  /** Canary bytes before an output window. */
  static final int PAD = 13;

  private Windows() {}

  /** {@code data} at {@code offset} inside random junk. */
  static byte[] embedded(byte[] data, int offset, Random r) {
    byte[] b = new byte[offset + data.length + 9];
    r.nextBytes(b);
    System.arraycopy(data, 0, b, offset, data.length);
    return b;
  }

  /** An output array for a window of {@code length} bytes at {@link #PAD}, canaries around it. */
  static byte[] canaries(int length) {
    byte[] b = new byte[PAD + length + PAD];
    Arrays.fill(b, CANARY);
    return b;
  }

  /** Fails unless every byte outside {@code [offset, offset + length)} is still a canary. */
  static void assertCanariesOutside(byte[] b, int offset, int length) {
    assertCanaries(b, 0, offset);
    assertCanaries(b, offset + length, b.length);
  }

  static void assertCanaries(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != CANARY) {
        fail("byte %d was overwritten (canaries span [%d, %d))", i, from, to);
      }
    }
  }

  /** Every cut of a short input; for a long one, both ends and a random sample between. */
  static int[] cuts(int length, Random r) {
    if (length <= 300) {
      return IntStream.range(0, length).toArray();
    }
    IntStream ends = IntStream.concat(IntStream.range(0, 64), IntStream.range(length - 64, length));
    return IntStream.concat(ends, r.ints(100, 64, length - 64)).toArray();
  }
}
