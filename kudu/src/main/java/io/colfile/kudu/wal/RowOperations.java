package io.colfile.kudu.wal;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.rowset.KuduColumn;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes the row operations of a write request (Kudu's RowOperationsPB): for each row, one
 * byte of operation type, a bitmap of the columns set, a bitmap of the columns set to NULL when
 * the client's schema has nullable columns (bit {@code i} of byte {@code i / 8}, least
 * significant first), then the value of each column set and not NULL, in the client's column
 * order: fixed-width values little-endian, strings and binaries as a 16-byte slice (offset into
 * the request's indirect data, then length).
 */
public final class RowOperations {
  /** Kudu's {@code RowOperationsPB.Type}. */
  public enum Type {
    INSERT(1), UPDATE(2), DELETE(3), SPLIT_ROW(4), UPSERT(5), RANGE_LOWER_BOUND(6),
    RANGE_UPPER_BOUND(7), EXCLUSIVE_RANGE_LOWER_BOUND(8), INCLUSIVE_RANGE_UPPER_BOUND(9),
    INSERT_IGNORE(10), UPDATE_IGNORE(11), DELETE_IGNORE(12), UPSERT_IGNORE(13);

    private final int wireId;

    Type(int wireId) {
      this.wireId = wireId;
    }

    public int wireId() {
      return wireId;
    }

    static Type ofWireId(int id) {
      for (Type t : values()) {
        if (t.wireId == id) {
          return t;
        }
      }
      return null;
    }
  }

  /**
   * One row operation: its type and, per column of the client's schema, whether it was set and
   * its value (null for NULL): Long for integers, dates (days), timestamps (microseconds) and
   * decimals up to 18 digits (unscaled), BigInteger for 128-bit values, Float, Double, Boolean,
   * and byte[] for strings and binaries; {@code cells} holds the same values as Kudu's cells
   * (fixed-width little-endian bytes, or the string's or binary's bytes), null where NULL or not
   * set.
   */
  public record Op(Type type, boolean[] set, Object[] values, byte[][] cells) {
    /** Whether column {@code i} was set (to a value or NULL). */
    public boolean isSet(int i) {
      return set[i];
    }

    @Override
    public String toString() {
      return type + Arrays.deepToString(values);
    }
  }

  private RowOperations() {}

  /**
   * The operations of {@code rows} (with {@code indirect}, the request's indirect data) in the
   * client's schema {@code columns}; {@code where} names the request in errors.
   *
   * @throws CorruptFileException where a row runs past the data, names an unknown operation or
   *     points outside the indirect data
   */
  public static List<Op> decode(byte[] rows, byte[] indirect, List<KuduColumn> columns,
      String where) throws CorruptFileException {
    int n = columns.size();
    int bitmap = (n + 7) / 8;
    boolean nullables = columns.stream().anyMatch(KuduColumn::nullable);
    List<Op> out = new ArrayList<>();
    int at = 0;
    while (at < rows.length) {
      int start = at;
      FileRegion region = FileRegion.of(where).part("row operation", out.size());
      Type type = Type.ofWireId(rows[at] & 0xff);
      if (type == null) {
        throw region.corrupt("%s", "names operation type " + (rows[at] & 0xff));
      }
      at++;
      if (rows.length - at < bitmap * (nullables ? 2 : 1)) {
        throw region.corrupt("%s", "ends inside its bitmaps at byte " + at);
      }
      int setAt = at;
      int nullAt = nullables ? at + bitmap : -1;
      at += bitmap * (nullables ? 2 : 1);
      boolean[] set = new boolean[n];
      Object[] values = new Object[n];
      byte[][] cells = new byte[n][];
      for (int i = 0; i < n; i++) {
        set[i] = bit(rows, setAt, i);
        if (!set[i] || (nullables && bit(rows, nullAt, i))) {
          continue;
        }
        KuduType t = columns.get(i).type();
        PhysicalType p = t.physical();
        int width = p == PhysicalType.BINARY ? 16 : p.width();
        if (rows.length - at < width) {
          throw region.corrupt("%s", "column " + columns.get(i).name() + " runs past the end"
              + " of the rows at byte " + at + " (the operation began at " + start + ")");
        }
        values[i] = value(rows, at, t, p, indirect, region, columns.get(i).name());
        cells[i] = p == PhysicalType.BINARY ? (byte[]) values[i]
            : Arrays.copyOfRange(rows, at, at + width);
        at += width;
      }
      out.add(new Op(type, set, values, cells));
    }
    return out;
  }

  /**
   * The value of one Kudu cell of type {@code t} (fixed-width little-endian bytes, or a string's
   * or binary's bytes) as {@link Op#values()} holds it.
   */
  public static Object cellValue(KuduType t, byte[] cell) {
    if (t.physical() == PhysicalType.BINARY) {
      return cell;
    }
    try {
      return value(cell, 0, t, t.physical(), null, null, null);
    } catch (CorruptFileException e) {
      throw new IllegalStateException(e); // only binaries can be out of place
    }
  }

  private static Object value(byte[] b, int at, KuduType t, PhysicalType p, byte[] indirect,
      FileRegion region, String column) throws CorruptFileException {
    switch (p) {
      case BOOL:
        return b[at] != 0;
      case INT8:
        return (long) b[at];
      case UINT8:
        return (long) (b[at] & 0xff);
      case INT16:
        return (long) Endian.getShortLE(b, at);
      case UINT16:
        return (long) (Endian.getShortLE(b, at) & 0xffff);
      case INT32:
        return (long) Endian.getIntLE(b, at);
      case UINT32:
        return Integer.toUnsignedLong(Endian.getIntLE(b, at));
      case INT64:
      case UINT64:
        return Endian.getLongLE(b, at);
      case FLOAT:
        return Endian.getFloatLE(b, at);
      case DOUBLE:
        return Endian.getDoubleLE(b, at);
      case INT128: {
        byte[] be = new byte[16];
        for (int i = 0; i < 16; i++) {
          be[i] = b[at + 15 - i];
        }
        return new BigInteger(be);
      }
      case BINARY: {
        long offset = Endian.getLongLE(b, at);
        long length = Endian.getLongLE(b, at + 8);
        if (offset < 0 || length < 0 || offset > indirect.length
            || length > indirect.length - offset) {
          throw region.corrupt("%s", "column " + column + " points at bytes [" + offset + ", "
              + offset + "+" + length + ") of " + indirect.length + " of indirect data");
        }
        return Arrays.copyOfRange(indirect, (int) offset, (int) (offset + length));
      }
      default:
        throw region.corrupt("%s", "column " + column + " has type " + t
            + ", which row operations do not carry");
    }
  }

  private static boolean bit(byte[] b, int from, int i) {
    return (b[from + i / 8] >> (i % 8) & 1) != 0;
  }
}
