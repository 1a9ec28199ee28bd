package io.colfile.orc.index;

import io.colfile.orc.stripe.StreamKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Where one row group starts in one column's streams: a checkpoint per stream, PRESENT first
 * (when the stripe has a PRESENT stream for the column), then the others in the order of
 * orc.md section 7. {@link #STRIPE_START} stands for the start of every stream.
 */
public final class ColumnPositions {
  /** The start of a stripe: every stream at its first byte, nothing to skip. */
  public static final ColumnPositions STRIPE_START =
      new ColumnPositions(BooleanCheckpoint.START, Map.of(), true);

  private final BooleanCheckpoint present;
  private final Map<StreamKind, Checkpoint> streams;
  private final boolean start;

  private ColumnPositions(BooleanCheckpoint present, Map<StreamKind, Checkpoint> streams,
      boolean start) {
    this.present = present;
    this.streams = streams;
    this.start = start;
  }

  /**
   * @param present null when the stripe has no PRESENT stream for the column
   * @param streams the other streams' checkpoints, in row-index order
   */
  public static ColumnPositions of(BooleanCheckpoint present,
      Map<StreamKind, Checkpoint> streams) {
    return new ColumnPositions(present,
        Collections.unmodifiableMap(new LinkedHashMap<>(streams)), false);
  }

  /** PRESENT's checkpoint, or null when the stripe has no PRESENT stream for the column. */
  public BooleanCheckpoint present() {
    return present;
  }

  /** The other streams' checkpoints in row-index order (empty for {@link #STRIPE_START}). */
  public Map<StreamKind, Checkpoint> streams() {
    return streams;
  }

  public RawCheckpoint raw(StreamKind kind) {
    return (RawCheckpoint) get(kind, CheckpointKind.RAW);
  }

  public ByteRleCheckpoint byteRle(StreamKind kind) {
    return (ByteRleCheckpoint) get(kind, CheckpointKind.BYTE_RLE);
  }

  public BooleanCheckpoint bool(StreamKind kind) {
    return (BooleanCheckpoint) get(kind, CheckpointKind.BOOLEAN);
  }

  public IntegerCheckpoint integer(StreamKind kind) {
    return (IntegerCheckpoint) get(kind, CheckpointKind.INTEGER);
  }

  private Checkpoint get(StreamKind stream, CheckpointKind kind) {
    if (start) {
      return kind.start;
    }
    Checkpoint c = streams.get(stream);
    if (!kind.type.isInstance(c)) {
      // the layout that decoded the positions and the reader disagree: a bug, not bad bytes
      throw new IllegalStateException("no " + kind + " position for " + stream + " in " + this);
    }
    return c;
  }

  /** The numbers as the row index stores them (PRESENT's first). */
  public long[] toArray(boolean compressed) {
    LongStream.Builder out = LongStream.builder();
    if (present != null && !start) {
      present.appendTo(out, compressed);
    }
    for (Checkpoint c : streams.values()) {
      c.appendTo(out, compressed);
    }
    return out.build().toArray();
  }

  @Override
  public String toString() {
    return start ? "stripe start" : "present " + present + ", " + streams;
  }
}
