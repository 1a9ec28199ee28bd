package io.colfile.kudu.delta;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CFile;
import io.colfile.kudu.KuduType;
import java.io.Closeable;
import java.io.IOException;

/**
 * Reads a DeltaFile (cfile.md section 11): its statistics, and its mutations in file order
 * (row ascending, then timestamp ascending for REDO files, descending for UNDO files), from the
 * start or from the first mutation of a row, found through the value index.
 */
public final class DeltaFile implements Closeable {
  private static final int BATCH = 256;

  private final CFile file;
  private final DeltaStats stats;

  private DeltaFile(CFile file) throws IOException {
    this.file = file;
    if (file.dataType() != KuduType.BINARY || file.isNullable()) {
      throw file.footerRegion().corrupt("%s", "a DeltaFile holds non-null "
          + "BINARY cells; this file holds " + file.dataType().kuduName()
          + (file.isNullable() ? " (nullable)" : ""));
    }
    byte[] s = file.footer().metadata("deltafilestats");
    if (s == null) {
      throw file.footerRegion().corrupt(
          "a DeltaFile has deltafilestats metadata; this file has none");
    }
    try {
      this.stats = DeltaStats.parse(s, 0, s.length);
    } catch (MalformedInputException e) {
      throw file.footerRegion().part("deltafilestats").corrupt(e, e.offset(), "%s", e.getMessage());
    }
    if (file.footer().valueIndexRoot() == null) {
      // Kudu writes every DeltaFile with a value index of its delta keys; seeks need it
      throw file.footerRegion().corrupt("%s", "a DeltaFile has a value index of its delta keys;"
          + " this file has none");
    }
  }

  public static DeltaFile open(InputFile in) throws IOException {
    CFile f = CFile.open(in);
    try {
      return new DeltaFile(f);
    } catch (IOException | RuntimeException e) {
      f.close();
      throw e;
    }
  }

  public CFile file() {
    return file;
  }

  /** The {@code deltafilestats} of the footer. */
  public DeltaStats stats() {
    return stats;
  }

  /** The number of mutations in the file. */
  public long count() {
    return file.numValues();
  }

  /** Mutations from the first one on. */
  public Iterator iterator() throws IOException {
    CFileCursor c = file.newCursor();
    c.seekToFirst();
    Iterator it = new Iterator(c);
    it.seen = new DeltaStats(); // all of them: held against the footer's stats at the end
    return it;
  }

  /**
   * Mutations from the one at position {@code index} of the file on (none when the file has
   * fewer). DeltaFiles have no positional index: the blocks before it are read, their
   * mutations not decoded.
   */
  public Iterator iteratorAt(long index) throws IOException {
    CFileCursor c = file.newCursor();
    c.seekToOrdinal(Math.min(index, file.numValues()));
    return new Iterator(c);
  }

  /** Mutations from the first one of row {@code rowOrdinal} (or the next row that has some). */
  public Iterator iteratorFrom(long rowOrdinal) throws IOException {
    CFileCursor c = file.newCursor();
    c.seekAtOrAfter(new DeltaKey(rowOrdinal, 0).encode());
    return new Iterator(c);
  }

  /** Walks the mutations of a DeltaFile one at a time. */
  public final class Iterator {
    private final CFileCursor cursor;
    private final BytesVector cells = new BytesVector(BATCH);
    private int size;
    private int at;
    private DeltaCell current;
    /** The stats of the mutations read, when they are read from the first. */
    private DeltaStats seen;

    private Iterator(CFileCursor cursor) {
      this.cursor = cursor;
    }

    /** Moves to the next mutation; false after the last. */
    public boolean next() throws IOException {
      if (at == size) {
        cells.reset();
        size = cursor.readInOneBlock(cells, 0, BATCH); // so that errors name the block
        at = 0;
        if (size == 0) {
          current = null;
          checkStats();
          return false;
        }
      }
      long ordinal = cursor.ordinal() - size + at;
      try {
        current = DeltaCell.decode(cells.vector[at], cells.start[at], cells.length[at]);
      } catch (MalformedInputException e) {
        throw cursor.blockRegion().corrupt(e, -1, "delta %d (byte %d of its cell): %s",
            ordinal, e.offset(), e.getMessage());
      }
      at++;
      if (seen != null) {
        seen.add(current.key().timestamp(), current.changes());
      }
      return true;
    }

    /**
     * The footer's {@code deltafilestats} state the mutations' counts and timestamps again
     * (Kudu's writer counts each mutation it writes): after a read of all of them, they must
     * agree, or the stats a scan uses to skip the file are wrong. Checked are the DELETE count
     * and the timestamps, which every Kudu version has written, the per-column counts where the
     * stats list any and the REINSERT count where it is stated (older versions wrote neither).
     */
    private void checkStats() throws CorruptFileException {
      if (seen != null && (seen.deleteCount() != stats.deleteCount()
          || seen.minTimestamp() != stats.minTimestamp()
          || seen.maxTimestamp() != stats.maxTimestamp()
          || !stats.updateCounts().isEmpty() && !stats.updateCounts().equals(seen.updateCounts())
          || stats.reinsertCount() != 0 && stats.reinsertCount() != seen.reinsertCount())) {
        DeltaStats read = seen;
        seen = null;
        throw file.footerRegion().part("deltafilestats").corrupt("%s", "the footer's delta "
            + "stats " + stats + " disagree with the file's mutations, " + read);
      }
      seen = null;
    }

    public DeltaKey key() {
      return current.key();
    }

    public RowChangeList changes() {
      return current.changes();
    }
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
