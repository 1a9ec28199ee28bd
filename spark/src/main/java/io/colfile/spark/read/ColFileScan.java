package io.colfile.spark.read;

import io.colfile.core.FileReader;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.paths.SparkPath;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A planned colfile scan: splits files as Spark's file sources do ({@code
 * spark.sql.files.maxPartitionBytes}, {@code openCostInBytes}; ORC files into byte ranges whose
 * stripes one task reads, other formats whole), and reports the table's size and row count
 * from the files' metadata.
 */
final class ColFileScan implements Scan, Batch, SupportsReportStatistics {
  /** Above this many files the row count is not summed from their footers at planning. */
  static final int MAX_FILES_FOR_ROW_COUNT = 1000;

  private final ColFileTable table;
  private final List<String> columns;
  private final Predicate filter;
  private final Type projected;
  private final StructType dataSchema;
  private final StructType partitionSchema;
  private final PartitionPruner pruner;
  private final int limit;
  private final List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushed;
  private List<TableFiles.Partition> selected;

  ColFileScan(ColFileTable table, List<String> columns, Predicate filter, Type projected,
      StructType dataSchema, StructType partitionSchema, PartitionPruner pruner, int limit,
      List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushed) {
    this.table = table;
    this.columns = columns;
    this.filter = filter;
    this.projected = projected;
    this.dataSchema = dataSchema;
    this.partitionSchema = partitionSchema;
    this.pruner = pruner;
    this.limit = limit;
    this.pushed = pushed;
  }

  @Override
  public StructType readSchema() {
    List<StructField> all = new ArrayList<>(Arrays.asList(dataSchema.fields()));
    all.addAll(Arrays.asList(partitionSchema.fields()));
    return new StructType(all.toArray(new StructField[0]));
  }

  @Override
  public String description() {
    return table.formatName()
        + " [columns: " + String.join(", ", columns) + "]"
        + (filter == null ? "" : " [colfile filter: " + filter + "]")
        + (pushed.isEmpty() ? "" : " PushedFilters: " + pushed)
        + (limit < 0 ? "" : " [limit " + limit + "]");
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ColFileMetrics.supported();
  }

  /** The partition directories the partition predicates leave. */
  private List<TableFiles.Partition> selected() {
    if (selected == null) {
      selected = table.files().partitions.stream().filter(p -> pruner.keep(p.values()))
          .collect(Collectors.toList());
    }
    return selected;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    SparkSession session = table.session();
    List<PartitionDirectory> dirs = new ArrayList<>();
    for (TableFiles.Partition p : selected()) {
      List<FileStatusWithMetadata> fs = new ArrayList<>();
      for (TableFiles.Unit u : p.units()) {
        fs.add(FileStatusWithMetadata.apply(u.status(), scala.collection.immutable.Map$.MODULE$.empty()));
      }
      dirs.add(PartitionDirectory.apply(p.values(), CollectionConverters.asScala(fs).toList()));
    }
    long maxSplit = FilePartition.maxSplitBytes(session, CollectionConverters.asScala(dirs).toList());
    boolean splittable = "ORC".equalsIgnoreCase(table.formatName()) && !table.files().rowsets;
    List<PartitionedFile> pieces = new ArrayList<>();
    for (TableFiles.Partition p : selected()) {
      for (TableFiles.Unit u : p.units()) {
        FileStatus st = u.status();
        long len = st.getLen();
        if (!splittable || len <= maxSplit) {
          pieces.add(piece(p, st, 0, len));
        } else {
          for (long off = 0; off < len; off += maxSplit) {
            pieces.add(piece(p, st, off, Math.min(maxSplit, len - off)));
          }
        }
      }
    }
    pieces.sort(Comparator.comparingLong(PartitionedFile::length).reversed());
    return CollectionConverters.asJava(FilePartition.getFilePartitions(session,
        CollectionConverters.asScala(pieces).toList(), maxSplit)).toArray(new InputPartition[0]);
  }

  private static PartitionedFile piece(TableFiles.Partition p, FileStatus st, long start,
      long length) {
    return new PartitionedFile(p.values(), SparkPath.fromPath(st.getPath()), start, length,
        hosts(st, start, length), st.getModificationTime(), st.getLen(),
        scala.collection.immutable.Map$.MODULE$.empty());
  }

  /** The hosts of the block holding most of {@code [start, start + length)}. */
  private static String[] hosts(FileStatus st, long start, long length) {
    if (!(st instanceof LocatedFileStatus located) || located.getBlockLocations() == null) {
      return new String[0];
    }
    BlockLocation best = null;
    long bestOverlap = 0;
    for (BlockLocation b : located.getBlockLocations()) {
      long overlap = Math.min(b.getOffset() + b.getLength(), start + length)
          - Math.max(b.getOffset(), start);
      if (overlap > bestOverlap) {
        best = b;
        bestOverlap = overlap;
      }
    }
    try {
      return best == null ? new String[0] : best.getHosts();
    } catch (IOException e) {
      return new String[0];
    }
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    SparkSession session = table.session();
    var conf = JavaSparkContext.fromSparkContext(session.sparkContext())
        .broadcast(new SerializableConfiguration(table.hadoopConf()));
    Type readerSchema = table.colfileSchema().kind() == TypeKind.STRUCT
        ? table.colfileSchema() : null;
    ReadSpec spec = new ReadSpec(table.formatName(),
        readerSchema == null ? null : readerSchema.toString(), columns,
        filter == null ? null : filter.toString(), projected.toString(), dataSchema,
        partitionSchema, partitionOrdinals(), limit, table.batchSize(), table.zone(),
        table.files().kuduServer);
    return new ColFileReaderFactory(spec, conf, table.files().rowsets);
  }

  /** Where each partition column read is among the table's partition values. */
  private int[] partitionOrdinals() {
    java.util.List<String> all = Arrays.asList(table.files().partitionSchema.fieldNames());
    int[] out = new int[partitionSchema.fields().length];
    for (int i = 0; i < out.length; i++) {
      out[i] = all.indexOf(partitionSchema.fields()[i].name());
    }
    return out;
  }

  @Override
  public Statistics estimateStatistics() {
    long bytes = 0;
    int files = 0;
    for (TableFiles.Partition p : selected()) {
      for (TableFiles.Unit u : p.units()) {
        bytes += u.status().getLen();
        files++;
      }
    }
    OptionalLong rows = OptionalLong.empty();
    // a Kudu tablet's row count needs its log replayed: not at planning
    if (files <= MAX_FILES_FOR_ROW_COUNT && table.files().kuduServer == null) {
      long n = 0;
      for (TableFiles.Partition p : selected()) {
        for (TableFiles.Unit u : p.units()) {
          try (FileReader r = Units.open(u.path(), u.directory(), table.hadoopConf(), null,
              table.files().kuduServer)) {
            n += r.numberOfRows();
          } catch (IOException e) {
            throw new UncheckedIOException(u.path() + ": " + e.getMessage(), e);
          }
        }
      }
      rows = OptionalLong.of(n);
    }
    long size = bytes;
    OptionalLong numRows = rows;
    return new Statistics() {
      @Override
      public OptionalLong sizeInBytes() {
        return OptionalLong.of(size);
      }

      @Override
      public OptionalLong numRows() {
        return numRows;
      }
    };
  }
}
