package io.colfile.core;

import io.colfile.core.codec.CompressionCodec;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The options every format's writer understands, for {@link ColFile#writer}: compression, the
 * size of the format's unit of buffering (ORC stripe, Trevni and CFile block), and the columns
 * that get bloom filters. Unset options take the format's own defaults; each format's native
 * options class (e.g. {@code OrcWriterOptions}) offers everything else. Immutable.
 */
public final class WriteOptions {
  private static final WriteOptions DEFAULTS = new WriteOptions(null, -1, List.of());

  private final CompressionCodec compression;
  private final long blockSize;
  private final List<String> bloomFilterColumns;

  private WriteOptions(CompressionCodec compression, long blockSize, List<String> bloom) {
    this.compression = compression;
    this.blockSize = blockSize;
    this.bloomFilterColumns = List.copyOf(bloom);
  }

  public static WriteOptions defaults() {
    return DEFAULTS;
  }

  public WriteOptions withCompression(CompressionCodec codec) {
    return new WriteOptions(Objects.requireNonNull(codec, "codec"), blockSize,
        bloomFilterColumns);
  }

  /** The format's unit of buffering in bytes: ORC's stripe size, Trevni's and CFile's block. */
  public WriteOptions withBlockSize(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("block size must be positive, got " + bytes);
    }
    return new WriteOptions(compression, bytes, bloomFilterColumns);
  }

  public WriteOptions withBloomFilterColumns(List<String> columns) {
    return new WriteOptions(compression, blockSize, columns);
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
