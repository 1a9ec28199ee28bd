package io.colfile.core.codec;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.util.zip.Deflater;

/**
 * The block compression flavours the formats use, each as one self-contained block (no
 * streaming, no framing beyond what the flavour itself defines; see orc.md section 4).
 *
 * <p>The enum carries no wire ids: ORC, Trevni and Kudu number (and name) codecs differently, so
 * each format maps its own ids to these constants.
 *
 * <p>Every {@code new*} call returns a fresh, non-thread-safe instance that may keep scratch
 * state (hash tables, a native zlib stream); keep one per thread and reuse it.
 */
public enum CompressionCodec {
  /** Bytes stored as they are. */
  NONE,
  /**
   * Raw DEFLATE (RFC 1951) with no zlib header or Adler-32 trailer, as ORC and Trevni store it.
   * Kudu's ZLIB is the wrapped form (RFC 1950) and is not this constant.
   */
  ZLIB,
  /** One raw Snappy block: varint uncompressed length, then elements; not the framing format. */
  SNAPPY,
  /** One raw LZ4 block: no frame, no size prefix. */
  LZ4,
  /** One or more complete Zstandard frames (magic {@code 28 b5 2f fd}). */
  ZSTD,
  /** LZO1X raw blocks, each ending in the stop marker {@code 11 00 00}; read only. */
  LZO,
  /**
   * One complete Brotli stream (RFC 7932), as ORC 2.0+ stores it. Read in pure Java ({@code
   * org.brotli:dec}); written only through brotli4j when it is on the class path and loads (see
   * {@link CodecImplementations}), as no pure-Java encoder exists.
   */
  BROTLI;

  /** The names {@link #writableNamed} takes, for messages. */
  public static final String WRITABLE_NAMES = "none, zlib, snappy, lz4, zstd or brotli";

  /**
   * The codec colfile writes under {@code name}, in any case: {@code none} (or {@code
   * uncompressed}), {@code zlib} (or {@code deflate}), {@code snappy}, {@code lz4}, {@code zstd};
   * {@code brotli} (ORC only, and only with brotli4j present); empty for any other name (LZO too:
   * colfile only reads it).
   */
  public static java.util.Optional<CompressionCodec> writableNamed(String name) {
    return java.util.Optional.ofNullable(
        switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
          case "none", "uncompressed" -> NONE;
          case "zlib", "deflate" -> ZLIB;
          case "snappy" -> SNAPPY;
          case "lz4" -> LZ4;
          case "zstd" -> ZSTD;
          case "brotli" -> BROTLI;
          default -> null;
        });
  }

  /**
   * A new decompressor for this codec: native (zstd-jni for ZSTD, lz4-java for LZ4, snappy-java
   * for SNAPPY) when that
   * library loaded, else the pure-Java one; see {@link CodecImplementations}. Both decode every
   * valid block to the same bytes and refuse bad ones with the same exception type.
   */
  public Decompressor newDecompressor() {
    return switch (this) {
      case ZSTD ->
          NativeCodecs.ZSTD.loaded() ? ZstdJniDecompressor.create() : newPureJavaDecompressor();
      case LZ4 ->
          NativeCodecs.LZ4.loaded() ? Lz4JavaDecompressor.create() : newPureJavaDecompressor();
      case SNAPPY -> NativeCodecs.SNAPPY.loaded()
          ? SnappyJavaDecompressor.create() : newPureJavaDecompressor();
      default -> newPureJavaDecompressor();
    };
  }

  /**
   * A new pure-Java decompressor for this codec (aircompressor; the JDK's zlib for ZLIB),
   * whatever native libraries are present.
   */
  public Decompressor newPureJavaDecompressor() {
    return switch (this) {
      case NONE -> new CopyCodec();
      case ZLIB -> new InflateDecompressor(true);
      case SNAPPY ->
          new CheckedDecompressor("snappy", new SnappyDecompressor(), BlockChecks::snappy);
      case LZ4 -> new CheckedDecompressor("lz4", new Lz4Decompressor(), BlockChecks::lz4);
      case ZSTD -> new CheckedDecompressor("zstd", new ZstdDecompressor(), BlockChecks::zstd);
      case LZO -> new CheckedDecompressor("lzo", new LzoDecompressor(), BlockChecks::lzo);
      case BROTLI -> BrotliJavaDecompressor.create();
    };
  }

  /**
   * A new compressor for this codec. ZLIB uses the default level (6) and strategy, which is what
   * ORC uses for footers and metadata; see {@link #zlib} for per-stream settings.
   *
   * <p>ZSTD compresses through zstd-jni when it loaded (level 3, no checksum: orc-core's
   * settings and bytes), else through aircompressor; see {@link CodecImplementations}.
   *
   * @throws UnsupportedOperationException for LZO, which colfile reads but never writes
   */
  public Compressor newCompressor() {
    if (this == BROTLI) {
      return brotli(-1, false);
    }
    return this == ZSTD && NativeCodecs.ZSTD.loaded()
        ? new ZstdJniCompressor() : newPureJavaCompressor();
  }

  /**
   * A Brotli compressor with orc-core's settings for one kind of stream: {@code quality} 0 to 11
   * or -1 for brotli's default (11), TEXT mode or GENERIC, brotli's default window.
   *
   * @throws UnsupportedOperationException when brotli4j is not on the class path or did not
   *     load ({@link CodecImplementations#nativeUnavailableReason} says why)
   */
  public static Compressor brotli(int quality, boolean text) {
    if (!NativeCodecs.BROTLI.loaded()) {
      throw new UnsupportedOperationException("writing Brotli needs brotli4j "
          + "(com.aayushatharva.brotli4j:brotli4j and its native jar) on the class path: "
          + NativeCodecs.BROTLI.name() + " " + NativeCodecs.BROTLI.reason());
    }
    if (quality < -1 || quality > 11) {
      throw new IllegalArgumentException("brotli quality must be -1 or 0 to 11, not " + quality);
    }
    return new BrotliEncoder(quality, text);
  }

  /**
   * A new Snappy compressor that writes what snappy-java (the C++ Snappy library) writes, the
   * compressor trevni-core uses: snappy-java itself when it loaded (see {@link
   * CodecImplementations}), else aircompressor, whose blocks are valid Snappy that every reader
   * decodes the same but whose bytes often differ. {@link #newCompressor()} of {@link #SNAPPY}
   * stays aircompressor, which is what orc-core writes.
   */
  public static Compressor snappyJavaCompressor() {
    return NativeCodecs.SNAPPY.loaded()
        ? new SnappyJavaCompressor() : SNAPPY.newPureJavaCompressor();
  }

  /**
   * A new pure-Java compressor for this codec (aircompressor; the JDK's zlib for ZLIB),
   * whatever native libraries are present.
   *
   * @throws UnsupportedOperationException for LZO, which colfile reads but never writes
   */
  public Compressor newPureJavaCompressor() {
    return switch (this) {
      case NONE -> new CopyCodec();
      case ZLIB -> zlib(Deflater.DEFAULT_COMPRESSION, Deflater.DEFAULT_STRATEGY);
      case SNAPPY -> new AirliftCompressor(new SnappyCompressor());
      case LZ4 -> new AirliftCompressor(new Lz4Compressor());
      case ZSTD -> new AirliftCompressor(new ZstdCompressor());
      case LZO -> throw new UnsupportedOperationException(
          "LZO is supported for reading only; write with ZLIB, SNAPPY, LZ4 or ZSTD instead");
      case BROTLI -> throw new UnsupportedOperationException(
          "there is no pure-Java Brotli compressor: writing Brotli needs brotli4j");
    };
  }

  /**
   * A raw DEFLATE compressor with explicit settings. ORC's Java writer picks them per stream
   * kind (e.g. level 1 with {@link Deflater#FILTERED} for LENGTH and PRESENT streams), and the
   * same JDK zlib with the same settings gives the same bytes as the reference writer.
   *
   * @param level {@link Deflater#DEFAULT_COMPRESSION} or 0 to 9
   * @param strategy {@link Deflater#DEFAULT_STRATEGY}, {@link Deflater#FILTERED} or {@link
   *     Deflater#HUFFMAN_ONLY}
   * @throws IllegalArgumentException for any other level or strategy
   */
  public static Compressor zlib(int level, int strategy) {
    return new DeflateCompressor(level, strategy, true);
  }

  /**
   * A compressor of wrapped zlib streams (RFC 1950: 2-byte header, DEFLATE data, Adler-32), the
   * form Kudu's ZLIB stores, at {@code level} with the default strategy.
   */
  public static Compressor zlibStream(int level) {
    return new DeflateCompressor(level, Deflater.DEFAULT_STRATEGY, false);
  }

  /** A decompressor of wrapped zlib streams (RFC 1950), the mirror of {@link #zlibStream}. */
  public static Decompressor zlibStreamDecompressor() {
    return new InflateDecompressor(false);
  }
}
