package io.colfile.trevni;

import io.colfile.core.codec.CompressionCodec;

/** The block codecs of Trevni files ({@code trevni.codec}), by the names Apache Avro uses. */
public enum TrevniCodec {
  /** Blocks stored as they are (also what an absent {@code trevni.codec} means). */
  NULL("null"),
  /** Raw DEFLATE (RFC 1951), no zlib header or trailer. */
  DEFLATE("deflate"),
  /** One raw Snappy block; no framing and no trailing CRC (unlike Avro container files). */
  SNAPPY("snappy"),
  /** A complete bzip2 stream; not in the Trevni draft, but written and read by Apache Avro. */
  BZIP2("bzip2");

  private final String wireName;

  TrevniCodec(String wireName) {
    this.wireName = wireName;
  }

  /** The name in {@code trevni.codec}. */
  public String wireName() {
    return wireName;
  }

  /**
   * The codec called {@code name}; names are case-sensitive, as in Apache Avro.
   *
   * @throws IllegalArgumentException for any other name
   */
  public static TrevniCodec forName(String name) {
    for (TrevniCodec c : values()) {
      if (c.wireName.equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown Trevni codec '" + name
        + "' (Trevni has null, deflate, snappy and bzip2)");
  }

  /**
   * The Trevni codec for one of colfile's common codecs (for {@code colfile convert
   * --compression}): NONE, ZLIB (raw deflate) and SNAPPY.
   *
   * @throws IllegalArgumentException for LZ4, ZSTD and LZO, which Trevni does not have
   */
  public static TrevniCodec of(CompressionCodec codec) {
    return switch (codec) {
      case NONE -> NULL;
      case ZLIB -> DEFLATE;
      case SNAPPY -> SNAPPY;
      default -> throw new IllegalArgumentException("Trevni has no " + codec
          + " codec; it has null, deflate (zlib), snappy and bzip2");
    };
  }
}
