/**
 * Apache Kudu's CFile ({@link io.colfile.kudu.CFile}, {@link io.colfile.kudu.CFileWriter}),
 * BloomFile, DeltaFile and rowsets. Block encodings, keys and the protobuf messages are internal.
 */
module io.colfile.kudu {
  requires transitive io.colfile.core;
  // In the published jar: io.colfile.shaded.protobuf, colfile-protobuf's relocated copy (the
  // parent pom's relocate-protobuf and relocate-module-info executions).
  requires com.google.protobuf;
  requires com.fasterxml.jackson.core;

  exports io.colfile.kudu;
  exports io.colfile.kudu.bloom;
  exports io.colfile.kudu.delta;
  exports io.colfile.kudu.fs;
  exports io.colfile.kudu.tablet;
  exports io.colfile.kudu.index;
  exports io.colfile.kudu.meta;
  exports io.colfile.kudu.rowset;
  exports io.colfile.kudu.wal;

  // only for protobuf's reflection over the generated messages (toString, getAllFields)
  exports io.colfile.kudu.proto to com.google.protobuf;

  provides io.colfile.core.FormatProvider with io.colfile.kudu.KuduFormat;
}
