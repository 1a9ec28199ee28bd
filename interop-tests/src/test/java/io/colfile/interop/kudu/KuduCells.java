package io.colfile.interop.kudu;

import io.colfile.kudu.KuduType;
import io.colfile.kudu.KuduValueText;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Columns of cells for colfile to write and Kudu to read back: seeded sequences built from
 * {@link TrickyCells}' edges (min/max, 0, -1, NaN, -0.0, infinities, subnormals, empty, long and
 * invalid UTF-8 strings) laid out in the shapes that exercise each encoding: runs long enough
 * for RLE's repeated runs, short runs and literals, ascending sequences, a small pool of repeated
 * strings (DICT's codewords) followed by many distinct ones (a dictionary that fills), strings
 * sharing long prefixes (PREFIX), and, for nullable columns, NULL runs and scattered NULLs,
 * sometimes at the start and at the end. A cell is the physical type's little-endian bytes (BOOL
 * one byte, 0 or 1) or a byte string; null is NULL.
 */
final class KuduCells {
  private KuduCells() {}

  /** The line {@code kudu fs dump cfile} prints for a cell, one char per byte. */
  static String line(KuduType type, byte[] cell) {
    if (cell == null) {
      return KuduValueText.NULL_TEXT;
    }
    return KuduDump.text(type.physical().isFixedWidth()
        ? KuduValueText.format(type, cell, 0)
        : KuduValueText.formatBinary(type, cell, 0, cell.length));
  }

  /** The lines for every cell of a column. */
  static List<String> lines(KuduType type, List<byte[]> cells) {
    List<String> out = new ArrayList<>(cells.size());
    for (byte[] c : cells) {
      out.add(line(type, c));
    }
    return out;
  }

  /** About {@code rows} cells (exactly {@code rows}) of {@code type}, NULLs only if nullable. */
  static List<byte[]> column(KuduType type, boolean nullable, int rows, Random r) {
    List<byte[]> values = type.physical().isFixedWidth()
        ? fixed(type, rows, r) : binary(rows, r);
    return nullable ? withNulls(values, r) : values;
  }

  /**
   * Fixed-width cells: the edges first (TrickyCells puts them at the front), then segments of
   * long runs, short runs, ascending sequences and random picks.
   */
  static List<byte[]> fixed(KuduType type, int rows, Random r) {
    List<byte[]> tricky = TrickyCells.fixed(type, r);
    List<byte[]> out = new ArrayList<>(rows);
    for (int i = 0; i < Math.min(40, tricky.size()) && out.size() < rows; i++) {
      out.add(tricky.get(i));
    }
    while (out.size() < rows) {
      int left = rows - out.size();
      switch (r.nextInt(5)) {
        case 0 -> { // a run RLE stores as a repeated run (8 or more at a group boundary)
          byte[] v = tricky.get(r.nextInt(tricky.size()));
          repeat(out, v, Math.min(left, 8 + r.nextInt(120)));
        }
        case 1 -> { // short runs: RLE literals
          for (int k = Math.min(left, 1 + r.nextInt(40)); k > 0; ) {
            byte[] v = tricky.get(r.nextInt(tricky.size()));
            int n = Math.min(k, 1 + r.nextInt(7));
            repeat(out, v, n);
            k -= n;
          }
        }
        case 2 -> ascending(type, out, Math.min(left, 10 + r.nextInt(100)), r);
        default -> {
          for (int k = Math.min(left, 1 + r.nextInt(60)); k > 0; k--) {
            out.add(tricky.get(r.nextInt(tricky.size())));
          }
        }
      }
    }
    return out;
  }

  private static void repeat(List<byte[]> out, byte[] v, int n) {
    for (int i = 0; i < n; i++) {
      out.add(v);
    }
  }

  /** Small steps from a random start (for BOOL, FLOAT and DOUBLE: a value repeated or random). */
  private static void ascending(KuduType type, List<byte[]> out, int n, Random r) {
    int width = type.physical().width();
    switch (type) {
      case BOOL -> {
        for (int i = 0; i < n; i++) {
          out.add(new byte[] {(byte) (i % 3 == 0 ? 1 : 0)});
        }
      }
      case FLOAT -> {
        float f = r.nextFloat() * 1000 - 500;
        for (int i = 0; i < n; i++) {
          out.add(TrickyCells.le(4, Float.floatToRawIntBits(f + i * 0.25f)));
        }
      }
      case DOUBLE -> {
        double d = r.nextGaussian() * 1e6;
        for (int i = 0; i < n; i++) {
          out.add(TrickyCells.le(8, Double.doubleToRawLongBits(d + i * 0.1)));
        }
      }
      case INT128, DECIMAL128 -> {
        BigInteger v = new BigInteger(100, r).subtract(BigInteger.ONE.shiftLeft(99));
        for (int i = 0; i < n; i++) {
          out.add(TrickyCells.le128(v.add(BigInteger.valueOf(3L * i))));
        }
      }
      case DATE -> {
        int d = KuduType.MIN_DATE + r.nextInt(KuduType.MAX_DATE - KuduType.MIN_DATE - n);
        for (int i = 0; i < n; i++) {
          out.add(TrickyCells.le(4, d + i));
        }
      }
      default -> {
        long v = r.nextLong();
        int step = 1 + r.nextInt(5);
        for (int i = 0; i < n; i++) {
          out.add(TrickyCells.le(width, v + (long) step * i)); // wraps at the type's width
        }
      }
    }
  }

  /**
   * Byte strings: a pool of 16 strings (some tricky) repeated for the first fifth of the rows
   * (DICT codewords), then segments of the pool, strings sharing a long prefix, and distinct
   * values (TrickyCells' every byte, empty, 3000-byte and invalid UTF-8 strings, random bytes),
   * which fill a small dictionary so DICT falls back to plain blocks.
   */
  static List<byte[]> binary(int rows, Random r) {
    List<byte[]> tricky = TrickyCells.binary(r);
    List<byte[]> pool = pool(r);
    List<byte[]> out = new ArrayList<>(rows);
    while (out.size() < rows / 5) {
      out.add(pool.get(r.nextInt(pool.size())));
    }
    int distinct = 0;
    while (out.size() < rows) {
      int left = rows - out.size();
      switch (r.nextInt(4)) {
        case 0 -> {
          for (int k = Math.min(left, 1 + r.nextInt(50)); k > 0; k--) {
            out.add(pool.get(r.nextInt(pool.size())));
          }
        }
        case 1 -> prefixed(out, Math.min(left, 5 + r.nextInt(60)), r);
        default -> {
          for (int k = Math.min(left, 1 + r.nextInt(30)); k > 0; k--) {
            // TrickyCells' own order first, so every tricky string appears in a long column
            out.add(distinct < tricky.size() ? tricky.get(distinct++)
                : tricky.get(r.nextInt(tricky.size())));
          }
        }
      }
    }
    return out;
  }

  /** The pool DICT codes: short strings, the empty one, a NUL, a quote, invalid UTF-8. */
  static List<byte[]> pool(Random r) {
    List<byte[]> pool = new ArrayList<>();
    pool.add(new byte[0]);
    pool.add(TrickyCells.bytes(0));
    pool.add(TrickyCells.utf8("\"quoted\"\n"));
    pool.add(TrickyCells.bytes(0xff, 0xc3));
    pool.add(TrickyCells.utf8("gr\u00fc\u00dfe"));
    while (pool.size() < 16) {
      pool.add(("pool-" + Integer.toString(r.nextInt(1 << 20), 36))
          .getBytes(StandardCharsets.US_ASCII));
    }
    return pool;
  }

  /** Strings sharing a prefix of 20 to 300 bytes, with short varying suffixes. */
  private static void prefixed(List<byte[]> out, int n, Random r) {
    byte[] prefix = new byte[20 + r.nextInt(281)];
    for (int i = 0; i < prefix.length; i++) {
      prefix[i] = (byte) ('a' + r.nextInt(26));
    }
    for (int i = 0; i < n; i++) {
      byte[] suffix = ("/" + i + (r.nextBoolean() ? "" : "-" + r.nextInt(1000)))
          .getBytes(StandardCharsets.US_ASCII);
      byte[] v = Arrays.copyOf(prefix, prefix.length + suffix.length);
      System.arraycopy(suffix, 0, v, prefix.length, suffix.length);
      out.add(r.nextInt(10) == 0 ? Arrays.copyOf(prefix, r.nextInt(prefix.length)) : v);
    }
  }

  /**
   * {@code values} with NULLs in: runs of 1 to 300 NULLs and stretches where about one row in
   * four is NULL, sometimes a NULL run at the start, and sometimes a long one at the end (a last
   * block with no value). The count stays the same: NULLs replace values.
   */
  static List<byte[]> withNulls(List<byte[]> values, Random r) {
    List<byte[]> out = new ArrayList<>(values);
    int n = out.size();
    if (r.nextBoolean()) {
      fillNull(out, 0, 1 + r.nextInt(100));
    }
    for (int runs = 3 + r.nextInt(6); runs > 0; runs--) {
      fillNull(out, r.nextInt(n), 1 + r.nextInt(300));
    }
    for (int stretches = 2 + r.nextInt(4); stretches > 0; stretches--) {
      int from = r.nextInt(n);
      int to = Math.min(n, from + 20 + r.nextInt(400));
      for (int i = from; i < to; i++) {
        if (r.nextInt(4) == 0) {
          out.set(i, null);
        }
      }
    }
    if (r.nextBoolean()) {
      fillNull(out, n - 1 - r.nextInt(Math.min(n, 600)), n);
    }
    return out;
  }

  private static void fillNull(List<byte[]> out, int from, int n) {
    for (int i = from; i < Math.min(out.size(), from + n); i++) {
      out.set(i, null);
    }
  }
}
