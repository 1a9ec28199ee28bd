package io.colfile.trevni;

/** The block checksums of Trevni files ({@code trevni.checksum}). */
public enum TrevniChecksum {
  /** No checksum (also what an absent {@code trevni.checksum} means). */
  NULL("null", 0),
  /**
   * CRC-32 (the zlib polynomial) of the uncompressed block, four bytes big-endian after the
   * compressed block. The Trevni draft calls it {@code crc-32}; Apache Avro writes and accepts
   * only {@code crc32}, so colfile writes that and reads both.
   */
  CRC32("crc32", 4);

  private final String wireName;
  private final int size;

  TrevniChecksum(String wireName, int size) {
    this.wireName = wireName;
    this.size = size;
  }

  /** The name in {@code trevni.checksum}. */
  public String wireName() {
    return wireName;
  }

  /** Bytes the checksum takes after each block. */
  public int size() {
    return size;
  }

  /**
   * The checksum called {@code name}: {@code null}, {@code crc32} or the draft's {@code crc-32}.
   *
   * @throws IllegalArgumentException for any other name
   */
  public static TrevniChecksum forName(String name) {
    if ("null".equals(name)) {
      return NULL;
    }
    if ("crc32".equals(name) || "crc-32".equals(name)) {
      return CRC32;
    }
    throw new IllegalArgumentException("unknown Trevni checksum '" + name
        + "' (Trevni has null and crc32)");
  }
}
