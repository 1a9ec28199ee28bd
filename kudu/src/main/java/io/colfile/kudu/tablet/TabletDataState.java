package io.colfile.kudu.tablet;

/** What a tablet superblock says about its data ({@code TabletDataState}), by wire id. */
public enum TabletDataState {
  /** Being copied from another server: not complete. */
  COPYING(0),
  /** The tablet's data is whole. */
  READY(1),
  /** Deleted; the superblock stays until it is removed. */
  DELETED(2),
  /** Deleted, keeping only what Raft needs; no rowsets. */
  TOMBSTONED(3),
  /** Not set. */
  UNKNOWN(999);

  final int wireId;

  TabletDataState(int wireId) {
    this.wireId = wireId;
  }

  /** The state of wire id {@code id}, or null. */
  static TabletDataState ofWireId(int id) {
    for (TabletDataState s : values()) {
      if (s.wireId == id) {
        return s;
      }
    }
    return null;
  }
}
