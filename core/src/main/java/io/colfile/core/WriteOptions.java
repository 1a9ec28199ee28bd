package io.colfile.core;

import io.colfile.core.codec.CompressionCodec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The options every format's writer understands, for {@link ColFile#writer}: compression, the
 * size of the format's unit of buffering (ORC stripe, Trevni and CFile block), and the columns
 * that get bloom filters. Unset options take the format's own defaults; each format's native
 * options class (e.g. {@code OrcWriterOptions}) offers everything else. Immutable.
 */
public final class WriteOptions {
  private static final WriteOptions DEFAULTS = new WriteOptions(null, -1, List.of(), Map.of());

  private final CompressionCodec compression;
  private final long blockSize;
  private final List<String> bloomFilterColumns;
  private final Map<String, String> properties;

  private WriteOptions(CompressionCodec compression, long blockSize, List<String> bloom,
      Map<String, String> properties) {
    this.compression = compression;
    this.blockSize = blockSize;
    this.bloomFilterColumns = List.copyOf(bloom);
    this.properties = properties;
  }

  public static WriteOptions defaults() {
    return DEFAULTS;
  }

  public WriteOptions withCompression(CompressionCodec codec) {
    return new WriteOptions(Objects.requireNonNull(codec, "codec"), blockSize,
        bloomFilterColumns, properties);
  }

  /** The format's unit of buffering in bytes: ORC's stripe size, Trevni's and CFile's block. */
  public WriteOptions withBlockSize(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("block size must be positive, got " + bytes);
    }
    return new WriteOptions(compression, bytes, bloomFilterColumns, properties);
  }

  public WriteOptions withBloomFilterColumns(List<String> columns) {
    return new WriteOptions(compression, blockSize, columns, properties);
  }

  /**
   * A format-specific setting, named with the format's prefix (e.g. {@code trevni.checksum} =
   * {@code crc32}); each format documents the keys it takes and refuses keys with its prefix
   * that it does not know.
   */
  public WriteOptions withProperty(String key, String value) {
    Map<String, String> p = new LinkedHashMap<>(properties);
    p.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    return new WriteOptions(compression, blockSize, bloomFilterColumns,
        Collections.unmodifiableMap(p));
  }

  /** The format-specific settings, in the order they were given. */
  public Map<String, String> properties() {
    return properties;
  }

  /**
   * Checks that every property is meant for the format with {@code prefix} (e.g. {@code
   * "trevni."}) and is one of {@code known}.
   *
   * @throws IllegalArgumentException naming the first property that is not
   */
  public void checkProperties(String format, String prefix, Set<String> known) {
    for (String key : properties.keySet()) {
      if (!key.startsWith(prefix)) {
        throw new IllegalArgumentException(format + " takes no property " + key
            + (known.isEmpty() ? "" : " (it takes " + String.join(", ", known) + ")"));
      }
      if (!known.contains(key)) {
        throw new IllegalArgumentException("unknown " + format + " property " + key
            + (known.isEmpty() ? "" : " (known: " + String.join(", ", known) + ")"));
      }
    }
  }

  public Optional<CompressionCodec> compression() {
    return Optional.ofNullable(compression);
  }

  public OptionalLong blockSize() {
    return blockSize > 0 ? OptionalLong.of(blockSize) : OptionalLong.empty();
  }

  public List<String> bloomFilterColumns() {
    return bloomFilterColumns;
  }
}
