package io.colfile.kudu;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.encoding.WireIds;

/**
 * Kudu's {@code CompressionType} (compression.proto): how a CFile's blocks are compressed
 * (cfile.md section 4.3). Kudu's ZLIB is the wrapped zlib stream (RFC 1950 header and Adler-32),
 * not the raw DEFLATE that {@link CompressionCodec#ZLIB} means for ORC and Trevni. Wire ids are
 * Kudu's.
 */
public enum KuduCompression {
  DEFAULT(0, "DEFAULT_COMPRESSION"),
  NONE(1, "NO_COMPRESSION"),
  SNAPPY(2, "SNAPPY"),
  LZ4(3, "LZ4"),
  ZLIB(4, "ZLIB");

  private static final WireIds<KuduCompression> BY_WIRE_ID =
      WireIds.of(KuduCompression.class, KuduCompression::wireId);

  private final int wireId;
  private final String kuduName;

  KuduCompression(int wireId, String kuduName) {
    this.wireId = wireId;
    this.kuduName = kuduName;
  }

  public int wireId() {
    return wireId;
  }

  /** The name in Kudu's protobuf text and tools, e.g. {@code NO_COMPRESSION}. */
  public String kuduName() {
    return kuduName;
  }

  /** The compression with this wire id, or null. */
  public static KuduCompression ofWireId(int id) {
    return BY_WIRE_ID.get(id);
  }

  /**
   * A decompressor of this codec's blocks as Kudu writes them (LZ4 and Snappy raw blocks, ZLIB
   * wrapped), or null for NONE.
   *
   * @throws IllegalArgumentException for DEFAULT, which is resolved before anything is stored
   */
  public io.colfile.core.codec.Decompressor newDecompressor() {
    return switch (this) {
      case NONE -> null;
      case SNAPPY -> CompressionCodec.SNAPPY.newDecompressor();
      case LZ4 -> CompressionCodec.LZ4.newDecompressor();
      case ZLIB -> CompressionCodec.zlibStreamDecompressor();
      case DEFAULT -> throw new IllegalArgumentException("DEFAULT compression is resolved first");
    };
  }

  /**
   * Kudu's counterpart of a core codec: NONE, SNAPPY, LZ4 and ZLIB (written as Kudu writes it,
   * wrapped).
   *
   * @throws IllegalArgumentException for ZSTD and LZO, which Kudu does not have
   */
  public static KuduCompression of(CompressionCodec codec) {
    return switch (codec) {
      case NONE -> NONE;
      case SNAPPY -> SNAPPY;
      case LZ4 -> LZ4;
      case ZLIB -> ZLIB;
      default -> throw new IllegalArgumentException("Kudu has no " + codec
          + " compression (it has none, snappy, lz4 and zlib)");
    };
  }
}
