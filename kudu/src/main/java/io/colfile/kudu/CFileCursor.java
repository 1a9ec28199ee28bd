package io.colfile.kudu;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.block.BlockDecoder;
import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads the values of a CFile in ordinal order from any position, as Kudu's CFileIterator does:
 * {@link #seekToFirst}, {@link #seekToOrdinal} through the positional index, {@link
 * #seekAtOrAfter} through the value index, then {@link #read} batches. Data blocks are found by
 * walking the positional index's leaves left to right (the value index's in files without one,
 * such as DeltaFiles), and each block's null bitmap (section 5) is applied on the way.
 *
 * <p>Every block is checked against what the indexes and the footer say: its first ordinal
 * follows the previous block's last, the non-NULL values match the bitmap, and the file ends
 * exactly after {@code num_values} cells.
 */
public final class CFileCursor {
  private final CFile reader;
  private final KuduType type;
  private final int width;
  private final IndexTreeReader index;
  private final boolean positional;
  /** Decompresses this cursor's data blocks (null for a file without compression). */
  private final Decompressor decompressor;

  /** The current block, or null when not positioned. */
  private BlockPointer block;
  /** Bytes of the block's payload before the decoder's slice (a null header and bitmap). */
  private int decoderSkipped;
  private long blockFirst;
  private int blockRows;
  private NullBitmap nulls;
  private BlockDecoder decoder;
  private int rowInBlock;
  private boolean atEnd = true;
  /** False until the first seek: reading then starts at the first row. */
  private boolean positioned;
  /** Data blocks loaded so far, by the index walk and by seeks. */
  private long blocksLoaded;

  private byte[] cells = new byte[0];
  private byte[] expanded = new byte[0];
  private boolean[] nonNull = new boolean[0];
  private BytesVector binary;

  CFileCursor(CFile reader) throws IOException {
    this.reader = reader;
    this.type = reader.dataType();
    this.width = type.physical().width();
    IndexTreeReader pos = reader.positionalIndex();
    this.positional = pos != null;
    this.index = pos != null ? pos : reader.valueIndex();
    this.decompressor = reader.newDecompressor();
    if (index == null && reader.numValues() > 0) {
      throw reader.footerRegion().corrupt("%s", "the file has " + reader.numValues()
          + " values but neither a positional nor a value index to find them");
    }
  }

  /**
   * True for a file of no cells found through a value index alone: a BloomFile, whose blocks
   * are raw filter blocks, not cells (cfile.md section 10.1), or an empty DeltaFile.
   */
  private boolean noCells() {
    return !positional && reader.numValues() == 0;
  }

  /** Moves to the first row. */
  public void seekToFirst() throws IOException {
    positioned = true;
    if (index == null || noCells() || !index.seekToFirst()) {
      end(0);
      return;
    }
    load(0);
  }

  /**
   * Moves to row {@code ordinal}; false (and the end) if the file has no such row. Uses the
   * positional index, or walks the blocks from the start in files without one.
   */
  public boolean seekToOrdinal(long ordinal) throws IOException {
    positioned = true;
    if (ordinal < 0) {
      throw new IllegalArgumentException("negative ordinal " + ordinal);
    }
    if (ordinal >= reader.numValues()) {
      end(reader.numValues());
      return false;
    }
    if (positional && ordinal <= 0xFFFFFFFFL) {
      byte[] key = new byte[4];
      Endian.putIntBE(key, 0, (int) ordinal);
      if (!index.seek(key, true)) {
        throw reader.payload(reader.footer().posIndexRoot(), "posidx").corrupt("%s",
            "the positional index has no entry at or before ordinal " + ordinal);
      }
      load(-1);
      if (ordinal < blockFirst || ordinal >= blockFirst + blockRows) {
        throw reader.payload(block, "data block").corrupt("%s", "the positional index "
            + "sends ordinal " + ordinal + " to a block of ordinals " + blockFirst + " to "
            + (blockFirst + blockRows - 1));
      }
    } else {
      seekToFirst();
      while (!atEnd && blockFirst + blockRows <= ordinal) {
        nextBlock();
      }
      if (atEnd) {
        return false;
      }
    }
    skipInBlock((int) (ordinal - blockFirst));
    return true;
  }

  /**
   * Moves to the first value at or after {@code key} in the value index's order (cfile.md
   * section 8.4): {@code key} is key-encoded as the file's index keys are (section 9), and the
   * file's values must be sorted, as Kudu writes key columns. Returns true when that value's key
   * equals {@code key}; after the last value the cursor is at the end.
   *
   * @throws IllegalStateException if the file has no value index
   */
  public boolean seekAtOrAfter(byte[] key) throws IOException {
    positioned = true;
    IndexTreeReader validx = positional ? reader.valueIndex() : index;
    if (validx == null || reader.footer().valueIndexRoot() == null) {
      throw new IllegalStateException(reader.name() + " has no value index");
    }
    if (reader.isNullable()) {
      throw new IllegalStateException(reader.name() + ": value seeks need a non-nullable column");
    }
    if (type.physical() != PhysicalType.BINARY && !type.canBeKey()) {
      // Kudu indexes values only of key columns; no key encoding exists for these cells
      throw reader.footerRegion().corrupt("%s", "the file has a value index, but its "
          + type.kuduName() + " cells cannot be keys");
    }
    if (noCells()) {
      end(0);
      return false;
    }
    // The last block whose key is strictly before the target: every earlier block ends before
    // it (index keys separate blocks, section 8.2), so the first value at or after the target is
    // in this block or, if this block ends before it, first in the next.
    if (!validx.seek(key, false) && !validx.seekToFirst()) {
      end(0);
      return false;
    }
    while (true) {
      BlockPointer ptr = validx.pointer();
      BlockDecoder d = decoder(reader.readBlock(ptr, "data block"), ptr, 0);
      ValueKeys.Search found;
      try {
        found = ValueKeys.lowerBound(type, d, key);
      } catch (MalformedInputException e) { // the decoder's offsets are its block's
        throw reader.payload(ptr, "data block").corrupt(e, e.offset(), "%s", e.getMessage());
      }
      if (found.index() < d.count()) {
        if (positional) {
          seekToOrdinal(d.firstOrdinal() + found.index());
        } else {
          load(-1);
          skipInBlock(found.index());
        }
        return found.exact();
      }
      if (!validx.next()) {
        end(reader.numValues());
        return false;
      }
    }
  }

  /**
   * Moves to the data block of the leaf entry {@code at} stands on ({@code at} reads this file's
   * positional index, as {@link CFile#positionalIndex} gives), which must start at ordinal
   * {@code first}: the block is loaded and checked as a read from the first row loads it when
   * the block before ended at {@code first} (where a part of a parallel read starts).
   *
   * @throws IllegalStateException if the file has no positional index
   */
  void startAtEntry(IndexTreeReader at, long first) throws IOException {
    if (!positional) {
      throw new IllegalStateException(reader.name() + " has no positional index");
    }
    positioned = true;
    index.positionAt(at);
    load(first);
  }

  /** True when every row of the current block is read, or at the end. */
  boolean atBlockEnd() {
    return atEnd || rowInBlock == blockRows;
  }

  /**
   * A walk of the index standing on the entry of the block the cursor reads (a copy: it moves
   * on its own), or null when the cursor stands on no block (not positioned yet, or at the end).
   */
  IndexTreeReader entry() {
    return positioned && !atEnd && block != null ? index.copy() : null;
  }

  /** The first ordinal of the block the cursor reads ({@link #entry}'s). */
  long blockFirst() {
    return blockFirst;
  }

  /** How many data blocks the cursor has loaded so far (by walking the index or seeking). */
  long blocksLoaded() {
    return blocksLoaded;
  }

  /** The ordinal of the next row to read. */
  public long ordinal() {
    if (!positioned) {
      return 0;
    }
    return atEnd ? reader.numValues() : blockFirst + rowInBlock;
  }

  /** True if rows are left to read. */
  public boolean hasNext() throws IOException {
    if (!positioned) {
      seekToFirst();
    }
    while (!atEnd && rowInBlock == blockRows) {
      nextBlock();
    }
    return !atEnd;
  }

  /**
   * Reads up to {@code max} rows into rows {@code [row, ...)} of {@code dst}, a vector of the
   * file's type as {@link KuduTypes} maps it, NULLs flagged; returns how many were read (0 at
   * the end).
   */
  public int read(ColumnVector dst, int row, int max) throws IOException {
    int done = 0;
    while (done < max && hasNext()) {
      int k = Math.min(max - done, blockRows - rowInBlock);
      readInBlock(dst, row + done, k);
      done += k;
    }
    return done;
  }

  /**
   * {@link #read} of at most the rows left in the current block: after it, {@link
   * #blockRegion()} is the block all the rows read came from.
   */
  public int readInOneBlock(ColumnVector dst, int row, int max) throws IOException {
    if (max <= 0 || !hasNext()) {
      return 0;
    }
    int k = Math.min(max, blockRows - rowInBlock);
    readInBlock(dst, row, k);
    return k;
  }

  /**
   * The data block the cursor is in, for errors about the values read from it that the caller
   * finds (a DeltaFile's mutations): its payload's place in the file, or the footer's before
   * the first block.
   */
  public FileRegion blockRegion() {
    return block != null ? reader.payload(block, "data block") : reader.footerRegion();
  }

  /**
   * Reads up to {@code max} rows of a fixed-width column as cells (the physical type's
   * little-endian bytes, one cell per row, zeros for NULL rows) into {@code dst[0...]}, with
   * {@code isNull[i]} set for NULL rows; returns how many rows were read (0 at the end). This is
   * the file's content before any conversion, as Kudu's own iterators see it.
   */
  public int readCells(byte[] dst, boolean[] isNull, int max) throws IOException {
    if (width < 0) {
      throw new IllegalStateException(type.kuduName() + " values are not cells");
    }
    int done = 0;
    while (done < max && hasNext()) {
      int k = Math.min(max - done, blockRows - rowInBlock);
      int present = k;
      if (nulls != null) {
        nonNull = grow(nonNull, k);
        present = bitmap(() -> nulls.next(nonNull, k));
      }
      checkPresent(present);
      cells = grow(cells, present * width);
      try {
        decoder.readCells(cells, 0, present);
      } catch (MalformedInputException e) {
        throw blockError(e);
      }
      int base = done * width;
      for (int i = 0, p = 0; i < k; i++) {
        boolean here = nulls == null || nonNull[i];
        isNull[done + i] = !here;
        if (here) {
          System.arraycopy(cells, p++ * width, dst, base + i * width, width);
        } else {
          Arrays.fill(dst, base + i * width, base + (i + 1) * width, (byte) 0);
        }
      }
      rowInBlock += k;
      done += k;
    }
    return done;
  }

  private void readInBlock(ColumnVector dst, int row, int k) throws IOException {
    int present = k;
    if (nulls != null) {
      nonNull = grow(nonNull, k);
      present = bitmap(() -> nulls.next(nonNull, k));
    }
    checkPresent(present);
    try {
      if (width < 0) {
        readBinary((BytesVector) dst, row, k, present);
      } else {
        readFixed(dst, row, k, present);
      }
    } catch (MalformedInputException e) {
      throw blockError(e);
    }
    if (nulls != null) {
      for (int i = 0; i < k; i++) {
        if (!nonNull[i]) {
          dst.setNull(row + i);
        } else if (!dst.noNulls) {
          dst.isNull[row + i] = false;
        }
      }
    } else if (!dst.noNulls) {
      Arrays.fill(dst.isNull, row, row + k, false);
    }
    rowInBlock += k;
  }

  private void readFixed(ColumnVector dst, int row, int k, int present)
      throws MalformedInputException {
    cells = grow(cells, present * width);
    decoder.readCells(cells, 0, present);
    byte[] src = cells;
    if (present != k) {
      expanded = grow(expanded, k * width);
      for (int i = 0, p = 0; i < k; i++) {
        if (nonNull[i]) {
          System.arraycopy(cells, p * width, expanded, i * width, width);
          p++;
        }
      }
      src = expanded;
    }
    CellVectors.read(type, src, dst, row, k);
  }

  private void readBinary(BytesVector dst, int row, int k, int present)
      throws MalformedInputException {
    if (present == k) {
      decoder.readBinary(dst, row, k);
      return;
    }
    if (binary == null || binary.capacity() < present) {
      binary = new BytesVector(Math.max(present, 1024));
    }
    decoder.readBinary(binary, 0, present);
    for (int i = 0, p = 0; i < k; i++) {
      if (nonNull[i]) {
        dst.setRef(row + i, binary.vector[p], binary.start[p], binary.length[p]);
        p++;
      }
    }
  }

  /** Reads the next block of the index walk. */
  private void nextBlock() throws IOException {
    long expected = blockFirst + blockRows;
    if (!index.next()) {
      end(expected);
      return;
    }
    load(expected);
  }

  /**
   * Loads the block the index points at; {@code expectedFirst} is the ordinal it must start at
   * (or -1 after a seek).
   */
  private void load(long expectedFirst) throws IOException {
    BlockPointer ptr = index.pointer();
    BlockSlice slice = reader.readBlock(ptr, "data block", decompressor);
    blocksLoaded++;
    block = ptr;
    nulls = null;
    int off = slice.offset();
    int len = slice.length();
    int rows = -1;
    if (reader.isNullable()) {
      try {
        ByteCursor in = new ByteCursor(slice.buf(), off, len);
        long numRows = in.readVarLong();
        long bitmapLen = in.readVarLong();
        if (numRows < 0 || numRows > Integer.MAX_VALUE || bitmapLen < 0
            || bitmapLen > in.remaining()) {
          throw new MalformedInputException(off, "null header says " + numRows + " rows and a "
              + bitmapLen + "-byte bitmap, " + in.remaining() + " bytes left");
        }
        rows = (int) numRows;
        nulls = new NullBitmap(slice.buf(), in.position(), (int) bitmapLen, rows);
        off = in.position() + (int) bitmapLen;
        len = slice.offset() + slice.length() - off;
      } catch (MalformedInputException e) { // the cursor's offsets are the buffer's
        throw reader.payload(ptr, "data block").corrupt(e, e.offset() - slice.offset(), "%s",
            e.getMessage());
      }
    }
    decoderSkipped = off - slice.offset();
    decoder = decoder(new BlockSlice(slice.buf(), off, len), ptr, decoderSkipped);
    blockRows = rows < 0 ? decoder.count() : rows;
    blockFirst = decoder.firstOrdinal();
    rowInBlock = 0;
    atEnd = false;
    if (expectedFirst >= 0 && blockFirst != expectedFirst) {
      throw reader.payload(ptr, "data block").corrupt(0, "%s", "block starts at ordinal "
          + blockFirst + ", expected " + expectedFirst);
    }
    if (blockFirst + blockRows > reader.numValues()) {
      throw reader.payload(ptr, "data block").corrupt(0, "%s", "block holds ordinals "
          + blockFirst + " to " + (blockFirst + blockRows - 1) + " of a file of "
          + reader.numValues() + " values");
    }
    if (nulls != null && decoder.count() > blockRows) {
      throw reader.payload(ptr, "data block").corrupt(0, "%s", "block has " + decoder.count()
          + " values for " + blockRows + " rows");
    }
  }

  /**
   * The decoder of {@code slice}, which starts {@code skipped} bytes into the payload of the
   * block at {@code ptr} (after a nullable block's null header and bitmap): decoders count
   * offsets from their slice, errors from the payload.
   */
  BlockDecoder decoder(BlockSlice slice, BlockPointer ptr, int skipped) throws IOException {
    try {
      return reader.blockDecoder(slice);
    } catch (MalformedInputException e) {
      throw reader.payload(ptr, "data block").corrupt(e, skipped + e.offset(), "%s",
          e.getMessage());
    }
  }

  /** Moves {@code rows} rows into the current block from its start. */
  private void skipInBlock(int rows) throws IOException {
    int present = rows;
    if (nulls != null) {
      present = bitmap(() -> nulls.next(null, rows));
    }
    checkPresent(present);
    try {
      decoder.seek(present);
    } catch (MalformedInputException e) {
      throw blockError(e);
    }
    rowInBlock = rows;
  }

  private void end(long ordinal) throws CorruptFileException {
    if (ordinal != reader.numValues() && !(ordinal == 0 && reader.numValues() == 0)) {
      // the footer states num_values, the index the blocks: the footer's place is named
      throw reader.footerRegion().corrupt("%s", "the " + (positional ? "positional" : "value")
          + " index ends after " + ordinal + " of the footer's " + reader.numValues()
          + " values");
    }
    atEnd = true;
    block = null;
    decoder = null;
  }

  /**
   * Checks that the block has {@code present} more values: a null bitmap may claim more non-NULL
   * rows than the inner block holds.
   */
  private void checkPresent(int present) throws CorruptFileException {
    if (present > decoder.count() - decoder.position()) {
      throw reader.payload(block, "data block").corrupt(0, "%s", "the null bitmap has "
          + present + " more non-NULL rows, the block " + (decoder.count() - decoder.position())
          + " more values");
    }
  }

  private interface BitmapRead {
    int run() throws MalformedInputException;
  }

  private int bitmap(BitmapRead r) throws CorruptFileException {
    try {
      int present = r.run();
      return present;
    } catch (MalformedInputException e) {
      throw reader.payload(block, "data block").part("null bitmap")
          .corrupt(e, e.offset(), "%s", e.getMessage());
    }
  }

  private CorruptFileException blockError(MalformedInputException e) {
    return reader.payload(block, "data block").corrupt(e, decoderSkipped + e.offset(), "%s",
        e.getMessage());
  }

  private static byte[] grow(byte[] a, int n) {
    return a.length >= n ? a : new byte[Math.max(n, a.length * 2)];
  }

  private static boolean[] grow(boolean[] a, int n) {
    return a.length >= n ? a : new boolean[Math.max(n, a.length * 2)];
  }
}
