package io.colfile.orc.stream;

/** CONTRACT STUB: to be implemented. */
public final class RleV1Encoder implements IntegerEncoder {
  public RleV1Encoder(OrcOutputStream out, boolean signed) {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void write(long value) {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void recordPosition(PositionRecorder recorder) {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void flush() {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public long estimateMemory() {
    throw new UnsupportedOperationException("stub");
  }
}
