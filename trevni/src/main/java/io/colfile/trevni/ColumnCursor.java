package io.colfile.trevni;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.read.DecodeTasks;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntFunction;
import java.util.zip.CRC32;

/**
 * Reads one column's values row by row. For every row call {@link #startRow()}; then, on an
 * array column, {@link #nextLength()} before each group of values (one group per row, or per
 * element of the parent column); then the values with the typed {@code next} methods (or {@link
 * #nextValue()}). A plain column has one value per row; a child column one per element of its
 * parent.
 *
 * <p>Each block is read, checksum-verified and decompressed whole when the cursor reaches it;
 * with {@link #decodeAhead}, the next block is decompressed and verified on another thread while
 * this one is read (its bytes are still read on the cursor's thread).
 * Values read as byte arrays ({@link #buffer()}) stay valid after the cursor moves on: every
 * block gets a fresh array, unless the caller lets the cursor use the arrays of the blocks it
 * has left again ({@link #recycleBlocks}).
 *
 * <p>{@link #seekRow} and {@link #seekValue} jump through the block descriptors; unlike Apache
 * Avro 1.12's cursor they also work on array columns, when the target precedes the first block's
 * first value, and when a value falls between two blocks or repeats across a block boundary.
 */
public final class ColumnCursor {
  private static final int NO_BLOCK = -1;
  /** The most arrays of blocks left behind that a cursor keeps to use again. */
  private static final int MAX_SPARE = 4;
  /** The largest array a cursor keeps to use again (a block grown by a huge value is not). */
  private static final int MAX_SPARE_BYTES = 1 << 20;

  private final TrevniFile file;
  private final int column;
  private final ColumnSpec spec;
  private final ValueType type;
  private final List<BlockInfo> blocks;
  private final TrevniChecksum checksum;
  private final CRC32 crc = new CRC32();
  private final long rowCount;
  private final long[] longValue = new long[1]; // where Varints.readVarLong leaves a value

  private int block = NO_BLOCK;
  private long row;
  private long blockEnd;
  private byte[] buf = new byte[0];
  private int pos;
  private int limit;
  private int bitCount;
  private int runLength;
  private int runValue;
  /** Where the next block is decoded ahead ({@link #decodeAhead}), or null. */
  private DecodeTasks ahead;
  /** The decoded bytes of block {@link #aheadBlock}, decoded ahead; or null. */
  private DecodeTasks.Task<byte[]> aheadData;
  private int aheadBlock = NO_BLOCK;
  /** The stored bytes of the compressed block decoded ahead ({@link #aheadInput(int)}). */
  private byte[] aheadInput = new byte[0];
  private int aheadInputsMade;
  /** Whether blocks' arrays are used again ({@link #recycleBlocks}). */
  private boolean recycling;
  /** Arrays of blocks left since the last {@link #recycleBlocks}: free at the next. */
  private final byte[][] left = new byte[MAX_SPARE][];
  private int leftCount;
  /** Arrays free for the next blocks. */
  private final byte[][] spare = new byte[MAX_SPARE][];
  private int spareCount;

  ColumnCursor(TrevniFile file, int column, List<BlockInfo> blocks) {
    this.file = file;
    this.column = column;
    this.spec = file.column(column);
    this.type = spec.type();
    this.blocks = blocks;
    this.checksum = file.checksum(column);
    this.rowCount = file.rowCount();
  }

  public ColumnSpec column() {
    return spec;
  }

  /** Index of the next row {@link #startRow()} starts. */
  public long row() {
    return row;
  }

  public boolean hasNextRow() {
    return row < rowCount;
  }

  /** Moves to the next row, reading the next block when this one is used up. */
  public void startRow() throws IOException {
    if (row >= blockEnd) {
      if (row >= rowCount) {
        throw new IllegalStateException("column '" + spec.name() + "' has no row " + row
            + " (the file has " + rowCount + ")");
      }
      loadBlock(block + 1);
    }
    row++;
  }

  /** The next length of an array column (runs of 0s and 1s decoded). */
  public int nextLength() throws IOException {
    if (!spec.isArray()) {
      throw new IllegalStateException("column '" + spec.name() + "' is not an array column");
    }
    bitCount = 0;
    if (runLength > 0) {
      runLength--;
      return runValue;
    }
    int at = pos;
    int n = readInt();
    if (n >= 0) {
      return n;
    }
    runLength = (1 - n) >>> 1;
    runValue = (n + 1) & 1;
    if (runLength <= 0) {
      throw corrupt(at, "length run code " + n + " is out of range");
    }
    return runValue;
  }

  public boolean nextBoolean() throws IOException {
    check(ValueType.BOOLEAN);
    if (bitCount == 0) {
      if (pos >= limit) {
        throw endOfBlock(pos, "a boolean");
      }
      pos++;
    }
    boolean v = ((buf[pos - 1] >> bitCount) & 1) != 0;
    bitCount = (bitCount + 1) & 7;
    return v;
  }

  /** The next value of an {@code int} or {@code fixed32} column. */
  public int nextInt() throws IOException {
    if (type == ValueType.FIXED32) {
      return fixed32();
    }
    check(ValueType.INT);
    return readInt();
  }

  /** The next value of a {@code long} or {@code fixed64} column. */
  public long nextLong() throws IOException {
    if (type == ValueType.FIXED64) {
      return fixed64();
    }
    check(ValueType.LONG);
    return readLong();
  }

  public float nextFloat() throws IOException {
    check(ValueType.FLOAT);
    return Float.intBitsToFloat(fixed32());
  }

  public double nextDouble() throws IOException {
    check(ValueType.DOUBLE);
    return Double.longBitsToDouble(fixed64());
  }

  /**
   * Skips to the next {@code string} or {@code bytes} value and returns its length; its bytes
   * are then {@code buffer()[position() - length, position())}.
   */
  public int nextBytesLength() throws IOException {
    if (type != ValueType.STRING) {
      check(ValueType.BYTES);
    }
    int at = pos;
    int n = readInt();
    if (n < 0 || n > limit - pos) {
      throw corrupt(at, "value length " + n + " exceeds the " + (limit - pos)
          + " bytes left in the block");
    }
    pos += n;
    return n;
  }

  /** The current block's bytes (for {@link #nextBytesLength()}). */
  public byte[] buffer() {
    return buf;
  }

  /** Position in {@link #buffer()} after the last value read. */
  public int position() {
    return pos;
  }

  public byte[] nextBytes() throws IOException {
    int n = nextBytesLength();
    byte[] b = new byte[n];
    System.arraycopy(buf, pos - n, b, 0, n);
    return b;
  }

  public String nextString() throws IOException {
    check(ValueType.STRING);
    int n = nextBytesLength();
    return new String(buf, pos - n, n, StandardCharsets.UTF_8);
  }

  /** A value of a {@code null} column: nothing to read. */
  public void nextNull() {
    check(ValueType.NULL);
  }

  /**
   * The next value, boxed: null, Boolean, Integer (int, fixed32), Long (long, fixed64), Float,
   * Double, String, byte[].
   */
  public Object nextValue() throws IOException {
    return switch (type) {
      case NULL -> null;
      case BOOLEAN -> nextBoolean();
      case INT, FIXED32 -> nextInt();
      case LONG, FIXED64 -> nextLong();
      case FLOAT -> nextFloat();
      case DOUBLE -> nextDouble();
      case STRING -> nextString();
      case BYTES -> nextBytes();
    };
  }

  /** Skips the next value. */
  public void skipValue() throws IOException {
    switch (type) {
      case NULL -> { }
      case BOOLEAN -> nextBoolean();
      case INT -> readInt();
      case LONG -> readLong();
      case FIXED32, FLOAT -> skip(4);
      case FIXED64, DOUBLE -> skip(8);
      case STRING, BYTES -> nextBytesLength();
    }
  }

  /**
   * Reads the next {@code n} rows of a column without a parent into {@code v} at {@code [off,
   * off + n)}, each row's {@link #startRow()} included: a plain column's one value per row, or,
   * for an array column whose rows hold 0 or 1 values (Avro's nullable simple fields, unions of
   * null and one simple type), the value or null. Values go where the column's values read one
   * at a time would: {@code boolean}, {@code int}, {@code long}, {@code fixed32} and {@code
   * fixed64} into a {@link LongVector}, {@code float} and {@code double} into a {@link
   * DoubleVector}, {@code string} and {@code bytes} into a {@link BytesVector} (as references
   * into the block, see {@link #buffer()}). The type is checked once, not per value, and plain
   * {@code long} columns decode a block's values in one bulk varint loop.
   *
   * @throws IllegalStateException if the column has a parent, its type is {@code null}, or
   *     {@code v} is not the vector its values go in; {@link CorruptFileException} for an array
   *     row of another length than 0 or 1, or bad values
   */
  public void readRows(ColumnVector v, int off, int n) throws IOException {
    if (file.parentIndex(column) >= 0 || type == ValueType.NULL) {
      throw new IllegalStateException("column '" + spec.name() + "' is not read a row at a time");
    }
    switch (type) { // the vector is checked once, whatever the rows hold
      case FLOAT, DOUBLE -> doubles(v);
      case STRING, BYTES -> bytes(v);
      default -> longs(v);
    }
    boolean optional = spec.isArray();
    int done = 0;
    while (done < n) {
      int k = rowsLeftInBlock(n - done);
      int at = off + done;
      if (optional) {
        readOptional(v, at, k);
      } else {
        switch (type) {
          case BOOLEAN -> readBooleans(longs(v), at, k);
          case INT -> readInts(longs(v), at, k);
          case LONG -> readLongs(longs(v), at, k);
          case FIXED32 -> {
            long[] dst = longs(v);
            for (int j = at; j < at + k; j++) {
              row++;
              dst[j] = fixed32();
            }
          }
          case FIXED64 -> {
            long[] dst = longs(v);
            for (int j = at; j < at + k; j++) {
              row++;
              dst[j] = fixed64();
            }
          }
          case FLOAT -> {
            double[] dst = doubles(v);
            for (int j = at; j < at + k; j++) {
              row++;
              dst[j] = Float.intBitsToFloat(fixed32());
            }
          }
          case DOUBLE -> {
            double[] dst = doubles(v);
            for (int j = at; j < at + k; j++) {
              row++;
              dst[j] = Double.longBitsToDouble(fixed64());
            }
          }
          case STRING, BYTES -> readBytes(bytes(v), at, k);
          default -> throw new AssertionError(type);
        }
      }
      done += k;
    }
  }

  /** How many of {@code want} rows the current block (loaded if used up) still holds. */
  private int rowsLeftInBlock(int want) throws IOException {
    if (row >= blockEnd) {
      if (row >= rowCount) {
        throw new IllegalStateException("column '" + spec.name() + "' has no row " + row
            + " (the file has " + rowCount + ")");
      }
      loadBlock(block + 1);
    }
    return (int) Math.min(want, blockEnd - row);
  }

  /** {@code k} rows of a plain {@code long} column, all in this block. */
  private void readLongs(long[] dst, int at, int k) throws IOException {
    int start = pos;
    try {
      pos = Varints.readVarLongs(buf, pos, limit, dst, at, k, false);
      Varints.zigzagDecode(dst, at, k);
      row += k;
    } catch (MalformedInputException e) {
      pos = start; // again one at a time, for the row and the message readLong gives
      for (int j = at; j < at + k; j++) {
        row++;
        dst[j] = readLong();
      }
    }
  }

  /**
   * {@code k} rows of a plain {@code int} column, all in this block. Values of up to 4 varint
   * bytes are decoded in a loop on locals while 5 bytes remain before the block's end; a longer
   * varint, and the block's last bytes, go through {@link #readInt} (the same values, the same
   * errors).
   */
  private void readInts(long[] dst, int at, int k) throws CorruptFileException {
    byte[] b = buf;
    int p = pos;
    int fast = limit - Varints.MAX_VARINT_BYTES; // p <= fast: b[p, p + 5) within the block
    int j = at;
    int end = at + k;
    for (; j < end && p <= fast; j++) {
      int u = b[p];
      if (u >= 0) {
        p++;
      } else {
        int x = b[p + 1];
        u = (u & 0x7F) | (x << 7);
        if (x >= 0) {
          p += 2;
        } else {
          x = b[p + 2];
          u = (u & 0x3FFF) | (x << 14);
          if (x >= 0) {
            p += 3;
          } else {
            x = b[p + 3];
            if (x < 0) {
              break; // 5 bytes or more: readInt below
            }
            u = (u & 0x1FFFFF) | (x << 21);
            p += 4;
          }
        }
      }
      dst[j] = (u >>> 1) ^ -(u & 1);
    }
    row += j - at;
    pos = p;
    for (; j < end; j++) {
      row++;
      dst[j] = readInt();
    }
  }

  /**
   * {@code k} rows of a plain {@code string} or {@code bytes} column, all in this block. Values
   * whose length takes 1 or 2 varint bytes are taken in a loop on locals, the rows' buffer
   * references stored once for all of them; anything else, and a length past the block's end,
   * goes value by value (the same rows, the same errors).
   */
  private void readBytes(BytesVector b, int at, int k) throws IOException {
    byte[] data = buf;
    int[] starts = b.start;
    int[] lengths = b.length;
    java.util.Objects.checkFromIndexSize(at, k, Math.min(starts.length, lengths.length));
    int p = pos;
    int lim = limit;
    int fast = lim - 2; // p < fast: data[p, p + 2) within the block
    int first = at;
    int end = at + k;
    int j = at;
    for (; j < end && p < fast; j++) {
      int u = data[p];
      int q;
      if (u >= 0) {
        q = p + 1;
      } else {
        int x = data[p + 1];
        if (x < 0) {
          break; // a length of 3 bytes or more
        }
        u = (u & 0x7F) | (x << 7);
        q = p + 2;
      }
      int n = (u >>> 1) ^ -(u & 1);
      if (n < 0 || n > lim - q) {
        break; // the value-by-value way below reports it
      }
      starts[j] = q;
      lengths[j] = n;
      p = q + n;
    }
    b.setBuffer(first, j - first, data);
    row += j - first;
    pos = p;
    for (; j < end; j++) {
      row++;
      int start = pos;
      int n = readInt();
      if (n < 0 || n > limit - pos) {
        throw corrupt(start, "value length " + n + " exceeds the " + (limit - pos)
            + " bytes left in the block");
      }
      b.setRef(j, data, pos, n);
      pos += n;
    }
  }

  /**
   * Reads up to {@code n} rows of a plain {@code bytes} column (no parent, not an array column)
   * holding decimals as Apache Avro stores them, big-endian two's-complement bytes, into their
   * unscaled values at {@code dst[off, off + n)}, each row's {@link #startRow()} included. Stops
   * before a value of no bytes or of more than 8 (which may still fit a long, or not): the caller
   * reads the rows from there another way.
   *
   * @return how many rows were read
   * @throws IllegalStateException if the column is not a plain {@code bytes} column
   */
  public int readDecimals(long[] dst, int off, int n) throws IOException {
    if (type != ValueType.BYTES || spec.isArray() || file.parentIndex(column) >= 0) {
      throw new IllegalStateException("column '" + spec.name()
          + "' is not a plain bytes column");
    }
    java.util.Objects.checkFromIndexSize(off, n, dst.length);
    int done = 0;
    while (done < n) {
      int k = rowsLeftInBlock(n - done);
      byte[] data = buf;
      int j = off + done;
      int end = j + k;
      // the usual value, whose length is one varint byte (2 to 16: 1 to 8 bytes) and whose
      // bytes are followed by at least 8 - len more of the array, in one 8-byte load shifted
      // right (sign-extending) by the bytes that are not its own
      int p = pos;
      int fastLimit = Math.min(limit, data.length - 8);
      for (; j < end && p < fastLimit; j++) {
        int z = data[p];
        int len = z >> 1;
        if ((z & 1) != 0 || len <= 0 || len > 8 || len > limit - p - 1) {
          break; // the general way below tells a bad length from a longer varint
        }
        dst[j] = Endian.getLongBE(data, p + 1) >> ((8 - len) << 3);
        p += 1 + len;
      }
      row += j - (off + done);
      pos = p;
      for (; j < end; j++) {
        int start = pos;
        int len = readInt();
        if (len <= 0 || len > 8 || len > limit - pos) {
          pos = start;
          return j - off;
        }
        int at = pos;
        long x = data[at]; // sign-extended
        for (int q = at + 1; q < at + len; q++) {
          x = (x << 8) | (data[q] & 0xFF);
        }
        dst[j] = x;
        pos = at + len;
        row++;
      }
      done += k;
    }
    return n;
  }

  /** {@code k} rows of a plain {@code boolean} column, all in this block. */
  private void readBooleans(long[] dst, int at, int k) throws CorruptFileException {
    for (int j = at; j < at + k; j++) {
      row++;
      if (bitCount == 0) {
        if (pos >= limit) {
          throw endOfBlock(pos, "a boolean");
        }
        pos++;
      }
      dst[j] = (buf[pos - 1] >> bitCount) & 1;
      bitCount = (bitCount + 1) & 7;
    }
  }

  /** {@code k} rows of an array column holding 0 or 1 values each, all in this block. */
  private void readOptional(ColumnVector v, int at, int k) throws IOException {
    for (int j = at; j < at + k; j++) {
      row++;
      int start = pos;
      int len = nextLength();
      if (len == 0) {
        v.setNull(j);
        continue;
      }
      if (len != 1) {
        throw corrupt(start, "length " + len + " where a row holds 0 or 1 values (row "
            + (row - 1) + ")");
      }
      switch (type) {
        case BOOLEAN -> longs(v)[j] = nextBoolean() ? 1 : 0;
        case INT, FIXED32 -> longs(v)[j] = nextInt();
        case LONG, FIXED64 -> longs(v)[j] = nextLong();
        case FLOAT -> doubles(v)[j] = nextFloat();
        case DOUBLE -> doubles(v)[j] = nextDouble();
        case STRING, BYTES -> {
          int n = nextBytesLength();
          bytes(v).setRef(j, buf, pos - n, n);
        }
        default -> throw new AssertionError(type);
      }
    }
  }

  private long[] longs(ColumnVector v) {
    if (v instanceof LongVector l) {
      return l.vector;
    }
    throw wrongVector(v);
  }

  private double[] doubles(ColumnVector v) {
    if (v instanceof DoubleVector d) {
      return d.vector;
    }
    throw wrongVector(v);
  }

  private BytesVector bytes(ColumnVector v) {
    if (v instanceof BytesVector b) {
      return b;
    }
    throw wrongVector(v);
  }

  private IllegalStateException wrongVector(ColumnVector v) {
    return new IllegalStateException("column '" + spec.name() + "' holds " + type.wireName()
        + " values, which do not go in a " + v.getClass().getSimpleName());
  }

  /**
   * Positions the cursor before row {@code target}: the next {@link #startRow()} starts it; {@code
   * rowCount} positions it at the end. Works for every column: a plain or array column without
   * a parent skips whole rows from the start of the block holding the target; a column with a
   * parent has one entry per element of its parent, so its parents' lengths over the same rows
   * are read (by cursors of their own) to know how many entries to skip ({@link RowSeek}).
   */
  public void seekRow(long target) throws IOException {
    if (target < 0 || target > rowCount) {
      throw new IllegalArgumentException("row " + target + " is outside column '" + spec.name()
          + "' (0 to " + rowCount + ")");
    }
    if (target == rowCount) {
      block = NO_BLOCK; // buf no longer holds a block that loadBlock may reuse
      row = rowCount;
      blockEnd = rowCount;
      pos = limit;
      runLength = 0;
      return;
    }
    if (file.parentIndex(column) >= 0) {
      RowSeek.seekChild(file, this, target);
      return;
    }
    int b = findBlockOfRow(target);
    if (b != block || target < row) {
      loadBlock(b);
    }
    while (row < target) {
      startRow();
      skipEntries(1);
    }
  }

  /** The index of this cursor's column in the file. */
  int columnIndex() {
    return column;
  }

  /**
   * Positions the cursor at the start of the block holding row {@code target} (which must be a
   * row of the file) and returns the block's first row.
   */
  long seekBlockOf(long target) throws IOException {
    loadBlock(findBlockOfRow(target));
    return row;
  }

  /**
   * Skips {@code entries} entries of the current row: values of a plain column, or lengths each
   * followed by that many values of an array column. Returns the elements they hold (the sum of
   * the lengths; {@code entries} for a plain column): what a child column has entries for. Runs
   * of lengths without values (zeros, or anything in a {@code null} column) are taken whole, so
   * the work is bounded by the block's bytes, whatever counts a damaged block claims.
   */
  long skipEntries(long entries) throws IOException {
    if (!spec.isArray()) {
      skipValues(entries);
      return entries;
    }
    long elements = 0;
    long left = entries;
    while (left > 0) {
      if (runLength > 0 && (runValue == 0 || type == ValueType.NULL)) {
        int n = (int) Math.min(left, runLength);
        runLength -= n;
        left -= n;
        elements += (long) n * runValue;
        bitCount = 0;
        continue;
      }
      int n = nextLength();
      left--;
      elements += n;
      skipValues(n);
    }
    return elements;
  }

  private void skipValues(long n) throws IOException {
    if (type == ValueType.NULL) {
      return;
    }
    // every other value takes at least one bit, so a count beyond the block fails on its bytes
    for (long i = 0; i < n; i++) {
      skipValue();
    }
  }

  /**
   * Positions the cursor before the first row whose value is at least {@code target}, in Java's
   * order for the column's type (see {@link BlockInfo#firstValue()}): the next {@link
   * #startRow()} and value read return it. The column must have first values and be sorted.
   *
   * @return false when every value is smaller (the cursor is then at the end)
   */
  public boolean seekValue(Object target) throws IOException {
    if (!spec.hasFirstValues()) {
      throw new IllegalStateException("column '" + spec.name()
          + "' has no first values (trevni.values), so it cannot be searched by value");
    }
    Object t = ValueCodec.coerce(type, target, spec.name());
    // the last block whose first value is below the target: equal values may end it
    int lo = 0;
    int hi = blocks.size() - 1;
    int start = 0;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (ValueCodec.compare(type, blocks.get(mid).firstValue().orElseThrow(), t) < 0) {
        start = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (blocks.isEmpty()) {
      return false;
    }
    loadBlock(start);
    while (row < rowCount) {
      int b = block;
      int savedPos = pos;
      int savedBits = bitCount;
      long savedRow = row;
      startRow();
      if (block != b) {
        savedPos = 0;
        savedBits = 0;
      }
      Object v = nextValue();
      if (ValueCodec.compare(type, v, t) >= 0) {
        pos = savedPos;
        bitCount = savedBits;
        row = savedRow;
        return true;
      }
    }
    return false;
  }

  private int findBlockOfRow(long target) {
    int lo = 0;
    int hi = blocks.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (blocks.get(mid).firstRow() <= target) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * Decompresses and checks the block after the one being read on {@code tasks} while this one
   * is read, one block ahead at most (null: no more); the cursor's thread still reads the
   * block's bytes. The values, and the exceptions for damaged blocks, are those of a cursor
   * without it, met at the same calls. Worth it for compressed or checksummed columns only;
   * others ignore it. {@code tasks} must stay open while the cursor is used.
   */
  public void decodeAhead(DecodeTasks tasks) {
    finishAhead();
    this.ahead = file.codec(column) == TrevniCodec.NULL && checksum == TrevniChecksum.NULL
        ? null : tasks;
  }

  /**
   * Lets the cursor read later blocks into the arrays of the blocks it left before this call
   * (not the one it is in), instead of a new array for each: call it between batches, once
   * nothing read from those blocks is in use ({@link #buffer()}, vectors that point into it).
   * A batch reader calls it before each batch, as its contract allows; a cursor never told so
   * gives every block a fresh array.
   */
  public void recycleBlocks() {
    recycling = true;
    for (int i = 0; i < leftCount; i++) {
      if (spareCount < MAX_SPARE) {
        spare[spareCount++] = left[i];
      }
      left[i] = null;
    }
    leftCount = 0;
  }

  /**
   * An array of at least {@code size} bytes for a block: a spare one, or new. Blocks differ in
   * size by their last value, so a new array, while arrays are recycled, has room for an eighth
   * more (to the next multiple of an eighth of the power of two at or below {@code size}); a
   * spare that is too small is dropped for it.
   */
  private byte[] blockArray(int size) {
    if (!recycling) {
      return new byte[size];
    }
    byte[] a = takeSpare(size);
    return a != null ? a : newBlockArray(size);
  }

  /** A spare array of at least {@code size} bytes, or null (and the smallest spare dropped). */
  private byte[] takeSpare(int size) {
    int smallest = -1;
    for (int i = spareCount - 1; i >= 0; i--) {
      byte[] a = spare[i];
      if (a.length >= size) {
        dropSpare(i);
        return a;
      }
      if (smallest < 0 || a.length < spare[smallest].length) {
        smallest = i;
      }
    }
    if (smallest >= 0) {
      dropSpare(smallest);
    }
    return null;
  }

  private static byte[] newBlockArray(int size) {
    int step = Math.max(1, Integer.highestOneBit(size) >>> 3);
    long rounded = ((long) size + step - 1) / step * step;
    return new byte[rounded <= MAX_SPARE_BYTES ? (int) rounded : size];
  }

  private void dropSpare(int i) {
    spare[i] = spare[--spareCount];
    spare[spareCount] = null;
  }

  /** The array of the block being left, kept to use again once the batch is done with it. */
  private void leave(byte[] array) {
    if (recycling && array.length > 0 && array.length <= MAX_SPARE_BYTES
        && leftCount < MAX_SPARE) {
      left[leftCount++] = array;
    }
  }

  private void loadBlock(int b) throws IOException {
    if (b >= blocks.size()) {
      throw new IllegalStateException("column '" + spec.name() + "' has no block " + b);
    }
    BlockInfo info = blocks.get(b);
    if (b == block) {
      // back to the start of the block in hand: its bytes are unchanged, so no read
      rewind(info);
      return;
    }
    byte[] data;
    if (aheadData != null && aheadBlock == b) {
      DecodeTasks.Task<byte[]> t = aheadData;
      aheadData = null;
      aheadBlock = NO_BLOCK;
      try {
        data = t.take();
      } catch (InterruptedIOException e) {
        settle(t); // it may still be reading the stored bytes' array, and using the CRC
        throw e;
      }
    } else {
      finishAhead(); // a decoding under way uses this cursor's CRC: let it end first
      data = readAndDecode(b);
    }
    leave(buf);
    block = b;
    buf = data;
    limit = info.uncompressedSize();
    rewind(info);
    if (ahead != null && b + 1 < blocks.size()) {
      int next = b + 1;
      byte[] raw;
      IOException readError = null;
      try {
        // a compressed block's stored bytes into the one array kept for them: the decoding
        // before, which read the last, has ended; an uncompressed block's values are its stored
        // bytes, read in place, so those get an array of their own
        raw = file.codec(column) == TrevniCodec.NULL ? read(next) : read(next, this::aheadInput);
      } catch (IOException e) {
        raw = null;
        readError = e; // thrown when the block is needed, as without decoding ahead
      }
      byte[] stored = raw;
      IOException failed = readError;
      // a spare array taken here, on the cursor's thread; one is allocated only once the
      // block's claimed size has passed the codec's checks
      TrevniCodec kind = file.codec(column);
      byte[] spareArray = recycling && (kind == TrevniCodec.DEFLATE || kind == TrevniCodec.SNAPPY)
          ? takeSpare(blocks.get(next).uncompressedSize()) : null; // bzip2 makes its own
      IntFunction<byte[]> arrays = !recycling ? byte[]::new
          : n -> spareArray != null && spareArray.length >= n ? spareArray : newBlockArray(n);
      boolean[] made = new boolean[1];
      aheadData = ahead.start(() -> {
        if (made[0]) {
          return null;
        }
        made[0] = true;
        if (failed != null) {
          throw failed;
        }
        return decode(next, stored, arrays);
      });
      aheadBlock = next;
    }
  }

  /**
   * Lets a decoding ahead end (its result and failure dropped): it may be using the CRC and the
   * stored bytes' array.
   */
  private void finishAhead() {
    DecodeTasks.Task<byte[]> t = aheadData;
    aheadData = null;
    aheadBlock = NO_BLOCK;
    if (t != null) {
      settle(t);
    }
  }

  /**
   * Waits for {@code t} to end, its result and failure dropped, even when this thread is
   * interrupted (it decodes one block: the wait is short), keeping the interrupt for later.
   */
  private static void settle(DecodeTasks.Task<byte[]> t) {
    boolean interrupted = false;
    while (true) {
      try {
        t.take();
        break;
      } catch (InterruptedIOException e) {
        if (!Thread.interrupted()) {
          break; // not this thread's interrupt: the decoding's own failure, so it has ended
        }
        interrupted = true; // take() set it again: cleared to wait once more
      } catch (IOException | RuntimeException e) {
        break; // dropped: the block is decoded again when it is needed
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Block {@code b}'s stored bytes (and checksum), read from the file into a new array. */
  private byte[] read(int b) throws IOException {
    return read(b, null);
  }

  /**
   * An array of at least {@code size} bytes for the stored bytes of a compressed block decoded
   * ahead, kept for the next (up to {@link #MAX_SPARE_BYTES}): one at a time is decoded ahead.
   */
  private byte[] aheadInput(int size) {
    byte[] in = aheadInput;
    if (in.length < size) {
      in = newBlockArray(size);
      aheadInputsMade++;
      aheadInput = in.length <= MAX_SPARE_BYTES ? in : aheadInput;
    }
    return in;
  }

  /** How many arrays {@link #aheadInput(int)} made (for tests). */
  int aheadInputsMade() {
    return aheadInputsMade;
  }

  /**
   * Block {@code b}'s stored bytes (and checksum), read from the file into an array of {@code
   * into} (an array at least as large as asked), or into a new array when it is null.
   */
  private byte[] read(int b, IntFunction<byte[]> into) throws IOException {
    BlockInfo info = blocks.get(b);
    int size = info.compressedSize() + checksum.size();
    if (info.offset() + size > file.length()) { // a file cut short, opened for salvage
      throw region(b).at(info.offset(), size).corrupt(0, "the block's %d bytes at %d run past"
          + " the end of the file (%d bytes): the file is cut short", size, info.offset(),
          file.length());
    }
    if (into == null) {
      if (!recycling || file.codec(column) != TrevniCodec.NULL) {
        return file.input().read(info.offset(), size);
      }
      byte[] raw = blockArray(size); // the block's values, read in place
      file.input().readFully(info.offset(), raw, 0, size);
      return raw;
    }
    byte[] raw = into.apply(size);
    file.input().readFully(info.offset(), raw, 0, size);
    return raw;
  }

  /**
   * Block {@code b}'s values, read and decoded on this thread: a compressed block's stored bytes
   * are read into an array of the codec's, reused, rather than a new one.
   */
  private byte[] readAndDecode(int b) throws IOException {
    TrevniCodec kind = file.codec(column);
    if (kind == TrevniCodec.NULL) {
      return decode(b, read(b), null); // the values are read in place
    }
    BlockCodec codec = file.borrowCodec(kind);
    try {
      return decode(b, read(b, codec::input), codec, this::blockArray);
    } finally {
      file.returnCodec(kind, codec);
    }
  }

  /** {@link #decode(int, byte[], BlockCodec, IntFunction)} with a codec of the column's. */
  private byte[] decode(int b, byte[] raw, IntFunction<byte[]> arrays) throws IOException {
    TrevniCodec kind = file.codec(column);
    if (kind == TrevniCodec.NULL) {
      return decode(b, raw, null, null);
    }
    BlockCodec codec = file.borrowCodec(kind);
    try {
      return decode(b, raw, codec, arrays);
    } finally {
      file.returnCodec(kind, codec);
    }
  }

  /**
   * Block {@code b}'s values from its stored bytes {@code raw}: decompressed with {@code codec}
   * (null for the null codec) into an array from {@code arrays} ({@link BlockCodec#decompress})
   * and checked. Uses this cursor's CRC: on one thread at a time.
   */
  private byte[] decode(int b, byte[] raw, BlockCodec codec, IntFunction<byte[]> arrays)
      throws IOException {
    BlockInfo info = blocks.get(b);
    int stored = info.compressedSize();
    int size = stored + checksum.size();
    byte[] data;
    int dataLength;
    try {
      if (file.codec(column) == TrevniCodec.NULL) {
        // the values are the stored bytes: read in place (the checksum after them is ignored)
        if (stored != info.uncompressedSize()) {
          throw new MalformedInputException(0, "an uncompressed block of " + stored
              + " bytes claims " + info.uncompressedSize() + " bytes of values");
        }
        data = raw;
      } else {
        data = codec.decompress(raw, 0, stored, info.uncompressedSize(), arrays);
      }
      dataLength = info.uncompressedSize();
    } catch (MalformedInputException e) {
      throw region(b).malformed(e, 0);
    }
    if (checksum == TrevniChecksum.CRC32) {
      crc.reset();
      crc.update(data, 0, dataLength);
      int want = (int) crc.getValue();
      int got = ((raw[stored] & 0xFF) << 24) | ((raw[stored + 1] & 0xFF) << 16)
          | ((raw[stored + 2] & 0xFF) << 8) | (raw[stored + 3] & 0xFF);
      // Apache Avro 1.12 writes zero checksums with the null codec (a bug); accept those
      boolean avroNullCodecBug = got == 0 && file.codec(column) == TrevniCodec.NULL;
      if (got != want && !avroNullCodecBug) {
        throw region(b).at(info.offset(), size).corrupt(stored,
            "checksum mismatch: the block's CRC-32 is %08x, its bytes give %08x", got, want);
      }
    }
    return data;
  }

  private void rewind(BlockInfo info) {
    pos = 0;
    bitCount = 0;
    runLength = 0;
    row = info.firstRow();
    blockEnd = info.firstRow() + info.rowCount();
  }

  /**
   * Block {@code b}'s bytes in the file, from its descriptor; what values are read from is their
   * decompressed form unless the column is stored uncompressed.
   */
  private FileRegion region(int b) {
    BlockInfo info = blocks.get(b);
    FileRegion r = FileRegion.of(file.name()).child(DescriptorReader.structure(spec))
        .child("block", b).at(info.offset(), info.compressedSize() + checksum.size());
    return file.codec(column) == TrevniCodec.NULL ? r : r.asDecoded();
  }

  private void check(ValueType t) {
    if (type != t) {
      throw new IllegalStateException("column '" + spec.name() + "' holds " + type.wireName()
          + " values, not " + t.wireName());
    }
  }

  private void skip(int n) throws CorruptFileException {
    if (limit - pos < n) {
      throw endOfBlock(pos, n + " bytes");
    }
    pos += n;
  }

  private int fixed32() throws CorruptFileException {
    if (limit - pos < 4) {
      throw endOfBlock(pos, "a 4-byte value");
    }
    int p = pos;
    pos += 4;
    return Endian.getIntLE(buf, p);
  }

  private long fixed64() throws CorruptFileException {
    if (limit - pos >= 8) {
      int p = pos;
      pos += 8;
      return Endian.getLongLE(buf, p);
    }
    long lo = fixed32() & 0xFFFFFFFFL; // fails where the block ends, as the halves would
    return lo | ((long) fixed32() << 32);
  }

  private int readInt() throws CorruptFileException {
    int p = pos;
    if (limit - p >= Varints.MAX_VARINT_BYTES) { // a whole varint fits: decoded inline
      byte[] b = buf;
      int u = b[p];
      if (u >= 0) {
        pos = p + 1;
        return (u >>> 1) ^ -(u & 1);
      }
      int x = b[p + 1];
      u = (u & 0x7F) | (x << 7);
      if (x >= 0) {
        pos = p + 2;
        return (u >>> 1) ^ -(u & 1);
      }
      x = b[p + 2];
      u = (u & 0x3FFF) | (x << 14);
      if (x >= 0) {
        pos = p + 3;
        return (u >>> 1) ^ -(u & 1);
      }
      x = b[p + 3];
      u = (u & 0x1FFFFF) | (x << 21);
      if (x >= 0) {
        pos = p + 4;
        return (u >>> 1) ^ -(u & 1);
      }
      x = b[p + 4];
      if (x >= 0 && x < 0x10) { // a fifth byte holds the top 4 bits; more is refused below
        u = (u & 0xFFFFFFF) | (x << 28);
        pos = p + 5;
        return (u >>> 1) ^ -(u & 1);
      }
    }
    try {
      long r = Varints.readVarInt(buf, pos, limit, 0, "int");
      pos = Varints.packedPosition(r);
      return Varints.zigzagDecode(Varints.packedValue(r));
    } catch (MalformedInputException e) {
      throw varintError(e, "an int", "", Varints.MAX_VARINT_BYTES);
    }
  }

  private long readLong() throws CorruptFileException {
    try {
      pos = Varints.readVarLong(buf, pos, limit, longValue, 0, false);
      return Varints.zigzagDecode(longValue[0]);
    } catch (MalformedInputException e) {
      throw varintError(e, "a long", "long ", Varints.MAX_VARLONG_BYTES);
    }
  }

  /** A varint that runs into the block's end says so; any other names the varint's fault. */
  private CorruptFileException varintError(MalformedInputException e, String what,
      String prefix, int maxBytes) {
    int at = (int) e.offset();
    int end = Math.min(limit, at + maxBytes);
    int p = at;
    while (p < end && buf[p] < 0) {
      p++;
    }
    if (p == end && end - at < maxBytes) { // every byte left says "more follows"
      return endOfBlock(at, what);
    }
    return corrupt(at, prefix + e.getMessage() + " (row " + (row - 1) + ")");
  }

  private CorruptFileException endOfBlock(int at, String what) {
    return corrupt(at, "the block ends where " + what + " should be (row " + (row - 1) + ")");
  }

  /**
   * A problem with the values just read that the caller found (an Avro reader: a union branch
   * length, an enum ordinal), named at this cursor's place: its current block and the byte after
   * those values.
   */
  public CorruptFileException corrupt(String problem) {
    return corrupt(pos, problem);
  }

  private CorruptFileException corrupt(int at, String problem) {
    return region(Math.max(block, 0)).corrupt(at, "%s", problem);
  }
}
