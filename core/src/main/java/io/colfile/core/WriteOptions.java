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
import java.util.concurrent.Executor;

/**
 * The options every format's writer understands, for {@link ColFile#writer}: compression, the
 * size of the format's unit of buffering (ORC stripe, Trevni and CFile block), and the columns
 * that get bloom filters. Unset options take the format's own defaults; each format's native
 * options class (e.g. {@code OrcWriterOptions}) offers everything else. Immutable.
 *
 * <p>{@link #withParallelism} lets a writer encode and compress columns on several threads; the
 * file's bytes are the same at every parallelism.
 */
public final class WriteOptions {
  private static final WriteOptions DEFAULTS =
      new WriteOptions(null, -1, List.of(), Map.of(), 1, null);

  private final CompressionCodec compression;
  private final long blockSize;
  private final List<String> bloomFilterColumns;
  private final Map<String, String> properties;
  private final int parallelism;
  private final Executor executor;

  private WriteOptions(CompressionCodec compression, long blockSize, List<String> bloom,
      Map<String, String> properties, int parallelism, Executor executor) {
    this.compression = compression;
    this.blockSize = blockSize;
    this.bloomFilterColumns = List.copyOf(bloom);
    this.properties = properties;
    this.parallelism = parallelism;
    this.executor = executor;
  }

  public static WriteOptions defaults() {
    return DEFAULTS;
  }

  public WriteOptions withCompression(CompressionCodec codec) {
    return new WriteOptions(Objects.requireNonNull(codec, "codec"), blockSize,
        bloomFilterColumns, properties, parallelism, executor);
  }

  /** The format's unit of buffering in bytes: ORC's stripe size, Trevni's and CFile's block. */
  public WriteOptions withBlockSize(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("block size must be positive, got " + bytes);
    }
    return new WriteOptions(compression, bytes, bloomFilterColumns, properties, parallelism,
        executor);
  }

  public WriteOptions withBloomFilterColumns(List<String> columns) {
    return new WriteOptions(compression, blockSize, columns, properties, parallelism, executor);
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
        Collections.unmodifiableMap(p), parallelism, executor);
  }

  /**
   * Encodes and compresses columns on up to {@code threads} threads at once (the writing thread
   * among them). The file's bytes are exactly those of a single-threaded write; a writer's heap
   * grows by what the extra threads hold at once (a format's unit of buffering per thread at
   * most). The threads are the writer's own (daemon threads named {@code colfile-write-N}, gone
   * once it is closed) unless {@link #withExecutor} gives an executor to run on. 1, the default,
   * writes on the calling thread alone.
   *
   * @throws IllegalArgumentException if {@code threads} is less than 1
   */
  public WriteOptions withParallelism(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1: " + threads);
    }
    return new WriteOptions(compression, blockSize, bloomFilterColumns, properties, threads,
        executor);
  }

  /**
   * Runs a parallel write's tasks ({@link #withParallelism}) on {@code executor} rather than on
   * threads of the writer's own. The writer never shuts it down, and the writing thread takes
   * part in the work, so a busy executor slows a write but never stalls it; a task of the
   * writer's gives its thread back at its first moment without work after a millisecond, even
   * while batches keep coming. Null for the writer's own threads.
   */
  public WriteOptions withExecutor(Executor executor) {
    return new WriteOptions(compression, blockSize, bloomFilterColumns, properties, parallelism,
        executor);
  }

  /** How many threads encode at once ({@link #withParallelism}); 1 unless asked. */
  public int parallelism() {
    return parallelism;
  }

  /** The executor parallel writes run on ({@link #withExecutor}), if one was given. */
  public Optional<Executor> executor() {
    return Optional.ofNullable(executor);
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
