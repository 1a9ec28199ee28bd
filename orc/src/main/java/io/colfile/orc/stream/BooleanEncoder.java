package io.colfile.orc.stream;

import java.io.IOException;

/** CONTRACT STUB: to be implemented. */
public final class BooleanEncoder {
  public BooleanEncoder(OrcOutputStream out) {
    throw new UnsupportedOperationException("stub");
  }

  public void write(boolean value) throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  /** Adds the stream position, then the values (and for booleans the bits) of the open group. */
  public void recordPosition(PositionRecorder recorder) throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  public void flush() throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  public long estimateMemory() {
    throw new UnsupportedOperationException("stub");
  }
}
