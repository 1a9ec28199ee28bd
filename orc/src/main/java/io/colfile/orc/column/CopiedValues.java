package io.colfile.orc.column;

import io.colfile.core.vector.BytesVector;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The arrays that string values of compressed streams are copied into (out of a decompression
 * buffer that the next chunk overwrites), kept by the vector and first row they were filled
 * for: refilling the same rows of the same vector means the values that pointed into its array
 * are gone (a batch's values last until the next batch), so the array is filled again instead
 * of a new one each batch. <b>Internal</b>.
 *
 * <p>A column reader's own, or one per file reader that decodes the parts of its stripes on
 * several threads, shared by the column readers of all its parts: the batches go round between the caller and the parts, so a
 * column reader meets vectors other readers filled before (arrays kept per column reader were
 * found again for few batches: a two-thread lineitem ZSTD scan allocated a new array for nearly
 * every batch of every string column). A vector is filled by one thread at a time, and handed on
 * to the next through the reader's queues. Vectors are held weakly: those the caller drops (a
 * new batch for every call) take their arrays with them.
 */
public final class CopiedValues {
  /** Fills per vector kept: a batch is filled from more than one row when it spans stripes. */
  private static final int PER_VECTOR = 4;
  private static final byte[] EMPTY = new byte[0];

  /** By vector, compared by identity (vectors do not override equals). */
  private final Map<BytesVector, Slots> byVector =
      Collections.synchronizedMap(new WeakHashMap<>());
  /** Arrays handed back to be filled again, counted for tests. */
  private final LongAdder reused = new LongAdder();

  private static final class Slots {
    final int[] rows = new int[PER_VECTOR];
    final byte[][] arrays = new byte[PER_VECTOR][];
    int next;
  }

  /**
   * The array last filled for {@code v}'s rows from {@code row} on, to be filled again (its
   * contents are garbage to the caller), or an empty one.
   */
  byte[] take(BytesVector v, int row) {
    Slots s = byVector.get(v);
    if (s != null) {
      for (int i = 0; i < PER_VECTOR; i++) {
        if (s.rows[i] == row && s.arrays[i] != null) {
          reused.increment();
          return s.arrays[i];
        }
      }
    }
    return EMPTY;
  }

  /** How many times {@link #take} handed an array back (for tests). */
  public long reused() {
    return reused.sum();
  }

  /** {@code array} holds {@code v}'s values from {@code row} on now. */
  void put(BytesVector v, int row, byte[] array) {
    Slots s = byVector.computeIfAbsent(v, k -> new Slots());
    for (int i = 0; i < PER_VECTOR; i++) {
      if (s.rows[i] == row && s.arrays[i] != null) {
        s.arrays[i] = array;
        return;
      }
    }
    int i = s.next;
    s.next = (i + 1) % PER_VECTOR;
    s.rows[i] = row;
    s.arrays[i] = array;
  }
}
