package io.colfile.core.codec;

import io.colfile.core.CoreTestSeed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Lz4BlockCompressor} writes LZ4 1.9.3's bytes, and blocks that aircompressor's LZ4
 * decompressor (the one colfile reads with) restores.
 *
 * <p>The reference vectors are LZ4 1.9.3's own output: lib/lz4.c at tag v1.9.3 compiled with
 * gcc -O2 behind a ten-line harness calling {@code LZ4_compress_default(src, dst, n,
 * LZ4_compressBound(n))} on each of {@link Lz4ReferenceInputs#INPUTS}; the spec examples are
 * cfile.md section 6.4.2's, checked the same way.
 */
@ExtendWith(CoreTestSeed.class)
class Lz4BlockCompressorTest extends ReferenceCompressorContract {
  @Override
  Compressor newCompressor() {
    return new Lz4BlockCompressor();
  }

  @Override
  List<Named<byte[]>> allInputs() {
    return inputs();
  }

  /** {length, CRC-32} of LZ4 1.9.3's block for each of Lz4ReferenceInputs.INPUTS, in order. */
  private static final long[][] REFERENCE = {
    {1, 0xd202ef8dL}, {2, 0x541e88a6L}, {13, 0x39b639c5L}, {13, 0x1293f23eL},
    {10, 0xef375af4L}, {14, 0xf0a50050L}, {10, 0x0deb418dL}, {93, 0x707c2405L},
    {591, 0xadb9b8ccL}, {546, 0xb5087c51L}, {2229, 0x47cfcdc5L}, {5705, 0x9f2c4da5L},
    {2501, 0x2013a8a6L}, {267, 0xb15fa256L}, {267, 0x80b7b8cbL}, {3668, 0xeb33adcdL},
    {4596, 0x013ef38aL}, {100394, 0x544a1f66L}, {66093, 0x7e7166b9L}, {140550, 0x40584411L},
    {140550, 0xb9d25570L}, {18840, 0xb40a1f6aL}, {127695, 0x99f2834bL},
    {593644, 0x27dd11e4L},
  };

  static Stream<Arguments> referenceInputs() {
    return indexesOf(Lz4ReferenceInputs.INPUTS);
  }

  /** The shared codec corpus (run-seeded) and the reference inputs. */
  static List<Named<byte[]>> inputs() {
    return corpusAnd(Lz4ReferenceInputs.INPUTS);
  }

  @ParameterizedTest
  @MethodSource("referenceInputs")
  void writesLz4ReferenceBytes(int i) {
    assertReferenceBlock(Lz4ReferenceInputs.INPUTS, REFERENCE, i);
  }

  @Test
  void writesTheReferenceBytesOfSmallBlocks() {
    assertThat(compress(new byte[0])).containsExactly(0x00);
    // under 13 bytes: one literal run
    assertThat(compress(new byte[12])).isEqualTo(hex("c0 000000000000000000000000"));
    assertThat(compress(new byte[13])).isEqualTo(hex("13 00 0100 50 0000000000"));
    // 600 zeros: one literal, a match of 594 (15 + 255 + 255 + 65 + 4), five literals
    assertThat(compress(new byte[600])).isEqualTo(hex("1f 00 0100 ffff41 50 0000000000"));
    // cfile.md 6.4.2: INT32 1..8 bit-transposed; UINT8 codewords 0, 1, 2; INT32 0..9 (16 padded)
    byte[] ints = new byte[32];
    System.arraycopy(hex("55667880"), 0, ints, 0, 4);
    assertThat(compress(ints)).isEqualTo(hex("5f 55667880 00 0100 03 50 0000000000"));
    assertThat(compress(hex("0204000000000000"))).isEqualTo(hex("80 0204000000000000"));
    byte[] key = new byte[64];
    System.arraycopy(hex("aa02cc00f0000003"), 0, key, 0, 8);
    assertThat(compress(key))
        .isEqualTo(hex("9f aa02cc00f000000300 0100 1f 50 0000000000"));
  }

  /**
   * One of the two reasons aircompressor's bytes differ: it stops looking for matches one
   * position earlier than LZ4 1.9.3, 13 bytes before the end instead of 12, so it writes 13
   * zeros as literals. (The other: under 64 KiB LZ4 hashes 4 bytes into 8192 slots, aircompressor
   * always 5 bytes into at most 4096.)
   */
  @Test
  void findsAMatchTwelveBytesBeforeTheEndWhereAircompressorDoesNot() {
    byte[] zeros = new byte[13];
    assertThat(compress(zeros)).hasSize(10);
    assertThat(compress(CompressionCodec.LZ4.newCompressor(), zeros)).hasSize(14);
  }

  @ParameterizedTest
  @MethodSource("inputs")
  void roundTripsThroughAircompressorsDecompressor(byte[] data) throws MalformedInputException {
    byte[] compressed = compress(data);
    byte[] back = new byte[data.length];
    int n = CompressionCodec.LZ4.newDecompressor()
        .decompress(compressed, 0, compressed.length, back, 0, back.length);
    assertThat(n).isEqualTo(data.length);
    assertThat(back).isEqualTo(data);
  }

  @Test
  void boundIsLz4CompressBound() {
    Compressor c = new Lz4BlockCompressor();
    assertThat(c.maxCompressedLength(0)).isEqualTo(16);
    assertThat(c.maxCompressedLength(100_000)).isEqualTo(100_000 + 392 + 16);
    assertThat(c.maxCompressedLength(0x7E000000)).isEqualTo(0x7E000000 + 0x7E000000 / 255 + 16);
    assertThatThrownBy(() -> c.maxCompressedLength(0x7E000001))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> c.maxCompressedLength(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
