package io.colfile.kudu.delta;

import io.colfile.core.error.MalformedInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A mutation of one row (cfile.md section 11.2, Kudu's {@code common/row_changelist.h}): the
 * part of a DeltaFile cell after its {@link DeltaKey}.
 *
 * <pre>
 * RowChangeList ::= type:u8 body
 *   type 1 UPDATE, 3 REINSERT:  body ::= { column_id:varint32 | len+1:varint32 | len bytes }*
 *                                        len+1 = 0 means NULL and no bytes follow;
 *                                        UPDATE has at least one column
 *   type 2 DELETE:              body is empty (the list is exactly the byte 02)
 * </pre>
 *
 * Column ids are the schema's ids (never key columns); values are cells: little-endian bytes
 * of the physical type (INT32 4 bytes, DECIMAL128 16, BOOL 00/01, ...) or the raw bytes of
 * BINARY, STRING and VARCHAR. A REINSERT lists every non-key column. Kudu's header still calls
 * REINSERT a "tuple"; the code writes the column list above.
 *
 * <p>An immutable value; {@link RowChangeListEncoder} and {@link RowChangeListDecoder} are the
 * allocation-free paths.
 */
public final class RowChangeList {
  private static final RowChangeList DELETE = new RowChangeList(ChangeType.DELETE, List.of());

  private final ChangeType type;
  private final List<ColumnUpdate> updates;

  private RowChangeList(ChangeType type, List<ColumnUpdate> updates) {
    this.type = type;
    this.updates = updates;
  }

  public static RowChangeList delete() {
    return DELETE;
  }

  /** An UPDATE of at least one column. */
  public static RowChangeList update(List<ColumnUpdate> updates) {
    if (updates.isEmpty()) {
      throw new IllegalArgumentException("an UPDATE needs at least one column");
    }
    return new RowChangeList(ChangeType.UPDATE, List.copyOf(updates));
  }

  public static RowChangeList update(ColumnUpdate... updates) {
    return update(List.of(updates));
  }

  /** A REINSERT with the row's non-key columns (none for a table of key columns only). */
  public static RowChangeList reinsert(List<ColumnUpdate> updates) {
    return new RowChangeList(ChangeType.REINSERT, List.copyOf(updates));
  }

  public ChangeType type() {
    return type;
  }

  /** The column updates in order (empty for DELETE). */
  public List<ColumnUpdate> updates() {
    return updates;
  }

  /** Encodes into {@code enc}, which is reset first. */
  public RowChangeListEncoder encodeTo(RowChangeListEncoder enc) {
    enc.reset(type);
    for (ColumnUpdate u : updates) {
      enc.add(u);
    }
    return enc;
  }

  public byte[] encode() {
    return encodeTo(new RowChangeListEncoder()).toByteArray();
  }

  /** The change list {@code b[off, off + len)}, all of it. */
  public static RowChangeList decode(byte[] b, int off, int len) throws MalformedInputException {
    return decode(new RowChangeListDecoder().reset(b, off, len));
  }

  /** The rest of the change list {@code dec} was reset to. */
  static RowChangeList decode(RowChangeListDecoder dec) throws MalformedInputException {
    if (dec.type() == ChangeType.DELETE) {
      return DELETE;
    }
    List<ColumnUpdate> updates = new ArrayList<>();
    while (dec.next()) {
      updates.add(dec.isNull() ? ColumnUpdate.setNull(dec.columnId())
          : ColumnUpdate.of(dec.columnId(), dec.array(), dec.valueOffset(), dec.valueLength()));
    }
    return new RowChangeList(dec.type(), List.copyOf(updates));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowChangeList r && r.type == type && r.updates.equals(updates);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, updates);
  }

  @Override
  public String toString() {
    return type + (updates.isEmpty() ? "" : " " + updates);
  }
}
