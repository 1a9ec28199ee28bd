package io.colfile.orc.stream;

/** CONTRACT STUB: to be implemented. */
public final class RleV2Encoder implements IntegerEncoder {
  public RleV2Encoder(OrcOutputStream out, boolean signed, boolean alignedBitPacking) {
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
