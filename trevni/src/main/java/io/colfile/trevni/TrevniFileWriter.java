package io.colfile.trevni;

import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.OutputFile;
import io.colfile.core.write.WriteTasks;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.zip.CRC32;

/**
 * Writes a Trevni file column by column, row by row: {@link #startRow()}, then the row's values
 * per column (for array columns a {@link #writeLength} first, then that many values; for a
 * column with a parent one value per element of the parent), then {@link #endRow()}. The
 * protocol is checked at the end of each row.
 *
 * <p>Output is what Apache Avro's {@code ColumnFileWriter} produces for the same calls, byte for
 * byte with the null and deflate codecs: the same blocks (closed before the first row that finds
 * the column holding {@link TrevniWriterOptions#blockSize()} bytes), the same length runs, the
 * same boolean packing. One deliberate difference: with the {@code null} codec and {@code crc32},
 * Avro 1.12 writes zero checksums (which it then cannot read); colfile writes the real CRC.
 *
 * <p>Trevni's header, which comes first, holds every column's start, so the file is written
 * only by {@link #close()}; until then finished blocks are kept compressed, in memory up to
 * {@link TrevniWriterOptions#memoryLimit()} and beyond it in a temporary file (Avro's writer
 * keeps everything in memory). The file appears at its target only on close; after an
 * exception or {@link #abort()}, nothing is written and the temporary file is gone.
 *
 * <p>With a {@link TrevniWriterOptions#parallelism()} above 1, finished blocks are compressed a
 * few at a time on {@link WriteTasks} (the writing thread among them) rather than one by one as
 * they finish, and {@link #writeColumns} encodes the columns of rows written a column at a time
 * on those threads too, a column on one thread; the bytes are the same.
 */
public final class TrevniFileWriter implements Closeable {
  static final byte[] MAGIC = {'T', 'r', 'v', 2};

  private final OutputFile target;
  private TrevniMetadata fileMetadata;
  private final Column[] columns;
  private final int blockSize;
  private final BlockStore store;
  private long rowCount;
  private boolean inRow;
  /** Rows being written a column at a time ({@link #startRows}), or -1. */
  private int bulkRows = -1;
  private boolean closed;
  /** Compresses finished blocks in parallel, or null to compress each as it is finished. */
  private final WriteTasks tasks;
  /** Finished blocks waiting to be compressed together (only with {@link #tasks}). */
  private final List<Sealed> sealed = new ArrayList<>();
  /** How many finished blocks wait before they are compressed together. */
  private final int sealedLimit;
  /**
   * Codecs by {@link TrevniCodec#ordinal()}, borrowed by whichever thread compresses a block and
   * given back: one a thread, not one a column (each holds a block-sized scratch array, and
   * zlib's ~256 KiB of native state: 2.5 GiB for 10,000 deflate columns).
   */
  private final List<ConcurrentLinkedQueue<BlockCodec>> codecPool = new ArrayList<>();
  /** The checksum of blocks compressed on the writing thread. */
  private final CRC32 crc = new CRC32();
  /**
   * Whether {@link #writeColumns} is running columns on the tasks' threads: then a column
   * compresses and stores the blocks it finishes itself (the store locked), and {@link
   * #inOrder} leaves aborting to it. Set
   * and cleared by the writing thread around {@link WriteTasks#runAll}, which publishes it.
   */
  private boolean encoding;
  /** Calls of {@link #writeColumns} that ran columns on the tasks' threads (for tests). */
  private long parallelColumnWrites;

  private TrevniFileWriter(OutputFile target, List<ColumnSpec> specs, TrevniWriterOptions options,
      TrevniMetadata fileMetadata) {
    if (!options.sortedFields().isEmpty()) {
      throw new IllegalArgumentException("sorted fields " + options.sortedFields() + " are for "
          + "TrevniWriter's records; declare columns sorted with ColumnSpec.sorted()");
    }
    this.target = Objects.requireNonNull(target, "target");
    this.fileMetadata = fileMetadata;
    this.blockSize = options.blockSize();
    this.store = new BlockStore(options.memoryLimit());
    this.tasks = options.parallelism() > 1
        ? new WriteTasks(options.parallelism(), options.executor().orElse(null)) : null;
    this.sealedLimit = 4 * options.parallelism();
    for (int i = 0; i < TrevniCodec.values().length; i++) {
      codecPool.add(new ConcurrentLinkedQueue<>());
    }
    this.columns = new Column[specs.size()];
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < columns.length; i++) {
      ColumnSpec spec = Objects.requireNonNull(specs.get(i), "column spec");
      if (seen.containsKey(spec.name())) {
        throw new IllegalArgumentException("duplicate column name '" + spec.name() + "'");
      }
      Column parent = null;
      if (spec.parent().isPresent()) {
        Integer p = seen.get(spec.parent().get());
        if (p == null) {
          throw new IllegalArgumentException("column '" + spec.name() + "': its parent '"
              + spec.parent().get() + "' must be an earlier column");
        }
        parent = columns[p];
        if (!parent.spec.isArray()) {
          throw new IllegalArgumentException("column '" + spec.name() + "': its parent '"
              + parent.spec.name() + "' is not an array column");
        }
      }
      TrevniCodec codec = spec.codec().orElse(options.codec().orElse(TrevniCodec.NULL));
      TrevniChecksum checksum =
          spec.checksum().orElse(options.checksum().orElse(TrevniChecksum.NULL));
      columns[i] = new Column(spec, parent, codec, checksum, blockSize, store, this,
          tasks != null);
      seen.put(spec.name(), i);
    }
  }

  /** A writer of {@code columns} with {@code options}; nothing is written before close. */
  public static TrevniFileWriter create(OutputFile target, List<ColumnSpec> columns,
      TrevniWriterOptions options) {
    return new TrevniFileWriter(target, columns, options, options.fileMetadata(Map.of()));
  }

  /**
   * Sets a file metadata entry (before {@link #close()}); an existing key keeps its position.
   *
   * @throws IllegalArgumentException for keys starting with {@code trevni.}
   */
  public void setMetadata(String key, byte[] value) {
    checkOpen();
    if (key.startsWith(TrevniMetadata.RESERVED_PREFIX)) {
      throw new IllegalArgumentException("metadata key '" + key + "' is reserved by Trevni");
    }
    fileMetadata = fileMetadata.with(key, value);
  }

  public int columnCount() {
    return columns.length;
  }

  public ColumnSpec column(int i) {
    return columns[i].spec;
  }

  /** Rows ended so far. */
  public long rowCount() {
    return rowCount;
  }

  /** About how large the file would be if closed now (buffered blocks plus open buffers). */
  public long estimatedSize() {
    long size = 0;
    for (Column c : columns) {
      size += c.storedBytes + c.buf.size() + 4;
    }
    return size;
  }

  /** Calls of {@link #writeColumns} so far that wrote columns on several threads. */
  long parallelColumnWrites() {
    return parallelColumnWrites;
  }

  /** Bytes of finished blocks moved to the temporary file so far. */
  long spilledBytes() {
    return store.spilledBytes();
  }

  /** Starts a row. */
  public void startRow() {
    checkOpen();
    if (inRow) {
      throw new IllegalStateException("startRow() called twice without endRow()");
    }
    if (bulkRows >= 0) {
      throw new IllegalStateException("startRow() between startRows() and endRows()");
    }
    for (Column c : columns) {
      c.startRow();
    }
    inRow = true;
  }

  /** Declares that the current row (or parent element) has {@code length} values in this array column. */
  public void writeLength(int column, int length) {
    col(column).writeLength(length);
  }

  /** A value of a {@code null} column (nothing is stored; it counts an element). */
  public void writeNull(int column) {
    col(column).value(ValueType.NULL).afterValue();
  }

  public void writeBoolean(int column, boolean value) {
    Column c = col(column).value(ValueType.BOOLEAN);
    if (c.sorted != null) {
      inOrder(c, c.sorted.nextLong(value ? 1 : 0));
    }
    c.buf.writeBoolean(value);
    c.afterValue();
  }

  /** A value of an {@code int} or {@code fixed32} column. */
  public void writeInt(int column, int value) {
    Column c = col(column);
    c.value(c.type == ValueType.FIXED32 ? ValueType.FIXED32 : ValueType.INT);
    if (c.sorted != null) {
      inOrder(c, c.sorted.nextLong(value));
    }
    if (c.type == ValueType.FIXED32) {
      c.buf.writeFixed32(value);
    } else {
      c.buf.writeInt(value);
    }
    c.afterValue();
  }

  /** A value of a {@code long} or {@code fixed64} column. */
  public void writeLong(int column, long value) {
    Column c = col(column);
    c.value(c.type == ValueType.FIXED64 ? ValueType.FIXED64 : ValueType.LONG);
    if (c.sorted != null) {
      inOrder(c, c.sorted.nextLong(value));
    }
    if (c.type == ValueType.FIXED64) {
      c.buf.writeFixed64(value);
    } else {
      c.buf.writeLong(value);
    }
    c.afterValue();
  }

  public void writeFloat(int column, float value) {
    Column c = col(column).value(ValueType.FLOAT);
    if (c.sorted != null) {
      inOrder(c, c.sorted.nextDouble(value));
    }
    c.buf.writeFloat(value);
    c.afterValue();
  }

  public void writeDouble(int column, double value) {
    Column c = col(column).value(ValueType.DOUBLE);
    if (c.sorted != null) {
      inOrder(c, c.sorted.nextDouble(value));
    }
    c.buf.writeDouble(value);
    c.afterValue();
  }

  /** A value of a {@code string} column; unpaired surrogates become {@code ?}, as in Java. */
  public void writeString(int column, String value) {
    col(column).value(ValueType.STRING);
    byte[] b = value.getBytes(StandardCharsets.UTF_8);
    writeBytes(column, b, 0, b.length);
  }

  /**
   * A value of a {@code string} column given as UTF-8 bytes (not checked), or of a {@code bytes}
   * column.
   */
  public void writeBytes(int column, byte[] value, int offset, int length) {
    Column c = col(column);
    boolean string = c.type == ValueType.STRING;
    c.value(string ? ValueType.STRING : ValueType.BYTES);
    if (c.sorted != null) {
      inOrder(c, string ? c.sorted.nextString(value, offset, length)
          : c.sorted.nextBytes(value, offset, length));
    }
    c.buf.writeBytes(value, offset, length);
    c.afterValue();
  }

  /**
   * Refuses a value of a column declared sorted that {@code problem} (non-null) says comes before
   * the previous row's: the file is given up, as nothing it could become would keep the promise.
   */
  private void inOrder(Column c, String problem) {
    inOrder(c, problem, rowCount);
  }

  private void inOrder(Column c, String problem, long row) {
    if (problem != null) {
      if (!encoding) { // else writeColumns aborts once every column has stopped
        abort();
      }
      throw new IllegalArgumentException("column '" + c.spec.name() + "' is declared sorted, "
          + "but row " + row + " comes before row " + (row - 1) + " in Java's order ("
          + problem + "); the file was not written");
    }
  }

  /**
   * A value in the boxed form of Apache Avro's API: {@code null}, Boolean, Integer, Long, Float,
   * Double, String (or CharSequence), and byte[] or ByteBuffer for bytes.
   */
  public void writeValue(int column, Object value) {
    Column c = col(column);
    try {
      switch (c.type) {
        case NULL -> {
          if (value != null) {
            throw new IllegalArgumentException("a null column takes only null");
          }
          writeNull(column);
        }
        case BOOLEAN -> writeBoolean(column, (Boolean) value);
        case INT, FIXED32 -> writeInt(column, (Integer) value);
        case LONG, FIXED64 -> writeLong(column, (Long) value);
        case FLOAT -> writeFloat(column, (Float) value);
        case DOUBLE -> writeDouble(column, (Double) value);
        case STRING -> writeString(column, value.toString());
        case BYTES -> {
          if (value instanceof byte[] b) {
            writeBytes(column, b, 0, b.length);
          } else {
            ByteBuffer bb = ((ByteBuffer) value).duplicate();
            byte[] b = new byte[bb.remaining()];
            bb.get(b);
            writeBytes(column, b, 0, b.length);
          }
        }
        default -> throw new AssertionError(c.type);
      }
    } catch (ClassCastException | NullPointerException e) {
      throw new IllegalArgumentException("column '" + c.spec.name() + "' of type "
          + c.type.wireName() + " cannot take " + (value == null ? "null"
          : value.getClass().getSimpleName() + " " + value), e);
    }
  }

  /**
   * Starts {@code n} whole rows written a column at a time: then each column gets its {@code n}
   * values by one call of a bulk method ({@link #writeLongs}, {@link #writeInts}, {@link
   * #writeBooleans}, {@link #writeDoubles}, {@link #writeFloats}, {@link #writeBytes(int,
   * byte[][], int[], int[], int)}, {@link #writeDecimals}, {@link #writeNullValues}), in any
   * order of columns, and {@link #endRows()} ends the rows. The file is the same, byte for byte,
   * as the same values written row by row: each column closes its blocks before the same rows.
   * Only for files whose columns are all plain (no parent) and not arrays, but for arrays of 0
   * or 1 values a row (Avro's nullable fields), whose rows without a value {@link #writeNulls}
   * names before the column's bulk method.
   *
   * @throws IllegalStateException inside a row or other rows, or when a column has a parent or
   *     is an array column of nulls
   */
  public void startRows(int n) {
    checkOpen();
    if (inRow || bulkRows >= 0) {
      throw new IllegalStateException("startRows() inside a row or other rows");
    }
    if (n < 0) {
      throw new IllegalArgumentException("a negative row count: " + n);
    }
    for (Column c : columns) {
      if (c.parent != null || (c.spec.isArray() && c.type == ValueType.NULL)) {
        throw new IllegalStateException("column '" + c.spec.name() + "' is "
            + (c.parent != null ? "a child column" : "an array column of nulls")
            + ": rows are written a column at a time only when all columns are plain or "
            + "optional values");
      }
      c.bulkDone = false;
      c.bulkNulls = null;
    }
    bulkRows = n;
  }

  /**
   * Of the {@link #startRows} rows of an array column holding 0 or 1 values a row (Avro's
   * nullable field), those without a value: where {@code isNull[off, off + n)} is true (null:
   * none). The column's bulk method then writes the values of the other rows, from the same
   * positions of its arrays; without this call every row holds one value.
   */
  public void writeNulls(int column, boolean[] isNull, int off) {
    checkOpen();
    if (bulkRows < 0) {
      throw new IllegalStateException("bulk values are written between startRows() and "
          + "endRows()");
    }
    Column c = columns[Objects.checkIndex(column, columns.length)];
    if (!c.spec.isArray() || c.bulkDone) {
      throw new IllegalStateException("column '" + c.spec.name() + "' " + (c.bulkDone
          ? "already has its values for these rows" : "is not an array column"));
    }
    if (isNull != null) {
      Objects.checkFromIndexSize(off, bulkRows, isNull.length);
    }
    c.bulkNulls = isNull;
    c.bulkNullsOff = off;
  }

  /** Writes one value of an optional column's row: {@code values[j]}. */
  @FunctionalInterface
  private interface ValueAt {
    void write(ValueBuffer b, int j);
  }

  /**
   * The {@link #startRows} rows of an array column of 0 or 1 values a row: per row a length,
   * and where it is 1 the value {@code value} writes from position {@code off + row}; the
   * lengths and blocks of the same rows written one at a time.
   */
  private void writeOptional(Column c, int off, ValueAt value) {
    boolean[] isNull = c.bulkNulls;
    int nullOff = c.bulkNullsOff - off;
    c.bulkNulls = null;
    int n = bulkRows;
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      int end = off + n;
      int j = off + i;
      do {
        if (isNull != null && isNull[nullOff + j]) {
          c.absentLength();
        } else {
          c.presentLength();
          value.write(c.buf, j);
        }
        j++;
      } while (j < end && c.buf.size() < blockSize);
      c.endBulkValues(k, j - off - i);
      i = j - off;
    }
  }

  /** Whether row {@code j} (a position of the values' arrays) of an optional column is null. */
  private static boolean absent(Column c, int off, int j) {
    return c.bulkNulls != null && c.bulkNulls[c.bulkNullsOff + j - off];
  }

  /**
   * The {@link #startRows} rows of a {@code long} or {@code fixed64} column: {@code
   * values[off, off + n)}.
   */
  public void writeLongs(int column, long[] values, int off) {
    Column c = bulk(column, ValueType.LONG, ValueType.FIXED64, off, values.length);
    if (c.spec.isArray()) {
      writeOptional(c, off, c.type == ValueType.FIXED64
          ? (b, j) -> b.writeFixed64(values[j]) : (b, j) -> b.writeLong(values[j]));
      return;
    }
    int n = bulkRows;
    if (c.sorted != null) {
      for (int i = 0; i < n; i++) {
        inOrder(c, c.sorted.nextLong(values[off + i]), rowCount + i);
      }
    }
    boolean fixed = c.type == ValueType.FIXED64;
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      ValueBuffer b = c.buf;
      int end = c.bulkEnd(off + i, off + n);
      int j = off + i;
      j = fixed ? b.putFixed64s(values, j, end, blockSize)
          : b.putLongs(values, j, end, blockSize);
      c.endBulkValues(k, j - off - i);
      i = j - off;
    }
  }

  /**
   * The {@link #startRows} rows of an {@code int} or {@code fixed32} column: {@code values[off,
   * off + n)}, each of which must fit an int.
   *
   * @throws IllegalArgumentException for a value that does not fit an int (nothing is written)
   */
  public void writeInts(int column, long[] values, int off) {
    Column c = bulk(column, ValueType.INT, ValueType.FIXED32, off, values.length);
    int n = bulkRows;
    long outside = 0; // a bit set where some value differs from its int: none, mostly
    for (int i = off, e = off + n; i < e; i++) {
      long x = values[i];
      outside |= x ^ (int) x;
    }
    for (int i = 0; i < n && outside != 0; i++) {
      long x = values[off + i];
      if (x != (int) x && !absent(c, off, off + i)) {
        throw new IllegalArgumentException("column '" + c.spec.name() + "', row "
            + (rowCount + i) + ": " + x + " does not fit an int");
      }
    }
    if (c.sorted != null) {
      for (int i = 0; i < n; i++) {
        inOrder(c, c.sorted.nextLong(values[off + i]), rowCount + i);
      }
    }
    if (c.spec.isArray()) {
      writeOptional(c, off, c.type == ValueType.FIXED32
          ? (b, j) -> b.writeFixed32((int) values[j]) : (b, j) -> b.writeInt((int) values[j]));
      return;
    }
    boolean fixed = c.type == ValueType.FIXED32;
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      ValueBuffer b = c.buf;
      int end = c.bulkEnd(off + i, off + n);
      int j = off + i;
      j = fixed ? b.putFixed32s(values, j, end, blockSize)
          : b.putInts(values, j, end, blockSize);
      c.endBulkValues(k, j - off - i);
      i = j - off;
    }
  }

  /** The {@link #startRows} rows of a {@code boolean} column: true where {@code values} is not 0. */
  public void writeBooleans(int column, long[] values, int off) {
    Column c = bulk(column, ValueType.BOOLEAN, ValueType.BOOLEAN, off, values.length);
    if (c.spec.isArray()) {
      writeOptional(c, off, (b, j) -> b.writeBoolean(values[j] != 0));
      return;
    }
    int n = bulkRows;
    if (c.sorted != null) {
      for (int i = 0; i < n; i++) {
        inOrder(c, c.sorted.nextLong(values[off + i] != 0 ? 1 : 0), rowCount + i);
      }
    }
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      ValueBuffer b = c.buf;
      int end = c.bulkEnd(off + i, off + n);
      int j = off + i;
      do {
        b.writeBoolean(values[j++] != 0);
      } while (j < end && b.size() < blockSize);
      c.endBulkValues(k, j - off - i);
      i = j - off;
    }
  }

  /** The {@link #startRows} rows of a {@code double} column: {@code values[off, off + n)}. */
  public void writeDoubles(int column, double[] values, int off) {
    writeFloating(column, values, off, ValueType.DOUBLE);
  }

  /**
   * The {@link #startRows} rows of a {@code float} column: {@code values[off, off + n)}, each
   * narrowed to a float.
   */
  public void writeFloats(int column, double[] values, int off) {
    writeFloating(column, values, off, ValueType.FLOAT);
  }

  private void writeFloating(int column, double[] values, int off, ValueType t) {
    Column c = bulk(column, t, t, off, values.length);
    int n = bulkRows;
    boolean isFloat = t == ValueType.FLOAT;
    if (c.spec.isArray()) {
      writeOptional(c, off, isFloat ? (b, j) -> b.writeFloat((float) values[j])
          : (b, j) -> b.writeDouble(values[j]));
      return;
    }
    if (c.sorted != null) {
      for (int i = 0; i < n; i++) {
        double v = isFloat ? (float) values[off + i] : values[off + i];
        inOrder(c, c.sorted.nextDouble(v), rowCount + i);
      }
    }
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      ValueBuffer b = c.buf;
      int end = c.bulkEnd(off + i, off + n);
      int j = off + i;
      j = isFloat ? b.putFloats(values, j, end, blockSize)
          : b.putDoubles(values, j, end, blockSize);
      c.endBulkValues(k, j - off - i);
      i = j - off;
    }
  }

  /**
   * The {@link #startRows} rows of a {@code string} column (UTF-8 bytes, not checked) or a
   * {@code bytes} column: row {@code i}'s value is {@code data[off + i][start[off + i],
   * start[off + i] + length[off + i])}.
   */
  public void writeBytes(int column, byte[][] data, int[] start, int[] length, int off) {
    Column c = bulk(column, ValueType.STRING, ValueType.BYTES, off,
        Math.min(data.length, Math.min(start.length, length.length)));
    if (c.spec.isArray()) {
      writeOptional(c, off, (b, j) -> b.writeBytes(data[j], start[j], length[j]));
      return;
    }
    int n = bulkRows;
    if (c.sorted != null) {
      boolean string = c.type == ValueType.STRING;
      for (int i = 0; i < n; i++) {
        int j = off + i;
        inOrder(c, string ? c.sorted.nextString(data[j], start[j], length[j])
            : c.sorted.nextBytes(data[j], start[j], length[j]), rowCount + i);
      }
    }
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      ValueBuffer b = c.buf;
      int end = c.bulkEnd(off + i, off + n);
      int j = off + i;
      j = b.putBytes(data, start, length, j, end, blockSize);
      c.endBulkValues(k, j - off - i);
      i = j - off;
    }
  }

  /**
   * The {@link #startRows} rows of a {@code bytes} column holding decimals as Apache Avro stores
   * them: each unscaled value of {@code unscaled[off, off + n)} as the fewest big-endian
   * two's-complement bytes that hold it (what {@link java.math.BigInteger#toByteArray()} gives).
   */
  public void writeDecimals(int column, long[] unscaled, int off) {
    Column c = bulk(column, ValueType.BYTES, ValueType.BYTES, off, unscaled.length);
    if (c.spec.isArray()) {
      writeOptional(c, off, (b, j) -> b.writeDecimal(unscaled[j]));
      return;
    }
    int n = bulkRows;
    if (c.sorted != null) {
      byte[] tmp = new byte[8];
      for (int i = 0; i < n; i++) {
        int len = ValueBuffer.decimalLength(unscaled[off + i]);
        ValueBuffer.putBigEndian(tmp, unscaled[off + i], len);
        inOrder(c, c.sorted.nextBytes(tmp, 0, len), rowCount + i);
      }
    }
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      ValueBuffer b = c.buf;
      int end = c.bulkEnd(off + i, off + n);
      int j = off + i;
      j = b.putDecimals(unscaled, j, end, blockSize);
      c.endBulkValues(k, j - off - i);
      i = j - off;
    }
  }

  /**
   * The {@link #startRows} rows of a {@code null} column: a null each, as {@link #writeNull}
   * writes it (nothing is stored; the rows are counted in the column's blocks).
   */
  public void writeNullValues(int column) {
    Column c = bulk(column, ValueType.NULL, ValueType.NULL, 0, bulkRows);
    int n = bulkRows;
    for (int i = 0; i < n; ) {
      int k = c.startBulkValue();
      int end = c.bulkEnd(i, n);
      c.endBulkValues(k, end - i);
      i = end;
    }
  }

  /** One column's values of the {@link #startRows} rows, for {@link #writeColumns}. */
  @FunctionalInterface
  public interface ColumnWrite {
    /**
     * Writes the values of the {@code k}th column given to {@link #writeColumns}: its {@link
     * #writeNulls} if any, then its bulk method; nothing of any other column.
     */
    void write(int k);
  }

  /**
   * Writes the values of several columns of the {@link #startRows} rows: {@code
   * write.write(k)} for each {@code columns[k]}. With a {@link TrevniWriterOptions#parallelism()}
   * above 1, the columns are written at once on the {@link WriteTasks} threads (the caller's
   * among them), each column by one thread, which also compresses the blocks the column
   * finishes and stores them (one thread at a time); the most costly columns of the last rows
   * start first, so that no thread is left with a long one at the end. The file is the same,
   * byte for byte, at every parallelism.
   *
   * <p>When a write throws, the writer is aborted (nothing is written, as after {@link
   * #abort()}) and the exception thrown is that of the first column, in {@code columns}' order,
   * that threw: the one a write of the columns one after the other stops at.
   *
   * @throws IllegalArgumentException when {@code columns} names a column twice
   */
  public void writeColumns(int[] columns, ColumnWrite write) {
    checkOpen();
    if (bulkRows < 0) {
      throw new IllegalStateException("bulk values are written between startRows() and "
          + "endRows()");
    }
    if (tasks == null || columns.length < 2 || cheap(columns)) {
      for (int k = 0; k < columns.length; k++) {
        Column c = this.columns[Objects.checkIndex(columns[k], this.columns.length)];
        long start = System.nanoTime();
        try {
          write.write(k);
        } catch (RuntimeException | Error e) {
          abort();
          throw e;
        }
        c.timed(System.nanoTime() - start);
      }
      return;
    }
    List<ColumnPiece> pieces = new ArrayList<>(columns.length);
    boolean[] named = new boolean[this.columns.length];
    for (int k = 0; k < columns.length; k++) {
      int column = Objects.checkIndex(columns[k], this.columns.length);
      if (named[column]) {
        throw new IllegalArgumentException("column '" + this.columns[column].spec.name()
            + "' is given twice");
      }
      named[column] = true;
      pieces.add(new ColumnPiece(this.columns[column], k, write));
    }
    // the longest first: a thread that finishes early takes the next, short ones last
    pieces.sort((a, b) -> Long.compare(b.column.cost, a.column.cost));
    encoding = true;
    parallelColumnWrites++;
    try {
      tasks.runAll(pieces);
    } catch (IOException e) {
      abort(); // interrupted: every piece has finished, some columns may lack their values
      throw new UncheckedIOException(e);
    } finally {
      encoding = false;
    }
    ColumnPiece failed = null;
    for (ColumnPiece p : pieces) {
      if (p.error != null && (failed == null || p.k < failed.k)) {
        failed = p;
      }
    }
    if (failed != null) {
      abort();
      if (failed.error instanceof Error e) {
        throw e;
      }
      throw (RuntimeException) failed.error;
    }
  }

  /**
   * Columns that together took less than this to write last time (or were never timed) are
   * written by the caller's thread alone: handing a few microseconds of work to other threads
   * costs more than it saves (tests set 0 to write every batch on the threads).
   */
  static volatile long minParallelNanos = 50_000;

  /** Whether {@code columns} are too cheap to write on several threads ({@link #minParallelNanos}). */
  private boolean cheap(int[] columns) {
    long total = 0;
    for (int column : columns) {
      total += this.columns[Objects.checkIndex(column, this.columns.length)].cost;
    }
    return total < minParallelNanos;
  }

  /** One column of {@link #writeColumns}: writes it, times it, keeps what it throws. */
  private static final class ColumnPiece implements WriteTasks.Piece {
    final Column column;
    final int k;
    final ColumnWrite write;
    Throwable error;

    ColumnPiece(Column column, int k, ColumnWrite write) {
      this.column = column;
      this.k = k;
      this.write = write;
    }

    @Override
    public void run() {
      long start = System.nanoTime();
      try {
        write.write(k);
      } catch (RuntimeException | Error e) {
        error = e;
      }
      column.timed(System.nanoTime() - start);
    }
  }

  /** Ends the {@link #startRows} rows; checks that every column got its values. */
  public void endRows() {
    checkOpen();
    if (bulkRows < 0) {
      throw new IllegalStateException("endRows() without startRows()");
    }
    for (Column c : columns) {
      if (!c.bulkDone) {
        throw new IllegalStateException("column '" + c.spec.name() + "' got no values for the "
            + bulkRows + " rows");
      }
    }
    rowCount += bulkRows;
    bulkRows = -1;
  }

  /**
   * The column of a bulk write of values of type {@code a} or {@code b} from {@code [off, off +
   * rows)} of arrays of {@code length}; marked as having its values.
   */
  private Column bulk(int column, ValueType a, ValueType b, int off, int length) {
    checkOpen();
    if (bulkRows < 0) {
      throw new IllegalStateException("bulk values are written between startRows() and "
          + "endRows()");
    }
    if (column < 0 || column >= columns.length) {
      throw new IndexOutOfBoundsException("no column " + column + " (the file has "
          + columns.length + ")");
    }
    Column c = columns[column];
    if (c.type != a && c.type != b) {
      throw new IllegalArgumentException("column '" + c.spec.name() + "' holds "
          + c.type.wireName() + " values, not " + a.wireName()
          + (a == b ? "" : " or " + b.wireName()));
    }
    if (c.bulkDone) {
      throw new IllegalStateException("column '" + c.spec.name() + "' already has its values "
          + "for these rows");
    }
    java.util.Objects.checkFromIndexSize(off, bulkRows, length);
    c.bulkDone = true;
    return c;
  }

  /** Ends the row; checks that each column got the values its lengths and parent call for. */
  public void endRow() {
    checkOpen();
    if (!inRow) {
      throw new IllegalStateException("endRow() without startRow()");
    }
    for (Column c : columns) {
      c.checkRow();
    }
    for (Column c : columns) {
      c.endRow();
    }
    inRow = false;
    rowCount++;
  }

  /** Writes the file and publishes it at the target. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    if (inRow || bulkRows >= 0) {
      abort();
      throw new IllegalStateException("close() inside a row" + (inRow ? "" : " (startRows)")
          + "; the file was not written");
    }
    closed = true;
    AtomicOutputStream out = target.create();
    boolean done = false;
    try {
      for (Column c : columns) {
        c.flushBlock();
        c.buf = new ValueBuffer(0); // its last block is compressed: the heap goes to the next
      }
      compressSealed();
      out.write(header());
      for (Column c : columns) {
        c.writeTo(out);
      }
      out.close();
      done = true;
    } finally {
      if (!done) {
        out.abort();
      }
      release();
    }
  }

  /** Discards everything; nothing is written. */
  public void abort() {
    closed = true;
    release();
  }

  private void release() {
    sealed.clear();
    for (Column c : columns) {
      c.release();
    }
    store.close();
    if (tasks != null) {
      tasks.close();
    }
  }

  /**
   * A finished block compressed apart from the store: its column, raw bytes (until compressed)
   * and place there; stored later, by {@link Column#stored}.
   */
  private static final class Sealed {
    final Column column;
    byte[] raw;
    final int rawLength;
    final int index;
    byte[] stored;
    int compressedLength;

    Sealed(Column column, byte[] raw, int rawLength, int index) {
      this.column = column;
      this.raw = raw;
      this.rawLength = rawLength;
      this.index = index;
    }

    /** Compresses {@code raw[0, rawLength)} with a codec of the writer's pool (any thread). */
    void compress(TrevniFileWriter owner, byte[] raw) {
      TrevniCodec kind = column.codecKind;
      BlockCodec codec = owner.borrowCodec(kind);
      int[] length = new int[1];
      stored = Column.storedBlock(codec, column.checksum, new CRC32(), raw, rawLength, length);
      compressedLength = length[0];
      owner.returnCodec(kind, codec);
      this.raw = null;
    }
  }

  /** Sets a finished block aside; compresses the blocks set aside once there are enough. */
  private void seal(Sealed block) {
    sealed.add(block);
    if (sealed.size() >= sealedLimit) {
      compressSealed();
    }
  }

  /**
   * Compresses the blocks set aside on the tasks' threads, each block alone with a codec of its
   * own, then stores them in order and fills in their descriptors: the bytes of blocks
   * compressed one by one as they finished.
   */
  private void compressSealed() {
    if (sealed.isEmpty()) {
      return;
    }
    List<WriteTasks.Piece> pieces = new ArrayList<>(sealed.size());
    for (Sealed b : sealed) {
      pieces.add(() -> b.compress(this, b.raw));
    }
    try {
      tasks.runAll(pieces);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // compressing in memory throws none
    }
    for (Sealed b : sealed) {
      b.column.stored(b);
    }
    sealed.clear();
  }

  /** A codec of {@code kind} for one block, from the pool; {@link #returnCodec} after use. */
  private BlockCodec borrowCodec(TrevniCodec kind) {
    BlockCodec codec = codecPool.get(kind.ordinal()).poll();
    return codec != null ? codec : BlockCodec.of(kind);
  }

  private void returnCodec(TrevniCodec kind, BlockCodec codec) {
    codecPool.get(kind.ordinal()).offer(codec);
  }

  private byte[] header() {
    ValueBuffer h = new ValueBuffer(1024);
    h.write(MAGIC, 0, 4);
    h.writeFixed64(rowCount);
    h.writeFixed32(columns.length);
    writeMetadata(h, fileMetadata);
    for (Column c : columns) {
      writeMetadata(h, c.spec.encode());
    }
    long start = h.size() + 8L * columns.length;
    for (Column c : columns) {
      h.writeFixed64(start);
      start += c.size();
    }
    return h.copy();
  }

  static void writeMetadata(ValueBuffer out, TrevniMetadata m) {
    out.writeInt(m.size());
    m.raw().forEach((k, v) -> {
      out.writeString(k);
      out.writeBytes(v, 0, v.length);
    });
  }

  private Column col(int column) {
    checkOpen();
    if (!inRow) {
      throw new IllegalStateException("values are written between startRow() and endRow()");
    }
    if (column < 0 || column >= columns.length) {
      throw new IndexOutOfBoundsException("no column " + column + " (the file has "
          + columns.length + ")");
    }
    return columns[column];
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the writer is closed");
    }
  }

  /** One column's open block, its finished blocks and its per-row bookkeeping. */
  private static final class Column {
    private static final int NO_RUN = -1;
    /** The bytes a column's buffer starts with; it doubles as values come. */
    private static final int INITIAL_BUFFER = 256;

    final ColumnSpec spec;
    final ValueType type;
    final Column parent;
    final TrevniCodec codecKind;
    /** The writer, whose codecs compress this column's blocks. */
    final TrevniFileWriter owner;
    /** Whether the writer compresses blocks in parallel (a few at a time, later). */
    final boolean parallel;
    final TrevniChecksum checksum;
    final int blockSize;
    /** The order check of a column declared sorted, or null. */
    final SortedValues sorted;
    ValueBuffer buf;

    // finished blocks
    final List<int[]> descriptors = new ArrayList<>(); // rows, raw size, stored size
    final List<byte[]> firstValues = new ArrayList<>();
    final BlockStore store;
    final List<BlockStore.Chunk> data = new ArrayList<>(); // compressed bytes + checksum
    long storedBytes;
    /** About how long writing its values took in {@link #writeColumns} (ns, smoothed). */
    long cost;

    /** Counts {@code nanos} more of writing this column's values into {@link #cost}. */
    void timed(long nanos) {
      cost = cost == 0 ? Math.max(1, nanos) : (3 * cost + nanos) / 4;
    }

    int rowsInBlock;
    byte[] firstValue;
    /** Whether the column has its values of the current {@link #startRows} rows. */
    boolean bulkDone;
    /** The rows without a value of an optional column's bulk values ({@link #writeNulls}). */
    boolean[] bulkNulls;
    int bulkNullsOff;

    // array length runs (Avro's encoding)
    int runLength;
    int runValue = NO_RUN;

    // protocol checks for the current row
    long lengthsInRow; // lengths written
    long expectedValues; // sum of lengths (array) or 1 (plain)
    long valuesInRow;
    int pendingValues; // left of the last length

    Column(ColumnSpec spec, Column parent, TrevniCodec codec, TrevniChecksum checksum,
        int blockSize, BlockStore store, TrevniFileWriter owner, boolean parallel) {
      this.store = store;
      this.codecKind = codec;
      this.owner = owner;
      this.parallel = parallel;
      this.spec = spec;
      this.type = spec.type();
      this.parent = parent;
      this.checksum = checksum;
      this.blockSize = blockSize;
      this.sorted = spec.isSorted() ? new SortedValues(type) : null;
      // grows to a block (plus the value that crosses it) as values come: a block's worth up
      // front was 65 KB a column, 650 MB for a file of 10,000 columns
      this.buf = new ValueBuffer(Math.min(blockSize + 1024, INITIAL_BUFFER));
    }

    void startRow() {
      if (buf.size() >= blockSize) {
        flushBlock();
      }
      lengthsInRow = 0;
      expectedValues = 0;
      valuesInRow = 0;
      pendingValues = 0;
    }

    void writeLength(int length) {
      if (!spec.isArray()) {
        throw new IllegalStateException("column '" + spec.name() + "' is not an array column");
      }
      if (length < 0) {
        throw new IllegalArgumentException("column '" + spec.name()
            + "': a length cannot be negative: " + length);
      }
      if (pendingValues != 0) {
        throw new IllegalStateException("column '" + spec.name() + "': a new length while "
            + pendingValues + " values of the last one are missing");
      }
      lengthsInRow++;
      expectedValues += length;
      pendingValues = length;
      if (length == runValue) {
        runLength++;
        return;
      }
      flushRun();
      if (length <= 1) {
        runLength = 1;
        runValue = length;
      } else {
        buf.writeLength(length);
      }
    }

    Column value(ValueType t) {
      if (type != t) {
        throw new IllegalArgumentException("column '" + spec.name() + "' holds "
            + type.wireName() + " values, not " + t.wireName());
      }
      if (spec.isArray()) {
        if (pendingValues == 0) {
          throw new IllegalStateException("column '" + spec.name()
              + "': more values than its lengths declare");
        }
        if (type != ValueType.NULL) {
          flushRun();
        }
      }
      return this;
    }

    void afterValue() {
      pendingValues--;
      valuesInRow++;
      if (spec.hasFirstValues() && firstValue == null) {
        firstValue = buf.copy();
      }
    }

    void checkRow() {
      if (spec.isArray()) {
        long units = parent == null ? 1 : parent.valuesInRow;
        if (lengthsInRow != units) {
          throw new IllegalStateException("column '" + spec.name() + "': " + lengthsInRow
              + " lengths in this row, but it needs " + units
              + (parent == null ? "" : " (one per element of '" + parent.spec.name() + "')"));
        }
        if (valuesInRow != expectedValues) {
          throw new IllegalStateException("column '" + spec.name() + "': " + valuesInRow
              + " values in this row, but its lengths declare " + expectedValues);
        }
      } else {
        long units = parent == null ? 1 : parent.valuesInRow;
        if (valuesInRow != units) {
          throw new IllegalStateException("column '" + spec.name() + "': " + valuesInRow
              + " values in this row, but it needs " + units
              + (parent == null ? "" : " (one per element of '" + parent.spec.name() + "')"));
        }
      }
    }

    void endRow() {
      rowsInBlock++;
    }

    /**
     * Before the next values written a column at a time: closes the block if full, as {@link
     * #startRow()} does; returns the buffer's size, for {@link #endBulkValues}.
     */
    int startBulkValue() {
      if (buf.size() >= blockSize) {
        flushBlock();
      }
      return buf.size();
    }

    /**
     * Where the values written from {@code from} (before {@code end}) must stop at the latest:
     * after one value when it starts a block of a column with first values, which are kept.
     */
    int bulkEnd(int from, int end) {
      return spec.hasFirstValues() && firstValue == null ? from + 1 : end;
    }

    /** After {@code count} rows' values were appended: counts them, keeps a block's first. */
    void endBulkValues(int sizeBefore, int count) {
      if (spec.hasFirstValues() && firstValue == null) {
        firstValue = buf.copy(); // the block held nothing before this one value
      }
      rowsInBlock += count;
    }

    /** A row's length 0 in a column of 0 or 1 values a row, as {@link #writeLength}(0). */
    void absentLength() {
      if (runValue == 0) {
        runLength++;
      } else {
        flushRun();
        runLength = 1;
        runValue = 0;
      }
    }

    /**
     * A row's length 1, before its value, as {@link #writeLength}(1) and the value's {@link
     * #value} write it: the run so far, then a single 1 (a run of ones never forms, as a value
     * follows each).
     */
    void presentLength() {
      flushRun();
      buf.writeLength(1);
    }

    private void flushRun() {
      if (runLength == 0) {
        return;
      }
      if (runLength == 1) {
        buf.writeLength(runValue);
      } else {
        buf.writeLength((3 - runValue) - (runLength << 1));
      }
      runLength = 0;
      runValue = NO_RUN;
    }

    void flushBlock() {
      flushRun();
      if (rowsInBlock == 0) {
        return;
      }
      int raw = buf.size();
      if (parallel && !(owner.encoding && codecKind == TrevniCodec.NULL)) {
        // compressed apart from the store, on several threads: a place for it now
        descriptors.add(new int[] {rowsInBlock, raw, -1});
        data.add(null);
        storedBytes += 12 + raw; // until stored() knows the stored size
        if (owner.encoding) {
          // on a thread of writeColumns: compressed now, stored among other columns' blocks
          Sealed block = new Sealed(this, null, raw, data.size() - 1);
          block.compress(owner, buf.array());
          // the store is shared with the other columns' threads; where in it a block lies does
          // not change the file, which writes each column's blocks in the column's order
          synchronized (store) {
            stored(block);
          }
          afterBlock();
          return;
        }
        // later, with other blocks
        Sealed block = new Sealed(this, java.util.Arrays.copyOf(buf.array(), raw), raw,
            data.size() - 1);
        afterBlock();
        owner.seal(block);
        return;
      }
      if (owner.encoding) {
        // on a thread of writeColumns, with nothing to compress: copied straight into the
        // store, locked as above (a compressed copy of its own would copy every block twice)
        synchronized (store) {
          store(new CRC32(), raw);
        }
      } else {
        store(owner.crc, raw);
      }
      afterBlock();
    }

    /** Stores the block, {@code buf[0, raw)}, compressed straight into the store if it can be. */
    private void store(CRC32 crc, int raw) {
      BlockCodec codec = owner.borrowCodec(codecKind);
      int crcSize = checksum == TrevniChecksum.CRC32 ? 4 : 0;
      int bound = codec.maxCompressedLength(raw);
      int compressed;
      BlockStore.Chunk chunk;
      if (bound >= 0 && bound <= Integer.MAX_VALUE - 16 - crcSize) {
        // compressed straight into the store's page, the checksum after it
        byte[] page = store.reserve(bound + crcSize);
        int at = store.position();
        compressed = codec.compress(buf.array(), raw, page, at);
        if (crcSize > 0) {
          putCrc(crc, buf.array(), raw, page, at + compressed);
        }
        chunk = store.commit(compressed + crcSize);
      } else {
        int[] compressedLength = new int[1];
        byte[] stored = storedBlock(codec, checksum, crc, buf.array(), raw,
            compressedLength);
        compressed = compressedLength[0];
        chunk = store.add(stored, 0, stored.length);
      }
      owner.returnCodec(codecKind, codec);
      descriptors.add(new int[] {rowsInBlock, raw, compressed});
      data.add(chunk);
      storedBytes += 12 + chunk.length();
    }

    /** The CRC-32 of {@code raw[0, length)}, big-endian at {@code out[at, at + 4)}. */
    private static void putCrc(CRC32 crc, byte[] raw, int length, byte[] out, int at) {
      crc.reset();
      crc.update(raw, 0, length);
      int value = (int) crc.getValue();
      out[at] = (byte) (value >>> 24);
      out[at + 1] = (byte) (value >>> 16);
      out[at + 2] = (byte) (value >>> 8);
      out[at + 3] = (byte) value;
    }

    /**
     * A block's stored bytes: {@code raw[0, length)} compressed with {@code codec}, then its CRC
     * when the column has {@code crc32}; the compressed length goes to {@code compressedLength}.
     */
    static byte[] storedBlock(BlockCodec codec, TrevniChecksum checksum, CRC32 crc, byte[] raw,
        int length, int[] compressedLength) {
      byte[] compressed = codec.compress(raw, length);
      compressedLength[0] = compressed.length;
      if (checksum != TrevniChecksum.CRC32) {
        return compressed;
      }
      byte[] stored = java.util.Arrays.copyOf(compressed, compressed.length + 4);
      putCrc(crc, raw, length, stored, compressed.length);
      return stored;
    }

    /** A block compressed in parallel, in its place among this column's blocks. */
    void stored(Sealed block) {
      descriptors.get(block.index)[2] = block.compressedLength;
      data.set(block.index, store.add(block.stored, 0, block.stored.length));
      storedBytes += block.stored.length - block.rawLength;
    }


    /** Keeps the finished block's first value and starts the next block. */
    private void afterBlock() {
      if (spec.hasFirstValues()) {
        firstValues.add(firstValue == null ? new byte[0] : firstValue);
      }
      storedBytes += firstValue == null ? 0 : firstValue.length;
      firstValue = null;
      rowsInBlock = 0;
      // the block's bytes were copied (compressed, checksummed): the buffer is reused, unless a
      // big value grew it far beyond the usual block
      if (buf.array().length > 4 * (Math.min(blockSize, 1 << 16) + 1024)) {
        buf = new ValueBuffer(Math.min(blockSize, 1 << 16) + 1024);
      } else {
        buf.reset();
      }
    }

    long size() {
      return 4 + storedBytes;
    }

    void writeTo(AtomicOutputStream out) throws IOException {
      ValueBuffer table = new ValueBuffer(4 + 12 * descriptors.size());
      table.writeFixed32(descriptors.size());
      for (int i = 0; i < descriptors.size(); i++) {
        int[] d = descriptors.get(i);
        table.writeFixed32(d[0]);
        table.writeFixed32(d[1]);
        table.writeFixed32(d[2]);
        if (spec.hasFirstValues()) {
          byte[] v = firstValues.get(i);
          table.write(v, 0, v.length);
        }
      }
      out.write(table.array(), 0, table.size());
      for (BlockStore.Chunk d : data) {
        store.writeTo(d, out);
      }
    }

    void release() {
      data.clear();
      descriptors.clear();
      firstValues.clear();
    }
  }
}
