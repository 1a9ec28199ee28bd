package io.colfile.kudu.key;

import io.colfile.core.encoding.Endian;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.Bytes;
import java.util.List;
import java.util.Objects;

/**
 * Kudu's memcmp-comparable key encoding (cfile.md section 9, {@code common/key_encoder.h}): the
 * byte strings of value indexes, {@code min_key}/{@code max_key}, the ad-hoc composite-key index
 * and bloom filters. Encoded keys compare with unsigned {@code memcmp} exactly as the rows'
 * keys compare.
 *
 * <pre>
 * key        ::= component*                          in key-column order
 * integer    ::= width bytes, big-endian, top bit flipped for signed types
 *                (INT8..INT64, INT128 16 bytes; DATE and DECIMAL32 as INT32,
 *                 UNIXTIME_MICROS and DECIMAL64 as INT64, DECIMAL128 as INT128)
 * binary     ::= raw bytes                           as the last component
 *              | (byte with 00 written as 00 01)* 00 00   as any other component
 * </pre>
 *
 * A single-column key is the one, last, component, so it is 9.1's plain encoding.
 *
 * <p>An instance knows the key columns' types; it appends one component at a time to a {@link
 * KeyBuffer}, taking a value as a long, as the little-endian cell bytes of its {@link
 * PhysicalType} (what column vectors and CFile blocks hold), or as a byte slice, so that a
 * writer encodes a row's key without allocating. The static methods encode single values.
 */
public final class KeyEncoder {
  private final KuduType[] types;

  /** An encoder for keys of these column types, in key order. */
  public KeyEncoder(List<KuduType> keyColumnTypes) {
    if (keyColumnTypes.isEmpty()) {
      throw new IllegalArgumentException("a key needs at least one column");
    }
    types = keyColumnTypes.toArray(new KuduType[0]);
    for (KuduType t : types) {
      if (!Objects.requireNonNull(t).canBeKey()) {
        throw new IllegalArgumentException(t + " cannot be a key column");
      }
    }
  }

  public static KeyEncoder of(KuduType... keyColumnTypes) {
    return new KeyEncoder(List.of(keyColumnTypes));
  }

  public int columnCount() {
    return types.length;
  }

  public KuduType type(int column) {
    return types[column];
  }

  /** The key column types, in key order. */
  public List<KuduType> types() {
    return List.of(types);
  }

  /**
   * Appends key column {@code column}'s value {@code value} (an integer type of at most 8
   * bytes; only the type's low bytes are used, so sign- or zero-extension does not matter).
   */
  public void appendLong(KeyBuffer dst, int column, long value) {
    PhysicalType p = types[column].physical();
    if (p == PhysicalType.BINARY || p == PhysicalType.INT128) {
      throw new IllegalArgumentException("key column " + column + " is " + types[column]);
    }
    encodeLong(p, value, dst);
  }

  /** Appends a 128-bit key column's value, given as its high and low 64 bits. */
  public void appendInt128(KeyBuffer dst, int column, long high, long low) {
    if (types[column].physical() != PhysicalType.INT128) {
      throw new IllegalArgumentException("key column " + column + " is " + types[column]);
    }
    encodeInt128(high, low, dst);
  }

  /**
   * Appends a fixed-width key column's value from its cell: the {@link PhysicalType#width()}
   * little-endian bytes at {@code cell[off]}.
   */
  public void appendCell(KeyBuffer dst, int column, byte[] cell, int off) {
    PhysicalType p = types[column].physical();
    if (p == PhysicalType.BINARY) {
      throw new IllegalArgumentException("key column " + column + " is " + types[column]);
    }
    encodeCell(p, cell, off, dst);
  }

  /** Appends a BINARY, STRING or VARCHAR key column's value {@code b[off, off + len)}. */
  public void appendBinary(KeyBuffer dst, int column, byte[] b, int off, int len) {
    if (types[column].physical() != PhysicalType.BINARY) {
      throw new IllegalArgumentException("key column " + column + " is " + types[column]);
    }
    encodeBinary(b, off, len, column == types.length - 1, dst);
  }

  /** Appends one value of integer type {@code type} (1 to 8 bytes wide), per section 9.1. */
  public static void encodeLong(PhysicalType type, long value, KeyBuffer dst) {
    int width = type.width();
    if (!type.isInteger() || width > 8) {
      throw new IllegalArgumentException(type + " is not an integer type of at most 8 bytes");
    }
    int bits = width * 8;
    long v = type.isSigned() ? value ^ (1L << (bits - 1)) : value;
    int at = dst.reserve(width);
    byte[] b = dst.array();
    // Big-endian: the most significant of the type's bytes first.
    for (int i = 0; i < width; i++) {
      b[at + i] = (byte) (v >>> (bits - 8 - 8 * i));
    }
    dst.commit(at + width);
  }

  /** Appends a signed 128-bit value (INT128, DECIMAL128) given as its high and low halves. */
  public static void encodeInt128(long high, long low, KeyBuffer dst) {
    int at = dst.reserve(16);
    Endian.putLongBE(dst.array(), at, high ^ Long.MIN_VALUE);
    Endian.putLongBE(dst.array(), at + 8, low);
    dst.commit(at + 16);
  }

  /** Appends the fixed-width cell of {@code type} at {@code cell[off]} (little-endian bytes). */
  public static void encodeCell(PhysicalType type, byte[] cell, int off, KeyBuffer dst) {
    if (type == PhysicalType.INT128) {
      Objects.checkFromIndexSize(off, 16, cell.length);
      encodeInt128(Endian.getLongLE(cell, off + 8), Endian.getLongLE(cell, off), dst);
    } else if (type.isInteger()) {
      encodeLong(type, Bytes.getCell(cell, off, type.width(), false), dst);
    } else {
      throw new IllegalArgumentException(type + " cannot be a key column");
    }
  }

  /**
   * Appends the binary value {@code b[off, off + len)}: as is when it is the {@code last}
   * component, else with every 00 byte written as 00 01 and a 00 00 terminator, which keeps the
   * memcmp order of the components that follow.
   */
  public static void encodeBinary(byte[] b, int off, int len, boolean last, KeyBuffer dst) {
    Objects.checkFromIndexSize(off, len, b.length);
    if (last) {
      dst.put(b, off, len);
      return;
    }
    int at = dst.reserve(2 * len + 2);
    byte[] out = dst.array();
    int end = off + len;
    int zero = indexOfZero(b, off, end);
    if (zero < 0) {
      // The common case, text keys: no escaping needed.
      System.arraycopy(b, off, out, at, len);
      at += len;
    } else {
      System.arraycopy(b, off, out, at, zero - off);
      at += zero - off;
      for (int i = zero; i < end; i++) {
        out[at++] = b[i];
        if (b[i] == 0) {
          out[at++] = 1;
        }
      }
    }
    out[at++] = 0;
    out[at++] = 0;
    dst.commit(at);
  }

  private static int indexOfZero(byte[] b, int from, int end) {
    for (int i = from; i < end; i++) {
      if (b[i] == 0) {
        return i;
      }
    }
    return -1;
  }
}
