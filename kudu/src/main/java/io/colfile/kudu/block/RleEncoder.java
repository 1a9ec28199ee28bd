package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import java.util.Arrays;

/**
 * Kudu's hybrid run-length / bit-packing stream (cfile.md section 6.3.2), as RLE blocks and the
 * null bitmaps of nullable blocks (section 5) store it.
 *
 * <pre>
 * stream   ::= run*
 * run      ::= repeated | literal
 * repeated ::= indicator:varint32 = count &lt;&lt; 1        | value: ceil(bw / 8) bytes, LE
 * literal  ::= indicator:u8 = (groups &lt;&lt; 1) | 1       | groups x 8 values, bw bits each,
 *                                                       LSB first (groups &lt;= 63)
 * </pre>
 *
 * The stream's last literal run may hold fewer than {@code groups x 8} values: only the values
 * present are written, padded with zero bits to a byte. The stream records no count.
 *
 * <p>Output is byte-identical to Kudu's {@code RleEncoder} because this is the same state
 * machine (section 6.3.3): eight values are buffered; a group of eight equal values that starts
 * on a group boundary turns into a repeated run, any other group joins the open literal run, and
 * repeat counting restarts after every literal group. So {@code 5,5,5} followed by ten 9s is one
 * literal run, while {@code 1,1,1} alone is a repeated run.
 *
 * <p>Values are the low {@code bitWidth} bits of what {@link #put} is given, so signed values go
 * in as they are. Not thread-safe; reusable after {@link #finish} or {@link #reset}.
 */
public final class RleEncoder {
  /** Kudu reserves one byte for a literal run's indicator, so a run holds at most 63 groups. */
  private static final int MAX_LITERAL_GROUPS = 63;
  /**
   * Kudu writes the indicator of a repeated run as an int32 varint of {@code count << 1}; longer
   * runs (never reached by a block, whose size bounds its count) are split.
   */
  static final long MAX_REPEAT = (1L << 30) - 1;

  private final int bitWidth;
  private final long mask;
  private final int valueBytes;
  private final long[] buffered = new long[8];
  private byte[] out = new byte[64];
  private int pos;
  private int numBuffered;
  private long current;
  private long repeats;
  /** Values already written into the open literal run (a multiple of 8 until finish). */
  private int literals;
  /** Where the open literal run's indicator byte goes, or -1 if no run is open. */
  private int indicatorAt = -1;

  /**
   * @param bitWidth bits per value, 1 to 64: 1 for BOOL and null bitmaps, 8 times the cell
   *     width for integer blocks
   */
  public RleEncoder(int bitWidth) {
    if (bitWidth < 1 || bitWidth > 64) {
      throw new IllegalArgumentException("bit width " + bitWidth + " is not 1 to 64");
    }
    this.bitWidth = bitWidth;
    this.mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    this.valueBytes = (bitWidth + 7) / 8;
  }

  public int bitWidth() {
    return bitWidth;
  }

  /** Appends the low {@link #bitWidth()} bits of {@code value}. */
  public void put(long value) {
    value &= mask;
    if (value == current) {
      repeats++;
      if (repeats > 8) {
        // Part of a repeated run already decided on; nothing to buffer.
        if (repeats == MAX_REPEAT) {
          writeRepeated();
        }
        return;
      }
    } else {
      if (repeats >= 8) {
        writeRepeated();
      }
      repeats = 1;
      current = value;
    }
    buffered[numBuffered++] = value;
    if (numBuffered == 8) {
      flushBuffered();
    }
  }

  /** Appends {@code value} {@code times} times; the same bytes as that many {@link #put}s. */
  public void put(long value, long times) {
    value &= mask;
    while (times > 0) {
      if (value == current && repeats >= 8 && repeats < MAX_REPEAT) {
        // Inside a repeated run every further put only counts, so count them at once.
        long k = Math.min(times, MAX_REPEAT - 1 - repeats);
        if (k > 0) {
          repeats += k;
          times -= k;
          continue;
        }
      }
      put(value);
      times--;
    }
  }

  /**
   * Bytes written so far, not counting the (at most 8) values still buffered: what Kudu's
   * fullness checks measure (section 6.3.1).
   */
  public int length() {
    return pos;
  }

  /** Flushes what is pending and returns the stream; the encoder is then empty. */
  public byte[] finish() {
    flushPending();
    byte[] stream = Arrays.copyOf(out, pos);
    reset();
    return stream;
  }

  /** Forgets everything put since the last finish. */
  public void reset() {
    pos = 0;
    numBuffered = 0;
    current = 0;
    repeats = 0;
    literals = 0;
    indicatorAt = -1;
  }

  private void flushPending() {
    if (literals > 0 || repeats > 0 || numBuffered > 0) {
      boolean allRepeat = literals == 0 && (repeats == numBuffered || numBuffered == 0);
      if (repeats > 0 && allRepeat) {
        writeRepeated();
      } else {
        literals += numBuffered;
        writeLiterals(true);
        repeats = 0;
      }
    }
  }

  /** Eight values are buffered: they end a repeated run's start or join the literal run. */
  private void flushBuffered() {
    if (repeats >= 8) {
      // All eight equal the current value and begin a repeated run; the literal run before them
      // (its values already written) only needs its indicator.
      numBuffered = 0;
      if (literals != 0) {
        writeLiterals(true);
      }
      return;
    }
    literals += numBuffered;
    int groups = (literals + 7) >>> 3;
    writeLiterals(groups + 1 > MAX_LITERAL_GROUPS);
    repeats = 0;
  }

  private void writeLiterals(boolean close) {
    if (indicatorAt < 0) {
      ensure(1);
      indicatorAt = pos++;
    }
    int bytes = (numBuffered * bitWidth + 7) >>> 3;
    // Packing ORs 64-bit words, up to 9 bytes past a value's first byte: zero them first.
    ensure(bytes + 9);
    Arrays.fill(out, pos, pos + bytes + 9, (byte) 0);
    for (int i = 0; i < numBuffered; i++) {
      long bit = (long) i * bitWidth;
      int at = pos + (int) (bit >>> 3);
      int shift = (int) (bit & 7);
      long v = buffered[i];
      Endian.putLongLE(out, at, Endian.getLongLE(out, at) | v << shift);
      if (shift + bitWidth > 64) {
        out[at + 8] |= (byte) (v >>> (64 - shift));
      }
    }
    pos += bytes;
    numBuffered = 0;
    if (close) {
      out[indicatorAt] = (byte) (((literals + 7) >>> 3) << 1 | 1);
      indicatorAt = -1;
      literals = 0;
    }
  }

  private void writeRepeated() {
    ensure(Varints.MAX_VARINT_BYTES + 8);
    pos = Varints.writeVarLong(out, pos, Integer.toUnsignedLong((int) (repeats << 1)));
    long v = current;
    for (int i = 0; i < valueBytes; i++) {
      out[pos++] = (byte) v;
      v >>>= 8;
    }
    numBuffered = 0;
    repeats = 0;
  }

  private void ensure(int more) {
    if (pos + more > out.length) {
      out = Arrays.copyOf(out, Math.max(pos + more, out.length * 2));
    }
  }
}
