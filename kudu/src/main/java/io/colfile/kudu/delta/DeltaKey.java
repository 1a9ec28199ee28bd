package io.colfile.kudu.delta;

import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * The key of one DeltaFile cell (cfile.md section 11.1): which row of the DiskRowSet (0-based
 * ordinal, a uint32 in Kudu) and when (a HybridTime).
 *
 * <pre>
 * DeltaKey ::= memcmp-varint64(row_ordinal) | memcmp-varint64(timestamp)
 * timestamp = physical_micros &lt;&lt; 12 | logical      (real ones are at least 2^56: 9 bytes)
 * </pre>
 *
 * Encoded keys sort (unsigned memcmp) in REDO order; see {@link DeltaType} for both orders.
 *
 * @param rowOrdinal 0 to 2^32 - 1
 * @param timestamp a HybridTime, unsigned
 */
public record DeltaKey(long rowOrdinal, long timestamp) {
  /** Kudu's rowid_t is a uint32. */
  public static final long MAX_ROW_ORDINAL = 0xFFFF_FFFFL;

  public DeltaKey {
    if (rowOrdinal < 0 || rowOrdinal > MAX_ROW_ORDINAL) {
      throw new IllegalArgumentException("row ordinal " + rowOrdinal);
    }
  }

  /** The HybridTime of {@code physicalMicros} (at most 2^52 - 1) and {@code logical} (12 bits). */
  public static long hybridTime(long physicalMicros, int logical) {
    if (physicalMicros < 0 || physicalMicros >= 1L << 52 || logical < 0 || logical > 0xFFF) {
      throw new IllegalArgumentException("hybrid time " + physicalMicros + "/" + logical);
    }
    return physicalMicros << 12 | logical;
  }

  /** Microseconds since the epoch: the timestamp's top 52 bits. */
  public long physicalMicros() {
    return timestamp >>> 12;
  }

  /** The logical counter: the timestamp's low 12 bits. */
  public int logical() {
    return (int) (timestamp & 0xFFF);
  }

  public int encodedLength() {
    return MemcmpVarint.length(rowOrdinal) + MemcmpVarint.length(timestamp);
  }

  /** Writes the key at {@code dst[off]}, returning the position after it. */
  public int encodeTo(byte[] dst, int off) {
    Objects.checkFromIndexSize(off, encodedLength(), dst.length);
    return MemcmpVarint.write(dst, MemcmpVarint.write(dst, off, rowOrdinal), timestamp);
  }

  public byte[] encode() {
    byte[] out = new byte[encodedLength()];
    encodeTo(out, 0);
    return out;
  }

  /**
   * The number of bytes of the DeltaKey at {@code src[off]} (which must end by {@code limit}).
   */
  public static int lengthAt(byte[] src, int off, int limit) throws MalformedInputException {
    Objects.checkFromToIndex(off, limit, src.length);
    if (off >= limit) {
      throw new MalformedInputException(off, "DeltaKey expected, no bytes left");
    }
    int rowLen = MemcmpVarint.lengthOf(src[off]);
    if (rowLen >= limit - off) {
      throw new MalformedInputException(off, "DeltaKey truncated: " + (limit - off)
          + " bytes cannot hold a " + rowLen + "-byte row ordinal and a timestamp");
    }
    int tsLen = MemcmpVarint.lengthOf(src[off + rowLen]);
    if (tsLen > limit - off - rowLen) {
      throw new MalformedInputException(off + rowLen, "DeltaKey timestamp of " + tsLen
          + " bytes, only " + (limit - off - rowLen) + " left");
    }
    return rowLen + tsLen;
  }

  /** The DeltaKey at {@code src[off]}, which must end by {@code limit}. */
  public static DeltaKey decode(byte[] src, int off, int limit) throws MalformedInputException {
    int len = lengthAt(src, off, limit);
    long row = MemcmpVarint.read(src, off, limit);
    if (row < 0 || row > MAX_ROW_ORDINAL) {
      throw new MalformedInputException(off, "row ordinal " + Long.toUnsignedString(row)
          + " exceeds Kudu's 32 bits");
    }
    long ts = MemcmpVarint.read(src, off + MemcmpVarint.lengthOf(src[off]), off + len);
    return new DeltaKey(row, ts);
  }

  @Override
  public String toString() {
    return "(row " + rowOrdinal + " @ " + Long.toUnsignedString(timestamp) + ")";
  }
}
