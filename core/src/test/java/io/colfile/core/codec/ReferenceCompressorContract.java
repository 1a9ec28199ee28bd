package io.colfile.core.codec;

import static io.colfile.core.codec.Windows.PAD;
import static io.colfile.core.codec.Windows.assertCanariesOutside;
import static io.colfile.core.codec.Windows.canaries;
import static io.colfile.core.codec.Windows.embedded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
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

  /** The shared codec corpus (run-seeded) and {@code reference}'s inputs, named. */
  static List<Named<byte[]>> corpusAnd(List<Lz4ReferenceInputs.Input> reference) {
    List<Named<byte[]>> all = new ArrayList<>(CodecTestData.corpus());
    for (Lz4ReferenceInputs.Input in : reference) {
      all.add(Named.of(in.toString(), in.bytes()));
    }
    return all;
  }

  /** The index of each of {@code reference}'s inputs, named after it. */
  static Stream<Arguments> indexesOf(List<Lz4ReferenceInputs.Input> reference) {
    return IntStream.range(0, reference.size()).mapToObj(i ->
        Arguments.of(Named.of(reference.get(i).toString(), i)));
  }

  static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  /**
   * The block of the {@code i}th of {@code inputs} has the reference library's {length, CRC-32}
   * ({@code expected[i]}).
   */
  void assertReferenceBlock(List<Lz4ReferenceInputs.Input> inputs, long[][] expected, int i) {
    assertThat(expected.length).isEqualTo(inputs.size());
    byte[] out = compress(inputs.get(i).bytes());
    CRC32 crc = new CRC32();
    crc.update(out);
    assertThat(new long[] {out.length, crc.getValue()}).containsExactly(expected[i]);
  }

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
