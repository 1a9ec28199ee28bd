package io.colfile.kudu.rowset;

import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;

/**
 * Settings of a {@link RowSetWriter} that are not per column: whether to write checksums, the
 * compression and block size of columns that ask for the defaults (Kudu's server flags {@code
 * --cfile_write_checksums}, {@code --cfile_default_compression_codec}, {@code
 * --cfile_default_block_size}), and how many bytes of rows the writer holds before rows that
 * arrive in key order are written out ({@link #memoryLimit}).
 *
 * @param memoryLimit the bytes of values (and their keys) held in memory before rows that have
 *     so far arrived in key order are written to the column files; rows that do not arrive in
 *     key order are all held until the rowset is sorted at {@link RowSetWriter#close()}
 */
public record RowSetWriterOptions(boolean checksums, KuduCompression defaultCompression,
    int defaultBlockSize, long memoryLimit) {
  /** See {@link #memoryLimit}: 32 MiB, Kudu's own target size of a rowset. */
  public static final long DEFAULT_MEMORY_LIMIT = 32L << 20;

  /** Kudu 1.17's defaults: checksums on, no compression, 256 KiB blocks. */
  public static RowSetWriterOptions defaults() {
    return new RowSetWriterOptions(true, KuduCompression.NONE,
        CFileWriterOptions.DEFAULT_BLOCK_SIZE, DEFAULT_MEMORY_LIMIT);
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
  }

  /** The settings with the default {@link #memoryLimit}. */
  public RowSetWriterOptions(boolean checksums, KuduCompression defaultCompression,
      int defaultBlockSize) {
    this(checksums, defaultCompression, defaultBlockSize, DEFAULT_MEMORY_LIMIT);
  }

  public RowSetWriterOptions withChecksums(boolean on) {
    return new RowSetWriterOptions(on, defaultCompression, defaultBlockSize, memoryLimit);
  }

  public RowSetWriterOptions withDefaultCompression(KuduCompression c) {
    return new RowSetWriterOptions(checksums, c, defaultBlockSize, memoryLimit);
  }

  public RowSetWriterOptions withDefaultBlockSize(int bytes) {
    return new RowSetWriterOptions(checksums, defaultCompression, bytes, memoryLimit);
  }

  /** See {@link #memoryLimit}. */
  public RowSetWriterOptions withMemoryLimit(long bytes) {
    return new RowSetWriterOptions(checksums, defaultCompression, defaultBlockSize, bytes);
  }
}
