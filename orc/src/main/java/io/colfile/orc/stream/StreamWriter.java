package io.colfile.orc.stream;

import java.io.IOException;

/** What every part of a column's written streams does: report its position, and flush. */
public interface StreamWriter {
  /** Adds this part's row-index position numbers (orc.md section 7). */
  void recordPosition(PositionRecorder recorder) throws IOException;

  /** Writes everything buffered into the stream and completes its last chunk. */
  void flush() throws IOException;
}
