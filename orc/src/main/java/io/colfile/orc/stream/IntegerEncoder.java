package io.colfile.orc.stream;

import io.colfile.orc.index.IntegerCheckpoint;
import java.io.IOException;

/** Integer run-length encoder writing one ORC stream (RLE v1 or v2). */
public interface IntegerEncoder extends StreamWriter {
  void write(long value) throws IOException;

  default void write(long[] values, int offset, int length) throws IOException {
    for (int i = offset; i < offset + length; i++) {
      write(values[i]);
    }
  }

  /** The stream position and the number of values buffered in the current run. */
  @Override
  IntegerCheckpoint checkpoint();

  /** Writes every buffered value and flushes the underlying stream. */
  void flush() throws IOException;

  /** Bytes held in memory, including the underlying stream. */
  long estimateMemory();
}
