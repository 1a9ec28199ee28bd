/**
 * Apache ORC: {@link io.colfile.orc.OrcReader}, {@link io.colfile.orc.OrcWriter} and what only ORC
 * has (stripes and their streams, statistics, row index, bloom filters). Stream codecs, column
 * readers and writers, the tail and the protobuf messages are internal.
 */
module io.colfile.orc {
  requires transitive io.colfile.core;
  // In the published jar: io.colfile.shaded.protobuf, colfile-protobuf's relocated copy (the
  // parent pom's relocate-protobuf and relocate-module-info executions).
  requires com.google.protobuf;

  exports io.colfile.orc;
  exports io.colfile.orc.bloom;
  exports io.colfile.orc.index;
  exports io.colfile.orc.stats;
  exports io.colfile.orc.stripe;

  // only for protobuf's reflection over the generated messages (toString, getAllFields)
  exports io.colfile.orc.proto to com.google.protobuf;

  provides io.colfile.core.FormatProvider with io.colfile.orc.OrcFormat;
}
