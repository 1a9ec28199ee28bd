package io.colfile.spark.write;

import java.util.Map;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

public final class ColFileWriteSupport {
  private ColFileWriteSupport() {}

  public static OutputWriterFactory prepareWrite(SparkSession session, Job job,
      Map<String, String> options, StructType dataSchema) {
    throw new UnsupportedOperationException("writing lands with the write branch");
  }
}
