package io.colfile.orc.stream;

import io.colfile.orc.index.Checkpoint;
import java.io.IOException;

/** What every part of a column's written streams does: report its position, and flush. */
public interface StreamWriter {
  /** Where the next value written will be, as the row index records it (orc.md section 7). */
  Checkpoint checkpoint();

  /** Writes everything buffered into the stream and completes its last chunk. */
  void flush() throws IOException;
}
