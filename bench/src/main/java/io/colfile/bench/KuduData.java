package io.colfile.bench;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.block.BinaryDictionary;
import io.colfile.kudu.block.BlockCodecs;
import io.colfile.kudu.block.BlockEncoder;
import io.colfile.kudu.block.Bytes;
import io.colfile.kudu.block.DictBlockEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;

/**
 * Seeded lineitem-like columns for the Kudu benchmarks, cut from the rows of {@link
 * LineItemFile#generate} (the rows the ORC and Trevni benchmarks read), one column at a time and
 * as Kudu stores them: fixed-width values as little-endian cells, strings as UTF-8.
 */
final class KuduData {
  /** Values handed to an encoder at a time. */
  private static final int CHUNK = 4096;

  private KuduData() {}

  /** The columns, each from the first {@code rows} lineitem rows. */
  enum Column {
    /** l_orderkey, INT64: increasing, 1 to 7 rows per order, orders 1 to 4 apart. */
    ORDERKEY(KuduType.INT64),
    /** l_partkey, INT32: uniform over 1 to 200,000 (18 significant bits), unordered. */
    PARTKEY(KuduType.INT32),
    /**
     * l_partkey of the rows sorted by it, as a table keyed (l_partkey, ...) stores it: runs of
     * one key, rows / 200,000 long on average (10 for 2 million rows, Poisson spread). In the
     * first RLE block three values in four are in repeated runs (11 long on average), the rest
     * in literal runs (16 values on average).
     */
    PARTKEY_SORTED(KuduType.INT32),
    /** l_extendedprice in dollars, DOUBLE: quantity (1 to 50) x part price, two decimals. */
    EXTENDEDPRICE(KuduType.DOUBLE),
    /**
     * l_receiptdate > l_commitdate ("arrived late"), BOOL: true for 3 rows in 4, unordered, so
     * RLE finds few runs of 8 and stores mostly literal groups.
     */
    LATE(KuduType.BOOL),
    /** l_shipmode, STRING: 7 values of 3 to 7 bytes. */
    SHIPMODE(KuduType.STRING),
    /** The supplier's name, "Supplier#000001234" for l_suppkey, STRING: 10,000 values. */
    SUPPLIER(KuduType.STRING),
    /** l_comment, STRING: 10 to 43 bytes of words, nearly all distinct. */
    COMMENT(KuduType.STRING),
    /**
     * The row key "lineitem/0000012345/3" (l_orderkey, l_linenumber), STRING, 21 bytes, sorted:
     * neighbours share 19 bytes on average.
     */
    ROWKEY(KuduType.STRING);

    final KuduType type;

    Column(KuduType type) {
      this.type = type;
    }
  }

  /**
   * The values of a column: {@code count} cells of {@link #width} bytes in {@link #cells}
   * (BOOL one byte, 0 or 1), or strings, value i being {@code bytes[offsets[i], offsets[i +
   * 1])}.
   */
  static final class Values {
    final KuduType type;
    final int count;
    final byte[] cells;
    final byte[] bytes;
    final int[] offsets;

    private Values(KuduType type, int count, byte[] cells, byte[] bytes, int[] offsets) {
      this.type = type;
      this.count = count;
      this.cells = cells;
      this.bytes = bytes;
      this.offsets = offsets;
    }

    boolean isBinary() {
      return cells == null;
    }

    /** Bytes per cell, -1 for strings. */
    int width() {
      return type.physical().width();
    }

    /**
     * The bytes values {@code [from, from + n)} decode to: their cells, or for strings their
     * bytes plus a 4-byte offset each (as an Arrow-like string vector holds them).
     */
    long decodedBytes(int from, int n) {
      return isBinary() ? offsets[from + n] - offsets[from] + 4L * n : (long) n * width();
    }

    /** Points rows {@code [0, n)} of {@code dst} at string values {@code [from, from + n)}. */
    void view(int from, int n, BytesVector dst) {
      for (int i = 0; i < n; i++) {
        int o = offsets[from + i];
        dst.setRef(i, bytes, o, offsets[from + i + 1] - o);
      }
    }

    /** True if string value {@code i} is {@code b[off, off + len)}. */
    boolean stringEquals(int i, byte[] b, int off, int len) {
      return Arrays.equals(bytes, offsets[i], offsets[i + 1], b, off, off + len);
    }
  }

  /**
   * A data block of {@code blockSize} bytes (as the encoder judges fullness) built by colfile's
   * encoder from the column's first values, or for DICT_FALLBACK the first block in plain mode;
   * null if the values run out before the block is full.
   */
  static Block firstBlock(KuduCase c, Values v, int blockSize) {
    boolean dict = c.encoding == KuduEncoding.DICT;
    BlockEncoder encoder = dict ? new DictBlockEncoder(blockSize)
        : BlockCodecs.encoder(c.encoding, v.type.physical(), blockSize);
    BytesVector view = v.isBinary() ? new BytesVector(CHUNK) : null;
    int first = 0;
    int pos = 0;
    while (true) {
      while (!encoder.isFull()) {
        if (pos == v.count) {
          return null;
        }
        int k = Math.min(CHUNK, v.count - pos);
        int taken;
        if (view != null) {
          v.view(pos, k, view);
          taken = encoder.addBinary(view, 0, k);
        } else {
          taken = encoder.addCells(v.cells, pos * v.width(), k);
        }
        if (taken < k && !encoder.isFull()) {
          throw new IllegalStateException(c + " encoder took " + taken + " of " + k
              + " values without being full");
        }
        pos += taken;
      }
      byte[] block = encoder.finish(first);
      // DICT's mode word: 1 codewords, 2 plain strings (cfile.md section 6.6)
      if (c != KuduCase.DICT_FALLBACK || Endian.getIntLE(block, 0) == 2) {
        BinaryDictionary dictionary = null;
        if (dict) {
          byte[] d = BlockCodecs.dictionaryBlock(encoder);
          try {
            dictionary = BinaryDictionary.decode(d, 0, d.length);
          } catch (MalformedInputException e) {
            throw new IllegalStateException(c + ": our dictionary block does not decode", e);
          }
        }
        return new Block(block, first, pos - first, dictionary);
      }
      first = pos;
    }
  }

  /** Values {@code [first, first + count)} of a column, encoded as one data block. */
  record Block(byte[] bytes, int first, int count, BinaryDictionary dictionary) {}

  /** The column from the first {@code rows} lineitem rows. */
  static Values generate(Column column, int rows) {
    Builder b = new Builder(column, rows);
    LineItemFile.generate(rows, b::add);
    return b.build();
  }

  /** Collects one column from the generator's batches. */
  private static final class Builder {
    private final Column column;
    private final int width;
    private final long[] longs;
    private byte[] bytes;
    private final int[] offsets;
    private int n;

    Builder(Column column, int rows) {
      this.column = column;
      this.width = column.type.physical().width();
      this.longs = width > 0 ? new long[rows] : null;
      this.bytes = width > 0 ? null : new byte[rows * 8];
      this.offsets = width > 0 ? null : new int[rows + 1];
    }

    void add(VectorizedRowBatch batch) {
      for (int i = 0; i < batch.size; i++, n++) {
        switch (column) {
          case ORDERKEY -> longs[n] = longs(batch, 0)[i];
          case PARTKEY, PARTKEY_SORTED -> longs[n] = longs(batch, 1)[i];
          case EXTENDEDPRICE -> longs[n] = Double.doubleToRawLongBits(
              ((Decimal64ColumnVector) batch.cols[5]).vector[i] / 100.0);
          case LATE -> longs[n] = longs(batch, 12)[i] > longs(batch, 11)[i] ? 1 : 0;
          case SHIPMODE -> addString((BytesColumnVector) batch.cols[14], i);
          case COMMENT -> addString((BytesColumnVector) batch.cols[15], i);
          case SUPPLIER -> addString(padded("Supplier#", longs(batch, 2)[i], 9));
          case ROWKEY -> addString(padded("lineitem/", longs(batch, 0)[i], 10)
              + "/" + longs(batch, 3)[i]);
        }
      }
    }

    private static long[] longs(VectorizedRowBatch batch, int column) {
      return ((LongColumnVector) batch.cols[column]).vector;
    }

    private static String padded(String prefix, long v, int digits) {
      String s = Long.toString(v);
      return prefix + "0".repeat(Math.max(0, digits - s.length())) + s;
    }

    private void addString(String s) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      addString(b, 0, b.length);
    }

    private void addString(BytesColumnVector v, int i) {
      addString(v.vector[i], v.start[i], v.length[i]);
    }

    private void addString(byte[] b, int off, int len) {
      int end = offsets[n];
      if (bytes.length - end < len) {
        bytes = Arrays.copyOf(bytes, Math.max(end + len, bytes.length * 2));
      }
      System.arraycopy(b, off, bytes, end, len);
      offsets[n + 1] = end + len;
    }

    Values build() {
      if (width < 0) {
        return new Values(column.type, n, null, bytes, offsets);
      }
      if (column == Column.PARTKEY_SORTED) {
        Arrays.sort(longs, 0, n);
      }
      byte[] cells = new byte[n * width];
      for (int i = 0; i < n; i++) {
        Bytes.putCell(cells, i * width, width, longs[i]);
      }
      return new Values(column.type, n, cells, null, null);
    }
  }
}
