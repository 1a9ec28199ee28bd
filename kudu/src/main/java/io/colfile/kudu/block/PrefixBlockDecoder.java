package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;

/**
 * Reads PREFIX_ENCODING blocks; see {@link PrefixBlockEncoder} for the layout.
 *
 * <p>Shared prefixes let a small block describe a great many bytes (a long value followed by
 * thousands of entries "same again"), so the constructor walks every entry once, allocating
 * nothing: the header's counts must fit the bytes, the restart array must be the one the count
 * and interval call for, each restart must point at its entry and hold shared = 0, no prefix may
 * be longer than the previous value, the entries must end where the restarts begin, and the
 * values together may not exceed {@link #maxOutput} bytes: max(64 MiB, 64 x the block's length).
 * Kudu's blocks, whose values at most repeat the bytes since their restart point 16 times, stay
 * far below it. Reads then materialize values into chunks that are never overwritten.
 */
final class PrefixBlockDecoder extends AbstractBlockDecoder {
  private static final int CHUNK = 32 << 10;

  private final byte[] buf;
  private final int offset;
  private final long interval;
  private final int dataStart;
  private final int restartsAt;
  private int next;
  private byte[] prevBuf = new byte[0];
  private int prevOff;
  private int prevLen;
  private byte[] work = new byte[0];
  private byte[] chunk = new byte[0];
  private int chunkPos;

  PrefixBlockDecoder(byte[] buf, int offset, int length) throws MalformedInputException {
    int[] header = new int[4];
    int h = GroupVarint.readGroup(buf, offset, offset + length, header, offset, "PREFIX header")
        - offset;
    if (length - h < 4) {
      throw new MalformedInputException(h, "PREFIX block ends before its restart count");
    }
    this.buf = buf;
    this.offset = offset;
    this.dataStart = h;
    long n = header[0] & 0xFFFFFFFFL;
    this.firstOrdinal = header[1] & 0xFFFFFFFFL;
    this.interval = header[2] & 0xFFFFFFFFL;
    long restarts = Endian.getIntLE(buf, offset + length - 4) & 0xFFFFFFFFL;
    if (restarts > (length - h - 4) / 4) {
      throw new MalformedInputException(length - 4, "PREFIX restart count " + restarts
          + " does not fit the block");
    }
    this.restartsAt = length - 4 - 4 * (int) restarts;
    // Every entry takes at least two bytes (its two lengths).
    if (n > (restartsAt - h) / 2) {
      throw new MalformedInputException(0, "PREFIX block cannot hold " + n + " values in "
          + (restartsAt - h) + " bytes of entries");
    }
    this.count = (int) n;
    if (count > 0 && interval == 0) {
      throw new MalformedInputException(0, "PREFIX restart interval is 0");
    }
    long expected = count == 0 ? 0 : (count - 1) / interval;
    if (restarts != expected) {
      throw new MalformedInputException(length - 4, "PREFIX block of " + count + " values with"
          + " restart interval " + interval + " needs " + expected + " restarts, not " + restarts);
    }
    validate(length);
    this.next = dataStart;
  }

  /** The most bytes the values of a block of {@code length} bytes may add up to. */
  static long maxOutput(int length) {
    return Math.max(64L << 20, 64L * length);
  }

  private void validate(int length) throws MalformedInputException {
    int p = dataStart;
    long prev = 0;
    long total = 0;
    for (int i = 0; i < count; i++) {
      boolean restart = i % interval == 0;
      if (restart && i > 0) {
        int at = restart((int) (i / interval));
        if (at != p) {
          throw new MalformedInputException(restartsAt + 4 * (i / interval - 1),
              "PREFIX restart for value " + i + " points at " + at + ", not its entry at " + p);
        }
      }
      int end = offset + restartsAt;
      long r = Varints.readVarInt(buf, offset + p, end, offset, "PREFIX shared");
      long shared = r >>> 32;
      long s = Varints.readVarInt(buf, (int) r, end, offset, "PREFIX non_shared");
      long nonShared = s >>> 32;
      int delta = (int) s - offset;
      if (shared > (restart ? 0 : prev)) {
        throw new MalformedInputException(p, "PREFIX value " + i + " shares " + shared
            + " bytes with a previous value of " + (restart ? 0 : prev));
      }
      if (nonShared > restartsAt - delta) {
        throw new MalformedInputException(p, "PREFIX value " + i + " has " + nonShared
            + " bytes of suffix, past the entries' end");
      }
      prev = shared + nonShared;
      total += prev;
      p = delta + (int) nonShared;
    }
    if (p != restartsAt) {
      throw new MalformedInputException(p, "PREFIX block has " + (restartsAt - p)
          + " bytes between its last entry and its restarts");
    }
    if (total > maxOutput(length)) {
      throw new MalformedInputException(0, "PREFIX values add up to " + total
          + " bytes, more than the " + maxOutput(length) + " a block of " + length + " may");
    }
  }

  /** Where entry {@code k·interval} starts, from the block's start; k = 0 is the first entry. */
  private int restart(int k) {
    return k == 0 ? dataStart : Endian.getIntLE(buf, offset + restartsAt + 4 * (k - 1));
  }

  @Override
  public void seek(int index) throws MalformedInputException {
    Bytes.checkIndex(index, count);
    if (index == count) {
      pos = count;
      return;
    }
    long k = index / interval;
    if (index < pos || pos == count || k > pos / interval) {
      next = restart((int) k);
      pos = (int) (k * interval);
      prevLen = 0;
    }
    while (pos < index) {
      decodeNext(false);
    }
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) {
    throw new IllegalStateException("PREFIX blocks hold byte strings");
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) throws MalformedInputException {
    Bytes.checkRead(pos, n, count);
    for (int i = 0; i < n; i++) {
      decodeNext(true);
      dst.setRef(row + i, prevBuf, prevOff, prevLen);
    }
  }

  /**
   * Decodes the entry at {@code next} on top of the previous value, into a chunk that reads
   * hand out when {@code keep}, else into the private work buffer.
   */
  private void decodeNext(boolean keep) throws MalformedInputException {
    int end = offset + restartsAt;
    long r = Varints.readVarInt(buf, offset + next, end, offset, "PREFIX shared");
    long s = Varints.readVarInt(buf, (int) r, end, offset, "PREFIX non_shared");
    int delta = (int) s;
    boolean restart = pos % interval == 0;
    // The constructor checked all this; a failure here means the bytes changed since.
    if (r >>> 32 > (restart ? 0 : prevLen) || s >>> 32 > offset + restartsAt - delta) {
      throw new MalformedInputException(next, "PREFIX value " + pos + " is damaged");
    }
    int shared = (int) (r >>> 32);
    int nonShared = (int) (s >>> 32);
    int len = shared + nonShared;
    byte[] to;
    int at;
    if (keep) {
      if (len > chunk.length - chunkPos) {
        chunk = new byte[Math.max(len, CHUNK)];
        chunkPos = 0;
      }
      to = chunk;
      at = chunkPos;
      chunkPos += len;
      System.arraycopy(prevBuf, prevOff, to, at, shared);
    } else {
      if (len > work.length) {
        byte[] grown = new byte[Math.max(len, Math.min(2 * work.length, restartsAt))];
        System.arraycopy(prevBuf, prevOff, grown, 0, shared);
        work = grown;
      } else if (prevBuf != work) {
        System.arraycopy(prevBuf, prevOff, work, 0, shared);
      }
      // Otherwise the previous value is already at the start of work.
      to = work;
      at = 0;
    }
    System.arraycopy(buf, delta, to, at + shared, nonShared);
    prevBuf = to;
    prevOff = at;
    prevLen = len;
    next = delta + nonShared - offset;
    pos++;
  }
}
