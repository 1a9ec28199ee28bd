package io.colfile.kudu;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.block.BlockDecoder;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import java.util.Arrays;

/**
 * The value index's view of a cell (cfile.md section 9.1): integers big-endian with the sign
 * bit flipped for signed types, so that unsigned byte order is numeric order; binary values as
 * they are. Value seeks compare these keys.
 */
final class ValueKeys {
  private ValueKeys() {}

  /** Where a value seek landed in a block: the first value whose key is at or after the target. */
  record Search(int index, boolean exact) {}

  /** The key of the cell at {@code cells[offset]} of physical type {@code p}, into {@code out}. */
  static void encodeCell(PhysicalType p, byte[] cells, int offset, KeyBuffer out) {
    KeyEncoder.encodeCell(p, cells, offset, out.reset());
  }

  /** The key of a cell, as a new array. */
  static byte[] cellKey(PhysicalType p, byte[] cells, int offset) {
    KeyBuffer out = new KeyBuffer(p.width());
    encodeCell(p, cells, offset, out);
    return out.toByteArray();
  }

  /**
   * The first value of the block at or after {@code key}, by binary search over its values
   * (sorted, as in every file with a value index). Moves the decoder.
   */
  static Search lowerBound(KuduType type, BlockDecoder d, byte[] key)
      throws MalformedInputException {
    int n = d.count();
    d.seek(0);
    PhysicalType p = type.physical();
    int lo = 0;
    int hi = n;
    boolean exact = false;
    if (p == PhysicalType.BINARY) {
      BytesVector v = new BytesVector(Math.max(n, 1));
      d.readBinary(v, 0, n);
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        int c = Arrays.compareUnsigned(v.vector[mid], v.start[mid], v.start[mid] + v.length[mid],
            key, 0, key.length);
        if (c < 0) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      exact = lo < n && Arrays.equals(v.vector[lo], v.start[lo], v.start[lo] + v.length[lo],
          key, 0, key.length);
    } else {
      int w = p.width();
      byte[] cells = new byte[n * w];
      d.readCells(cells, 0, n);
      KeyBuffer k = new KeyBuffer(w);
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        encodeCell(p, cells, mid * w, k);
        if (Arrays.compareUnsigned(k.array(), 0, w, key, 0, key.length) < 0) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      if (lo < n) {
        encodeCell(p, cells, lo * w, k);
        exact = Arrays.equals(k.array(), 0, w, key, 0, key.length);
      }
    }
    return new Search(lo, exact);
  }

  /**
   * The separator Kudu stores in the value index for a block whose first key is {@code first},
   * after a block whose last key was {@code previousLast} (cfile.md section 8.2): the shortest
   * prefix of {@code first} still after {@code previousLast}.
   */
  static byte[] separator(byte[] previousLast, byte[] first) {
    int cpl = 0;
    int max = Math.min(previousLast.length, first.length);
    while (cpl < max && previousLast[cpl] == first[cpl]) {
      cpl++;
    }
    return Arrays.copyOf(first, Math.min(cpl + 1, first.length));
  }
}
