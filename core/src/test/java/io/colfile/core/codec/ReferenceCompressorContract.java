package io.colfile.core.codec;

import static io.colfile.core.codec.Windows.PAD;
import static io.colfile.core.codec.Windows.assertCanariesOutside;
import static io.colfile.core.codec.Windows.canaries;
import static io.colfile.core.codec.Windows.embedded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a compressor that writes a reference library's exact bytes ({@link Lz4BlockCompressor},
 * {@link SnappyBlockCompressor}) must do whatever its format: the same bytes from an instance
 * used again as from a fresh one, the same bytes into a window inside larger arrays, -1 and no
 * byte written outside the window when its output does not fit, and ranges checked. Each test
 * class gives its compressor and a static {@code inputs()} of named blocks.
 */
abstract class ReferenceCompressorContract {
  /** A new compressor of the kind tested. */
  abstract Compressor newCompressor();

  /** The inputs of the test class ({@code inputs()}), for the tests that take them all. */
  abstract List<Named<byte[]>> allInputs();

  static byte[] compress(Compressor c, byte[] data) {
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    int n = c.compress(data, 0, data.length, out, 0, out.length);
    assertThat(n).isBetween(1, out.length);
    return Arrays.copyOf(out, n);
  }

  byte[] compress(byte[] data) {
    return compress(newCompressor(), data);
  }

  /** The table is reused: a block must not see the previous block's positions. */
  @Test
  void aReusedInstanceWritesWhatAFreshOneWrites() {
    Compressor reused = newCompressor();
    List<Named<byte[]>> all = allInputs();
    for (int i = 0; i < 2 * all.size(); i++) {
      byte[] data = all.get(i < all.size() ? i : 2 * all.size() - 1 - i).getPayload();
      assertThat(compress(reused, data)).as("block %d", i).isEqualTo(compress(data));
    }
  }

  @ParameterizedTest
  @MethodSource("inputs")
  void compressesIntoAPaddedWindow(byte[] data) {
    Compressor c = newCompressor();
    int bound = c.maxCompressedLength(data.length);
    byte[] in = embedded(data, 5, CodecTestData.random(5));
    byte[] out = canaries(bound);
    int n = c.compress(in, 5, data.length, out, PAD, bound);
    assertCanariesOutside(out, PAD, bound);
    assertThat(Arrays.copyOfRange(out, PAD, PAD + n)).isEqualTo(compress(data));
  }

  @ParameterizedTest
  @MethodSource("inputs")
  void reportsOutputThatDoesNotFitAndFillsAnExactWindow(byte[] data) {
    byte[] expected = compress(data);
    Compressor c = newCompressor();
    for (int limit : new int[] {0, 1, expected.length / 2, expected.length - 3,
        expected.length - 1}) {
      if (limit < 0 || limit >= expected.length) {
        continue;
      }
      byte[] out = canaries(limit);
      assertThat(c.compress(data, 0, data.length, out, PAD, limit)).as("limit %d", limit)
          .isEqualTo(-1);
      assertCanariesOutside(out, PAD, limit);
    }
    byte[] out = canaries(expected.length);
    assertThat(c.compress(data, 0, data.length, out, PAD, expected.length))
        .isEqualTo(expected.length);
    assertCanariesOutside(out, PAD, expected.length);
    assertThat(Arrays.copyOfRange(out, PAD, PAD + expected.length)).isEqualTo(expected);
  }

  @Test
  void rejectsRangesOutsideTheArrays() {
    Compressor c = newCompressor();
    byte[] out = new byte[100];
    assertThatThrownBy(() -> c.compress(new byte[10], 5, 6, out, 0, 100))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> c.compress(new byte[10], 0, 10, out, 50, 51))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }
}
