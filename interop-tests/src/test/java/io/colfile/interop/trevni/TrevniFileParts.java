package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.trevni.ValueType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.xerial.snappy.Snappy;

/**
 * A Trevni file taken apart by the test itself, from the layout in trevni.md §5 and without
 * either implementation's reader: header (magic, row count, file and column metadata, column
 * starts), then per column the block descriptors (with first-value bytes), the stored block
 * bodies, their checksum bytes and the decompressed blocks. Used to compare a file of Apache
 * Avro's trevni-core with colfile's part by part, so that a difference is reported as the first
 * structure that differs rather than as a byte offset.
 */
final class TrevniFileParts {
  static final HexFormat HEX = HexFormat.of();

  final byte[] bytes;
  final int version;
  final long rowCount;
  final Map<String, byte[]> fileMeta;
  final List<Column> columns = new ArrayList<>();
  final int headerLength;

  /** One column: its metadata in file order, where it starts and its blocks. */
  record Column(String name, ValueType type, String parent, boolean array, boolean values,
      String codec, String checksum, Map<String, byte[]> meta, long start, long end,
      List<Block> blocks) {}

  /**
   * One block: descriptor fields, first-value bytes (null without {@code trevni.values}), where
   * the stored bytes are, the stored bytes, the checksum bytes after them and the decompressed
   * block.
   */
  record Block(int rows, int uncompressed, int compressed, byte[] firstValue, long offset,
      byte[] body, byte[] checksum, byte[] raw) {}

  private int pos;

  private TrevniFileParts(byte[] bytes) {
    this.bytes = bytes;
    if (bytes.length < 16 || bytes[0] != 'T' || bytes[1] != 'r' || bytes[2] != 'v') {
      throw new IllegalArgumentException("not a Trevni file: " + prefix(bytes));
    }
    version = bytes[3];
    pos = 4;
    rowCount = fixed64();
    int columnCount = fixed32();
    fileMeta = metadata();
    List<Map<String, byte[]>> metas = new ArrayList<>();
    for (int i = 0; i < columnCount; i++) {
      metas.add(metadata());
    }
    long[] starts = new long[columnCount];
    for (int i = 0; i < columnCount; i++) {
      starts[i] = fixed64();
    }
    headerLength = pos;
    for (int i = 0; i < columnCount; i++) {
      Map<String, byte[]> m = metas.get(i);
      String name = text(m.get("trevni.name"));
      ValueType type = ValueType.forName(text(m.get("trevni.type")));
      String codec = inherited(m, "trevni.codec", "null");
      String checksum = inherited(m, "trevni.checksum", "null");
      boolean values = m.containsKey("trevni.values");
      pos = Math.toIntExact(starts[i]);
      int blockCount = fixed32();
      List<int[]> descriptors = new ArrayList<>();
      List<byte[]> firsts = new ArrayList<>();
      for (int b = 0; b < blockCount; b++) {
        descriptors.add(new int[] {fixed32(), fixed32(), fixed32()});
        firsts.add(values ? firstValue(type) : null);
      }
      int crcSize = checksum.equals("null") ? 0 : 4;
      List<Block> blocks = new ArrayList<>();
      for (int b = 0; b < blockCount; b++) {
        int[] d = descriptors.get(b);
        long offset = pos;
        byte[] body = take(d[2]);
        byte[] crc = take(crcSize);
        byte[] raw = decompress(codec, body, d[1]);
        blocks.add(new Block(d[0], d[1], d[2], firsts.get(b), offset, body, crc, raw));
      }
      columns.add(new Column(name, type, text(m.get("trevni.parent")),
          m.containsKey("trevni.array"), values, codec, checksum, m, starts[i], pos, blocks));
    }
  }

  static TrevniFileParts parse(byte[] file) {
    return new TrevniFileParts(file);
  }

  /** The effective value of a codec or checksum key: the column's, else the file's, else null. */
  private String inherited(Map<String, byte[]> column, String key, String absent) {
    byte[] v = column.containsKey(key) ? column.get(key) : fileMeta.get(key);
    return v == null ? absent : text(v);
  }

  Column column(String name) {
    return columns.stream().filter(c -> c.name.equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no column " + name));
  }

  /** Columns start right after the header and follow each other; the last ends the file. */
  void assertContiguous(String what) {
    long at = headerLength;
    for (Column c : columns) {
      assertEquals(at, c.start, what + ": start of column '" + c.name + "'");
      at = c.end;
    }
    assertEquals(bytes.length, at, what + ": the last column ends the file");
  }

  // ---- comparison -----------------------------------------------------------------------------

  /**
   * Compares the file {@code java} (trevni-core or trevni-avro) with {@code colfile}, written from
   * the same calls: header and metadata equal, the same blocks with the same row counts, sizes,
   * first values and decompressed bytes, and the same stored bytes where the codec is
   * deterministic across implementations ({@code null}, {@code deflate}; {@code snappy} when
   * colfile compresses it with snappy-java, as trevni-core does). Checksums must be the
   * CRC-32 of the block in colfile's file; in Java's file too, except with the {@code null} codec,
   * where Java 1.12 writes zeros (trevni.md §6.3) and colfile deliberately writes the real CRC.
   * Where all that allows it, the whole files must be byte-identical.
   *
   * @return whether the files were byte-identical
   */
  /** Whether colfile writes Snappy through snappy-java here, as trevni-core does. */
  static final boolean SNAPPY_JAVA =
      io.colfile.core.codec.CodecImplementations.trevniSnappyCompressor().startsWith("snappy-java");

  static boolean assertSameAsJava(TrevniFileParts java, TrevniFileParts colfile, String what) {
    java.assertContiguous(what + ", Java's file");
    colfile.assertContiguous(what + ", colfile's file");
    assertEquals(java.version, colfile.version, what + ": magic version");
    assertEquals(java.rowCount, colfile.rowCount, what + ": row count");
    assertMeta(java.fileMeta, colfile.fileMeta, what + ": file metadata");
    assertEquals(names(java), names(colfile), what + ": columns");
    boolean identicalExpected = true;
    for (int i = 0; i < java.columns.size(); i++) {
      Column a = java.columns.get(i);
      Column b = colfile.columns.get(i);
      String col = what + ", column '" + a.name + "'";
      assertMeta(a.meta, b.meta, col + ": metadata");
      assertEquals(a.blocks.size(), b.blocks.size(), col + ": block count");
      boolean stable = a.codec.equals("null") || a.codec.equals("deflate")
          || (a.codec.equals("snappy") && SNAPPY_JAVA);
      boolean zeroCrc = a.codec.equals("null") && a.checksum.equals("crc32");
      identicalExpected &= stable && !zeroCrc;
      for (int k = 0; k < a.blocks.size(); k++) {
        Block x = a.blocks.get(k);
        Block y = b.blocks.get(k);
        String blk = col + " / block " + k;
        assertEquals(x.rows, y.rows, blk + ": rows");
        assertEquals(x.uncompressed, y.uncompressed, blk + ": uncompressed size");
        assertBytes(x.firstValue, y.firstValue, blk + ": first value");
        assertBytes(x.raw, y.raw, blk + ": decompressed bytes");
        if (stable) {
          assertEquals(x.compressed, y.compressed, blk + ": stored size (" + a.codec + ")");
          assertBytes(x.body, y.body, blk + ": stored bytes (" + a.codec + ")");
        }
        if (a.checksum.equals("crc32")) {
          assertBytes(crc(y.raw), y.checksum, blk + ": colfile's CRC-32");
          assertBytes(zeroCrc ? new byte[4] : crc(x.raw), x.checksum, blk
              + (zeroCrc ? ": Java's CRC-32 with the null codec (zeros, §6.3)" : ": Java's CRC-32"));
        }
      }
    }
    if (identicalExpected) {
      assertArrayEquals(java.bytes, colfile.bytes, what + ": whole file");
      return true;
    }
    return Arrays.equals(java.bytes, colfile.bytes);
  }

  static List<String> names(TrevniFileParts f) {
    return f.columns.stream().map(Column::name).toList();
  }

  /** Column name, type, parent and array flag, as {@code TestShredder} lists them. */
  List<String> shape() {
    List<String> out = new ArrayList<>();
    for (Column c : columns) {
      out.add(shape(c.name, c.type.wireName(), c.parent, c.array));
    }
    return out;
  }

  static String shape(String name, String type, String parent, boolean array) {
    return name + " " + type + (array ? " array" : "") + (parent == null ? "" : " parent " + parent);
  }

  static void assertMeta(Map<String, byte[]> a, Map<String, byte[]> b, String what) {
    assertEquals(List.copyOf(a.keySet()), List.copyOf(b.keySet()), what + ": keys in order");
    for (String k : a.keySet()) {
      assertBytes(a.get(k), b.get(k), what + ": value of " + k);
    }
  }

  static void assertBytes(byte[] expected, byte[] actual, String what) {
    if (expected == null || actual == null) {
      assertEquals(expected == null, actual == null, what + ": presence");
      return;
    }
    if (!Arrays.equals(expected, actual)) {
      int i = Arrays.mismatch(expected, actual);
      fail(String.format("%s: %d vs %d bytes, first difference at %d: expected %s, got %s", what,
          expected.length, actual.length, i, window(expected, i), window(actual, i)));
    }
  }

  private static String window(byte[] b, int at) {
    int from = Math.max(0, at - 4);
    int to = Math.min(b.length, at + 12);
    return from >= to ? "(end)" : "…" + HEX.formatHex(b, from, to) + "…";
  }

  static byte[] crc(byte[] raw) {
    CRC32 c = new CRC32();
    c.update(raw);
    return ByteBuffer.allocate(4).putInt((int) c.getValue()).array();
  }

  // ---- decoding -------------------------------------------------------------------------------

  static byte[] decompress(String codec, byte[] body, int expectedLength) {
    try {
      byte[] out;
      switch (codec) {
        case "null" -> out = body;
        case "deflate" -> {
          Inflater inf = new Inflater(true);
          inf.setInput(body);
          out = new byte[expectedLength];
          int n = 0;
          while (n < expectedLength && !inf.finished()) {
            int k = inf.inflate(out, n, expectedLength - n);
            if (k == 0 && (inf.needsInput() || inf.needsDictionary())) {
              break;
            }
            n += k;
          }
          inf.end();
          out = Arrays.copyOf(out, n);
        }
        case "snappy" -> out = Snappy.uncompress(body);
        case "bzip2" -> {
          try (var in = new BZip2CompressorInputStream(new ByteArrayInputStream(body))) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            in.transferTo(bos);
            out = bos.toByteArray();
          }
        }
        default -> throw new IllegalArgumentException("codec " + codec);
      }
      assertEquals(expectedLength, out.length, "decompressed size of a " + codec + " block");
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (DataFormatException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The value of a first-value field (or any single encoded value), as trevni-core boxes it. */
  static Object decode(ValueType type, byte[] b) {
    TrevniFileParts p = new TrevniFileParts();
    p.buf = b;
    return switch (type) {
      case NULL -> null;
      case BOOLEAN -> (b[0] & 1) != 0;
      case INT -> p.varint32();
      case LONG -> p.varint64();
      case FIXED32 -> p.fixed32();
      case FIXED64 -> p.fixed64();
      case FLOAT -> Float.intBitsToFloat(p.fixed32());
      case DOUBLE -> Double.longBitsToDouble(p.fixed64());
      case STRING -> text(p.take(p.varint32()));
      case BYTES -> p.take(p.varint32());
    };
  }

  // ---- low-level reading --------------------------------------------------------------------

  private byte[] buf;

  private TrevniFileParts() {
    bytes = null;
    version = 0;
    rowCount = 0;
    fileMeta = null;
    headerLength = 0;
  }

  private byte[] src() {
    return buf != null ? buf : bytes;
  }

  private byte[] firstValue(ValueType type) {
    int start = pos;
    switch (type) {
      case NULL -> { }
      case BOOLEAN -> pos += 1;
      case INT -> varint32();
      case LONG -> varint64();
      case FIXED32, FLOAT -> pos += 4;
      case FIXED64, DOUBLE -> pos += 8;
      case STRING, BYTES -> {
        int n = varint32();   // not `pos += varint32()`: that adds to the old position
        pos += n;
      }
    }
    return Arrays.copyOfRange(src(), start, pos);
  }

  private Map<String, byte[]> metadata() {
    int n = varint32();
    Map<String, byte[]> m = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      String k = text(take(varint32()));
      m.put(k, take(varint32()));
    }
    return m;
  }

  private byte[] take(int n) {
    if (n < 0 || pos + n > src().length) {
      throw new IllegalArgumentException("length " + n + " at " + pos + " runs past the end");
    }
    byte[] out = Arrays.copyOfRange(src(), pos, pos + n);
    pos += n;
    return out;
  }

  private int fixed32() {
    byte[] s = src();
    int v = (s[pos] & 0xff) | (s[pos + 1] & 0xff) << 8 | (s[pos + 2] & 0xff) << 16
        | (s[pos + 3] & 0xff) << 24;
    pos += 4;
    return v;
  }

  private long fixed64() {
    long lo = fixed32() & 0xffffffffL;
    long hi = fixed32() & 0xffffffffL;
    return lo | hi << 32;
  }

  private int varint32() {
    long v = varint64Raw();
    int n = (int) v;
    return (n >>> 1) ^ -(n & 1);
  }

  private long varint64() {
    long n = varint64Raw();
    return (n >>> 1) ^ -(n & 1);
  }

  private long varint64Raw() {
    byte[] s = src();
    long n = 0;
    for (int shift = 0; ; shift += 7) {
      int b = s[pos++] & 0xff;
      n |= (long) (b & 0x7f) << shift;
      if (b < 0x80) {
        return n;
      }
    }
  }

  static String text(byte[] b) {
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  private static String prefix(byte[] b) {
    return HEX.formatHex(b, 0, Math.min(b.length, 8));
  }

  static void assertShape(TrevniFileParts f, List<String> expected, String what) {
    assertThat(f.shape()).as(what + ": columns (name, type, flags, parent)")
        .containsExactlyElementsOf(expected);
  }
}
