package io.colfile.spark.read;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.util.SerializableConfiguration;

/** Creates the columnar reader of each task's files. */
final class ColFileReaderFactory implements PartitionReaderFactory {
  private final ReadSpec spec;
  private final Broadcast<SerializableConfiguration> conf;
  private final boolean rowsets;

  ColFileReaderFactory(ReadSpec spec, Broadcast<SerializableConfiguration> conf,
      boolean rowsets) {
    this.spec = spec;
    this.conf = conf;
    this.rowsets = rowsets;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new ColFilePartitionReader(spec, conf.value().value(),
        ((FilePartition) partition).files(), rowsets);
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException("colfile reads columnar batches");
  }
}
