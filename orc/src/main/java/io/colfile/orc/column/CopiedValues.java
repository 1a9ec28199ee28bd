package io.colfile.orc.column;

import io.colfile.core.vector.BytesVector;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The arrays that string values of compressed streams are copied into (out of a decompression
 * buffer that the next chunk overwrites), kept by the vector and first row they were filled
 * for: refilling the same rows of the same vector means the values that pointed into its array
 * are gone (a batch's values last until the next batch), so the array is filled again instead
 * of a new one each batch. <b>Internal</b>.
 *
 * <p>One per file reader that decodes the parts of its stripes on several threads, shared by the
 * column readers of all its parts: the batches go round between the caller and the parts, so a
 * column reader meets vectors other readers filled before (arrays kept per column reader were
 * found again for few batches: a two-thread lineitem ZSTD scan allocated a new array for nearly
 * every batch of every string column). A vector is filled by one thread at a time, and handed on
 * to the next through the reader's queues.
 */
public final class CopiedValues {
  /** More vectors than a reader has in flight: when passed, the arrays are forgotten. */
  private static final int MAX_VECTORS = 1 << 14;
  /** Fills per vector kept: a batch is filled from more than one row when it spans stripes. */
  private static final int PER_VECTOR = 4;
  private static final byte[] EMPTY = new byte[0];

  private final ConcurrentHashMap<BytesVector, Slots> byVector = new ConcurrentHashMap<>();

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
          return s.arrays[i];
        }
      }
    }
    return EMPTY;
  }

  /** {@code array} holds {@code v}'s values from {@code row} on now. */
  void put(BytesVector v, int row, byte[] array) {
    if (byVector.size() >= MAX_VECTORS) {
      byVector.clear(); // vectors the caller dropped: their arrays are not held for ever
    }
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
