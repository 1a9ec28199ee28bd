package io.colfile.kudu;

import io.colfile.core.codec.Compressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.block.BlockCodecs;
import io.colfile.kudu.block.BlockEncoder;
import io.colfile.kudu.block.RleEncoder;
import io.colfile.kudu.index.IndexTreeWriter;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.meta.CFileFooter;
import io.colfile.kudu.meta.MetaCodec;
import java.io.Closeable;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Writes one CFile v2 as Kudu 1.17 writes it (cfile.md sections 3 to 8; layout on {@link
 * CFile}): an empty header, data blocks in ordinal order with the index blocks interleaved
 * as they fill (section 3.6), then the rest of the positional index, the rest of the value index,
 * the dictionary block (DICT files) and the footer. The file appears at its target only when
 * {@link #close()} returns; {@link #abort()}, or a failure, leaves nothing there.
 *
 * <p>Values arrive as vectors of the type's colfile counterpart ({@link KuduTypes}), or as raw
 * blocks ({@link #appendRawBlock}, for BloomFiles). NULLs go into each block's null bitmap;
 * the encoder decides where blocks end. An append that fails (a value that does not fit the
 * type, a NULL in a non-nullable column, values out of order for a value index) gives the file
 * up: nothing is published, and the writer takes no more.
 */
public final class CFileWriter implements Closeable {
  private static final int CHUNK = 4096;

  private final String name;
  private final CFileWriterOptions options;
  private final KuduType type;
  private final int width;
  private final AtomicOutputStream out;
  private final Compressor compressor;
  /**
   * Made up front, as Kudu's writer does in Start(): a column of NULLs alone still ends in a
   * block, and a DICT file without values still has its (empty) dictionary block.
   */
  private final BlockEncoder encoder;
  private final IndexTreeWriter posidx;
  private final IndexTreeWriter validx;
  private final List<Map.Entry<String, byte[]>> metadata;

  private long ordinal;
  private long blockFirst;
  private int blockRows;
  private boolean[] blockBits = new boolean[64];
  private final RleEncoder bitmap = new RleEncoder(1);
  private byte[] firstKey;
  private byte[] lastKey;
  private byte[] previousLastKey = new byte[0];
  /** The key of the last value appended, which the next may not sort before. */
  private byte[] sortedKey;
  private byte[] cells = new byte[0];
  private final int[] rows = new int[CHUNK];
  private boolean rawBlocks;
  private boolean done;

  private CFileWriter(OutputFile file, CFileWriterOptions options) throws IOException {
    this.name = file.name();
    this.options = options;
    this.type = options.type();
    this.width = type.physical().width();
    this.compressor = BlockEnvelope.compressor(options.compression());
    this.metadata = new ArrayList<>(options.metadata());
    this.posidx = options.positionalIndex()
        ? new IndexTreeWriter(options.indexBlockSize(), this::writeBlock) : null;
    this.validx = options.valueIndex()
        ? new IndexTreeWriter(options.indexBlockSize(), this::writeBlock) : null;
    this.encoder = BlockCodecs.encoder(options.encoding(), type.physical(), options.blockSize());
    this.out = file.create();
    try {
      writeHeader();
    } catch (IOException | RuntimeException e) {
      out.abort();
      throw e;
    }
  }

  /** Starts writing a CFile at {@code file}. */
  public static CFileWriter create(OutputFile file, CFileWriterOptions options)
      throws IOException {
    return new CFileWriter(file, options);
  }

  public CFileWriterOptions options() {
    return options;
  }

  /** Cells appended so far, NULLs included. */
  public long numValues() {
    return ordinal;
  }

  /**
   * Appends rows {@code [from, from + n)} of {@code values}, a vector of the column's colfile
   * type ({@link KuduTypes#toType}); NULL rows need a nullable column.
   *
   * @throws IllegalArgumentException naming the row when a value does not fit the Kudu type, or
   *     a NULL arrives for a non-nullable column
   */
  public void append(ColumnVector values, int from, int n) throws IOException {
    checkOpen();
    try {
      appendValues(values, from, n);
    } catch (IOException | RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  private void appendValues(ColumnVector values, int from, int n) throws IOException {
    if (rawBlocks) {
      throw new IllegalStateException("a CFile holds either values or raw blocks");
    }
    int end = from + n;
    int r = from;
    while (r < end) {
      int k = 1;
      if (values.isNull(r)) {
        if (!options.nullable()) {
          throw new IllegalArgumentException("row " + r + " is NULL in a non-nullable column");
        }
        while (r + k < end && values.isNull(r + k)) {
          k++;
        }
        addBits(false, k);
        blockRows += k;
        ordinal += k;
      } else {
        while (r + k < end && k < CHUNK && !values.isNull(r + k)) {
          k++;
        }
        appendPresent(values, r, k);
      }
      r += k;
    }
  }

  /**
   * Appends {@code n} fixed-width cells (the physical type's little-endian bytes, BOOL one byte)
   * from {@code src[offset ...]}, one per row; rows with {@code isNull[i]} true (when {@code
   * isNull} is not null) are NULL and their cells are ignored.
   */
  public void appendCells(byte[] src, int offset, boolean[] isNull, int n) throws IOException {
    checkOpen();
    try {
      appendCellValues(src, offset, isNull, n);
    } catch (IOException | RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  private void appendCellValues(byte[] src, int offset, boolean[] isNull, int n)
      throws IOException {
    if (width < 0) {
      throw new IllegalStateException(type.kuduName() + " values are not cells");
    }
    int r = 0;
    while (r < n) {
      int k = 1;
      if (isNull != null && isNull[r]) {
        if (!options.nullable()) {
          throw new IllegalArgumentException("row " + r + " is NULL in a non-nullable column");
        }
        while (r + k < n && isNull[r + k]) {
          k++;
        }
        addBits(false, k);
        blockRows += k;
        ordinal += k;
      } else {
        while (r + k < n && k < CHUNK && (isNull == null || !isNull[r + k])) {
          k++;
        }
        if (cells.length < k * width) {
          cells = new byte[Math.max(k * width, cells.length * 2)];
        }
        System.arraycopy(src, offset + r * width, cells, 0, k * width);
        appendEncoded(null, 0, k);
      }
      r += k;
    }
  }

  /** Encodes the non-NULL rows {@code [from, from + n)}, finishing blocks as they fill. */
  private void appendPresent(ColumnVector values, int from, int n) throws IOException {
    if (width > 0) {
      for (int i = 0; i < n; i++) {
        rows[i] = from + i;
      }
      if (cells.length < n * width) {
        cells = new byte[Math.max(n * width, cells.length * 2)];
      }
      CellVectors.write(type, values, rows, n, cells);
    }
    appendEncoded(values, from, n);
  }

  /**
   * Hands {@code n} non-NULL values to the encoder, finishing blocks as they fill: fixed-width
   * ones from {@link #cells}, binary ones from rows {@code [from, from + n)} of {@code values}.
   */
  private void appendEncoded(ColumnVector values, int from, int n) throws IOException {
    BlockEncoder enc = encoder;
    int done = 0;
    while (done < n) {
      boolean starting = enc.count() == 0;
      int taken = width > 0
          ? enc.addCells(cells, done * width, n - done)
          : enc.addBinary((BytesVector) values, from + done, n - done);
      if (taken <= 0) {
        throw new IllegalStateException(options.encoding() + " encoder took no value");
      }
      if (validx != null) {
        for (int i = done; i < done + taken; i++) {
          byte[] k = key(values, from, i);
          // (a DeltaFile's keys are its own business: UNDO files order a row's timestamps down)
          if (sortedKey != null && options.valueIndexKey() == null
              && Arrays.compareUnsigned(sortedKey, k) > 0) {
            throw new IllegalArgumentException("row " + (ordinal + i - done) + ": a file with "
                + "a value index takes its values sorted, and this one sorts before the last");
          }
          sortedKey = k;
          if (starting && i == done) {
            firstKey = k;
          }
        }
        lastKey = sortedKey;
      }
      addBits(true, taken);
      blockRows += taken;
      ordinal += taken;
      done += taken;
      if (enc.isFull()) {
        finishBlock();
      }
    }
  }

  /** The value index key of value {@code i} of the run that starts at row {@code from}. */
  private byte[] key(ColumnVector values, int from, int i) {
    if (width > 0) {
      return ValueKeys.cellKey(type.physical(), cells, i * width);
    }
    BytesVector b = (BytesVector) values;
    int r = from + i;
    byte[] v = Arrays.copyOfRange(b.vector[r], b.start[r], b.start[r] + b.length[r]);
    return options.valueIndexKey() == null ? v : options.valueIndexKey().apply(v);
  }

  /**
   * Appends a block whose payload the caller built (a BloomFile's filter blocks, cfile.md section
   * 10.1), indexed in the value index by {@code firstKey}, shortened against {@code
   * previousLastKey} (the last key of the previous raw block, or empty) as options say.
   */
  public void appendRawBlock(byte[] payload, byte[] firstKey, byte[] previousLastKey)
      throws IOException {
    checkOpen();
    if (ordinal > 0) {
      throw new IllegalStateException("a CFile holds either values or raw blocks");
    }
    if (validx == null) {
      throw new IllegalStateException("raw blocks are found through a value index");
    }
    rawBlocks = true;
    try {
      BlockPointer ptr = writeBlock(payload);
      validx.append(options.optimizeIndexKeys()
          ? ValueKeys.separator(previousLastKey, firstKey) : firstKey.clone(), ptr);
    } catch (IOException | RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  /** Adds a footer metadata pair (Kudu stores min_key, max_key and deltafilestats there). */
  public void addMetadata(String key, byte[] value) {
    checkOpen();
    metadata.add(new AbstractMap.SimpleImmutableEntry<>(key, value.clone()));
  }

  private void addBits(boolean present, int n) {
    if (!options.nullable()) {
      return;
    }
    if (blockRows + n > blockBits.length) {
      blockBits = Arrays.copyOf(blockBits, Math.max(blockRows + n, blockBits.length * 2));
    }
    Arrays.fill(blockBits, blockRows, blockRows + n, present);
  }

  private void finishBlock() throws IOException {
    if (blockRows == 0) {
      return;
    }
    byte[] inner = encoder.finish(blockFirst);
    byte[] payload = options.nullable() ? nullable(inner) : inner;
    BlockPointer ptr;
    try {
      ptr = writeBlock(payload);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("rows " + blockFirst + " to "
          + (blockFirst + blockRows - 1) + ": " + e.getMessage(), e);
    }
    if (posidx != null) {
      byte[] key = new byte[4];
      Endian.putIntBE(key, 0, (int) blockFirst);
      posidx.append(key, ptr);
    }
    if (validx != null) {
      validx.append(options.optimizeIndexKeys()
          ? ValueKeys.separator(previousLastKey, firstKey) : firstKey, ptr);
      previousLastKey = lastKey;
    }
    blockFirst += blockRows;
    blockRows = 0;
  }

  /** The nullable block (section 5): rows, bitmap length, RLE bitmap, inner block. */
  private byte[] nullable(byte[] inner) {
    bitmap.reset();
    for (int i = 0; i < blockRows; i++) {
      bitmap.put(blockBits[i] ? 1 : 0);
    }
    byte[] bits = bitmap.finish();
    byte[] head = new byte[10];
    int p = Varints.writeVarLong(head, 0, blockRows);
    p = Varints.writeVarLong(head, p, bits.length);
    byte[] out = new byte[p + bits.length + inner.length];
    System.arraycopy(head, 0, out, 0, p);
    System.arraycopy(bits, 0, out, p, bits.length);
    System.arraycopy(inner, 0, out, p + bits.length, inner.length);
    return out;
  }

  /** Writes a block through the envelope (section 4) and returns its pointer. */
  private BlockPointer writeBlock(byte[] payload) throws IOException {
    long offset = out.position();
    byte[] stored = options.version() == 1 ? BlockEnvelope.storeV1(payload, compressor)
        : BlockEnvelope.store(payload, compressor);
    out.write(stored);
    int size = stored.length;
    if (options.checksums()) {
      writeCrc(stored);
      size += 4;
    }
    return new BlockPointer(offset, size);
  }

  private void writeCrc(byte[]... parts) throws IOException {
    CRC32C crc = new CRC32C();
    for (byte[] p : parts) {
      crc.update(p);
    }
    byte[] b = new byte[4];
    Endian.putIntLE(b, 0, (int) crc.getValue());
    out.write(b);
  }

  private void writeHeader() throws IOException {
    byte[] pb = MetaCodec.writeHeader(List.of(), options.version());
    byte[] start = new byte[12];
    System.arraycopy(magic(), 0, start, 0, 8);
    Endian.putIntLE(start, 8, pb.length);
    out.write(start);
    out.write(pb);
    if (options.checksums()) {
      writeCrc(start, pb);
    }
  }

  private byte[] magic() {
    return options.version() == 1 ? CFile.MAGIC_V1 : CFile.MAGIC_V2;
  }

  /** Finishes the file (remaining blocks, indexes, dictionary, footer) and publishes it. */
  @Override
  public void close() throws IOException {
    if (done) {
      return;
    }
    try {
      finishBlock();
      BlockPointer posRoot = posidx == null ? null : posidx.finish();
      BlockPointer valRoot = validx == null ? null : validx.finish();
      BlockPointer dict = null;
      byte[] dictBlock = rawBlocks ? null : BlockCodecs.dictionaryBlock(encoder);
      if (dictBlock != null) {
        dict = writeBlock(dictBlock);
      }
      CFileFooter footer = new CFileFooter(type, options.encoding(), ordinal, posRoot, valRoot,
          options.compression(), metadata, options.nullable(), dict,
          options.checksums() ? CFileFooter.CHECKSUM : 0, null);
      byte[] pb = MetaCodec.writeFooter(footer, options.version());
      byte[] tail = new byte[12];
      System.arraycopy(magic(), 0, tail, 0, 8);
      Endian.putIntLE(tail, 8, pb.length);
      if (options.checksums()) {
        writeCrc(pb, tail);
      }
      out.write(pb);
      out.write(tail);
      done = true;
      out.close();
    } catch (IOException | RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  /** Discards the file: nothing appears at the target. Idempotent. */
  public void abort() {
    done = true;
    out.abort();
  }

  private void checkOpen() {
    if (done) {
      throw new IllegalStateException(name + " is closed, or was given up after a failure");
    }
  }
}
