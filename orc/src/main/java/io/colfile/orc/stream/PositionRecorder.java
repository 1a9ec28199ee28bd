package io.colfile.orc.stream;

/** Receives the numbers of one row-index position list (orc.md section 7), in order. */
@FunctionalInterface
public interface PositionRecorder {
  void addPosition(long position);
}
