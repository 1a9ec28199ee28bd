/**
 * Apache ORC: {@link io.colfile.orc.OrcReader}, {@link io.colfile.orc.OrcWriter} and what only ORC
 * has (stripes and their streams, statistics, row index, bloom filters). Stream codecs, column
 * readers and writers, the tail and the protobuf messages are internal.
 */
module io.colfile.orc {
  requires transitive io.colfile.core;
  requires com.google.protobuf;

  exports io.colfile.orc;
  exports io.colfile.orc.bloom;
  exports io.colfile.orc.index;
  exports io.colfile.orc.stats;
  exports io.colfile.orc.stripe;

  provides io.colfile.core.FormatProvider with io.colfile.orc.OrcFormat;
}
