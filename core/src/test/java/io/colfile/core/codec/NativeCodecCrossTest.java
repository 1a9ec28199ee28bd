package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.colfile.core.CoreTestSeed;
import io.colfile.core.error.MalformedInputException;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The native codecs (zstd-jni, lz4-java, snappy-java) against the pure-Java ones (aircompressor)
 * on the same seeded inputs: what one compresses the other decompresses to the same bytes, both
 * ways, over many sizes and shapes (0 and 1 byte, incompressible, highly repetitive, around the 64 and 128
 * KiB block boundaries); damaged and truncated blocks fail on both with a {@link
 * MalformedInputException} (never a crash, another exception, or a large allocation); and both
 * give the same result, value or refusal, for every damaged block.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ExtendWith(CoreTestSeed.class)
class NativeCodecCrossTest {
  private static void assumeNative(CompressionCodec codec) {
    assumeTrue(CodecImplementations.nativeDecompressor(codec),
        () -> "skipped: no native " + codec + " here ("
            + CodecImplementations.nativeUnavailableReason(codec).orElse("?") + ")");
  }

  /** Seeded inputs of many sizes and shapes. */
  private static List<byte[]> inputs(long salt) {
    Random r = CoreTestSeed.random(salt);
    List<byte[]> out = new ArrayList<>();
    int[] sizes = {0, 1, 2, 9, 10, 15, 16, 100, 4095, 4096, 65535, 65536, 65537, 131071, 131072,
        131073, 262144 + 17};
    for (int size : sizes) {
      for (int shape = 0; shape < 4; shape++) {
        out.add(shaped(r, size, shape));
      }
    }
    for (int i = 0; i < 40; i++) {
      out.add(shaped(r, r.nextInt(1 << (4 + r.nextInt(15))), r.nextInt(4)));
    }
    return out;
  }

  /** 0 random, 1 one repeated byte, 2 short words with repeats, 3 runs mixed with noise. */
  private static byte[] shaped(Random r, int size, int shape) {
    byte[] b = new byte[size];
    switch (shape) {
      case 0 -> r.nextBytes(b);
      case 1 -> Arrays.fill(b, (byte) r.nextInt(256));
      case 2 -> {
        for (int i = 0; i < size; i++) {
          b[i] = (byte) ('a' + r.nextInt(1 + (i / 97) % 6));
        }
      }
      default -> {
        int i = 0;
        while (i < size) {
          int run = Math.min(size - i, 1 + r.nextInt(300));
          if (r.nextBoolean()) {
            Arrays.fill(b, i, i + run, (byte) r.nextInt(4));
          } else {
            byte[] noise = new byte[run];
            r.nextBytes(noise);
            System.arraycopy(noise, 0, b, i, run);
          }
          i += run;
        }
      }
    }
    return b;
  }

  private static byte[] compress(Compressor c, byte[] data) {
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    int n = c.compress(data, 0, data.length, out, 0, out.length);
    assertThat(n).isBetween(1, out.length);
    return Arrays.copyOf(out, n);
  }

  private static byte[] decompress(Decompressor d, byte[] block, int max)
      throws MalformedInputException {
    byte[] out = new byte[max];
    int n = d.decompress(block, 0, block.length, out, 0, max);
    return Arrays.copyOf(out, n);
  }

  private static void crossRoundTrips(CompressionCodec codec, long salt)
      throws MalformedInputException {
    Compressor nativeC = codec.newCompressor();
    Compressor pureC = codec.newPureJavaCompressor();
    Decompressor nativeD = codec.newDecompressor();
    Decompressor pureD = codec.newPureJavaDecompressor();
    for (byte[] data : inputs(salt)) {
      byte[] a = compress(nativeC, data);
      byte[] b = compress(pureC, data);
      String what = data.length + " bytes, " + CoreTestSeed.replay();
      assertThat(decompress(pureD, a, data.length)).as("native -> pure, %s", what)
          .isEqualTo(data);
      assertThat(decompress(nativeD, b, data.length)).as("pure -> native, %s", what)
          .isEqualTo(data);
      assertThat(decompress(nativeD, a, data.length)).as("native -> native, %s", what)
          .isEqualTo(data);
    }
  }

  @Test
  void zstdRoundTripsAcrossImplementations() throws MalformedInputException {
    assumeNative(CompressionCodec.ZSTD);
    assertThat(CodecImplementations.nativeCompressor(CompressionCodec.ZSTD)).isTrue();
    crossRoundTrips(CompressionCodec.ZSTD, 101);
  }

  @Test
  void lz4RoundTripsAcrossImplementations() throws MalformedInputException {
    assumeNative(CompressionCodec.LZ4);
    crossRoundTrips(CompressionCodec.LZ4, 102);
  }

  @Test
  void snappyRoundTripsAcrossImplementations() throws MalformedInputException {
    assumeNative(CompressionCodec.SNAPPY);
    crossRoundTrips(CompressionCodec.SNAPPY, 105);
    // Trevni's compressor is snappy-java's, which aircompressor reads
    Compressor trevni = CompressionCodec.snappyJavaCompressor();
    Decompressor pureD = CompressionCodec.SNAPPY.newPureJavaDecompressor();
    for (byte[] data : inputs(106)) {
      assertThat(decompress(pureD, compress(trevni, data), data.length))
          .as("%d bytes, %s", data.length, CoreTestSeed.replay()).isEqualTo(data);
    }
  }

  @Test
  void snappyJavaCompressesIntoSmallWindowsOrSaysItDidNotFit() {
    assumeNative(CompressionCodec.SNAPPY);
    Compressor c = CompressionCodec.snappyJavaCompressor();
    byte[] data = CodecTestData.text(5000, 7);
    byte[] whole = compress(c, data);
    // room for exactly the result, at an offset: the same bytes through the scratch buffer
    byte[] out = new byte[whole.length + 3];
    assertThat(c.compress(data, 0, data.length, out, 3, whole.length)).isEqualTo(whole.length);
    assertThat(Arrays.copyOfRange(out, 3, out.length)).isEqualTo(whole);
    assertThat(c.compress(data, 0, data.length, out, 0, whole.length - 1)).isEqualTo(-1);
  }

  @Test
  void zstdNativeWritesOrcCoresFrames() {
    assumeNative(CompressionCodec.ZSTD);
    // orc-core's ZstdCodec: level 3, no checksum, content size declared (descriptor 0x20 or
    // larger size fields, never the checksum bit 0x04 that aircompressor sets)
    byte[] frame = compress(CompressionCodec.ZSTD.newCompressor(), CodecTestData.text(1000, 5));
    assertThat(frame).startsWith(0x28, 0xB5, 0x2F, 0xFD);
    assertThat(frame[4] & 0x04).as("checksum flag").isZero();
    assertThat(frame[4] & 0xC0).as("content size field").isNotZero();
    byte[] pure = compress(CompressionCodec.ZSTD.newPureJavaCompressor(),
        CodecTestData.text(1000, 5));
    assertThat(pure[4] & 0x04).as("aircompressor's checksum flag").isNotZero();
  }

  /** Both implementations give the same answer for every damaged block: bytes or a refusal. */
  private static void sameVerdictOnDamage(CompressionCodec codec, long salt) {
    Random r = CoreTestSeed.random(salt);
    Decompressor nativeD = codec.newDecompressor();
    Decompressor pureD = codec.newPureJavaDecompressor();
    int disagreements = 0;
    for (int round = 0; round < 300; round++) {
      byte[] data = shaped(r, r.nextInt(20_000), r.nextInt(4));
      byte[] block = compress(r.nextBoolean() ? codec.newCompressor()
          : codec.newPureJavaCompressor(), data);
      byte[] damaged;
      if (r.nextInt(3) == 0) {
        damaged = Arrays.copyOf(block, r.nextInt(block.length));
      } else {
        damaged = block.clone();
        for (int f = 1 + r.nextInt(3); f > 0; f--) {
          int at = r.nextInt(r.nextBoolean() ? Math.min(damaged.length, 32) : damaged.length);
          damaged[at] ^= (byte) (1 << r.nextInt(8));
        }
      }
      int limit = data.length + (r.nextBoolean() ? 0 : 64);
      byte[] viaNative = decodeOrNull(nativeD, damaged, limit, round);
      byte[] viaPure = decodeOrNull(pureD, damaged, limit, round);
      if (viaNative != null && viaPure != null) {
        assertThat(viaNative).as("round %d: both decoded, %s", round, CoreTestSeed.replay())
            .isEqualTo(viaPure);
      } else if ((viaNative == null) != (viaPure == null)) {
        disagreements++;
      }
    }
    // a damaged ZSTD frame without its checksum may still decode on one side; LZ4 has no
    // checksum at all: a flipped literal decodes to other bytes on both sides. Refusals may
    // differ where one library checks more (aircompressor's zstd verifies checksums), but
    // rarely.
    assertThat(disagreements).as(CoreTestSeed.replay()).isLessThan(60);
  }

  private static byte[] decodeOrNull(Decompressor d, byte[] block, int limit, int round) {
    try {
      return decompress(d, block, limit);
    } catch (MalformedInputException expected) {
      return null;
    } catch (RuntimeException | Error e) {
      throw new AssertionError("round " + round + ": " + d.getClass().getSimpleName()
          + " threw " + e + "; " + CoreTestSeed.replay(), e);
    }
  }

  @Test
  void zstdDamageFailsCleanlyOnBothPaths() {
    assumeNative(CompressionCodec.ZSTD);
    sameVerdictOnDamage(CompressionCodec.ZSTD, 103);
  }

  @Test
  void snappyDamageFailsCleanlyOnBothPaths() {
    assumeNative(CompressionCodec.SNAPPY);
    sameVerdictOnDamage(CompressionCodec.SNAPPY, 107);
  }

  @Test
  void aHostileSnappyBlockIsRefusedOnBothPaths() {
    assumeNative(CompressionCodec.SNAPPY);
    // declares 10 bytes; a literal of 2, then a copy reaching 100 bytes back
    byte[] farBack = {10, 0x04, 'a', 'b', 0x11, 100};
    // declares 10 bytes but holds a literal of 3 only
    byte[] short3 = {10, 0x08, 'a', 'b', 'c'};
    // declares more than the caller's room
    byte[] tooLong = {(byte) 0x80, 0x08, 0x00};
    for (Decompressor d : List.of(CompressionCodec.SNAPPY.newDecompressor(),
        CompressionCodec.SNAPPY.newPureJavaDecompressor())) {
      for (byte[] bad : List.of(farBack, short3)) {
        assertThatThrownBy(() -> decompress(d, bad, 64))
            .as(d.getClass().getSimpleName())
            .isInstanceOf(MalformedInputException.class);
      }
      assertThatThrownBy(() -> decompress(d, tooLong, 64))
          .isInstanceOf(MalformedInputException.class)
          .hasMessageContaining("declares 1024");
    }
  }

  @Test
  void lz4DamageFailsCleanlyOnBothPaths() {
    assumeNative(CompressionCodec.LZ4);
    sameVerdictOnDamage(CompressionCodec.LZ4, 104);
  }

  /** A frame header claiming 2 GiB of content, then one raw block of 3 bytes. */
  private static byte[] hugeClaim(boolean declareSize) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD});
    if (declareSize) {
      b.write(0xA0); // single segment, 4-byte content size
      b.writeBytes(new byte[] {0, 0, 0, (byte) 0x80}); // 2^31
    } else {
      b.write(0x00); // no content size; window descriptor follows
      b.write(0xF8); // window of 2^41 bytes: more than any decoder will allocate
    }
    b.writeBytes(new byte[] {0x19, 0, 0}); // last block, raw, 3 bytes
    b.writeBytes(new byte[] {1, 2, 3});
    return b.toByteArray();
  }

  @Test
  void aHostileZstdHeaderIsRefusedWithoutWorkOnBothPaths() {
    assumeNative(CompressionCodec.ZSTD);
    for (Decompressor d : List.of(CompressionCodec.ZSTD.newDecompressor(),
        CompressionCodec.ZSTD.newPureJavaDecompressor())) {
      assertThatThrownBy(() -> decompress(d, hugeClaim(true), 1 << 20))
          .as(d.getClass().getSimpleName())
          .isInstanceOf(MalformedInputException.class)
          .hasMessageContaining("declares 2147483648");
      // a window larger than zstd allows: refused, or decoded into the caller's room only
      try {
        byte[] out = decompress(d, hugeClaim(false), 1 << 20);
        assertThat(out).as(d.getClass().getSimpleName()).containsExactly(1, 2, 3);
      } catch (MalformedInputException expected) {
        // the outcome both libraries may choose
      }
    }
  }

  @Test
  void aHostileLz4BlockIsRefusedOnBothPaths() {
    assumeNative(CompressionCodec.LZ4);
    // a match reaching 60000 bytes back at the very start, and a huge match length
    byte[] farBack = {0x1F, 'a', (byte) 0x60, (byte) 0xEA, (byte) 255, (byte) 255, (byte) 255,
        0x10, 'b'};
    for (Decompressor d : List.of(CompressionCodec.LZ4.newDecompressor(),
        CompressionCodec.LZ4.newPureJavaDecompressor())) {
      assertThatThrownBy(() -> decompress(d, farBack, 1 << 20))
          .as(d.getClass().getSimpleName())
          .isInstanceOf(MalformedInputException.class);
    }
  }

  @Test
  void thePropertyValueJavaForcesPureJava() {
    assertThat(NativeCodecs.forcedJava("java")).isTrue();
    assertThat(NativeCodecs.forcedJava(" JAVA ")).isTrue();
    assertThat(NativeCodecs.forcedJava(null)).isFalse();
    assertThat(NativeCodecs.forcedJava("auto")).isFalse();
    assertThat(NativeCodecs.forcedJava("")).isFalse();
  }

  @Test
  void descriptionsNameTheImplementation() {
    assertThat(CodecImplementations.compressor(CompressionCodec.SNAPPY))
        .as("ORC's and Kudu's Snappy stays aircompressor's")
        .startsWith("aircompressor").endsWith("(pure Java)");
    assertThat(CodecImplementations.compressor(CompressionCodec.LZ4))
        .startsWith("aircompressor").endsWith("(pure Java)");
    assertThat(CodecImplementations.decompressor(CompressionCodec.ZLIB))
        .isEqualTo("JDK zlib (native)");
    assertThat(CodecImplementations.compressor(CompressionCodec.LZO)).isEqualTo("none");
    assumeNative(CompressionCodec.ZSTD);
    assertThat(CodecImplementations.decompressor(CompressionCodec.ZSTD))
        .matches("zstd-jni \\d+\\.\\d+\\.\\d+-\\d+ \\(native\\)");
    assertThat(CodecImplementations.nativeUnavailableReason(CompressionCodec.ZSTD)).isEmpty();
    assumeNative(CompressionCodec.LZ4);
    assertThat(CodecImplementations.decompressor(CompressionCodec.LZ4))
        .matches("lz4-java \\d+\\.\\d+\\.\\d+ \\(native\\)");
    assumeNative(CompressionCodec.SNAPPY);
    assertThat(CodecImplementations.decompressor(CompressionCodec.SNAPPY))
        .matches("snappy-java \\d+\\.\\d+\\.\\d+(\\.\\d+)? \\(native\\)");
    assertThat(CodecImplementations.trevniSnappyCompressor())
        .isEqualTo(CodecImplementations.decompressor(CompressionCodec.SNAPPY));
  }

  @Test
  void theSystemPropertyForcesPureJavaInANewJvm() throws Exception {
    String javaCmd = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(javaCmd, "-Dcolfile.codecs=java", "-cp",
        System.getProperty("java.class.path"), PrintImplementations.class.getName())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(),
        java.nio.charset.StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(out.strip()).startsWith("aircompressor").contains(
        "zstd-jni -Dcolfile.codecs=java asks for pure Java").endsWith(
        "snappy-java -Dcolfile.codecs=java asks for pure Java");
  }

  /** Prints ZSTD's and Snappy's decoders and why they are not native, for the test above. */
  static final class PrintImplementations {
    public static void main(String[] args) {
      System.out.println(CodecImplementations.decompressor(CompressionCodec.ZSTD) + " / "
          + CodecImplementations.nativeUnavailableReason(CompressionCodec.ZSTD).orElse("-")
          + " | " + CodecImplementations.decompressor(CompressionCodec.SNAPPY) + " / "
          + CodecImplementations.nativeUnavailableReason(CompressionCodec.SNAPPY).orElse("-"));
    }
  }
}
