package io.colfile.trevni;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Reads a Trevni file: the header ({@link TrevniHeader}, read and checked by {@link
 * HeaderReader}, whose javadoc is the byte grammar) when opened, each column's block descriptors
 * ({@link DescriptorReader}) when first asked for, and blocks through {@link ColumnCursor}s.
 * Accepts the magic numbers {@code Trv\0}, {@code Trv\1} and {@code Trv\2}.
 *
 * <p>Every structure is checked against the file's length before anything is allocated for it,
 * so a damaged or hostile file gives a {@link CorruptFileException} that names the column and
 * block, never a huge allocation. Thread-safe for reading once open; cursors are not.
 */
public final class TrevniFile implements Closeable {
  private final InputFile file;
  private final long length;
  private final boolean cutShort;
  private final TrevniHeader header;
  private final Map<String, Integer> byName;
  private final int[] parents;
  private final TrevniCodec[] codecs;
  private final TrevniChecksum[] checksums;
  private final long[] starts;
  private final List<List<BlockInfo>> blocks;
  private final BlockBounds bounds = new BlockBounds();
  /**
   * Decompressors by {@link TrevniCodec#ordinal()}, borrowed by a cursor for one block and given
   * back: as many as threads decode at once, not one a column (zlib's inflate state is ~40 KiB
   * of native memory: 10,000 cursors of a wide file held 400 MiB).
   */
  private final List<ConcurrentLinkedQueue<BlockCodec>> blockCodecs = new ArrayList<>();

  private TrevniFile(InputFile file, long length, TrevniHeader header, boolean cutShort) {
    this.file = file;
    this.cutShort = cutShort;
    this.length = length;
    this.header = header;
    int n = header.columnCount();
    this.byName = new HashMap<>();
    this.parents = new int[n];
    this.codecs = new TrevniCodec[n];
    this.checksums = new TrevniChecksum[n];
    this.starts = new long[n];
    TrevniCodec fileCodec = header.codec();
    TrevniChecksum fileChecksum = header.checksum();
    for (int i = 0; i < n; i++) {
      ColumnSpec c = header.columns().get(i);
      byName.put(c.name(), i);
      // HeaderReader checked that a parent is an earlier column
      parents[i] = c.parent().map(byName::get).orElse(-1);
      codecs[i] = c.codec().orElse(fileCodec);
      checksums[i] = c.checksum().orElse(fileChecksum);
      starts[i] = header.columnStarts().get(i);
    }
    this.blocks = new ArrayList<>(Collections.nCopies(n, null));
    for (int i = 0; i < TrevniCodec.values().length; i++) {
      blockCodecs.add(new ConcurrentLinkedQueue<>());
    }
  }

  /** A codec of {@code kind} for one block; {@link #returnCodec} after use. */
  BlockCodec borrowCodec(TrevniCodec kind) {
    BlockCodec codec = blockCodecs.get(kind.ordinal()).poll();
    return codec != null ? codec : BlockCodec.of(kind);
  }

  void returnCodec(TrevniCodec kind, BlockCodec codec) {
    blockCodecs.get(kind.ordinal()).offer(codec);
  }

  /** Opens {@code file} and reads its header. */
  public static TrevniFile open(InputFile file) throws IOException {
    return open(file, false);
  }

  /**
   * {@link #open(InputFile)}; with {@code cutShort}, a file whose header names columns that
   * start past its end opens (for salvage: those columns' blocks fail to read as missing).
   */
  static TrevniFile open(InputFile file, boolean cutShort) throws IOException {
    try {
      TrevniFile f = new TrevniFile(file, file.length(), HeaderReader.read(file, cutShort),
          cutShort);
      if (!cutShort && f.rowCount() == 0) {
        f.checkEmpty();
      }
      return f;
    } catch (IOException | RuntimeException e) {
      try {
        file.close(); // the reader owns the file; one that cannot be opened is closed at once
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * A header that says the file has no rows is held against the columns, since a damaged row
   * count or column count would otherwise read as an empty file (Trevni's header has no
   * checksum): a file without columns ends with its header, and each column has no blocks.
   * Files with rows are checked as their columns are read ({@link #blocks}: the blocks' rows
   * add up to the header's).
   */
  private void checkEmpty() throws IOException {
    FileRegion header = headerRegion();
    if (columnCount() == 0 && length > header.length()) {
      throw header.corrupt(4, "the header declares no rows and no columns, yet %d bytes "
          + "follow it", length - header.length());
    }
    for (int i = 0; i < columnCount(); i++) {
      int count = java.nio.ByteBuffer.wrap(file.read(starts[i], 4))
          .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
      if (count != 0) {
        throw FileRegion.of(name(), length).child(DescriptorReader.structure(column(i)))
            .child("block descriptors").at(starts[i], -1).corrupt(0,
                "the column has %d blocks but the header (row count at file offset 4) says "
                    + "the file has no rows", count);
      }
    }
  }

  /** The file's header, as read and checked when it was opened. */
  public TrevniHeader header() {
    return header;
  }

  /** The file's name as given. */
  public String name() {
    return file.name();
  }

  /** The magic number's version byte: 2 for current files, 0 or 1 for early ones. */
  public int version() {
    return header.version();
  }

  public long rowCount() {
    return header.rowCount();
  }

  public int columnCount() {
    return header.columnCount();
  }

  /** The file's metadata (codec, checksum, user entries such as {@code avro.schema}). */
  public TrevniMetadata metadata() {
    return header.metadata();
  }

  /** The columns in file order; each {@link ColumnSpec#metadata()} holds its stored entries. */
  public List<ColumnSpec> columns() {
    return header.columns();
  }

  public ColumnSpec column(int i) {
    return header.columns().get(i);
  }

  /** The index of the column named {@code name}, or -1. */
  public int columnIndex(String name) {
    Integer i = byName.get(name);
    return i == null ? -1 : i;
  }

  /** The index of column {@code i}'s parent, or -1. */
  public int parentIndex(int i) {
    return parents[i];
  }

  /** The codec column {@code i} is stored with (its own, else the file's, else null). */
  public TrevniCodec codec(int i) {
    return codecs[i];
  }

  /** The checksum of column {@code i}'s blocks (its own, else the file's, else null). */
  public TrevniChecksum checksum(int i) {
    return checksums[i];
  }

  /** File offset where column {@code i} starts. */
  public long columnStart(int i) {
    return starts[i];
  }

  /** Bytes of the file. */
  long length() {
    return length;
  }

  /** Bytes of the header. */
  public long headerLength() {
    return header.length();
  }

  /** The header's bytes in the file, for errors about what it declares. */
  public FileRegion headerRegion() {
    return FileRegion.of(name()).child("header").at(0, header.length());
  }

  /**
   * Column {@code i} (its values, spread over its blocks), for errors about what it holds as a
   * whole: it names the column's start.
   */
  public FileRegion columnRegion(int i) {
    return FileRegion.of(name()).child(DescriptorReader.structure(header.columns().get(i)))
        .at(starts[i], -1).part("values");
  }

  /** Column {@code i}'s blocks, read from its descriptor table on first use. */
  public synchronized List<BlockInfo> blocks(int i) throws IOException {
    List<BlockInfo> b = blocks.get(i);
    if (b == null) {
      b = DescriptorReader.read(file, length, header.rowCount(), column(i), checksums[i],
          starts[i], i + 1 < starts.length ? starts[i + 1] : length, cutShort);
      blocks.set(i, b);
    }
    return b;
  }

  /**
   * Every byte of the file, in order ({@code colfile layout}): the header, then each column's
   * block count and descriptors and its blocks (each with its checksum) where the descriptors
   * place them, with the codec, uncompressed size and rows of each block. A column whose
   * descriptors cannot be read is one UNKNOWN span from its start, saying why.
   */
  public FileLayout layout() throws IOException {
    List<LayoutSpan> spans = new ArrayList<>();
    spans.add(LayoutSpan.of(0, header.length(), SpanRole.HEADER, "header"));
    int n = header.columnCount();
    for (int i = 0; i < n; i++) {
      ColumnSpec spec = column(i);
      String col = DescriptorReader.structure(spec);
      String name = spec.name();
      long start = starts[i];
      List<BlockInfo> bs;
      try {
        bs = blocks(i);
      } catch (IOException | RuntimeException e) {
        long end = i + 1 < n ? starts[i + 1] : length;
        if (start >= 0 && end > start) {
          spans.add(new LayoutSpan(start, end - start, List.of(col), SpanRole.UNKNOWN, i, name,
              Map.of("problem", LayoutSpan.problemOf(e))));
        }
        continue;
      }
      long tableEnd = bs.isEmpty() ? start + 4 : bs.get(0).offset();
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("blocks", bs.size());
      spans.add(new LayoutSpan(start, tableEnd - start, List.of(col, "block descriptors"),
          SpanRole.INDEX, i, name, t));
      int crc = checksums[i] == null ? 0 : checksums[i].size();
      for (int b = 0; b < bs.size(); b++) {
        BlockInfo info = bs.get(b);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("type", spec.type().wireName());
        if (codecs[i] != null && codecs[i] != TrevniCodec.NULL) {
          d.put("compression", codecs[i].wireName());
        }
        d.put("uncompressed", info.uncompressedSize());
        d.put("rows", info.rowCount());
        if (crc > 0) {
          d.put("checksum", checksums[i].wireName());
        }
        spans.add(new LayoutSpan(info.offset(), (long) info.compressedSize() + crc,
            List.of(col, "block " + b), SpanRole.DATA, i, name, d));
      }
    }
    return FileLayout.tile(TrevniFormat.NAME, length, header.rowCount(), spans);
  }

  /** A new cursor over column {@code i}'s values, before its first row. */
  public ColumnCursor cursor(int i) throws IOException {
    return new ColumnCursor(this, i, blocks(i));
  }

  /** A new cursor over the column named {@code name}. */
  public ColumnCursor cursor(String name) throws IOException {
    int i = columnIndex(name);
    if (i < 0) {
      throw new IllegalArgumentException("no column named '" + name + "' in " + file.name());
    }
    return cursor(i);
  }

  InputFile input() {
    return file;
  }

  /** What filtered reads found of whether blocks hold values within their first values. */
  BlockBounds bounds() {
    return bounds;
  }

  @Override
  public void close() throws IOException {
    file.close();
  }

  String structure(int column) {
    return DescriptorReader.structure(column(column));
  }
}
