package io.colfile.trevni;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.trevni.avro.RowReader;
import java.io.IOException;
import java.util.List;

/**
 * Reads a Trevni file that has no Avro schema (written with the column API) as rows: one field
 * per root column, as {@link RowReader#ofColumns} describes; the same row tree machinery reads
 * Avro records.
 */
final class GenericRowReader implements RowSource {
  private final RowReader rows;

  GenericRowReader(TrevniFile file, List<String> names, long maxNestedValues)
      throws IOException {
    this.rows = RowReader.ofColumns(file, names, maxNestedValues);
  }

  /** The Type of the rows of a file without an Avro schema (all root columns). */
  static Type typeOf(TrevniFile file) throws IOException {
    return new GenericRowReader(file, null, 1).type();
  }

  @Override
  public Type type() {
    return rows.type();
  }

  @Override
  public long row() {
    return rows.row();
  }

  /** Fills {@code batch} with up to its capacity of rows; false when none were left. */
  boolean next(ColumnBatch batch) throws IOException {
    return rows.next(batch);
  }

  @Override
  public void seek(long target) throws IOException {
    rows.seek(target);
  }

  @Override
  public void read(ColumnBatch batch, int n) throws IOException {
    rows.next(batch, n);
  }

  @Override
  public void decodeAhead(io.colfile.core.read.DecodeTasks tasks) {
    rows.decodeAhead(tasks);
  }
}
