/**
 * Apache Kudu's CFile ({@link io.colfile.kudu.CFileReader}, {@link io.colfile.kudu.CFileWriter}),
 * BloomFile, DeltaFile and rowsets. Block encodings, keys and the protobuf messages are internal.
 */
module io.colfile.kudu {
  requires transitive io.colfile.core;
  requires com.google.protobuf;
  requires com.fasterxml.jackson.core;

  exports io.colfile.kudu;
  exports io.colfile.kudu.bloom;
  exports io.colfile.kudu.delta;
  exports io.colfile.kudu.index;
  exports io.colfile.kudu.meta;
  exports io.colfile.kudu.rowset;

  provides io.colfile.core.FormatProvider with io.colfile.kudu.KuduFormat;
}
