package io.colfile.kudu.key;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.Bytes;
import java.util.Arrays;
import java.util.Objects;

/**
 * Splits an encoded key (the layout is on {@link KeyEncoder}) back into its column values: for
 * showing {@code min_key}/{@code max_key} and for reading the ad-hoc composite-key index.
 *
 * <p>A reusable cursor: {@link #decode} parses one key, then the accessors return its
 * components until the next call. Binary components without an escaped 00 are views of the
 * caller's array; escaped ones are unescaped into a buffer the decoder owns and reuses. Nothing
 * is allocated per key once that buffer is as long as the longest key seen.
 *
 * <p>Stricter than Kudu's decoder, which accepts some byte strings its encoder never writes: a
 * 00 inside a non-last binary component must be followed by 01 (escape) or 00 (end), and no
 * bytes may follow the last component.
 */
public final class KeyDecoder {
  private final KuduType[] types;
  /** Integer components: the value (low 64 bits for INT128); high 64 bits of INT128. */
  private final long[] low;
  private final long[] high;
  /** Binary components: array, offset and length of the unescaped value. */
  private final byte[][] binArray;
  private final int[] binOff;
  private final int[] binLen;
  private byte[] scratch = new byte[64];

  public KeyDecoder(KeyEncoder encoder) {
    types = encoder.types().toArray(new KuduType[0]);
    int n = types.length;
    low = new long[n];
    high = new long[n];
    binArray = new byte[n][];
    binOff = new int[n];
    binLen = new int[n];
  }

  public int columnCount() {
    return types.length;
  }

  /**
   * Parses the encoded key {@code key[off, off + len)}.
   *
   * @throws MalformedInputException at the offset (in {@code key}) where the bytes stop making a
   *     key of this decoder's columns
   */
  public void decode(byte[] key, int off, int len) throws MalformedInputException {
    Objects.checkFromIndexSize(off, len, key.length);
    if (scratch.length < len) {
      // Unescaped binary components never total more than the key's length.
      scratch = new byte[Math.max(len, 2 * scratch.length)];
    }
    int scratchUsed = 0;
    int pos = off;
    int end = off + len;
    for (int c = 0; c < types.length; c++) {
      PhysicalType p = types[c].physical();
      binArray[c] = null;
      if (p == PhysicalType.BINARY) {
        if (c == types.length - 1) {
          binArray[c] = key;
          binOff[c] = pos;
          binLen[c] = end - pos;
          pos = end;
          continue;
        }
        int start = pos;
        int zero = pos;
        while (zero < end && key[zero] != 0) {
          zero++;
        }
        if (zero + 1 < end && key[zero + 1] == 0) {
          binArray[c] = key;
          binOff[c] = start;
          binLen[c] = zero - start;
          pos = zero + 2;
          continue;
        }
        // Escaped zeros: unescape into the scratch buffer.
        int out = scratchUsed;
        int i = start;
        while (true) {
          if (i >= end) {
            throw new MalformedInputException(start,
                "key column " + c + " (" + types[c] + ") has no 00 00 terminator");
          }
          byte b = key[i];
          if (b != 0) {
            scratch[out++] = b;
            i++;
            continue;
          }
          if (i + 1 >= end) {
            throw new MalformedInputException(i,
                "key column " + c + " (" + types[c] + ") ends inside its 00 00 terminator");
          }
          if (key[i + 1] == 0) {
            break;
          }
          if (key[i + 1] != 1) {
            throw new MalformedInputException(i + 1, String.format(
                "key column %d (%s): byte 00 followed by %02x, not 01 or 00", c, types[c],
                key[i + 1] & 0xFF));
          }
          scratch[out++] = 0;
          i += 2;
        }
        binArray[c] = scratch;
        binOff[c] = scratchUsed;
        binLen[c] = out - scratchUsed;
        scratchUsed = out;
        pos = i + 2;
        continue;
      }
      int width = p.width();
      if (end - pos < width) {
        throw new MalformedInputException(pos, "key column " + c + " (" + types[c] + ") needs "
            + width + " bytes, " + (end - pos) + " left");
      }
      if (p == PhysicalType.INT128) {
        high[c] = Endian.getLongBE(key, pos) ^ Long.MIN_VALUE;
        low[c] = Endian.getLongBE(key, pos + 8);
      } else {
        long v = 0;
        for (int i = 0; i < width; i++) {
          v = (v << 8) | (key[pos + i] & 0xFF);
        }
        int bits = 8 * width;
        if (p.isSigned()) {
          // Flip the sign bit back, then sign-extend from the type's width.
          v ^= 1L << (bits - 1);
          v = bits == 64 ? v : (v << (64 - bits)) >> (64 - bits);
        }
        low[c] = v;
      }
      pos += width;
    }
    if (pos != end) {
      throw new MalformedInputException(pos, (end - pos) + " bytes after the last key column");
    }
  }

  /**
   * An integer column's value: sign-extended for the signed types, zero-extended for the
   * unsigned ones; the low 64 bits for INT128.
   */
  public long getLong(int column) {
    checkFixed(column);
    return low[column];
  }

  /** The high 64 bits of an INT128 or DECIMAL128 column's value. */
  public long getInt128High(int column) {
    if (types[column].physical() != PhysicalType.INT128) {
      throw new IllegalArgumentException("key column " + column + " is " + types[column]);
    }
    return high[column];
  }

  /** Writes a fixed-width column's value as its cell: {@code width} little-endian bytes. */
  public void copyCell(int column, byte[] dst, int off) {
    PhysicalType p = checkFixed(column);
    if (p == PhysicalType.INT128) {
      Objects.checkFromIndexSize(off, 16, dst.length);
      Endian.putLongLE(dst, off, low[column]);
      Endian.putLongLE(dst, off + 8, high[column]);
    } else {
      Objects.checkFromIndexSize(off, p.width(), dst.length);
      Bytes.putCell(dst, off, p.width(), low[column]);
    }
  }

  /** The array holding a binary column's value (the key's or the decoder's own). */
  public byte[] binaryArray(int column) {
    checkBinary(column);
    return binArray[column];
  }

  public int binaryOffset(int column) {
    checkBinary(column);
    return binOff[column];
  }

  public int binaryLength(int column) {
    checkBinary(column);
    return binLen[column];
  }

  /** A copy of a binary column's value. */
  public byte[] getBinary(int column) {
    checkBinary(column);
    return Arrays.copyOfRange(binArray[column], binOff[column], binOff[column] + binLen[column]);
  }

  private PhysicalType checkFixed(int column) {
    PhysicalType p = types[column].physical();
    if (p == PhysicalType.BINARY) {
      throw new IllegalArgumentException("key column " + column + " is " + types[column]);
    }
    return p;
  }

  private void checkBinary(int column) {
    if (types[column].physical() != PhysicalType.BINARY) {
      throw new IllegalArgumentException("key column " + column + " is " + types[column]);
    }
  }
}
