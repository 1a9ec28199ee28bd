package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import java.util.Arrays;

/**
 * The DICT writer's map from string to codeword (cfile.md section 6.6): open addressing over the
 * strings as the dictionary block being built holds them, so looking a value up allocates
 * nothing. Slots hold codeword + 1 (0 = empty), with each string's hash beside it so most
 * mismatches are rejected without comparing bytes.
 */
final class CodewordTable {
  private final BinaryPlainBlockEncoder strings;
  private int[] slots = new int[64];
  private int[] hashes = new int[64];
  private int size;

  /** A table over the strings {@code strings} holds; codeword i is its value i. */
  CodewordTable(BinaryPlainBlockEncoder strings) {
    this.strings = strings;
  }

  static int hash(byte[] b, int off, int len) {
    int h = 0x9747B28C ^ len;
    int i = 0;
    for (; i + 4 <= len; i += 4) {
      h = (h ^ Endian.getIntLE(b, off + i)) * 0x5BD1E995;
      h ^= h >>> 15;
    }
    for (; i < len; i++) {
      h = (h ^ b[off + i]) * 0x01000193;
    }
    h ^= h >>> 13;
    h *= 0x85EBCA6B;
    return h ^ h >>> 16;
  }

  /** The codeword of {@code b[off, off + len)}, whose {@link #hash} is {@code h}, or -1. */
  int find(byte[] b, int off, int len, int h) {
    int m = slots.length - 1;
    for (int i = h & m; ; i = (i + 1) & m) {
      int s = slots[i];
      if (s == 0) {
        return -1;
      }
      if (hashes[i] == h) {
        int cw = s - 1;
        int start = strings.valueStart(cw);
        if (strings.valueLength(cw) == len
            && Arrays.equals(strings.buffer(), start, start + len, b, off, off + len)) {
          return cw;
        }
      }
    }
  }

  /** Records that {@code codeword}'s string hashes to {@code h}; it must not be present. */
  void insert(int codeword, int h) {
    if (2 * (size + 1) > slots.length) {
      grow();
    }
    place(codeword + 1, h);
    size++;
  }

  private void place(int slot, int h) {
    int m = slots.length - 1;
    int i = h & m;
    while (slots[i] != 0) {
      i = (i + 1) & m;
    }
    slots[i] = slot;
    hashes[i] = h;
  }

  private void grow() {
    int[] oldSlots = slots;
    int[] oldHashes = hashes;
    slots = new int[oldSlots.length * 2];
    hashes = new int[oldSlots.length * 2];
    for (int i = 0; i < oldSlots.length; i++) {
      if (oldSlots[i] != 0) {
        place(oldSlots[i], oldHashes[i]);
      }
    }
  }
}
