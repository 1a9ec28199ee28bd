/**
 * colfile's {@code InputFile} and {@code OutputFile} over any Hadoop {@code FileSystem}: HDFS,
 * S3A, ABFS, GCS and the others through their connectors. Optional: core and the formats know
 * nothing of Hadoop.
 */
module io.colfile.hadoop {
  requires transitive io.colfile.core;
  // hadoop-client-api names no module: its name comes from the jar's file name
  requires hadoop.client.api;

  exports io.colfile.hadoop;
}
