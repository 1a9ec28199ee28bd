package io.colfile.trevni;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * How a Trevni file is written: the file's codec and checksum (each column may override them in
 * its {@link ColumnSpec}), the block size, and the file's user metadata. Immutable; build with
 * {@link #builder()}.
 *
 * <p>Unless set, the codec and checksum are not written, which means {@code null} for both; this
 * is Apache Avro's default too. A block is closed before a row when the column already holds
 * {@link #blockSize()} bytes (64 KiB by default, Avro's constant), so blocks end on row
 * boundaries and, but for the last, hold at least that many bytes.
 *
 * <p>{@link #parallelism()} encodes columns and compresses finished blocks on several threads;
 * the file's bytes are the same at every parallelism.
 *
 * <p>{@link #sortedFields()} declares fields of the records {@link TrevniWriter} writes sorted;
 * the column API declares columns sorted with {@link ColumnSpec#sorted()} instead.
 */
public final class TrevniWriterOptions {
  /** Apache Avro's block size, 64 KiB. */
  public static final int DEFAULT_BLOCK_SIZE = 64 * 1024;
  /** Finished blocks kept in memory before they go to a temporary file: 64 MiB. */
  public static final long DEFAULT_MEMORY_LIMIT = 64L << 20;

  private static final TrevniWriterOptions DEFAULTS = builder().build();

  private final TrevniCodec codec;
  private final TrevniChecksum checksum;
  private final int blockSize;
  private final long memoryLimit;
  private final TrevniMetadata metadata;
  private final List<String> sortedFields;
  private final int parallelism;
  private final Executor executor;

  private TrevniWriterOptions(Builder b) {
    this.codec = b.codec;
    this.checksum = b.checksum;
    this.blockSize = b.blockSize;
    this.memoryLimit = b.memoryLimit;
    this.metadata = TrevniMetadata.of(b.metadata);
    this.sortedFields = List.copyOf(b.sortedFields);
    this.parallelism = b.parallelism;
    this.executor = b.executor;
  }

  public static TrevniWriterOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.codec = codec;
    b.checksum = checksum;
    b.blockSize = blockSize;
    b.memoryLimit = memoryLimit;
    b.metadata.putAll(metadata.asMap());
    b.sortedFields = sortedFields;
    b.parallelism = parallelism;
    b.executor = executor;
    return b;
  }

  /** The file's codec, when one is set ({@code trevni.codec}). */
  public Optional<TrevniCodec> codec() {
    return Optional.ofNullable(codec);
  }

  /** The file's checksum, when one is set ({@code trevni.checksum}). */
  public Optional<TrevniChecksum> checksum() {
    return Optional.ofNullable(checksum);
  }

  public int blockSize() {
    return blockSize;
  }

  /**
   * Bytes of finished (compressed) blocks a writer keeps in memory; beyond them blocks go to a
   * temporary file until the file is written, since Trevni's header, which comes first, holds
   * every column's start.
   */
  public long memoryLimit() {
    return memoryLimit;
  }

  /** The file's user metadata, in the order it was added. */
  public TrevniMetadata metadata() {
    return metadata;
  }

  /**
   * The fields of the records a {@link TrevniWriter} writes that are declared sorted, as paths
   * ({@code id}, {@code key.part}): each a field reached through records alone (not nullable,
   * not in a union, array or map) of a type stored in its order (not an enum or a decimal). Its
   * column gets first values and {@link ColumnSpec#sorted()}'s check: a value before the previous
   * row's, in Java's order, fails the write and gives the file up. Filtered reads skip its blocks
   * unread. For a writer created with a colfile type, these are its non-null fields (the
   * nullable ones become unions in the Avro schema {@code AvroTypes.fromType} derives).
   */
  public List<String> sortedFields() {
    return sortedFields;
  }

  /**
   * How many threads encode a writer's values and compress its finished blocks (the writing
   * thread among them); 1, the default, does everything on the writing thread, each block
   * compressed as it is finished. With more, on {@link io.colfile.core.write.WriteTasks}:
   *
   * <ul>
   *   <li>rows written a column at a time ({@link TrevniFileWriter#writeColumns}, which {@link
   *       TrevniWriter} uses for records whose fields are all simple values, nullable or not)
   *       have their columns encoded at once, each column by one thread, which also compresses
   *       the blocks the column finishes;
   *   <li>other finished blocks (rows written one at a time: nested records, arrays, maps,
   *       unions) are set aside, up to a few per thread, and then compressed (and checksummed)
   *       together; those rows' values are encoded on the writing thread.
   * </ul>
   *
   * <p>Each column's blocks stay in their order and each is compressed alone, so the file is
   * byte for byte the one a single thread writes.
   */
  public int parallelism() {
    return parallelism;
  }

  /**
   * The executor {@link #parallelism()} runs on, when one is given; else the writer starts its
   * own daemon threads and stops them when it is closed.
   */
  public Optional<Executor> executor() {
    return Optional.ofNullable(executor);
  }

  /** The file metadata as written: codec, checksum, then user entries (Avro's order). */
  TrevniMetadata fileMetadata(Map<String, byte[]> extra) {
    LinkedHashMap<String, byte[]> m = new LinkedHashMap<>();
    if (codec != null) {
      m.put(TrevniMetadata.CODEC, codec.wireName().getBytes(StandardCharsets.UTF_8));
    }
    if (checksum != null) {
      m.put(TrevniMetadata.CHECKSUM, checksum.wireName().getBytes(StandardCharsets.UTF_8));
    }
    m.putAll(metadata.raw());
    m.putAll(extra);
    return TrevniMetadata.of(m);
  }

  /** Builds {@link TrevniWriterOptions}. */
  public static final class Builder {
    private TrevniCodec codec;
    private TrevniChecksum checksum;
    private int blockSize = DEFAULT_BLOCK_SIZE;
    private long memoryLimit = DEFAULT_MEMORY_LIMIT;
    private final LinkedHashMap<String, byte[]> metadata = new LinkedHashMap<>();
    private List<String> sortedFields = List.of();
    private int parallelism = 1;
    private Executor executor;

    private Builder() {}

    public Builder codec(TrevniCodec codec) {
      this.codec = Objects.requireNonNull(codec, "codec");
      return this;
    }

    public Builder checksum(TrevniChecksum checksum) {
      this.checksum = Objects.requireNonNull(checksum, "checksum");
      return this;
    }

    /** Bytes a column buffers before its block is closed (at the next row); at least 1. */
    public Builder blockSize(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("block size must be at least 1 byte, got " + bytes);
      }
      this.blockSize = bytes;
      return this;
    }

    /** See {@link TrevniWriterOptions#memoryLimit()}; 0 sends every block to the file. */
    public Builder memoryLimit(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("memory limit must not be negative, got " + bytes);
      }
      this.memoryLimit = bytes;
      return this;
    }

    /**
     * Adds a file metadata entry; an existing key keeps its position.
     *
     * @throws IllegalArgumentException for keys starting with {@code trevni.} (use {@link
     *     #codec} and {@link #checksum})
     */
    public Builder metadata(String key, byte[] value) {
      if (key.startsWith(TrevniMetadata.RESERVED_PREFIX)) {
        throw new IllegalArgumentException("metadata key '" + key + "' is reserved by Trevni");
      }
      metadata.put(key, value.clone());
      return this;
    }

    public Builder metadata(String key, String value) {
      return metadata(key, value.getBytes(StandardCharsets.UTF_8));
    }

    /** See {@link TrevniWriterOptions#sortedFields()}; replaces the fields declared before. */
    public Builder sortedFields(List<String> paths) {
      this.sortedFields = List.copyOf(paths);
      return this;
    }

    public Builder sortedFields(String... paths) {
      return sortedFields(List.of(paths));
    }

    /**
     * See {@link TrevniWriterOptions#parallelism()}.
     *
     * @throws IllegalArgumentException if {@code threads} is less than 1
     */
    public Builder parallelism(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("parallelism must be at least 1: " + threads);
      }
      this.parallelism = threads;
      return this;
    }

    /** See {@link TrevniWriterOptions#executor()}; null for the writer's own threads. */
    public Builder executor(Executor executor) {
      this.executor = executor;
      return this;
    }

    public TrevniWriterOptions build() {
      return new TrevniWriterOptions(this);
    }
  }
}
