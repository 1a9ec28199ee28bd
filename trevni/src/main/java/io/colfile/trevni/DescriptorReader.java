package io.colfile.trevni;

import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads and checks one column's block descriptors (trevni.md section 5), which start where the
 * header says the column starts ({@link HeaderReader} has the file's grammar):
 *
 * <pre>
 * Column     ::= blockCount:fixed32 Descriptor{blockCount} Block{blockCount}
 * Descriptor ::= rowCount:fixed32 uncompressedSize:fixed32 compressedSize:fixed32
 *                [firstValue]                        the block's first value, with trevni.values
 * Block      ::= byte{compressedSize} checksum       checksum: 0 bytes, or crc32 4 bytes big-endian
 * </pre>
 *
 * A descriptor's row count counts top-level rows, also for array and child columns; the counts
 * add up to the file's. The blocks' offsets are the sums of the sizes before them; each must end
 * within the file.
 */
final class DescriptorReader {
  private final InputFile file;
  private final long fileLength;
  private final long rowCount;
  private final ColumnSpec spec;
  private final TrevniChecksum checksum;
  /** Whether blocks may run past the end of the file (a file cut short, for salvage). */
  private boolean cutShort;
  /**
   * Where the column's bytes must end: the next column's start, as the header says (writers put
   * the columns back to back), or the end of the file.
   */
  private long extentEnd;
  /** The column's block count and descriptors, placed once the column's start is known. */
  private FileRegion where;

  private DescriptorReader(InputFile file, long fileLength, long rowCount, ColumnSpec spec,
      TrevniChecksum checksum) {
    this.file = file;
    this.fileLength = fileLength;
    this.rowCount = rowCount;
    this.spec = spec;
    this.checksum = checksum;
  }

  /** How corruption messages name {@code spec}'s column. */
  static String structure(ColumnSpec spec) {
    return "column '" + spec.name() + "'";
  }

  /** The blocks of the column {@code spec} that starts at {@code start}. */
  static List<BlockInfo> read(InputFile file, long fileLength, long rowCount, ColumnSpec spec,
      TrevniChecksum checksum, long start) throws IOException {
    return read(file, fileLength, rowCount, spec, checksum, start, fileLength, false);
  }

  /**
   * {@link #read(InputFile, long, long, ColumnSpec, TrevniChecksum, long)} of a column whose
   * blocks must end by {@code end} (where the header says the next column starts; the file's
   * length for the last); with {@code cutShort}, blocks that run past the end of the file are
   * kept (reading them fails).
   */
  static List<BlockInfo> read(InputFile file, long fileLength, long rowCount, ColumnSpec spec,
      TrevniChecksum checksum, long start, long end, boolean cutShort) throws IOException {
    DescriptorReader reader = new DescriptorReader(file, fileLength, rowCount, spec, checksum);
    reader.cutShort = cutShort;
    reader.extentEnd = Math.min(end, fileLength);
    return reader.read(start);
  }

  private List<BlockInfo> read(long start) throws IOException {
    where = FileRegion.of(file.name(), fileLength).child(structure(spec))
        .child("block descriptors").at(start, -1);
    long available = fileLength - start;
    if (available < 4) {
      throw where.corrupt(0, "the column starts at byte %d, too close to the end of the file"
          + " (%d bytes) for its block count", start, fileLength);
    }
    byte[] countBytes = file.read(start, 4);
    int count = ByteBuffer.wrap(countBytes).order(ByteOrder.LITTLE_ENDIAN).getInt();
    if (count < 0 || 12L * count > available - 4) {
      throw where.corrupt(0, "block count %d does not fit the %d bytes left in the file", count,
          available - 4);
    }
    if (count == 0 && rowCount != 0) {
      throw where.corrupt(0, "the column has no blocks but the file has %d rows", rowCount);
    }
    long tableMin = 12L * count;
    long want = spec.hasFirstValues() ? Math.min(available - 4, tableMin + 16L * count + 64)
        : tableMin;
    while (true) {
      byte[] table = file.read(start + 4, (int) Math.min(want, Integer.MAX_VALUE - 16));
      try {
        return parse(count, table, start + 4, table.length >= available - 4);
      } catch (OutOfBytes e) {
        if (want >= available - 4) {
          throw where.corrupt(4 + e.offset, "the file ends inside the block descriptors: %s",
              e.getMessage());
        }
        want = Math.min(available - 4, 4 * want);
      }
    }
  }

  private List<BlockInfo> parse(int count, byte[] table, long tableStart, boolean complete)
      throws IOException, OutOfBytes {
    ByteCursor in = new ByteCursor(table);
    long[] firstRows = new long[count];
    int[][] sizes = new int[count][];
    Object[] firstValues = new Object[count];
    long row = 0;
    for (int b = 0; b < count; b++) {
      int pos = in.position();
      try {
        int rows = in.readIntLE();
        int raw = in.readIntLE();
        int stored = in.readIntLE();
        if (rows <= 0 || raw < 0 || stored < 0) {
          throw where.corrupt(4 + pos,
              "block %d has an impossible descriptor (rows %d, sizes %d/%d)", b, rows, raw,
              stored);
        }
        if (spec.hasFirstValues()) {
          firstValues[b] = ValueCodec.readBoxed(in, spec.type());
        }
        firstRows[b] = row;
        row += rows;
        sizes[b] = new int[] {rows, raw, stored};
      } catch (MalformedInputException e) {
        if (!complete) {
          throw new OutOfBytes(pos, e.getMessage());
        }
        throw where.corrupt(e, 4 + pos, "block %d: %s", b, e.getMessage());
      }
    }
    if (row != rowCount) {
      throw where.corrupt(0, "the blocks hold %d rows, the file has %d", row, rowCount);
    }
    long offset = tableStart + in.position();
    int checksumSize = checksum.size();
    List<BlockInfo> out = new ArrayList<>(count);
    for (int b = 0; b < count; b++) {
      long end = offset + sizes[b][2] + checksumSize;
      if (end > fileLength && !cutShort) {
        throw FileRegion.of(file.name(), fileLength).child(structure(spec)).child("block", b)
            .at(offset, sizes[b][2]).corrupt(0,
                "the block's %d bytes at %d run past the end of the file (%d bytes)",
                sizes[b][2], offset, fileLength);
      }
      if (end > extentEnd && !cutShort) {
        throw FileRegion.of(file.name(), fileLength).child(structure(spec)).child("block", b)
            .at(offset, sizes[b][2]).corrupt(0,
                "the block's %d bytes at %d run past %d, where the header says the next "
                    + "column starts", sizes[b][2], offset, extentEnd);
      }
      out.add(new BlockInfo(firstRows[b], sizes[b][0], sizes[b][1], sizes[b][2], offset,
          firstValues[b]));
      offset = end;
    }
    return Collections.unmodifiableList(out);
  }
}
