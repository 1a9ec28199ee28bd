package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;

/** The kinds of {@link Checkpoint}, one per stream encoding, as a row-index layout names them. */
enum CheckpointKind {
  RAW(RawCheckpoint.class, RawCheckpoint.START),
  BYTE_RLE(ByteRleCheckpoint.class, ByteRleCheckpoint.START),
  BOOLEAN(BooleanCheckpoint.class, BooleanCheckpoint.START),
  INTEGER(IntegerCheckpoint.class, IntegerCheckpoint.START);

  final Class<? extends Checkpoint> type;
  /** The start of a stream: offset 0, nothing to skip. */
  final Checkpoint start;

  CheckpointKind(Class<? extends Checkpoint> type, Checkpoint start) {
    this.type = type;
    this.start = start;
  }

  Checkpoint read(PositionReader in, boolean compressed) throws CorruptFileException {
    return switch (this) {
      case RAW -> RawCheckpoint.read(in, compressed);
      case BYTE_RLE -> ByteRleCheckpoint.read(in, compressed);
      case BOOLEAN -> BooleanCheckpoint.read(in, compressed);
      case INTEGER -> IntegerCheckpoint.read(in, compressed);
    };
  }
}
