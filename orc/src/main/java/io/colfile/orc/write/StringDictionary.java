package io.colfile.orc.write;

import io.colfile.core.encoding.Endian;
import java.util.Arrays;

/**
 * The distinct values of a string column in the stripe being written: ids in order of first
 * appearance, an open-addressing hash table (linear probing, each entry's hash and key words
 * kept beside its bytes), and the order the dictionary is written in (unsigned-byte
 * lexicographic, as ORC Java writes it).
 */
final class StringDictionary {
  // Small at first, doubled as values come: a file of 10,000 string columns has 10,000
  // dictionaries, many of them of a few values.
  private byte[] bytes = new byte[256];
  private int used;
  private int[] starts = new int[16];
  private int[] lengths = new int[16];
  private int[] hashes = new int[16];
  /** Per entry, the key words of {@link #add}: the first and the last bytes of the value. */
  private long[] heads = new long[16];
  private long[] tails = new long[16];
  private int size;
  private int[] slots = new int[32];
  private int mask = slots.length - 1;

  int size() {
    return size;
  }

  /** Bytes of all distinct values. */
  long byteSize() {
    return used;
  }

  /**
   * Memory counted against the stripe size: the distinct values' bytes plus 16 bytes per entry,
   * about what ORC Java's dictionary reports, so both writers cut stripes alike. (Spare array
   * capacity is not counted, as ORC Java does not count it.)
   */
  long memory() {
    return used + 16L * size;
  }

  /**
   * The size ORC Java's default (red-black tree) dictionary reports for these values, which its
   * {@code orc.dictionary.max.size.bytes} is compared with: the values' bytes in 32 KiB chunks,
   * allocated up to the chunk holding the byte after the last value, plus per 4096 values a
   * chunk of 4096 offsets and one of 4096 tree nodes (two ints each); nothing when empty.
   */
  long orcJavaSize() {
    if (size == 0) {
      return 0;
    }
    long byteChunks = used / (32 * 1024) + 1;
    long intChunks = (size + 4095L) / 4096;
    return byteChunks * 32 * 1024 + intChunks * (4096L * 4 + 8192L * 4);
  }

  /** The id of the value, adding it when new. */
  int add(byte[] b, int off, int len) {
    // A value's key is two words that hold all of its bytes up to 16 bytes (the first and the
    // last 8, 4 or 1-3 bytes, overlapping), so most lookups compare two words and a length, with
    // no loop; longer values compare their middle bytes too.
    long head;
    long tail;
    int h;
    if (len >= Long.BYTES) {
      head = Endian.getLongLE(b, off);
      tail = Endian.getLongLE(b, off + len - Long.BYTES);
      h = len <= 2 * Long.BYTES ? hash(head, tail, len) : hash(b, off, len);
    } else if (len >= Integer.BYTES) {
      head = Endian.getIntLE(b, off) & 0xFFFF_FFFFL;
      tail = Endian.getIntLE(b, off + len - Integer.BYTES) & 0xFFFF_FFFFL;
      h = hash(head, tail, len);
    } else if (len > 0) {
      head = (b[off] & 0xFF) | (b[off + (len >> 1)] & 0xFF) << 8 | (b[off + len - 1] & 0xFF) << 16;
      tail = 0;
      h = hash(head, tail, len);
    } else {
      head = 0;
      tail = 0;
      h = hash(head, tail, len);
    }
    int slot = h & mask;
    while (true) {
      int s = slots[slot];
      if (s == 0) {
        break;
      }
      int id = s - 1;
      if (((heads[id] ^ head) | (tails[id] ^ tail) | (lengths[id] ^ len)) == 0
          && (len <= 2 * Long.BYTES
              || equal(bytes, starts[id] + Long.BYTES, b, off + Long.BYTES, len - 2 * Long.BYTES))) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
    return insert(b, off, len, h, head, tail, slot);
  }

  /** Adds a new value at an empty slot; returns its id. */
  private int insert(byte[] b, int off, int len, int h, long head, long tail, int slot) {
    int id = size;
    if (id == starts.length) {
      int n = id * 2;
      starts = Arrays.copyOf(starts, n);
      lengths = Arrays.copyOf(lengths, n);
      hashes = Arrays.copyOf(hashes, n);
      heads = Arrays.copyOf(heads, n);
      tails = Arrays.copyOf(tails, n);
    }
    if (bytes.length - used < len) {
      long want = Math.max((long) bytes.length * 2, (long) used + len);
      if (want > Integer.MAX_VALUE - 16) {
        want = (long) used + len;
        if (want > Integer.MAX_VALUE - 16) {
          throw new IllegalStateException("string dictionary exceeds 2 GiB");
        }
      }
      bytes = Arrays.copyOf(bytes, (int) want);
    }
    System.arraycopy(b, off, bytes, used, len);
    starts[id] = used;
    lengths[id] = len;
    hashes[id] = h;
    heads[id] = head;
    tails[id] = tail;
    used += len;
    size++;
    slots[slot] = id + 1;
    if (size * 2 > slots.length) {
      rehash();
    }
    return id;
  }

  private void rehash() {
    slots = new int[slots.length * 2];
    mask = slots.length - 1;
    for (int id = 0; id < size; id++) {
      int slot = hashes[id] & mask;
      while (slots[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      slots[slot] = id + 1;
    }
  }

  /**
   * The hash of a value of up to 16 bytes from its key. Hashes only place entries in the table
   * (ids are in order of first appearance), so they have no effect on the bytes written.
   */
  private static int hash(long head, long tail, int len) {
    long h = (head * 0x9E3779B97F4A7C15L + tail) ^ len;
    h *= 0xBF58476D1CE4E5B9L;
    h ^= h >>> 31;
    h *= 0x94D049BB133111EBL;
    return (int) (h >>> 32);
  }

  /** The hash of a longer value: eight bytes a step. */
  private static int hash(byte[] b, int off, int len) {
    long h = len;
    int i = off;
    int end = off + len;
    for (; i + Long.BYTES <= end; i += Long.BYTES) {
      h = (h ^ Endian.getLongLE(b, i)) * 0x9E3779B97F4A7C15L;
      h ^= h >>> 29;
    }
    for (; i < end; i++) {
      h = h * 31 + b[i];
    }
    h *= 0xBF58476D1CE4E5B9L;
    h ^= h >>> 32;
    return (int) h;
  }

  /** Whether {@code a[ao, ao + len)} equals {@code b[bo, bo + len)}: short values, no call. */
  private static boolean equal(byte[] a, int ao, byte[] b, int bo, int len) {
    int i = 0;
    for (; i + Long.BYTES <= len; i += Long.BYTES) {
      if (Endian.getLongLE(a, ao + i) != Endian.getLongLE(b, bo + i)) {
        return false;
      }
    }
    for (; i < len; i++) {
      if (a[ao + i] != b[bo + i]) {
        return false;
      }
    }
    return true;
  }

  byte[] bytes() {
    return bytes;
  }

  int start(int id) {
    return starts[id];
  }

  int length(int id) {
    return lengths[id];
  }

  /** Ids in unsigned lexicographic order of their bytes. */
  int[] sortedIds() {
    int[] ids = new int[size];
    for (int i = 0; i < size; i++) {
      ids[i] = i;
    }
    int[] tmp = new int[size];
    mergeSort(ids, tmp, 0, size);
    return ids;
  }

  private void mergeSort(int[] a, int[] tmp, int from, int to) {
    if (to - from <= 16) {
      for (int i = from + 1; i < to; i++) {
        int x = a[i];
        int j = i - 1;
        while (j >= from && compare(a[j], x) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = x;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, tmp, from, mid);
    mergeSort(a, tmp, mid, to);
    if (compare(a[mid - 1], a[mid]) <= 0) {
      return;
    }
    System.arraycopy(a, from, tmp, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && compare(tmp[i], tmp[j]) <= 0)) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }

  private int compare(int x, int y) {
    return Arrays.compareUnsigned(bytes, starts[x], starts[x] + lengths[x],
        bytes, starts[y], starts[y] + lengths[y]);
  }

  void clear() {
    used = 0;
    size = 0;
    Arrays.fill(slots, 0);
  }
}
