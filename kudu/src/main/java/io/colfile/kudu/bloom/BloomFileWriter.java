package io.colfile.kudu.bloom;

import io.colfile.core.io.OutputFile;
import io.colfile.kudu.CFileBackedWriter;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import java.io.IOException;
import java.util.Arrays;

/**
 * Writes a BloomFile as Kudu's DiskRowSet writer does (cfile.md section 10): the encoded keys of
 * the rows, in row order, go into a filter sized by {@link BloomFilterSizing#TABLET}; when it
 * holds its expected number of keys (1710) it is written as a raw block of a BINARY / PLAIN /
 * uncompressed CFile, indexed in the value index by its first key (shortened against the
 * previous block's last key), and a fresh filter starts. No positional index; {@code
 * num_values} stays 0.
 */
public final class BloomFileWriter extends CFileBackedWriter {
  private final BloomFilter filter;
  private final int expected;
  private byte[] firstKey;
  private byte[] lastKey;
  private byte[] previousLastKey = new byte[0];

  private BloomFileWriter(CFileWriter file, BloomFilterSizing sizing) {
    super(file);
    this.filter = new BloomFilter(sizing);
    this.expected = sizing.expectedCount();
  }

  /** A writer of a tablet's BloomFile at {@code out}, with or without CRC-32C checksums. */
  public static BloomFileWriter create(OutputFile out, boolean checksums) throws IOException {
    return create(out, BloomFilterSizing.TABLET, checksums);
  }

  /** A writer of a BloomFile whose filters have {@code sizing}. */
  public static BloomFileWriter create(OutputFile out, BloomFilterSizing sizing,
      boolean checksums) throws IOException {
    CFileWriterOptions options = CFileWriterOptions.builder(KuduType.BINARY)
        .encoding(KuduEncoding.PLAIN).compression(KuduCompression.NONE)
        .positionalIndex(false).valueIndex(true).checksums(checksums).build();
    return new BloomFileWriter(CFileWriter.create(out, options), sizing);
  }

  /**
   * Adds the encoded key {@code key[off, off + len)}; keys arrive in row order, which is key
   * order (the value index finds a key's filter by the first key of each block).
   *
   * @throws IllegalArgumentException if the key sorts before the previous one; the file is then
   *     given up
   */
  public void add(byte[] key, int off, int len) throws IOException {
    if (lastKey != null && Arrays.compareUnsigned(lastKey, 0, lastKey.length, key, off,
        off + len) > 0) {
      abort();
      throw new IllegalArgumentException("bloom filter keys arrive in key order; this one sorts "
          + "before the previous (the file is given up)");
    }
    if (filter.count() == 0) {
      firstKey = Arrays.copyOfRange(key, off, off + len);
    }
    filter.add(key, off, len);
    lastKey = Arrays.copyOfRange(key, off, off + len);
    if (filter.count() >= expected) {
      flushOrAbort();
    }
  }

  public void add(byte[] key) throws IOException {
    add(key, 0, key.length);
  }

  /** Writes the filter as a raw block, unless it is empty. */
  @Override
  protected void flush() throws IOException {
    if (filter.count() == 0) {
      return;
    }
    file().appendRawBlock(filter.toBlock(), firstKey, previousLastKey);
    previousLastKey = lastKey;
    filter.clear();
  }
}
