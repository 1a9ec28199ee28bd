/**
 * The write side of colfile's Spark data source: {@link
 * io.colfile.spark.write.ColFileWriteSupport#prepareWrite} is what the source's {@code
 * FileFormat.prepareWrite} returns, so writes go through Spark's V1 file-source path (its commit
 * protocol, {@code partitionBy}, every save mode), one ORC or Trevni file per task and partition.
 */
package io.colfile.spark.write;
