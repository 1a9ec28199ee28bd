package io.colfile.core.codec;

import io.colfile.core.CoreTestSeed;
import static io.colfile.core.codec.Windows.PAD;
import static io.colfile.core.codec.Windows.assertCanariesOutside;
import static io.colfile.core.codec.Windows.canaries;
import static io.colfile.core.codec.Windows.embedded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.colfile.core.error.MalformedInputException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every {@link CompressionCodec} meets, run once per codec by a small subclass:
 * round trips over a corpus through padded buffers at non-zero offsets, nothing written outside
 * the allowed window, output that does not fit reported (-1 or {@link MalformedInputException}),
 * and damaged input (truncated, bit-flipped, random) rejected with {@link
 * MalformedInputException} and nothing else: no other exception type, no hang (the timeout).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ExtendWith(CoreTestSeed.class)
abstract class AbstractCodecTest {
  abstract CompressionCodec codec();

  /**
   * The decompressor under test: the codec's default (native where a library loaded); the
   * {@code *PureJava*} subclasses test the pure-Java one.
   */
  Decompressor newDecompressor() {
    return codec().newDecompressor();
  }

  /** The compressor under test, as {@link #newDecompressor}. */
  Compressor newCompressor() {
    return codec().newCompressor();
  }

  /** The compressed form of {@code data}; codecs we only read override this. */
  byte[] compress(byte[] data) {
    Compressor c = newCompressor();
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    int n = c.compress(data, 0, data.length, out, 0, out.length);
    assertThat(n).isBetween(0, out.length);
    return Arrays.copyOf(out, n);
  }

  /** Decodes all of {@code input} with a fresh decompressor, allowing {@code max} bytes. */
  byte[] decompress(byte[] input, int max) throws MalformedInputException {
    byte[] out = new byte[max];
    int n = newDecompressor().decompress(input, 0, input.length, out, 0, max);
    return Arrays.copyOf(out, n);
  }

  /** False for codecs colfile only reads: the compressor tests are skipped. */
  boolean canCompress() {
    return true;
  }

  /** False where the compressed form of empty input is itself empty (LZO), which we refuse. */
  boolean roundTripsEmpty() {
    return true;
  }

  /**
   * True where a cut block can still be a valid shorter block (LZ4: no length, no end marker;
   * a cut right after a run of literals is a well-formed block). It must then decode to a
   * prefix of the original.
   */
  boolean truncationMayYieldPrefix() {
    return false;
  }

  /** False where the bytes have no structure to damage (NONE). */
  boolean detectsDamage() {
    return true;
  }

  static List<Named<byte[]>> corpus() {
    return CodecTestData.corpus();
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void compressesIntoAPaddedWindow(byte[] data) {
    assumeTrue(canCompress(), "skipped: this codec only decompresses (LZO is read-only)");
    Compressor c = newCompressor();
    int bound = c.maxCompressedLength(data.length);
    byte[] in = embedded(data, 5, CodecTestData.random(5));
    byte[] out = canaries(bound);
    int n = c.compress(in, 5, data.length, out, PAD, bound);
    assertThat(n).isBetween(0, bound);
    assertCanariesOutside(out, PAD, bound);
    assertThat(Arrays.copyOfRange(out, PAD, PAD + n)).isEqualTo(compress(data));
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void roundTripsThroughPaddedWindows(byte[] data) throws MalformedInputException {
    assumeTrue(data.length > 0 || roundTripsEmpty(),
        "skipped: this codec's empty block is zero bytes, which colfile refuses as damage");
    byte[] compressed = compress(data);
    byte[] in = embedded(compressed, 3, CodecTestData.random(3));
    Decompressor d = newDecompressor();
    for (int slack : new int[] {0, 1, 1000}) {
      byte[] out = canaries(data.length + slack);
      int n = d.decompress(in, 3, compressed.length, out, PAD, data.length + slack);
      assertThat(n).as("slack %d", slack).isEqualTo(data.length);
      assertThat(Arrays.copyOfRange(out, PAD, PAD + n)).isEqualTo(data);
      assertCanariesOutside(out, PAD, data.length + slack);
    }
  }

  @Test
  void instancesAreReusableAcrossBlocks() throws MalformedInputException {
    Compressor c = canCompress() ? newCompressor() : null;
    Decompressor d = newDecompressor();
    List<Named<byte[]>> corpus = corpus();
    int size = corpus.size();
    for (int i = 0; i < 2 * size; i++) {
      byte[] data = corpus.get(i < size ? i : 2 * size - 1 - i).getPayload();
      if (data.length == 0 && !roundTripsEmpty()) {
        continue;
      }
      byte[] compressed = compress(data);
      if (c != null) {
        byte[] out = new byte[c.maxCompressedLength(data.length)];
        int n = c.compress(data, 0, data.length, out, 0, out.length);
        assertThat(Arrays.copyOf(out, n)).isEqualTo(compressed);
      }
      byte[] back = new byte[data.length];
      assertThat(d.decompress(compressed, 0, compressed.length, back, 0, back.length))
          .isEqualTo(data.length);
      assertThat(back).isEqualTo(data);
    }
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void compressReportsOutputThatDoesNotFit(byte[] data) {
    assumeTrue(canCompress(), "skipped: this codec only decompresses (LZO is read-only)");
    int size = compress(data).length;
    Compressor c = newCompressor();
    for (int limit : new int[] {0, size / 2, size - 1}) {
      if (limit < 0 || limit >= size) {
        continue;
      }
      byte[] out = canaries(limit);
      assertThat(c.compress(data, 0, data.length, out, PAD, limit))
          .as("limit %d", limit)
          .isEqualTo(-1);
      assertCanariesOutside(out, PAD, limit);
    }
    // A failed call leaves the compressor usable.
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    assertThat(c.compress(data, 0, data.length, out, 0, out.length)).isEqualTo(size);
  }

  /** A window of exactly the compressed size fits (ORC asks for "strictly smaller" this way). */
  @ParameterizedTest
  @MethodSource("corpus")
  void compressFitsAWindowOfExactlyItsOutput(byte[] data) {
    assumeTrue(canCompress(), "skipped: this codec only decompresses (LZO is read-only)");
    byte[] expected = compress(data);
    Compressor c = newCompressor();
    byte[] out = canaries(expected.length);
    assertThat(c.compress(data, 0, data.length, out, PAD, expected.length))
        .isEqualTo(expected.length);
    assertCanariesOutside(out, PAD, expected.length);
    assertThat(Arrays.copyOfRange(out, PAD, PAD + expected.length)).isEqualTo(expected);
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void decompressRejectsOutputThatDoesNotFit(byte[] data) throws MalformedInputException {
    assumeTrue(data.length > 0, "skipped: empty input always fits");
    byte[] compressed = compress(data);
    Decompressor d = newDecompressor();
    for (int limit : new int[] {0, data.length / 2, data.length - 1}) {
      byte[] out = canaries(data.length);
      assertThatThrownBy(() -> d.decompress(compressed, 0, compressed.length, out, PAD, limit))
          .as("limit %d", limit)
          .isInstanceOf(MalformedInputException.class);
      assertCanariesOutside(out, PAD, limit);
    }
    // A failed call leaves the decompressor usable.
    byte[] out = new byte[data.length];
    assertThat(d.decompress(compressed, 0, compressed.length, out, 0, out.length))
        .isEqualTo(data.length);
    assertThat(out).isEqualTo(data);
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void rejectsTruncatedInput(byte[] data) throws MalformedInputException {
    assumeTrue(detectsDamage(), "skipped: stored bytes (NONE) carry no structure to damage");
    assumeTrue(data.length > 0 || roundTripsEmpty(),
        "skipped: this codec's empty block is zero bytes, which colfile refuses as damage");
    byte[] compressed = compress(data);
    Decompressor d = newDecompressor();
    for (int cut : Windows.cuts(compressed.length, CodecTestData.random(7))) {
      byte[] out = canaries(data.length);
      try {
        int n = d.decompress(compressed, 0, cut, out, PAD, data.length);
        if (!truncationMayYieldPrefix()) {
          fail("%d of %d compressed bytes decoded to %d bytes instead of failing",
              cut, compressed.length, n);
        }
        assertThat(n).as("cut at %d", cut).isLessThan(data.length);
        assertThat(Arrays.copyOfRange(out, PAD, PAD + n)).isEqualTo(Arrays.copyOf(data, n));
      } catch (MalformedInputException expected) {
        // the outcome wanted
      } catch (RuntimeException e) {
        throw new AssertionError("cut at " + cut + " of " + compressed.length + " threw " + e, e);
      }
      assertCanariesOutside(out, PAD, data.length);
    }
    byte[] out = new byte[data.length];
    assertThat(d.decompress(compressed, 0, compressed.length, out, 0, out.length))
        .isEqualTo(data.length);
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void damagedInputFailsOnlyWithMalformedInput(byte[] data) {
    byte[] compressed = compress(data);
    Random r = CodecTestData.random(11);
    Decompressor d = newDecompressor();
    int rounds = data.length > (64 << 10) ? 150 : 400;
    for (int i = 0; i < rounds && compressed.length > 0; i++) {
      byte[] damaged = compressed.clone();
      int flips = 1 + r.nextInt(3);
      for (int f = 0; f < flips; f++) {
        // Half the flips land in the first 64 bytes, where headers, lengths and tables live.
        int at = r.nextInt(r.nextBoolean() ? Math.min(damaged.length, 64) : damaged.length);
        damaged[at] ^= (byte) (1 << r.nextInt(8));
      }
      int limit = data.length + (r.nextBoolean() ? 0 : 100);
      decodeOrReject(d, damaged, limit, "flip round " + i);
    }
  }

  @Test
  void randomBytesFailOnlyWithMalformedInput() {
    Random r = CodecTestData.random(13);
    Decompressor d = newDecompressor();
    for (int i = 0; i < 2000; i++) {
      byte[] garbage = new byte[r.nextInt(i < 1000 ? 16 : 600)];
      r.nextBytes(garbage);
      decodeOrReject(d, garbage, r.nextInt(4096), "garbage round " + i);
    }
  }

  @Test
  void rejectsBadArgumentsAsCallerBugs() {
    Decompressor d = newDecompressor();
    byte[] b = new byte[16];
    Class<IndexOutOfBoundsException> outOfBounds = IndexOutOfBoundsException.class;
    assertThatThrownBy(() -> d.decompress(b, -1, 4, b, 0, 4)).isInstanceOf(outOfBounds);
    assertThatThrownBy(() -> d.decompress(b, 10, 7, b, 0, 4)).isInstanceOf(outOfBounds);
    assertThatThrownBy(() -> d.decompress(b, 0, 4, b, 8, 9)).isInstanceOf(outOfBounds);
    assertThatThrownBy(() -> d.decompress(b, 0, 4, b, 0, -1)).isInstanceOf(outOfBounds);
    assertThatThrownBy(() -> d.decompress(null, 0, 0, b, 0, 4))
        .isInstanceOf(NullPointerException.class);
    if (!canCompress()) {
      assertThatThrownBy(() -> newCompressor())
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining(codec().name());
      return;
    }
    Compressor c = newCompressor();
    assertThatThrownBy(() -> c.compress(b, 0, 17, b, 0, 4)).isInstanceOf(outOfBounds);
    assertThatThrownBy(() -> c.compress(b, 0, 4, b, -1, 4)).isInstanceOf(outOfBounds);
    assertThatThrownBy(() -> c.compress(b, 0, 4, null, 0, 4))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.maxCompressedLength(-1))
        .isInstanceOf(IllegalArgumentException.class);
    // Near the top of the int range a bound must not wrap around to a small or negative size.
    try {
      assertThat(c.maxCompressedLength(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
    } catch (IllegalArgumentException refused) {
      // equally fine: no array could hold the worst case
    }
  }

  /** Decodes {@code input} placed inside junk, accepting success or MalformedInputException. */
  static void decodeOrReject(Decompressor d, byte[] input, int limit, String what) {
    byte[] in = embedded(input, 7, CodecTestData.random(input.length));
    byte[] out = canaries(limit);
    try {
      int n = d.decompress(in, 7, input.length, out, PAD, limit);
      assertThat(n).as(what).isBetween(0, limit);
    } catch (MalformedInputException expected) {
      // fine: the damage was noticed
    } catch (RuntimeException e) {
      throw new AssertionError(what + ": " + input.length + " bytes threw " + e, e);
    }
    assertCanariesOutside(out, PAD, limit);
  }
}
