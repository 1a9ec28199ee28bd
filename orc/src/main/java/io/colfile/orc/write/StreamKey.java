package io.colfile.orc.write;

import io.colfile.orc.proto.OrcProto;

/**
 * A stream of a stripe: column and kind. Sorted as ORC Java lays streams out: the index area
 * (ROW_INDEX, DICTIONARY_COUNT, BLOOM_FILTER, BLOOM_FILTER_UTF8) before the data area, then by
 * column, then by kind number.
 */
record StreamKey(int column, OrcProto.Stream.Kind kind) implements Comparable<StreamKey> {
  static boolean isIndex(OrcProto.Stream.Kind kind) {
    switch (kind) {
      case ROW_INDEX:
      case DICTIONARY_COUNT:
      case BLOOM_FILTER:
      case BLOOM_FILTER_UTF8:
        return true;
      default:
        return false;
    }
  }

  boolean isIndex() {
    return isIndex(kind);
  }

  @Override
  public int compareTo(StreamKey o) {
    boolean a = isIndex();
    boolean b = o.isIndex();
    if (a != b) {
      return a ? -1 : 1;
    }
    if (column != o.column) {
      return Integer.compare(column, o.column);
    }
    return Integer.compare(kind.getNumber(), o.kind.getNumber());
  }
}
