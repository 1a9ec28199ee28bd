package io.colfile.trevni;

import io.colfile.core.codec.MalformedInputException;
import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a Trevni file: the header (row count, file and column metadata, column starts) when
 * opened, each column's block descriptors when first asked for, and blocks through {@link
 * ColumnCursor}s. Accepts the magic numbers {@code Trv\0}, {@code Trv\1} and {@code Trv\2}.
 *
 * <p>Every structure is checked against the file's length before anything is allocated for it,
 * so a damaged or hostile file gives a {@link CorruptFileException} that names the column and
 * block, never a huge allocation. Thread-safe for reading once open; cursors are not.
 */
public final class TrevniFileReader implements Closeable {
  private static final int FIRST_HEADER_READ = 64 * 1024;

  private final InputFile file;
  private final long length;
  private final int version;
  private final long rowCount;
  private final TrevniMetadata metadata;
  private final List<ColumnSpec> columns;
  private final Map<String, Integer> byName;
  private final int[] parents;
  private final TrevniCodec[] codecs;
  private final TrevniChecksum[] checksums;
  private final long[] starts;
  private final long headerLength;
  private final List<List<BlockInfo>> blocks;
  private final BlockBounds bounds = new BlockBounds();

  private TrevniFileReader(InputFile file, long length, Header h) {
    this.file = file;
    this.length = length;
    this.version = h.version;
    this.rowCount = h.rowCount;
    this.metadata = h.fileMeta;
    this.columns = Collections.unmodifiableList(h.columns);
    this.byName = h.byName;
    this.parents = h.parents;
    this.codecs = h.codecs;
    this.checksums = h.checksums;
    this.starts = h.starts;
    this.headerLength = h.length;
    this.blocks = new ArrayList<>(Collections.nCopies(h.columns.size(), null));
  }

  /** Opens {@code file} and reads its header. */
  public static TrevniFileReader open(InputFile file) throws IOException {
    long length = file.length();
    int want = (int) Math.min(length, FIRST_HEADER_READ);
    while (true) {
      byte[] head = file.read(0, want);
      try {
        return new TrevniFileReader(file, length, parseHeader(file.name(), head, length));
      } catch (OutOfHeader e) {
        if (want == length) {
          throw new CorruptFileException(file.name(), "header", e.offset,
              "the file ends inside its header (" + length + " bytes): " + e.getMessage());
        }
        want = (int) Math.min(length, Math.min(Integer.MAX_VALUE - 16, 4L * want));
      }
    }
  }

  /** The file's name as given. */
  public String name() {
    return file.name();
  }

  /** The magic number's version byte: 2 for current files, 0 or 1 for early ones. */
  public int version() {
    return version;
  }

  public long rowCount() {
    return rowCount;
  }

  public int columnCount() {
    return columns.size();
  }

  /** The file's metadata (codec, checksum, user entries such as {@code avro.schema}). */
  public TrevniMetadata metadata() {
    return metadata;
  }

  /** The columns in file order; each {@link ColumnSpec#metadata()} holds its stored entries. */
  public List<ColumnSpec> columns() {
    return columns;
  }

  public ColumnSpec column(int i) {
    return columns.get(i);
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

  /** Bytes of the header. */
  public long headerLength() {
    return headerLength;
  }

  /** Column {@code i}'s blocks, read from its descriptor table on first use. */
  public synchronized List<BlockInfo> blocks(int i) throws IOException {
    List<BlockInfo> b = blocks.get(i);
    if (b == null) {
      b = readDescriptors(i);
      blocks.set(i, b);
    }
    return b;
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
    return "column '" + columns.get(column).name() + "'";
  }

  private List<BlockInfo> readDescriptors(int column) throws IOException {
    ColumnSpec spec = columns.get(column);
    String where = structure(column) + " / block descriptors";
    long start = starts[column];
    long available = length - start;
    if (available < 4) {
      throw new CorruptFileException(file.name(), where, 0,
          "the column starts at byte " + start + ", too close to the end of the file ("
              + length + " bytes) for its block count");
    }
    byte[] countBytes = file.read(start, 4);
    int count = ByteBuffer.wrap(countBytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    if (count < 0 || 12L * count > available - 4) {
      throw new CorruptFileException(file.name(), where, 0, "block count " + count
          + " does not fit the " + (available - 4) + " bytes left in the file");
    }
    if (count == 0 && rowCount != 0) {
      throw new CorruptFileException(file.name(), where, 0, "the column has no blocks but the "
          + "file has " + rowCount + " rows");
    }
    long tableMin = 12L * count;
    long want = spec.hasFirstValues() ? Math.min(available - 4, tableMin + 16L * count + 64)
        : tableMin;
    while (true) {
      byte[] table = file.read(start + 4, (int) Math.min(want, Integer.MAX_VALUE - 16));
      try {
        return parseDescriptors(column, spec, count, table, start + 4,
            table.length >= available - 4);
      } catch (OutOfHeader e) {
        if (want >= available - 4) {
          throw new CorruptFileException(file.name(), where, 4 + e.offset,
              "the file ends inside the block descriptors: " + e.getMessage());
        }
        want = Math.min(available - 4, 4 * want);
      }
    }
  }

  private List<BlockInfo> parseDescriptors(int column, ColumnSpec spec, int count, byte[] table,
      long tableStart, boolean complete) throws IOException, OutOfHeader {
    String where = structure(column) + " / block descriptors";
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
          throw new CorruptFileException(file.name(), where, 4 + pos, "block " + b
              + " has an impossible descriptor (rows " + rows + ", sizes " + raw + "/"
              + stored + ")");
        }
        if (spec.hasFirstValues()) {
          firstValues[b] = ValueCodec.readBoxed(in, spec.type());
        }
        firstRows[b] = row;
        row += rows;
        sizes[b] = new int[] {rows, raw, stored};
      } catch (MalformedInputException e) {
        if (!complete) {
          throw new OutOfHeader(pos, e.getMessage());
        }
        throw new CorruptFileException(file.name(), where, 4 + pos,
            "block " + b + ": " + e.getMessage());
      }
    }
    if (row != rowCount) {
      throw new CorruptFileException(file.name(), where, 0, "the blocks hold " + row
          + " rows, the file has " + rowCount);
    }
    long offset = tableStart + in.position();
    int checksumSize = checksums[column].size();
    List<BlockInfo> out = new ArrayList<>(count);
    for (int b = 0; b < count; b++) {
      long end = offset + sizes[b][2] + checksumSize;
      if (end > length) {
        throw new CorruptFileException(file.name(), structure(column) + " / block " + b, 0,
            "the block's " + sizes[b][2] + " bytes at " + offset + " run past the end of the "
                + "file (" + length + " bytes)");
      }
      out.add(new BlockInfo(firstRows[b], sizes[b][0], sizes[b][1], sizes[b][2], offset,
          firstValues[b]));
      offset = end;
    }
    return Collections.unmodifiableList(out);
  }

  /** Ran out of the bytes read so far. */
  private static final class OutOfHeader extends Exception {
    private static final long serialVersionUID = 1L;
    final long offset;

    OutOfHeader(long offset, String message) {
      super(message, null, false, false);
      this.offset = offset;
    }
  }

  private static final class Header {
    int version;
    long rowCount;
    TrevniMetadata fileMeta;
    List<ColumnSpec> columns;
    Map<String, Integer> byName;
    int[] parents;
    TrevniCodec[] codecs;
    TrevniChecksum[] checksums;
    long[] starts;
    long length;
  }

  private static Header parseHeader(String name, byte[] head, long fileLength)
      throws CorruptFileException, OutOfHeader {
    ByteCursor in = new ByteCursor(head);
    Header h = new Header();
    if (head.length < 4 || head[0] != 'T' || head[1] != 'r' || head[2] != 'v'
        || (head[3] & 0xFF) > 2) {
      if (head.length < 4 && fileLength < 4) {
        throw new CorruptFileException(name, "header", 0,
            "not a Trevni file: " + fileLength + " bytes, shorter than the magic number");
      }
      throw new CorruptFileException(name, "header", 0, "not a Trevni file: the magic number is "
          + hex(head, 4) + ", not 54 72 76 02 ('Trv' 2)");
    }
    h.version = head[3];
    int at = 4;
    try {
      in.skip(4);
      h.rowCount = in.readLongLE();
      if (h.rowCount < 0) {
        throw new CorruptFileException(name, "header", 4, "negative row count " + h.rowCount);
      }
      at = in.position();
      int columnCount = in.readIntLE();
      // each column needs at least its metadata count, a name, a type and an 8-byte start
      if (columnCount < 0 || (long) columnCount * 9 > fileLength) {
        throw new CorruptFileException(name, "header", at, "column count " + columnCount
            + " is impossible in a file of " + fileLength + " bytes");
      }
      at = in.position();
      h.fileMeta = readMetadata(name, in, "file metadata", fileLength);
      TrevniCodec fileCodec = codec(name, h.fileMeta, "file metadata", TrevniCodec.NULL);
      TrevniChecksum fileChecksum =
          checksum(name, h.fileMeta, "file metadata", TrevniChecksum.NULL);
      h.columns = new ArrayList<>(Math.min(columnCount, 4096));
      h.byName = new HashMap<>();
      h.parents = new int[columnCount];
      h.codecs = new TrevniCodec[columnCount];
      h.checksums = new TrevniChecksum[columnCount];
      for (int i = 0; i < columnCount; i++) {
        at = in.position();
        String numbered = "metadata of column " + i;
        TrevniMetadata m = readMetadata(name, in, numbered, fileLength);
        String colName = m.getString(TrevniMetadata.NAME).orElseThrow(() ->
            new CorruptFileException(name, "header / " + numbered, -1, "no trevni.name"));
        String colWhere = "metadata of column '" + colName + "'";
        String where = colWhere;
        if (h.byName.containsKey(colName)) {
          throw new CorruptFileException(name, "header / " + where, -1,
              "a second column named '" + colName + "'");
        }
        String typeName = m.getString(TrevniMetadata.TYPE).orElseThrow(() ->
            new CorruptFileException(name, "header / " + colWhere, -1, "no trevni.type"));
        ValueType type;
        try {
          type = ValueType.forName(typeName);
        } catch (IllegalArgumentException e) {
          throw new CorruptFileException(name, "header / " + where, -1, e.getMessage());
        }
        String parent = m.getString(TrevniMetadata.PARENT).orElse(null);
        h.parents[i] = -1;
        if (parent != null) {
          Integer p = h.byName.get(parent);
          if (p == null) {
            throw new CorruptFileException(name, "header / " + where, -1,
                "its parent '" + parent + "' is not an earlier column");
          }
          if (!h.columns.get(p).isArray()) {
            throw new CorruptFileException(name, "header / " + where, -1,
                "its parent '" + parent + "' is not an array column");
          }
          h.parents[i] = p;
        }
        boolean array = m.contains(TrevniMetadata.ARRAY);
        boolean values = m.contains(TrevniMetadata.VALUES);
        if (values && (array || parent != null)) {
          throw new CorruptFileException(name, "header / " + where, -1,
              "trevni.values on an array or child column");
        }
        TrevniCodec ownCodec = m.contains(TrevniMetadata.CODEC)
            ? codec(name, m, where, null) : null;
        TrevniChecksum ownChecksum = m.contains(TrevniMetadata.CHECKSUM)
            ? checksum(name, m, where, null) : null;
        h.codecs[i] = ownCodec != null ? ownCodec : fileCodec;
        h.checksums[i] = ownChecksum != null ? ownChecksum : fileChecksum;
        h.columns.add(ColumnSpec.fromFile(m, colName, type, parent, array, values, ownCodec,
            ownChecksum));
        h.byName.put(colName, i);
      }
      h.starts = new long[columnCount];
      for (int i = 0; i < columnCount; i++) {
        at = in.position();
        h.starts[i] = in.readLongLE();
      }
      h.length = in.position();
      for (int i = 0; i < columnCount; i++) {
        if (h.starts[i] < h.length || h.starts[i] > fileLength - 4) {
          throw new CorruptFileException(name, "header / column starts", 8L * i,
              "column '" + h.columns.get(i).name() + "' starts at " + h.starts[i]
                  + ", outside the file's data (" + h.length + " to " + fileLength + ")");
        }
      }
      return h;
    } catch (MalformedInputException e) {
      throw new OutOfHeader(at, e.getMessage());
    }
  }

  private static TrevniCodec codec(String file, TrevniMetadata m, String where,
      TrevniCodec absent) throws CorruptFileException {
    Optional<String> v = m.getString(TrevniMetadata.CODEC);
    if (v.isEmpty()) {
      return absent;
    }
    try {
      return TrevniCodec.forName(v.get());
    } catch (IllegalArgumentException e) {
      throw new CorruptFileException(file, "header / " + where, -1, e.getMessage());
    }
  }

  private static TrevniChecksum checksum(String file, TrevniMetadata m, String where,
      TrevniChecksum absent) throws CorruptFileException {
    Optional<String> v = m.getString(TrevniMetadata.CHECKSUM);
    if (v.isEmpty()) {
      return absent;
    }
    try {
      return TrevniChecksum.forName(v.get());
    } catch (IllegalArgumentException e) {
      throw new CorruptFileException(file, "header / " + where, -1, e.getMessage());
    }
  }

  private static TrevniMetadata readMetadata(String file, ByteCursor in, String where,
      long fileLength) throws MalformedInputException, CorruptFileException {
    int start = in.position();
    long count = in.readSignedVarLong();
    if (count < 0 || count > Integer.MAX_VALUE || count * 2 > fileLength) {
      throw new CorruptFileException(file, "header / " + where, 0,
          "metadata entry count " + count + " is impossible");
    }
    LinkedHashMap<String, byte[]> m = new LinkedHashMap<>();
    for (long i = 0; i < count; i++) {
      int at = in.position() - start;
      byte[] key = readSized(file, in, where, fileLength);
      String k;
      try {
        k = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(key)).toString();
      } catch (CharacterCodingException e) {
        throw new CorruptFileException(file, "header / " + where, at,
            "a metadata key is not valid UTF-8");
      }
      m.put(k, readSized(file, in, where, fileLength));
    }
    return TrevniMetadata.of(m);
  }

  private static byte[] readSized(String file, ByteCursor in, String where, long fileLength)
      throws MalformedInputException, CorruptFileException {
    long n = in.readSignedVarLong();
    if (n < 0 || n > fileLength) {
      throw new CorruptFileException(file, "header / " + where, -1,
          "metadata length " + n + " is impossible in a file of " + fileLength + " bytes");
    }
    if (n > in.remaining()) {
      throw new MalformedInputException(in.position(), "end of the bytes read so far");
    }
    byte[] b = new byte[(int) n];
    System.arraycopy(in.buffer(), in.position(), b, 0, (int) n);
    in.skip((int) n);
    return b;
  }

  private static String hex(byte[] b, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(n, b.length); i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(String.format("%02x", b[i] & 0xFF));
    }
    return sb.toString();
  }
}
