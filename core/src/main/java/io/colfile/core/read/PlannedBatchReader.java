package io.colfile.core.read;

import io.colfile.core.BatchReader;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.RowFilter;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.NotNullCheck;
import java.io.IOException;

/**
 * The rows a {@link ReadPlan} asks for, made from a format's raw batches: the reader schema's
 * columns mapped from the file's (views, conversions, NULLs), the rows the filter rejects
 * dropped, and the columns asked for handed out in their order. Batches hold at most the batch
 * size; a batch with no matching row is never returned (the reader reads on).
 */
final class PlannedBatchReader implements BatchReader {
  private final BatchReader raw;
  private final ColumnBatch rawBatch;
  private final ColumnBatch readerBatch;
  private final Mapper[] toReader;
  private final int[] readerFrom;
  private final RowFilter filter;
  private final Type output;
  private final Mapper[] toOutput;
  private final int[] outputFrom;
  private final int batchSize;
  /** Null unless the reader schema has non-null columns the file may give NULLs for. */
  private final NotNullCheck notNull;
  private int[] selected = new int[0];
  private long rowsDecoded;
  private long rowsMatched;

  /**
   * {@code filter} is bound to {@code filterSchema}: {@code readerProjection}, or for rows of a
   * bare value a struct of that one value, whose batches lay it out the same way.
   */
  PlannedBatchReader(BatchReader raw, Match match, Type readerProjection, BoundPredicate filter,
      Type filterSchema, Type output, int batchSize) {
    this.raw = raw;
    this.rawBatch = raw.newBatch();
    this.readerBatch = new ColumnBatch(readerProjection, 1);
    this.output = output;
    this.batchSize = batchSize;
    this.filter = filter == null ? null : new RowFilter(filter, filterSchema);
    this.notNull = match.mayBreakNotNull() ? NotNullCheck.of(readerProjection) : null;
    Type rawSchema = raw.schema();
    if (readerProjection.kind() == TypeKind.STRUCT) {
      match = match.fieldByField();
      int n = readerProjection.children().size();
      toReader = new Mapper[n];
      readerFrom = new int[n];
      for (int i = 0; i < n; i++) {
        String fileName = match.fileNames.get(i);
        readerFrom[i] = fileName == null ? -1 : rawSchema.fieldIndex(fileName);
        if (fileName != null && readerFrom[i] < 0) {
          throw new IllegalStateException("the raw reader gives " + rawSchema
              + ", without column " + fileName);
        }
        Match child = match.children.get(i);
        toReader[i] = readerFrom[i] < 0 ? Mapper.of(child, null)
            : Mapper.of(child, rawSchema.child(readerFrom[i]));
      }
      int m = output.children().size();
      toOutput = new Mapper[m];
      outputFrom = new int[m];
      for (int i = 0; i < m; i++) {
        outputFrom[i] = readerProjection.fieldIndex(output.fieldNames().get(i));
        toOutput[i] = Mapper.same(output.child(i), readerProjection.child(outputFrom[i]));
      }
    } else {
      toReader = new Mapper[] {Mapper.of(match, rawSchema)};
      readerFrom = new int[] {0};
      toOutput = new Mapper[] {Mapper.same(output, readerProjection)};
      outputFrom = new int[] {0};
    }
  }

  @Override
  public Type schema() {
    return output;
  }

  @Override
  public ColumnBatch newBatch() {
    return new ColumnBatch(output, batchSize);
  }

  @Override
  public boolean next(ColumnBatch batch) throws IOException {
    if (batch.capacity() < batchSize) {
      throw new IllegalArgumentException("a batch of " + batch.capacity() + " rows cannot take "
          + "the " + batchSize + " rows this reader returns at a time: use newBatch()");
    }
    while (raw.next(rawBatch)) {
      int n = rawBatch.size;
      for (int i = 0; i < toReader.length; i++) {
        ColumnVector source = readerFrom[i] < 0 ? null : rawBatch.cols[readerFrom[i]];
        readerBatch.cols[i] = toReader[i].map(source, n);
      }
      readerBatch.size = n;
      if (notNull != null) {
        NotNullCheck.Violation v = notNull.find(readerBatch);
        if (v != null) {
          throw new IllegalArgumentException("column " + v.column() + " is not null in the "
              + "reader schema, but row " + (rowsDecoded + v.row() + 1) + " read has a NULL "
              + "there (counting from 1 the rows decoded since the reader opened)");
        }
      }
      rowsDecoded += n;
      if (filter != null) {
        if (selected.length < n) {
          selected = new int[Math.max(n, rawBatch.capacity())];
        }
        int k = filter.select(readerBatch, selected);
        if (k == 0) {
          continue;
        }
        readerBatch.keep(selected, k);
      }
      int k = readerBatch.size;
      rowsMatched += k;
      for (int i = 0; i < toOutput.length; i++) {
        batch.cols[i] = toOutput[i].map(readerBatch.cols[outputFrom[i]], k);
      }
      batch.size = k;
      return true;
    }
    batch.reset();
    return false;
  }

  @Override
  public void seekToRow(long row) throws IOException {
    raw.seekToRow(row);
  }

  @Override
  public ScanReport report() {
    ScanReport r = raw.report();
    if (filter != null) {
      r.rows(rowsDecoded, rowsMatched);
    }
    return r;
  }

  @Override
  public void close() throws IOException {
    raw.close();
  }
}
