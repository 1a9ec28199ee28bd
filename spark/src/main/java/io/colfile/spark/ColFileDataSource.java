package io.colfile.spark;

import io.colfile.spark.read.ColFileTable;
import io.colfile.spark.write.ColFileWriteSupport;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The Spark data source {@code colfile}: ORC, Trevni and Kudu through colfile.
 *
 * <pre>
 * spark.read.format("colfile").load("/data/events")                 // format from the bytes
 * spark.read.format("colfile").option("format", "trevni").load(paths)
 * df.write.format("colfile").option("compression", "zstd").partitionBy("day").save(path)
 * </pre>
 *
 * <p>Reads are a DataSource V2 scan (column pruning with nested fields, filter and LIMIT
 * pushdown, columnar batches, splits, statistics). Writes go through Spark's file-source write
 * path, as Spark's own ORC and Parquet writes do: Spark's commit protocol, {@code partitionBy}
 * and every {@code SaveMode}; this class is the {@link FileFormat} that path asks for.
 */
public final class ColFileDataSource implements TableProvider, DataSourceRegister, FileFormat {
  /** The short name: {@code spark.read.format("colfile")}. */
  public static final String SHORT_NAME = "colfile";

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  /**
   * The table whose schema {@link #inferSchema(CaseInsensitiveStringMap)} inferred: Spark asks
   * for the schema, then for the table with that schema, which is then the files' own (with
   * their unions, Hive 0.11 decimals and bare values) rather than a reader schema. Spark makes a
   * provider per query, as for its own file sources.
   */
  private ColFileTable inferred;

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    inferred = new ColFileTable(options, null);
    return inferred.schema();
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true; // a user's schema is read as a reader schema; a write passes the data's
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning,
      Map<String, String> properties) {
    if (inferred != null && inferred.options().asCaseSensitiveMap().equals(properties)
        && schema.equals(inferred.schema())) {
      return inferred;
    }
    return new ColFileTable(new CaseInsensitiveStringMap(properties), schema);
  }

  // ---- FileFormat: Spark's write path

  @Override
  public Option<StructType> inferSchema(SparkSession session,
      scala.collection.immutable.Map<String, String> options, Seq<FileStatus> files) {
    if (files.isEmpty()) {
      return Option.empty();
    }
    java.util.Map<String, String> o = new java.util.HashMap<>(
        CollectionConverters.asJava(options));
    o.remove("paths");
    o.put("path", files.head().getPath().toString());
    return Option.apply(new ColFileTable(new CaseInsensitiveStringMap(o), null).schema());
  }

  @Override
  public OutputWriterFactory prepareWrite(SparkSession session, Job job,
      scala.collection.immutable.Map<String, String> options, StructType dataSchema) {
    return ColFileWriteSupport.prepareWrite(session, job, CollectionConverters.asJava(options),
        dataSchema);
  }

  /** Any file may be split: formats that cannot be read whole from the split at byte 0. */
  @Override
  public boolean isSplitable(SparkSession session,
      scala.collection.immutable.Map<String, String> options, org.apache.hadoop.fs.Path path) {
    return true;
  }

  /**
   * Rows for Spark's file-format read path, which Spark takes for catalog tables ({@code CREATE
   * TABLE ... USING colfile}); filters stay with Spark there, and partition values are added
   * by Spark.
   */
  @Override
  public scala.Function1<org.apache.spark.sql.execution.datasources.PartitionedFile,
      scala.collection.Iterator<org.apache.spark.sql.catalyst.InternalRow>> buildReader(
      SparkSession session, StructType dataSchema, StructType partitionSchema,
      StructType requiredSchema, Seq<org.apache.spark.sql.sources.Filter> filters,
      scala.collection.immutable.Map<String, String> options,
      org.apache.hadoop.conf.Configuration hadoopConf) {
    return io.colfile.spark.read.RowReads.build(dataSchema, requiredSchema, hadoopConf,
        ColFileTable.DEFAULT_BATCH_SIZE,
        ((org.apache.spark.sql.classic.SparkSession) session).sessionState().conf()
            .sessionLocalTimeZone());
  }

  @Override
  public String toString() {
    return SHORT_NAME;
  }
}
