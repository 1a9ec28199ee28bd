package io.colfile.trevni;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;

/**
 * Rows reassembled from a file's columns, read in order from a position that can be moved: what
 * {@link TrevniBatchReader} reads, whether the rows are Avro records ({@code avro.RowReader}) or
 * root columns ({@link GenericRowReader}).
 */
interface RowSource {
  /** The type of the rows (a struct of the fields read, or the bare values' type). */
  Type type();

  /** The index of the next row {@link #read} returns. */
  long row();

  /** Resets {@code batch} and fills it with the next {@code rows} rows (all of them exist). */
  void read(ColumnBatch batch, int rows) throws IOException;

  /** Moves every column read to row {@code row} (at most the file's row count). */
  void seek(long row) throws IOException;

  /** Decodes each column's next block on {@code tasks} ({@link ColumnCursor#decodeAhead}). */
  void decodeAhead(io.colfile.core.read.DecodeTasks tasks);
}
