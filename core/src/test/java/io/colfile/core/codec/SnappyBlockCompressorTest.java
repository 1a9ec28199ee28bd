package io.colfile.core.codec;

import io.colfile.core.CoreTestSeed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.Lz4ReferenceInputs.Input;
import io.colfile.core.error.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SnappyBlockCompressor} writes Snappy 1.1.8's bytes, and blocks that aircompressor's
 * and snappy-java's decompressors restore.
 *
 * <p>The reference vectors are Snappy 1.1.8's own output: snappy.cc, snappy-sinksource.cc and
 * snappy-stubs-internal.cc at tag 1.1.8 compiled with g++ -O2 behind a ten-line harness calling
 * {@code snappy::RawCompress} (what Kudu's SNAPPY codec calls) on each of {@link #INPUTS},
 * generated as {@link Lz4ReferenceInputs} generates its own. The {@code snappy::RawCompress}
 * inside Kudu 1.17.1's own {@code libkudu_util_compression.so} (kudu-binary) gave the same bytes
 * for every one; interop-tests' KuduSnappyLibraryTest keeps comparing with it on run-seeded
 * inputs.
 */
@ExtendWith(CoreTestSeed.class)
class SnappyBlockCompressorTest extends ReferenceCompressorContract {
  @Override
  Compressor newCompressor() {
    return new SnappyBlockCompressor();
  }

  @Override
  List<Named<byte[]>> allInputs() {
    return inputs();
  }

  /**
   * Fixed inputs on the compressor's edges: the 15-byte margin, table sizes (256 to 16384
   * slots), literal length bytes (60/61, 256/257), copies cut at 64 (lengths 65 to 68), offsets
   * 2047/2048, 64 KiB fragments and matches that would cross them, and the kinds of data Kudu
   * compresses.
   */
  static final List<Input> INPUTS = List.of(
      new Input("random", 0, 1),
      new Input("random", 1, 2),
      new Input("zeros", 14, 3),
      new Input("zeros", 15, 4),
      new Input("zeros", 16, 5),
      new Input("zeros", 17, 6),
      new Input("random", 61, 7),
      new Input("random", 257, 8),
      new Input("zeros", 66, 9),
      new Input("zeros", 67, 10),
      new Input("zeros", 68, 11),
      new Input("zeros", 69, 12),
      new Input("alphabet", 100, 13),
      new Input("text", 256, 14),
      new Input("text", 257, 15),
      new Input("text", 1000, 16),
      new Input("period2047", 5000, 17),
      new Input("period2048", 5000, 18),
      new Input("transposed", 8192, 19),
      new Input("copies", 16384, 20),
      new Input("copies", 16385, 21),
      new Input("copies", 65535, 22),
      new Input("zeros", 65536, 23),
      new Input("zeros", 65537, 24),
      new Input("text", 65536 + 15, 25),
      new Input("random", 100_000, 26),
      new Input("period65535", 140_000, 27),
      new Input("period70000", 140_000, 28),
      new Input("copies", 200_000, 29),
      new Input("text", 300_000, 30),
      new Input("alphabet", 1 << 20, 31));

  /** {length, CRC-32} of Snappy 1.1.8's block for each of {@link #INPUTS}, in order. */
  private static final long[][] REFERENCE = {
    {1, 0xd202ef8dL}, {3, 0xa1863b2dL}, {16, 0x8ae2794cL}, {17, 0x8d6618c4L},
    {18, 0xe5525083L}, {6, 0x4ea68946L}, {64, 0x5a748279L}, {262, 0x0dc6745aL},
    {8, 0x2bb2c0f1L}, {8, 0x4bad8f63L}, {8, 0x2504437eL}, {8, 0x25fb9b6eL},
    {88, 0xfa828f12L}, {170, 0x50261073L}, {192, 0x7d0452a7L}, {487, 0xa6c3f4f3L},
    {2252, 0x46b5f801L}, {2516, 0x7d8f88d2L}, {2093, 0x80855404L}, {1657, 0xb0bbeda8L},
    {1546, 0x411e705eL}, {6224, 0xf4346f41L}, {3077, 0xb520c77aL}, {3079, 0xea0ec683L},
    {22364, 0x7a2251a5L}, {100009, 0xead47b20L}, {140012, 0x7cbecf16L}, {140012, 0x94c72595L},
    {27129, 0x96a330abL}, {103028, 0xd08ef12bL}, {525480, 0xe966cd7dL},
  };

  static Stream<Arguments> referenceInputs() {
    return indexesOf(INPUTS);
  }

  /** The shared codec corpus (run-seeded) and the reference inputs. */
  static List<Named<byte[]>> inputs() {
    return corpusAnd(INPUTS);
  }

  @ParameterizedTest
  @MethodSource("referenceInputs")
  void writesSnappyReferenceBytes(int i) {
    assertReferenceBlock(INPUTS, REFERENCE, i);
  }

  @Test
  void writesTheReferenceBytesOfSmallBlocks() {
    assertThat(compress(new byte[0])).containsExactly(0x00);
    assertThat(compress(new byte[] {0x39})).isEqualTo(hex("01 00 39"));
    // under 17 bytes no probe fits before the 15-byte margin: one literal
    assertThat(compress(new byte[16])).isEqualTo(hex("10 3c 00000000000000000000000000000000"));
    // 17 zeros: a literal of one, then a copy of 16 one byte back (3 bytes: 12 or more long)
    assertThat(compress(new byte[17])).isEqualTo(hex("11 00 00 3e 0100"));
    // copies of 65 to 68: 60 + 5, 60 + 6, 60 + 7, then 64 + 4 (no piece under 4)
    assertThat(compress(new byte[66])).isEqualTo(hex("42 00 00 ee 0100 05 01"));
    assertThat(compress(new byte[67])).isEqualTo(hex("43 00 00 ee 0100 09 01"));
    assertThat(compress(new byte[68])).isEqualTo(hex("44 00 00 ee 0100 0d 01"));
    assertThat(compress(new byte[69])).isEqualTo(hex("45 00 00 fe 0100 01 01"));
    byte[] abc = "abcdefghabcdefghabcdefghabcdefgh".getBytes(StandardCharsets.US_ASCII);
    assertThat(compress(abc)).isEqualTo(hex("20 1c 6162636465666768 5e 0800"));
  }

  /**
   * Why this class exists: for some inputs aircompressor's Snappy encoder picks other copies
   * (on random bytes repeating every 2047 bytes it writes 2201 bytes where 1.1.8 writes 2252).
   */
  @Test
  void aircompressorWritesOtherBytesForSomeInputs() {
    byte[] data = INPUTS.get(16).bytes();
    assertThat(INPUTS.get(16).kind()).isEqualTo("period2047");
    assertThat(compress(data)).hasSize(2252);
    assertThat(compress(CompressionCodec.SNAPPY.newPureJavaCompressor(), data)).hasSize(2201);
  }

  @Test
  void tableSizesFollowTheFragmentLength() {
    assertThat(SnappyBlockCompressor.tableSize(1)).isEqualTo(256);
    assertThat(SnappyBlockCompressor.tableSize(256)).isEqualTo(256);
    assertThat(SnappyBlockCompressor.tableSize(257)).isEqualTo(512);
    assertThat(SnappyBlockCompressor.tableSize(4096)).isEqualTo(4096);
    assertThat(SnappyBlockCompressor.tableSize(4097)).isEqualTo(8192);
    assertThat(SnappyBlockCompressor.tableSize(16384)).isEqualTo(16384);
    assertThat(SnappyBlockCompressor.tableSize(65536)).isEqualTo(16384);
  }

  @ParameterizedTest
  @MethodSource("inputs")
  void roundTripsThroughBothDecompressors(byte[] data) throws MalformedInputException {
    assertDecodes(compress(data), data);
  }

  /**
   * Run-seeded inputs of 0 to 300 KiB, random or compressible (runs, repeats near and far,
   * small alphabets), many of them on or next to a 64 KiB fragment boundary.
   */
  @Test
  void roundTripsRandomInputs() throws MalformedInputException {
    Random r = CodecTestData.random(118);
    SnappyBlockCompressor reused = new SnappyBlockCompressor();
    for (int i = 0; i < 120; i++) {
      int size = switch (i % 4) {
        case 0 -> r.nextInt(300);
        case 1 -> (1 + r.nextInt(4)) * 65536 + r.nextInt(33) - 16;
        default -> r.nextInt(300 << 10);
      };
      byte[] data = mixed(r, size);
      byte[] out = compress(reused, data);
      assertThat(out.length).as("input %d of %d bytes", i, size)
          .isLessThanOrEqualTo(reused.maxCompressedLength(size));
      assertDecodes(out, data);
    }
  }

  /** Random bytes, runs and copies from near and far (up to 100 KiB back) in random measure. */
  private static byte[] mixed(Random r, int size) {
    byte[] b = new byte[size];
    int alphabet = 1 + r.nextInt(256);
    int p = 0;
    while (p < size) {
      int n = Math.min(size - p, 1 + r.nextInt(r.nextBoolean() ? 16 : 2000));
      switch (r.nextInt(4)) {
        case 0 -> {
          for (int i = 0; i < n; i++) {
            b[p++] = (byte) r.nextInt(alphabet);
          }
        }
        case 1 -> {
          Arrays.fill(b, p, p + n, (byte) r.nextInt(alphabet));
          p += n;
        }
        default -> {
          if (p == 0) {
            continue;
          }
          int distance = 1 + r.nextInt(Math.min(p, r.nextBoolean() ? 64 : 100_000));
          for (int i = 0; i < n; i++, p++) {
            b[p] = b[p - distance];
          }
        }
      }
    }
    return b;
  }

  private static void assertDecodes(byte[] compressed, byte[] data)
      throws MalformedInputException {
    List<Decompressor> decoders = new ArrayList<>();
    decoders.add(CompressionCodec.SNAPPY.newPureJavaDecompressor());
    if (NativeCodecs.SNAPPY.loaded()) {
      decoders.add(SnappyJavaDecompressor.create());
    }
    for (Decompressor d : decoders) {
      byte[] back = new byte[data.length];
      int n = d.decompress(compressed, 0, compressed.length, back, 0, back.length);
      assertThat(n).as("%s: length of %d bytes", d, data.length).isEqualTo(data.length);
      assertThat(back).as("%s", d).isEqualTo(data);
    }
  }

  @Test
  void boundIsSnappysMaxCompressedLength() {
    Compressor c = new SnappyBlockCompressor();
    assertThat(c.maxCompressedLength(0)).isEqualTo(32);
    assertThat(c.maxCompressedLength(100_000)).isEqualTo(32 + 100_000 + 16_666);
    assertThatThrownBy(() -> c.maxCompressedLength(Integer.MAX_VALUE - 100))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> c.maxCompressedLength(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
