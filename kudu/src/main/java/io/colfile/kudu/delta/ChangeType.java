package io.colfile.kudu.delta;

/** The first byte of a RowChangeList (cfile.md section 11.2); 0 is Kudu's "uninitialized". */
public enum ChangeType {
  /** New values for some non-key columns. */
  UPDATE(1),
  /** The row is gone (from this rowset); nothing follows. */
  DELETE(2),
  /** A deleted row is back: new values for every non-key column. */
  REINSERT(3);

  private final int wireId;

  ChangeType(int wireId) {
    this.wireId = wireId;
  }

  public int wireId() {
    return wireId;
  }

  /** The type with this first byte, or null for 0 and unknown values. */
  public static ChangeType ofWireId(int id) {
    return switch (id) {
      case 1 -> UPDATE;
      case 2 -> DELETE;
      case 3 -> REINSERT;
      default -> null;
    };
  }
}
