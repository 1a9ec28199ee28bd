package io.colfile.orc;

import io.colfile.orc.column.StripeStreams;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the parts of one stripe, decoded on several threads, make once and share ({@link
 * StripeStreams#shared}): a string column's dictionary, which each part would otherwise decode
 * whole (a stripe of 1.2 million rows has about 18 parts: a dictionary of 111,000 entries, 4.7 MB,
 * took a quarter of a two-thread read's CPU, copied and decoded by every part).
 */
final class StripeShares {
  private final ConcurrentHashMap<Integer, Slot> slots = new ConcurrentHashMap<>();
  /** Values made, counted for tests (a reader's, for all its stripes). */
  private final LongAdder made;

  StripeShares(LongAdder made) {
    this.made = made;
  }

  /** One column's value, made under the slot's lock by the first part to ask. */
  private static final class Slot {
    Object value;
  }

  @SuppressWarnings("unchecked")
  <T> T get(int column, StripeStreams.Loader<T> load) throws IOException {
    Slot slot = slots.computeIfAbsent(column, k -> new Slot());
    synchronized (slot) {
      if (slot.value == null) {
        slot.value = load.load(); // a failure keeps nothing: the next part fails alike
        made.increment();
      }
      return (T) slot.value;
    }
  }

  /** Forgets every value (the stripe's bytes, which a value may point into, are given up). */
  void clear() {
    slots.clear();
  }
}
