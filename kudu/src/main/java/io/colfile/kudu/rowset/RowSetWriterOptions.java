package io.colfile.kudu.rowset;

import io.colfile.core.WriteOptions;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import java.util.concurrent.Executor;

/**
 * Settings of a {@link RowSetWriter} that are not per column: whether to write checksums, the
 * compression and block size of columns that ask for the defaults (Kudu's server flags {@code
 * --cfile_write_checksums}, {@code --cfile_default_compression_codec}, {@code
 * --cfile_default_block_size}), and how many bytes of rows the writer holds before rows that
 * arrive in key order are written out ({@link #memoryLimit}), and on how many threads the
 * column files are encoded and compressed ({@link #parallelism}).
 *
 * @param memoryLimit the bytes of values (and their keys) held in memory before rows that have
 *     so far arrived in key order are written to the column files; rows that do not arrive in
 *     key order are all held until the rowset is sorted at {@link RowSetWriter#close()}
 * @param parallelism how many threads encode, compress and close the column files (and the
 *     bloom filter and ad-hoc index) when rows are written out, the writer's among them
 *     ({@link WriteOptions#withParallelism}); 1, the default, writes on the caller's thread
 *     alone. The files are the same bytes whatever it is.
 * @param executor where the other threads come from ({@link WriteOptions#withExecutor}); null
 *     for threads of the writer's own
 */
public record RowSetWriterOptions(boolean checksums, KuduCompression defaultCompression,
    int defaultBlockSize, long memoryLimit, int parallelism, Executor executor) {
  /** See {@link #memoryLimit}: 32 MiB, Kudu's own target size of a rowset. */
  public static final long DEFAULT_MEMORY_LIMIT = 32L << 20;

  /** Kudu 1.17's defaults: checksums on, no compression, 256 KiB blocks. */
  public static RowSetWriterOptions defaults() {
    return new RowSetWriterOptions(true, KuduCompression.NONE,
        CFileWriterOptions.DEFAULT_BLOCK_SIZE, DEFAULT_MEMORY_LIMIT, 1, null);
  }

  public RowSetWriterOptions {
    if (defaultCompression == KuduCompression.DEFAULT) {
      defaultCompression = KuduCompression.NONE;
    }
    if (defaultBlockSize < 1) {
      throw new IllegalArgumentException("block size must be positive: " + defaultBlockSize);
    }
    if (memoryLimit < 1) {
      throw new IllegalArgumentException("memory limit must be positive: " + memoryLimit);
    }
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
    }
  }

  /** The settings written on the caller's thread alone. */
  public RowSetWriterOptions(boolean checksums, KuduCompression defaultCompression,
      int defaultBlockSize, long memoryLimit) {
    this(checksums, defaultCompression, defaultBlockSize, memoryLimit, 1, null);
  }

  /** The settings with the default {@link #memoryLimit}. */
  public RowSetWriterOptions(boolean checksums, KuduCompression defaultCompression,
      int defaultBlockSize) {
    this(checksums, defaultCompression, defaultBlockSize, DEFAULT_MEMORY_LIMIT);
  }

  public RowSetWriterOptions withChecksums(boolean on) {
    return new RowSetWriterOptions(on, defaultCompression, defaultBlockSize, memoryLimit,
        parallelism, executor);
  }

  public RowSetWriterOptions withDefaultCompression(KuduCompression c) {
    return new RowSetWriterOptions(checksums, c, defaultBlockSize, memoryLimit, parallelism,
        executor);
  }

  public RowSetWriterOptions withDefaultBlockSize(int bytes) {
    return new RowSetWriterOptions(checksums, defaultCompression, bytes, memoryLimit,
        parallelism, executor);
  }

  /** See {@link #memoryLimit}. */
  public RowSetWriterOptions withMemoryLimit(long bytes) {
    return new RowSetWriterOptions(checksums, defaultCompression, defaultBlockSize, bytes,
        parallelism, executor);
  }

  /** See {@link #parallelism}. */
  public RowSetWriterOptions withParallelism(int threads) {
    return new RowSetWriterOptions(checksums, defaultCompression, defaultBlockSize, memoryLimit,
        threads, executor);
  }

  /** See {@link #executor}. */
  public RowSetWriterOptions withExecutor(Executor e) {
    return new RowSetWriterOptions(checksums, defaultCompression, defaultBlockSize, memoryLimit,
        parallelism, e);
  }
}
