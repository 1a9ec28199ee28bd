package io.colfile.orc.tail;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.encoding.WireIds;

/** PostScript.compression (orc.md section 2.2) with its wire ids. */
public enum CompressionKind {
  NONE(0, CompressionCodec.NONE),
  ZLIB(1, CompressionCodec.ZLIB),
  SNAPPY(2, CompressionCodec.SNAPPY),
  LZO(3, CompressionCodec.LZO),
  LZ4(4, CompressionCodec.LZ4),
  ZSTD(5, CompressionCodec.ZSTD),
  /** ORC 2.0+; Apache ORC Java writes it with brotli4j. */
  BROTLI(6, CompressionCodec.BROTLI);

  private static final WireIds<CompressionKind> BY_WIRE_ID =
      WireIds.of(CompressionKind.class, k -> k.wireId);

  public final int wireId;
  private final CompressionCodec codec;

  CompressionKind(int wireId, CompressionCodec codec) {
    this.wireId = wireId;
    this.codec = codec;
  }

  /** colfile's codec for this kind, or null when colfile has none. */
  public CompressionCodec codec() {
    return codec;
  }

  /** The kind with wire id {@code id}, or null. */
  public static CompressionKind of(int id) {
    return BY_WIRE_ID.get(id);
  }

  /** The kind that writes {@code codec}. */
  public static CompressionKind of(CompressionCodec codec) {
    for (CompressionKind k : values()) {
      if (k.codec == codec) {
        return k;
      }
    }
    throw new IllegalArgumentException("ORC has no compression kind for " + codec);
  }
}
