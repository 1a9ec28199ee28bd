package io.colfile.kudu.delta;

import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.CFileBackedWriter;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import java.io.IOException;
import java.util.Arrays;

/**
 * Writes a REDO or UNDO DeltaFile as Kudu 1.17 does (cfile.md section 11): a BINARY / PLAIN
 * CFile, LZ4-compressed in 32 KiB blocks, one cell {@code DeltaKey | RowChangeList} per
 * mutation, a value index keyed by each block's first DeltaKey (not shortened) and no
 * positional index, and the {@code deltafilestats} footer metadata. Cells must arrive in the
 * file's order: row ordinals ascending, then timestamps ascending (REDO) or descending (UNDO).
 */
public final class DeltaFileWriter extends CFileBackedWriter {
  /** Kudu's {@code --deltafile_default_block_size}. */
  public static final int DEFAULT_BLOCK_SIZE = 32 << 10;
  private static final int CHUNK = 256;

  private final DeltaType type;
  private final DeltaStats stats = new DeltaStats();
  private final BytesVector pending = new BytesVector(CHUNK);
  private int pendingCount;
  private DeltaKey last;

  private DeltaFileWriter(CFileWriter file, DeltaType type) {
    super(file);
    this.type = type;
  }

  /** A DeltaFile writer with Kudu's defaults: LZ4, 32 KiB blocks. */
  public static DeltaFileWriter create(OutputFile out, DeltaType type, boolean checksums)
      throws IOException {
    return create(out, type, checksums, KuduCompression.LZ4, DEFAULT_BLOCK_SIZE);
  }

  public static DeltaFileWriter create(OutputFile out, DeltaType type, boolean checksums,
      KuduCompression compression, int blockSize) throws IOException {
    CFileWriterOptions options = CFileWriterOptions.builder(KuduType.BINARY)
        .encoding(KuduEncoding.PLAIN).compression(compression).blockSize(blockSize)
        .checksums(checksums).positionalIndex(false).valueIndex(true)
        .optimizeIndexKeys(false).valueIndexKey(DeltaFileWriter::keyOf).build();
    return new DeltaFileWriter(CFileWriter.create(out, options), type);
  }

  /** The DeltaKey at the start of a cell: the value index's key for it. */
  private static byte[] keyOf(byte[] cell) {
    try {
      return Arrays.copyOf(cell, DeltaKey.lengthAt(cell, 0, cell.length));
    } catch (io.colfile.core.error.MalformedInputException e) {
      throw new IllegalStateException("a cell this writer made has no DeltaKey", e);
    }
  }

  /**
   * Appends one mutation.
   *
   * @throws IllegalArgumentException if it is out of the file's order; the file is then given
   *     up, as after any failure
   */
  public void append(DeltaKey key, RowChangeList changes) throws IOException {
    if (last != null && type.compare(last, key) > 0) {
      abort();
      throw new IllegalArgumentException(type + " deltas out of order: " + key + " after "
          + last + " (the file is given up)");
    }
    last = key;
    byte[] cell = new DeltaCell(key, changes).encode();
    stats.add(key.timestamp(), changes);
    pending.setRef(pendingCount++, cell, 0, cell.length);
    if (pendingCount == CHUNK) {
      flushOrAbort();
    }
  }

  /** Appends the pending cells. */
  @Override
  protected void flush() throws IOException {
    if (pendingCount > 0) {
      file().append(pending, 0, pendingCount);
      pendingCount = 0;
    }
  }

  /** The statistics of the mutations appended so far. */
  public DeltaStats stats() {
    return stats;
  }

  /** Adds the statistics to the footer ({@code deltafilestats}). */
  @Override
  protected void beforeFooter() {
    file().addMetadata("deltafilestats", stats.toBytes());
  }
}
