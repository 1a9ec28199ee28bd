package io.colfile.trevni;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.ScanReport;
import io.colfile.core.read.DecodeTasks;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;

/**
 * The raw rows of a Trevni file for a {@code ReadPlan}: the rows of a {@link RowSource} (only
 * the columns the plan needs), in the row ranges a {@link BlockIndex} leaves, jumping over the
 * others by seeking every column read. Each batch stays within one range; the plan's wrapper
 * filters the rows exactly.
 */
final class TrevniBatchReader extends AbstractBatchReader {
  private final String fileName;
  private final RowSource source;
  private final BlockIndex index;
  private final long rowCount;
  private final ScanReport report;
  /** Where the columns decode their next blocks ({@code withParallelism}), or null. */
  private final DecodeTasks tasks;
  /** The next row a read without filter would return from here. */
  private long row;

  TrevniBatchReader(String fileName, RowSource source, BlockIndex index, long rowCount,
      int batchSize, ScanReport report, DecodeTasks tasks) {
    super(source.type(), batchSize);
    this.fileName = fileName;
    this.source = source;
    this.index = index;
    this.rowCount = rowCount;
    this.report = report;
    this.tasks = tasks;
  }

  @Override
  protected int fill(ColumnBatch batch, int max) throws IOException {
    int range = row < rowCount ? index.rangeAfter(row) : -1;
    if (range < 0) {
      if (row < rowCount) {
        index.skipped(row, rowCount, report);
        row = rowCount;
      }
      return 0;
    }
    long start = Math.max(row, index.start(range));
    if (start > row) {
      index.skipped(row, start, report);
    }
    if (source.row() != start) {
      source.seek(start);
    }
    int n = (int) Math.min(max, index.end(range) - start);
    source.read(batch, n);
    index.verify(batch, start, fileName);
    index.read(start, start + n, report);
    row = start + n;
    return n;
  }

  @Override
  protected void seek(long target) {
    row = Math.min(target, rowCount); // the columns move when the next batch is read
  }

  @Override
  public ScanReport report() {
    return report;
  }

  /** Stops the decoding ahead, if any; the file stays open (it is the reader's). */
  @Override
  public void close() throws IOException {
    if (tasks != null) {
      tasks.close();
    }
  }
}
