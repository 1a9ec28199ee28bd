package io.colfile.kudu.rowset;

import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;

/**
 * Settings of a {@link RowSetWriter} that are not per column: whether to write checksums, and
 * the compression and block size of columns that ask for the defaults (Kudu's server flags
 * {@code --cfile_write_checksums}, {@code --cfile_default_compression_codec}, {@code
 * --cfile_default_block_size}).
 */
public record RowSetWriterOptions(boolean checksums, KuduCompression defaultCompression,
    int defaultBlockSize) {
  /** Kudu 1.17's defaults: checksums on, no compression, 256 KiB blocks. */
  public static RowSetWriterOptions defaults() {
    return new RowSetWriterOptions(true, KuduCompression.NONE,
        CFileWriterOptions.DEFAULT_BLOCK_SIZE);
  }

  public RowSetWriterOptions {
    if (defaultCompression == KuduCompression.DEFAULT) {
      defaultCompression = KuduCompression.NONE;
    }
    if (defaultBlockSize < 1) {
      throw new IllegalArgumentException("block size must be positive: " + defaultBlockSize);
    }
  }

  public RowSetWriterOptions withChecksums(boolean on) {
    return new RowSetWriterOptions(on, defaultCompression, defaultBlockSize);
  }

  public RowSetWriterOptions withDefaultCompression(KuduCompression c) {
    return new RowSetWriterOptions(checksums, c, defaultBlockSize);
  }

  public RowSetWriterOptions withDefaultBlockSize(int bytes) {
    return new RowSetWriterOptions(checksums, defaultCompression, bytes);
  }
}
