package io.colfile.trevni;

import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads and checks a Trevni file's header, as Apache Avro's trevni-core writes it (trevni.md
 * sections 2, 4 and 5; {@link TrevniFileWriter} writes the same grammar):
 *
 * <pre>
 * File       ::= Header Column{columnCount}            columns follow the header back to back
 * Header     ::= magic rowCount:fixed64 columnCount:fixed32
 *                fileMeta:Metadata columnMeta:Metadata{columnCount}
 *                columnStart:fixed64{columnCount}      absolute offsets, rising, after the header
 * magic      ::= 'T' 'r' 'v' version:u8                version 2; 0 and 1 from early writers
 * Metadata   ::= count:int (key:string value:bytes){count}
 * int        ::= zig-zag LEB128 varint of a 32-bit int
 * string     ::= length:int UTF-8 bytes{length}        bytes ::= length:int byte{length}
 * fixed32    ::= 4 bytes little-endian                 fixed64 ::= 8 bytes little-endian
 * </pre>
 *
 * The column metadata's keys: {@code trevni.name} (required, unique), {@code trevni.type}
 * (required, a {@link ValueType} name), {@code trevni.parent} (an earlier array column), the
 * flags {@code trevni.array} and {@code trevni.values} (present or absent; never both, and no
 * first values on a child), and {@code trevni.codec} / {@code trevni.checksum} overriding the
 * file's. A column's own layout ({@code Column ::= blockCount descriptor* block*}) is on {@link
 * DescriptorReader}.
 *
 * <p>The header is the file's only index and the format gives it no checksum (only blocks have
 * one, when {@code trevni.checksum} asks for it), so everything in it is checked before it is
 * used: counts and lengths against the file's size before anything is allocated for them, names,
 * types, parents, codecs and checksums against the format, and the column starts against the
 * bytes after the header. Every failure is a {@link CorruptFileException} naming the part of
 * the header and the offset. What the header states that its columns state again is checked
 * against them: the rows of each column's blocks add up to the header's row count and end by
 * the next column's start ({@link DescriptorReader}), and a header claiming no rows is held
 * against the columns' block counts when the file is opened ({@link TrevniFile}).
 */
final class HeaderReader {
  private static final int FIRST_HEADER_READ = 64 * 1024;
  /** The smallest column: its block count. */
  private static final int MIN_COLUMN_BYTES = 4;

  /** The header, at file offset 0: an index into the bytes read is a file offset. */
  private final FileRegion header;
  private final long fileLength;
  /** Whether columns may start past the end of the file: see {@link #read(InputFile, boolean)}. */
  private boolean cutShort;
  private final ByteCursor in;

  private HeaderReader(String name, byte[] head, long fileLength) {
    this.header = header(name);
    this.fileLength = fileLength;
    this.in = new ByteCursor(head);
  }

  private static FileRegion header(String file) {
    return FileRegion.of(file).child("header").at(0, -1);
  }

  /** A metadata section of the header, starting at file offset {@code start}. */
  private FileRegion section(String where, int start) {
    return header.slice(where, start, -1);
  }

  /** The header of {@code file}, read in growing pieces until it fits. */
  static TrevniHeader read(InputFile file) throws IOException {
    return read(file, false);
  }

  /**
   * {@link #read(InputFile)}; with {@code cutShort}, columns may start past the end of the
   * file (a file cut short: those columns' blocks are gone, which reading them says).
   */
  static TrevniHeader read(InputFile file, boolean cutShort) throws IOException {
    long length = file.length();
    int want = (int) Math.min(length, FIRST_HEADER_READ);
    while (true) {
      byte[] head = file.read(0, want);
      try {
        HeaderReader reader = new HeaderReader(file.name(), head, length);
        reader.cutShort = cutShort;
        return reader.parse();
      } catch (OutOfBytes e) {
        if (want == length) {
          throw header(file.name()).corrupt(e.offset,
              "the file ends inside its header (%d bytes): %s", length, e.getMessage());
        }
        want = (int) Math.min(length, Math.min(Integer.MAX_VALUE - 16, 4L * want));
      }
    }
  }

  private TrevniHeader parse() throws CorruptFileException, OutOfBytes {
    byte[] head = in.buffer();
    if (in.remaining() < 4 || head[0] != 'T' || head[1] != 'r' || head[2] != 'v'
        || (head[3] & 0xFF) > 2) {
      if (in.remaining() < 4 && fileLength < 4) {
        throw header.corrupt(0, "not a Trevni file: %d bytes, shorter than the magic number",
            fileLength);
      }
      throw header.corrupt(0, "not a Trevni file: the magic number is %s, not 54 72 76 02"
          + " ('Trv' 2)", hex(head, 4));
    }
    int version = head[3];
    int at = 4;
    try {
      in.skip(4);
      long rowCount = in.readLongLE();
      if (rowCount < 0) {
        throw header.corrupt(4, "negative row count %d", rowCount);
      }
      at = in.position();
      int columnCount = in.readIntLE();
      // each column needs at least its metadata count, a name, a type and an 8-byte start
      if (columnCount < 0 || (long) columnCount * 9 > fileLength) {
        throw header.corrupt(at, "column count %d is impossible in a file of %d bytes",
            columnCount, fileLength);
      }
      at = in.position();
      TrevniMetadata fileMeta = readMetadata("file metadata");
      codec(fileMeta, section("file metadata", at));
      checksum(fileMeta, section("file metadata", at));
      List<ColumnSpec> columns = new ArrayList<>(Math.min(columnCount, 4096));
      Map<String, Integer> byName = new HashMap<>();
      for (int i = 0; i < columnCount; i++) {
        at = in.position();
        columns.add(readColumn(i, columns, byName));
      }
      List<Long> starts = new ArrayList<>(Math.min(columnCount, 4096));
      for (int i = 0; i < columnCount; i++) {
        at = in.position();
        starts.add(in.readLongLE());
      }
      long length = in.position();
      checkStarts(columns, starts, length);
      return new TrevniHeader(version, rowCount, fileMeta, columns, starts, length);
    } catch (MalformedInputException e) {
      throw new OutOfBytes(at, e.getMessage());
    }
  }

  private ColumnSpec readColumn(int i, List<ColumnSpec> columns, Map<String, Integer> byName)
      throws MalformedInputException, CorruptFileException {
    String numbered = "metadata of column " + i;
    int start = in.position();
    TrevniMetadata m = readMetadata(numbered);
    String colName = m.getString(TrevniMetadata.NAME).orElseThrow(() ->
        section(numbered, start).corrupt("no trevni.name"));
    FileRegion where = section("metadata of column '" + colName + "'", start);
    if (byName.containsKey(colName)) {
      throw where.corrupt("a second column named '%s'", colName);
    }
    String typeName = m.getString(TrevniMetadata.TYPE).orElseThrow(() ->
        where.corrupt("no trevni.type"));
    ValueType type;
    try {
      type = ValueType.forName(typeName);
    } catch (IllegalArgumentException e) {
      throw where.corrupt("%s", e.getMessage());
    }
    String parent = m.getString(TrevniMetadata.PARENT).orElse(null);
    if (parent != null) {
      Integer p = byName.get(parent);
      if (p == null) {
        throw where.corrupt("its parent '%s' is not an earlier column", parent);
      }
      if (!columns.get(p).isArray()) {
        throw where.corrupt("its parent '%s' is not an array column", parent);
      }
    }
    boolean array = m.contains(TrevniMetadata.ARRAY);
    boolean values = m.contains(TrevniMetadata.VALUES);
    if (values && (array || parent != null)) {
      throw where.corrupt("trevni.values on an array or child column");
    }
    TrevniCodec ownCodec = m.contains(TrevniMetadata.CODEC) ? codec(m, where) : null;
    TrevniChecksum ownChecksum = m.contains(TrevniMetadata.CHECKSUM) ? checksum(m, where) : null;
    byName.put(colName, i);
    return ColumnSpec.fromFile(m, colName, type, parent, array, values, ownCodec, ownChecksum);
  }

  /**
   * Each column starts after the header and before the last {@link #MIN_COLUMN_BYTES} of the
   * file, and at least that many bytes after the one before it (Avro's reader takes the starts
   * as they come; a writer that does not put them in order and apart writes overlapping columns).
   */
  private void checkStarts(List<ColumnSpec> columns, List<Long> starts, long headerLength)
      throws CorruptFileException {
    // The starts are the header's last 8 bytes per column.
    FileRegion table = header.slice("column starts", headerLength - 8L * starts.size(),
        8L * starts.size());
    for (int i = 0; i < starts.size(); i++) {
      long start = starts.get(i);
      if (start < headerLength || start > fileLength - MIN_COLUMN_BYTES && !cutShort) {
        throw table.corrupt(8L * i, "column '%s' starts at %d, outside the file's data (%d to %d)",
            columns.get(i).name(), start, headerLength, fileLength);
      }
      if (i > 0 && start < starts.get(i - 1) + MIN_COLUMN_BYTES) {
        throw table.corrupt(8L * i, "column '%s' starts at %d, within column '%s', which starts"
            + " at %d", columns.get(i).name(), start, columns.get(i - 1).name(), starts.get(i - 1));
      }
    }
  }

  private TrevniCodec codec(TrevniMetadata m, FileRegion where) throws CorruptFileException {
    Optional<String> v = m.getString(TrevniMetadata.CODEC);
    try {
      return v.map(TrevniCodec::forName).orElse(null);
    } catch (IllegalArgumentException e) {
      throw where.corrupt("%s", e.getMessage());
    }
  }

  private TrevniChecksum checksum(TrevniMetadata m, FileRegion where) throws CorruptFileException {
    Optional<String> v = m.getString(TrevniMetadata.CHECKSUM);
    try {
      return v.map(TrevniChecksum::forName).orElse(null);
    } catch (IllegalArgumentException e) {
      throw where.corrupt("%s", e.getMessage());
    }
  }

  private TrevniMetadata readMetadata(String where)
      throws MalformedInputException, CorruptFileException {
    int start = in.position();
    long count = in.readSignedVarLong();
    if (count < 0 || count > Integer.MAX_VALUE || count * 2 > fileLength) {
      throw section(where, start).corrupt(0, "metadata entry count %d is impossible", count);
    }
    LinkedHashMap<String, byte[]> m = new LinkedHashMap<>();
    for (long i = 0; i < count; i++) {
      int at = in.position() - start;
      byte[] key = readSized(where, start);
      String k;
      try {
        k = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(key)).toString();
      } catch (CharacterCodingException e) {
        throw section(where, start).corrupt(at, "a metadata key is not valid UTF-8");
      }
      m.put(k, readSized(where, start));
    }
    return TrevniMetadata.of(m);
  }

  private byte[] readSized(String where, int start)
      throws MalformedInputException, CorruptFileException {
    int at = in.position();
    long n = in.readSignedVarLong();
    if (n < 0 || n > fileLength) {
      throw section(where, start).corrupt(at - start,
          "metadata length %d is impossible in a file of %d bytes", n, fileLength);
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
