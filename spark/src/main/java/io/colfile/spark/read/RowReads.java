package io.colfile.spark.read;

import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.spark.types.SparkTypes;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import org.apache.spark.util.TaskCompletionListener;
import scala.runtime.AbstractFunction1;

/**
 * Spark's older file-format read path ({@code FileFormat.buildReader}), which Spark takes for
 * tables in its catalog ({@code CREATE TABLE ... USING colfile}, {@code saveAsTable}): the
 * columns a query needs, read through the same partition reader as the V2 scan, handed over row
 * by row. Filters are left to Spark there.
 */
public final class RowReads {
  private RowReads() {}

  /**
   * The reader of one file (or its byte range) for rows of {@code requiredSchema}, the columns
   * of {@code dataSchema} (the table's, read as a reader schema) a query needs.
   */
  public static scala.Function1<PartitionedFile, scala.collection.Iterator<InternalRow>> build(
      StructType dataSchema, StructType requiredSchema, Configuration conf, int batchSize,
      String zone) {
    Type table = SparkTypes.fromSpark(dataSchema);
    List<String> columns = new ArrayList<>();
    for (StructField f : requiredSchema.fields()) {
      columns.add(new io.colfile.core.filter.ColumnPath(List.of(f.name())).toString());
    }
    Type projected = ReadPlan.create(table, ReadOptions.defaults().withSchema(table)
        .withColumns(columns)).schema();
    ReadSpec spec = new ReadSpec(null, table.toString(), columns, null, projected.toString(),
        SparkTypes.toSpark(projected), new StructType(), new int[0], -1, batchSize, zone, null);
    return new FileRows(spec, new SerializableConfiguration(conf));
  }

  private static final class FileRows
      extends AbstractFunction1<PartitionedFile, scala.collection.Iterator<InternalRow>>
      implements Serializable {
    private static final long serialVersionUID = 1L;
    private final ReadSpec spec;
    private final SerializableConfiguration conf;

    FileRows(ReadSpec spec, SerializableConfiguration conf) {
      this.spec = spec;
      this.conf = conf;
    }

    @Override
    public scala.collection.Iterator<InternalRow> apply(PartitionedFile file) {
      ColFilePartitionReader reader = new ColFilePartitionReader(spec, conf.value(),
          new PartitionedFile[] {file}, false);
      TaskContext task = TaskContext.get();
      if (task != null) {
        task.addTaskCompletionListener((TaskCompletionListener) context -> close(reader));
      }
      Iterator<InternalRow> rows = new Iterator<>() {
        private Iterator<InternalRow> batch = java.util.Collections.emptyIterator();
        private boolean done;

        @Override
        public boolean hasNext() {
          try {
            while (!batch.hasNext() && !done) {
              if (reader.next()) {
                batch = reader.get().rowIterator();
              } else {
                done = true;
                reader.close();
              }
            }
          } catch (IOException e) {
            throw new UncheckedIOException(file.filePath() + ": " + e.getMessage(), e);
          }
          return batch.hasNext();
        }

        @Override
        public InternalRow next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          return batch.next();
        }
      };
      return scala.jdk.javaapi.CollectionConverters.asScala(rows);
    }

    private static void close(ColFilePartitionReader reader) {
      try {
        reader.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
