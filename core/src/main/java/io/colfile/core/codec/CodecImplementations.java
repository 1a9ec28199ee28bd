package io.colfile.core.codec;

import java.util.Optional;

/**
 * Which implementation compresses and decompresses each {@link CompressionCodec} in this JVM.
 *
 * <p>The pure-Java codecs (aircompressor, and the JDK's zlib for ZLIB) always work and are the
 * default. Faster native libraries take over when they are on the class path and load: <b>zstd-jni</b>
 * for ZSTD (both ways), <b>lz4-java</b> for LZ4 decoding and <b>snappy-java</b> for Snappy
 * decoding (and for Trevni's Snappy blocks, see {@link CompressionCodec#snappyJavaCompressor()}).
 * All are optional dependencies of colfile-core (the {@code colfile} command ships them); on the
 * module path they are used when their modules are resolved (e.g. {@code --add-modules
 * com.github.luben.zstd_jni,org.lz4.java,snappy.java}).
 * A library is used only if its native code loads and a round trip through it gives the right
 * bytes; the check runs once, the first time a codec is asked for.
 *
 * <p>The choice never changes what a file reads as. It changes written bytes for ZSTD only:
 * zstd-jni writes what orc-core 2.1 writes (level 3, no checksum), aircompressor its own frames
 * (with a checksum); both are valid ZSTD and read back the same everywhere. LZ4 is written by
 * aircompressor (ORC and Trevni: orc-core's LZ4 is aircompressor too) or by colfile's port of
 * LZ4 1.9.3 (Kudu), whatever is on the class path, so LZ4 bytes stay the reference's. Snappy is
 * written by aircompressor for ORC (orc-core's Snappy is aircompressor), by snappy-java, when it
 * loaded, for Trevni (trevni-core's is snappy-java, whose bytes often differ from
 * aircompressor's), and by colfile's port of Snappy 1.1.8 for Kudu, whatever is on the class
 * path.
 *
 * <p>The system property {@value #PROPERTY}{@code =java} forces the pure-Java codecs (read once,
 * when the codecs are first used); {@code auto}, the default, picks as above.
 */
public final class CodecImplementations {
  /** The system property that forces the pure-Java codecs when set to {@code java}. */
  public static final String PROPERTY = "colfile.codecs";

  private CodecImplementations() {}

  /** Whether {@link CompressionCodec#newDecompressor()} of {@code codec} runs native code. */
  public static boolean nativeDecompressor(CompressionCodec codec) {
    return switch (codec) {
      case ZSTD -> NativeCodecs.ZSTD.loaded();
      case LZ4 -> NativeCodecs.LZ4.loaded();
      case SNAPPY -> NativeCodecs.SNAPPY.loaded();
      case ZLIB -> true;
      case NONE, LZO, BROTLI -> false;
    };
  }

  /** Whether {@link CompressionCodec#newCompressor()} of {@code codec} runs native code. */
  public static boolean nativeCompressor(CompressionCodec codec) {
    return switch (codec) {
      case ZSTD -> NativeCodecs.ZSTD.loaded();
      case ZLIB, BROTLI -> true;
      case NONE, SNAPPY, LZ4, LZO -> false;
    };
  }

  /**
   * What decodes {@code codec}'s blocks, for people: e.g. {@code zstd-jni 1.5.7-28 (native)},
   * {@code aircompressor 2.0.3 (pure Java)}, {@code JDK zlib (native)}, {@code none}.
   */
  public static String decompressor(CompressionCodec codec) {
    return switch (codec) {
      case NONE -> "none";
      case ZLIB -> jdkZlib();
      case ZSTD -> NativeCodecs.ZSTD.loaded() ? nativeLabel(NativeCodecs.ZSTD) : pureJava();
      case LZ4 -> NativeCodecs.LZ4.loaded() ? nativeLabel(NativeCodecs.LZ4) : pureJava();
      case SNAPPY -> NativeCodecs.SNAPPY.loaded() ? nativeLabel(NativeCodecs.SNAPPY) : pureJava();
      case LZO -> pureJava();
      case BROTLI -> brotliJava();
    };
  }

  /**
   * What writes {@code codec}'s blocks, for people, as {@link #decompressor}; {@code none} for
   * LZO, which colfile only reads. Kudu's LZ4 and Snappy blocks come from colfile's own LZ4
   * 1.9.3 and Snappy 1.1.8 compressors, not the ones named here, and Trevni's Snappy blocks from
   * {@link #trevniSnappyCompressor()}.
   */
  public static String compressor(CompressionCodec codec) {
    return switch (codec) {
      case NONE, LZO -> "none";
      case ZLIB -> jdkZlib();
      case ZSTD -> NativeCodecs.ZSTD.loaded() ? nativeLabel(NativeCodecs.ZSTD) : pureJava();
      case SNAPPY, LZ4 -> pureJava();
      case BROTLI -> NativeCodecs.BROTLI.loaded() ? nativeLabel(NativeCodecs.BROTLI) : "none";
    };
  }

  /**
   * What writes Trevni's Snappy blocks ({@link CompressionCodec#snappyJavaCompressor()}), for
   * people: snappy-java when it loaded, else aircompressor.
   */
  public static String trevniSnappyCompressor() {
    return NativeCodecs.SNAPPY.loaded() ? nativeLabel(NativeCodecs.SNAPPY) : pureJava();
  }

  /**
   * What writes Kudu's blocks of {@code codec}, for people: colfile's ports of Snappy 1.1.8 and
   * LZ4 1.9.3 (the versions Kudu 1.17 builds with, whose bytes no library gives), else what
   * {@link #compressor} names.
   */
  public static String kuduCompressor(CompressionCodec codec) {
    return switch (codec) {
      case SNAPPY -> "colfile's Snappy 1.1.8 (pure Java)";
      case LZ4 -> "colfile's LZ4 1.9.3 (pure Java)";
      default -> compressor(codec);
    };
  }

  /**
   * Why no native library serves {@code codec} although one could (zstd-jni for ZSTD, lz4-java
   * for LZ4, snappy-java for Snappy): not on the class path, did not load, forced off; empty when one does, and for the
   * other codecs.
   */
  public static Optional<String> nativeUnavailableReason(CompressionCodec codec) {
    NativeCodecs.Library lib = switch (codec) {
      case ZSTD -> NativeCodecs.ZSTD;
      case LZ4 -> NativeCodecs.LZ4;
      case SNAPPY -> NativeCodecs.SNAPPY;
      case BROTLI -> NativeCodecs.BROTLI;
      default -> null;
    };
    return lib == null || lib.loaded() ? Optional.empty()
        : Optional.of(lib.name() + " " + lib.reason());
  }

  private static String nativeLabel(NativeCodecs.Library lib) {
    return lib.label() + " (native)";
  }

  private static String pureJava() {
    String v = NativeCodecs.AIRCOMPRESSOR_VERSION;
    return (v.isEmpty() ? "aircompressor" : "aircompressor " + v) + " (pure Java)";
  }

  private static String brotliJava() {
    String v = NativeCodecs.BROTLI_DEC_VERSION;
    return (v.isEmpty() ? "org.brotli:dec" : "org.brotli:dec " + v) + " (pure Java)";
  }

  private static String jdkZlib() {
    return "JDK zlib (native)";
  }
}
