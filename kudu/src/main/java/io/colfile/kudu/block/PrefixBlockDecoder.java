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
  /** Values decoded since the last restart point before {@link #next}, 0 at a restart. */
  private long since;
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
    // entries since the last restart point: Kudu's interval is 16, but the header's is a long
    long since = 0;
    for (int i = 0; i < count; i++) {
      boolean restart = since == 0;
      if (++since == interval) {
        since = 0;
      }
      if (restart && i > 0) {
        int at = restart((int) (i / interval));
        if (at != p) {
          throw new MalformedInputException(restartsAt + 4 * (i / interval - 1),
              "PREFIX restart for value " + i + " points at " + at + ", not its entry at " + p);
        }
      }
      long shared;
      long nonShared;
      int delta;
      byte b0;
      byte b1;
      // Both lengths under 128, one byte each: the common case, without the varint reader.
      if (restartsAt - p >= 2 && ((b0 = buf[offset + p]) | (b1 = buf[offset + p + 1])) >= 0) {
        shared = b0;
        nonShared = b1;
        delta = p + 2;
      } else {
        int end = offset + restartsAt;
        long r = Varints.readVarInt(buf, offset + p, end, offset, "PREFIX shared");
        shared = r >>> 32;
        long s = Varints.readVarInt(buf, (int) r, end, offset, "PREFIX non_shared");
        nonShared = s >>> 32;
        delta = (int) s - offset;
      }
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
      since = 0;
      prevLen = 0;
    }
    decode(null, 0, index - pos);
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) {
    throw new IllegalStateException("PREFIX blocks hold byte strings");
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) throws MalformedInputException {
    Bytes.checkRead(pos, n, count);
    decode(dst, row, n);
  }

  /**
   * Decodes the next {@code n} entries, each on top of the previous value: into chunks that
   * rows {@code row...} of {@code dst} then point into, or, with no {@code dst} (a seek passing
   * them by), into the private work buffer. The loop keeps the decoder's state in locals and
   * stores it back at the end.
   */
  private void decode(BytesVector dst, int row, int n) throws MalformedInputException {
    final byte[] b = buf;
    final int end = offset + restartsAt;
    int p = offset + next;
    long sn = since;
    byte[] pb = prevBuf;
    int po = prevOff;
    int pl = prevLen;
    byte[] ch = chunk;
    int cp = chunkPos;
    for (int i = 0; i < n; i++) {
      int shared;
      int nonShared;
      byte b0;
      byte b1;
      // Both lengths under 128, one byte each: the common case, without the varint reader.
      if (end - p >= 2 && ((b0 = b[p]) | (b1 = b[p + 1])) >= 0) {
        shared = b0;
        nonShared = b1;
        p += 2;
      } else {
        long r = Varints.readVarInt(b, p, end, offset, "PREFIX shared");
        long s = Varints.readVarInt(b, (int) r, end, offset, "PREFIX non_shared");
        shared = (int) Math.min(r >>> 32, Integer.MAX_VALUE);
        nonShared = (int) Math.min(s >>> 32, Integer.MAX_VALUE);
        p = (int) s;
      }
      // The constructor checked all this; a failure here means the bytes changed since.
      if (shared > (sn == 0 ? 0 : pl) || nonShared > end - p) {
        throw new MalformedInputException(p - offset, "PREFIX value " + (pos + i)
            + " is damaged");
      }
      int len = shared + nonShared;
      if (dst != null) {
        if (len > ch.length - cp) {
          ch = new byte[Math.max(len, CHUNK)];
          cp = 0;
        }
        copy(pb, po, ch, cp, shared);
        copy(b, p, ch, cp + shared, nonShared);
        dst.setRef(row + i, ch, cp, len);
        pb = ch;
        po = cp;
        cp += len;
      } else {
        if (len > work.length) {
          byte[] grown = new byte[Math.max(len, Math.min(2 * work.length, restartsAt))];
          System.arraycopy(pb, po, grown, 0, shared);
          work = grown;
        } else if (pb != work) {
          System.arraycopy(pb, po, work, 0, shared);
        }
        // Otherwise the previous value is already at the start of work.
        copy(b, p, work, shared, nonShared);
        pb = work;
        po = 0;
      }
      pl = len;
      p += nonShared;
      if (++sn == interval) {
        sn = 0;
      }
    }
    next = p - offset;
    since = sn;
    prevBuf = pb;
    prevOff = po;
    prevLen = pl;
    chunk = ch;
    chunkPos = cp;
    pos += n;
  }

  /**
   * Copies {@code n} bytes, up to 32 (a key's shared prefix or suffix, mostly) as four 8-byte
   * moves when both arrays have room for them: cheaper than {@code arraycopy}'s call for short
   * runs. It may write up to 32 bytes from {@code to[at]}: callers copy into the free end of a
   * buffer, where bytes past the value's are overwritten or unused; all four words are loaded
   * before any is stored, so a source just before the destination in the same array is copied
   * as it was.
   */
  private static void copy(byte[] from, int fp, byte[] to, int at, int n) {
    if (n <= 32 && fp <= from.length - 32 && at <= to.length - 32) {
      long w0 = Endian.getLongLE(from, fp);
      long w1 = Endian.getLongLE(from, fp + 8);
      long w2 = Endian.getLongLE(from, fp + 16);
      long w3 = Endian.getLongLE(from, fp + 24);
      Endian.putLongLE(to, at, w0);
      Endian.putLongLE(to, at + 8, w1);
      Endian.putLongLE(to, at + 16, w2);
      Endian.putLongLE(to, at + 24, w3);
    } else {
      System.arraycopy(from, fp, to, at, n);
    }
  }
}
