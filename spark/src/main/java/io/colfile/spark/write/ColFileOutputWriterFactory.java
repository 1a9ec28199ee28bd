package io.colfile.spark.write;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.types.Type;
import io.colfile.hadoop.HadoopOutputFile;
import io.colfile.spark.types.SparkTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Makes the writers of a Spark write's tasks. Sent to the executors, so it keeps strings only:
 * colfile's options in normal form (the compression already resolved on the driver, from the
 * options or the session) and the colfile schema as its type text.
 */
public final class ColFileOutputWriterFactory extends OutputWriterFactory {
  private static final long serialVersionUID = 1L;

  private final HashMap<String, String> options;
  private final String schema;

  ColFileOutputWriterFactory(Map<String, String> options, Type schema) {
    this.options = new HashMap<>(options);
    this.schema = schema.toString();
  }

  private WriteSettings settings() {
    return WriteSettings.parse(options, null);
  }

  @Override
  public String getFileExtension(TaskAttemptContext context) {
    return settings().extension();
  }

  /**
   * A writer of one file at {@code path}, a file in the task attempt's directory.
   *
   * <p>The file is published {@link HadoopOutputFile.Publish#DIRECT DIRECT}ly, under its final
   * name: the directory belongs to this task attempt, Spark's commit protocol shows its files
   * to readers only when it commits the task and the job, and deletes the directory when the
   * attempt fails; so colfile's own rename (RENAME) would cost one more rename per file for no
   * reader's sake, and committers that write straight to an object store (S3A's magic committer)
   * need the file written under the name they were given. On a failure the writer aborts, which
   * deletes the file (or abandons its upload): nothing half-written is left, inside the
   * directory or outside it. Spark names every file uniquely (task, job id, file count), so the
   * refusal of an existing target by DIRECT on file systems without abortable streams never
   * fires for a file of Spark's.
   */
  @Override
  public OutputWriter newInstance(String path, StructType dataSchema,
      TaskAttemptContext context) {
    Type type = Type.parse(schema);
    // nullability aside: a NULL where the file's schema has none fails the write anyway
    if (!type.allNullable().equals(SparkTypes.fromSpark(dataSchema).allNullable())) {
      throw new IllegalArgumentException(path + ": the task's schema " + dataSchema.simpleString()
          + " is not the one the write was prepared for (" + schema + ")");
    }
    WriteSettings settings = settings();
    RowConverter rows = new RowConverter(type, settings.wallClockZone());
    try {
      Path p = new Path(path);
      HadoopOutputFile file = HadoopOutputFile.of(p.getFileSystem(context.getConfiguration()), p,
          HadoopOutputFile.Publish.DIRECT);
      FileWriter writer = ColFile.writer(settings.format(), file, rows.schema(),
          settings.writeOptions());
      return new ColFileOutputWriter(path, writer, rows);
    } catch (IOException e) {
      throw new UncheckedIOException(path + ": " + e.getMessage(), e);
    }
  }
}
