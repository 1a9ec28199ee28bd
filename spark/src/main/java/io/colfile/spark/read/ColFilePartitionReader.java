package io.colfile.spark.read;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads a task's files (or stripes of them: each piece reads the stripes that begin in its
 * byte range) one after the other as Spark columnar batches: colfile's vectors behind Spark's
 * columns, the partition values as constant columns.
 */
final class ColFilePartitionReader implements PartitionReader<ColumnarBatch> {
  private final ReadSpec spec;
  private final Configuration conf;
  private final PartitionedFile[] files;
  private final boolean rowsets;
  private final ReadOptions options;
  private final ColFileVector[] data;
  private final ConstantColumnVector[] partitionColumns;
  private final ColumnarBatch out;

  private int nextFile;
  private FileReader file;
  private BatchReader reader;
  private ColumnBatch batch;
  private long rowsLeft;
  private final AtomicLong bytesRead = new AtomicLong();
  private long rowsDecoded;
  private long unitsSkipped;
  private long filesRead;
  private long rowsThisFile;

  ColFilePartitionReader(ReadSpec spec, Configuration conf, PartitionedFile[] files,
      boolean rowsets) {
    this.spec = spec;
    this.conf = conf;
    this.files = files;
    this.rowsets = rowsets;
    this.options = spec.options();
    this.rowsLeft = spec.limit() < 0 ? Long.MAX_VALUE : spec.limit();
    var projected = spec.projectedType();
    StructField[] df = spec.dataSchema().fields();
    data = new ColFileVector[df.length];
    if (projected.kind() == io.colfile.core.types.TypeKind.STRUCT) {
      for (int i = 0; i < df.length; i++) {
        data[i] = ColFileVector.create(projected.child(i), df[i].dataType());
      }
    } else if (df.length == 1) {
      data[0] = ColFileVector.create(projected, df[0].dataType());
    }
    StructField[] pf = spec.partitionSchema().fields();
    partitionColumns = new ConstantColumnVector[pf.length];
    ColumnVector[] all = new ColumnVector[df.length + pf.length];
    System.arraycopy(data, 0, all, 0, df.length);
    for (int i = 0; i < pf.length; i++) {
      partitionColumns[i] = new ConstantColumnVector(spec.batchSize(), pf[i].dataType());
      all[df.length + i] = partitionColumns[i];
    }
    out = new ColumnarBatch(all);
  }

  @Override
  public boolean next() throws IOException {
    while (rowsLeft > 0) {
      if (reader == null && !openNext()) {
        return false;
      }
      if (reader.next(batch)) {
        int n = (int) Math.min(batch.size, rowsLeft);
        if (n == 0) {
          continue;
        }
        rowsLeft -= n;
        rowsThisFile += n;
        for (int i = 0; i < data.length; i++) {
          data[i].bind(batch.cols[i], n);
        }
        out.setNumRows(n);
        return true;
      }
      closeFile();
    }
    return false;
  }

  private boolean openNext() throws IOException {
    if (nextFile >= files.length) {
      return false;
    }
    PartitionedFile pf = files[nextFile++];
    Path path = pf.toPath();
    java.nio.file.Path local = rowsets ? TableFiles.local(path) : null;
    file = Units.open(path, local != null && java.nio.file.Files.isDirectory(local), conf,
        bytesRead, spec.kuduServer());
    filesRead++;
    rowsThisFile = 0;
    if (spec.format() != null && !spec.format().equalsIgnoreCase(file.formatName())) {
      String found = file.formatName();
      closeFile();
      throw new IOException(path + " is " + found + ", not " + spec.format()
          + " as the table's other files (or the format option) say");
    }
    ReadOptions o = options;
    if (pf.start() != 0 || pf.length() < pf.fileSize()) {
      o = o.withSplit(pf.start(), pf.length());
    }
    try {
      reader = file.read(o);
    } catch (IllegalArgumentException e) {
      closeFile();
      throw new IOException(path + ": " + e.getMessage(), e);
    }
    if (batch == null || !batch.schema().equals(reader.schema())) {
      batch = reader.newBatch();
    }
    for (int i = 0; i < partitionColumns.length; i++) {
      ColumnVectorUtils.populate(partitionColumns[i], pf.partitionValues(),
          spec.partitionOrdinals()[i]);
    }
    return true;
  }

  private void closeFile() throws IOException {
    if (reader != null) {
      ScanReport r = reader.report();
      rowsDecoded += r.rowsDecoded() >= 0 ? r.rowsDecoded() : rowsThisFile;
      r.counts().values().forEach(c -> unitsSkipped += c.skipped());
    }
    try (FileReader f = file; BatchReader b = reader) {
      // closes both
    } finally {
      file = null;
      reader = null;
    }
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    long decoded = rowsDecoded;
    long skipped = unitsSkipped;
    if (reader != null) {
      ScanReport r = reader.report();
      decoded += r.rowsDecoded() >= 0 ? r.rowsDecoded() : rowsThisFile;
      for (ScanReport.Counts c : r.counts().values()) {
        skipped += c.skipped();
      }
    }
    return new CustomTaskMetric[] {
        ColFileMetrics.task(ColFileMetrics.BYTES_READ, bytesRead.get()),
        ColFileMetrics.task(ColFileMetrics.ROWS_DECODED, decoded),
        ColFileMetrics.task(ColFileMetrics.UNITS_SKIPPED, skipped),
        ColFileMetrics.task(ColFileMetrics.FILES_READ, filesRead)};
  }

  @Override
  public ColumnarBatch get() {
    return out;
  }

  @Override
  public void close() throws IOException {
    closeFile();
  }
}
