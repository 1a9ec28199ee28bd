package io.colfile.kudu.delta;

import java.util.ArrayList;
import java.util.List;

/**
 * The iteration order of a libstdc++ {@code std::unordered_map<int, V>} into which keys were
 * inserted in a given order, for writing DeltaStatsPB's column_stats in the order Kudu does
 * (Kudu serializes them straight from such a map, {@code tablet/delta_stats.cc}).
 *
 * <p>What is emulated (libstdc++, max load factor 1, {@code std::hash<int>} the identity):
 * <ul>
 *   <li>nodes form one singly linked list; a key whose bucket ({@code key mod buckets}) is
 *       empty goes to the front of the list, otherwise just before the first node of its
 *       bucket;
 *   <li>the first insertion sizes the table to 13 buckets; inserting the element that would
 *       exceed the bucket count rehashes to the next size of {@link #BUCKETS}, walking the old
 *       list in order and placing each node by the rule above.
 * </ul>
 * So up to 13 columns with ids below 13 come out in reverse first-update order, which is what
 * the deltafilestats of the Kudu 1.17.1 corpus show. The growth sizes were read from a
 * libstdc++ (GCC 12) {@code bucket_count()}; beyond the last one the table stops growing here,
 * which changes nothing but the order for more than 10^8 distinct columns.
 */
final class StdUnorderedMapOrder {
  /** Bucket counts the table goes through as it grows (libstdc++'s prime rehash policy). */
  static final long[] BUCKETS = {13, 29, 59, 127, 257, 541, 1109, 2357, 5087, 10273, 20753,
      42043, 85229, 172933, 351061, 712697, 1447153, 2938679, 5967347, 12117689, 24607243,
      49969847, 101473717};

  private List<Integer> order = new ArrayList<>();
  private int size;
  /** Index into BUCKETS; -1 before the first insertion (one bucket, libstdc++'s start). */
  private int level = -1;

  /** Inserts a key that is not in the map yet. */
  void insertNew(int key) {
    if (level < 0) {
      level = 0;
    } else if (size + 1 > BUCKETS[level] && level + 1 < BUCKETS.length) {
      level++;
      List<Integer> old = order;
      order = new ArrayList<>(old.size() + 1);
      for (int k : old) {
        place(k);
      }
    }
    place(key);
    size++;
  }

  private void place(int key) {
    long buckets = BUCKETS[level];
    long bucket = bucket(key, buckets);
    for (int i = 0; i < order.size(); i++) {
      if (bucket(order.get(i), buckets) == bucket) {
        order.add(i, key);
        return;
      }
    }
    order.add(0, key);
  }

  /** size_t(key) mod buckets: a negative int becomes a huge size_t first. */
  private static long bucket(int key, long buckets) {
    return Long.remainderUnsigned(key, buckets);
  }

  /** The keys in iteration order. */
  List<Integer> keys() {
    return List.copyOf(order);
  }
}
