package io.colfile.orc.index;

import java.util.function.LongConsumer;

/**
 * A typed position in one stream: where a decoder resumes so that its next value is the first
 * of a row group (orc.md section 7). One kind per stream encoding; the writer records them and
 * serializes them into the row index, readers decode them from it and seek to them. Each kind
 * knows its numbers, so nobody counts positions by hand.
 */
public sealed interface Checkpoint
    permits RawCheckpoint, ByteRleCheckpoint, BooleanCheckpoint, IntegerCheckpoint {
  /** Where in the stream. */
  StreamOffset offset();

  /** Adds the numbers as the row index stores them. */
  void appendTo(LongConsumer out, boolean compressed);
}
