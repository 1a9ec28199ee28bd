package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.MalformedInputException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads the run-length / bit-packed streams of {@link RleEncoder} (layout there; cfile.md section
 * 6.3.2) over {@code buf[offset, offset + length)}, which it does not copy.
 *
 * <p>The stream records no count: the caller knows it (a block header's count, a null header's
 * row count) and never asks for more. What the stream cannot deliver is a {@link
 * MalformedInputException} with the offset of the bad run relative to {@code offset}: a run
 * header or repeated value cut off, an indicator that overflows Kudu's int32, a run of zero
 * values (which would never advance), a repeated value wider than the bit width, or literal
 * values past the end. Bits of a literal group beyond the last value asked for are never read,
 * so a last literal run that holds fewer than its groups' values (as Kudu writes it) is fine.
 *
 * <p>Values come back zero-extended, or sign-extended from the bit width when the decoder was
 * made {@code signed}. Not thread-safe.
 */
public final class RleDecoder {
  private final byte[] buf;
  private final int start;
  private final int limit;
  private final int base;
  private final int bitWidth;
  private final long mask;
  private final int valueBytes;
  /** The low valueBytes bytes of a word: a repeated value's bytes. */
  private final long valueMask;
  private final boolean signed;

  /** Index of the next run header (a long: a hostile literal run can point far past the end). */
  private long nextRun;
  private long repeatLeft;
  private long literalLeft;
  /** The value of the current repeated run, as returned (sign-extended if signed). */
  private long runValue;
  /** Bit index into buf of the next literal value. */
  private long bitPos;
  /** Index of the current run's header, for error offsets. */
  private int runAt;
  private long position;

  /** A decoder of unsigned values of {@code bitWidth} (1 to 64) bits. */
  public RleDecoder(byte[] buf, int offset, int length, int bitWidth) {
    this(buf, offset, length, bitWidth, false, offset);
  }

  /** A decoder whose values are sign-extended from {@code bitWidth} bits when {@code signed}. */
  public RleDecoder(byte[] buf, int offset, int length, int bitWidth, boolean signed) {
    this(buf, offset, length, bitWidth, signed, offset);
  }

  /** As above, reporting error offsets relative to {@code buf[base]} (a block's start). */
  RleDecoder(byte[] buf, int offset, int length, int bitWidth, boolean signed, int base) {
    Objects.checkFromIndexSize(offset, length, buf.length);
    if (bitWidth < 1 || bitWidth > 64) {
      throw new IllegalArgumentException("bit width " + bitWidth + " is not 1 to 64");
    }
    this.buf = buf;
    this.start = offset;
    this.limit = offset + length;
    this.base = base;
    this.bitWidth = bitWidth;
    this.mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    this.valueBytes = (bitWidth + 7) / 8;
    this.valueMask = valueBytes == 8 ? -1L : (1L << 8 * valueBytes) - 1;
    this.signed = signed && bitWidth < 64;
    rewind();
  }

  /** The number of values read or skipped since the start. */
  public long position() {
    return position;
  }

  /** Goes back to the start of the stream. */
  public void rewind() {
    nextRun = start;
    repeatLeft = 0;
    literalLeft = 0;
    position = 0;
  }

  /** The next value. */
  public long next() throws MalformedInputException {
    if (repeatLeft == 0 && literalLeft == 0) {
      readRunHeader();
    }
    position++;
    if (repeatLeft > 0) {
      repeatLeft--;
      return runValue;
    }
    checkLiterals(1);
    literalLeft--;
    long v = extend(bits(bitPos));
    bitPos += bitWidth;
    return v;
  }

  /** Reads the next {@code n} values into {@code dst[offset, offset + n)}. */
  public void read(long[] dst, int offset, int n) throws MalformedInputException {
    Objects.checkFromIndexSize(offset, n, dst.length);
    int end = offset + n;
    while (offset < end) {
      if (repeatLeft == 0 && literalLeft == 0) {
        readRunHeader();
      }
      int k;
      if (repeatLeft > 0) {
        k = (int) Math.min(end - offset, repeatLeft);
        Arrays.fill(dst, offset, offset + k, runValue);
        repeatLeft -= k;
      } else {
        k = (int) Math.min(end - offset, literalLeft);
        checkLiterals(k);
        long bit = bitPos;
        for (int i = 0; i < k; i++, bit += bitWidth) {
          dst[offset + i] = extend(bits(bit));
        }
        bitPos = bit;
        literalLeft -= k;
      }
      offset += k;
      position += k;
    }
  }

  /**
   * Reads the next {@code n} values into {@code dst[offset...]} as little-endian cells of
   * {@code width} bytes (1, 2, 4 or 8; the low bytes of each value): BOOL cells and null
   * bitmaps with width 1, integer blocks with their cell width.
   */
  public void readCells(byte[] dst, int offset, int n, int width) throws MalformedInputException {
    if (width != 1 && width != 2 && width != 4 && width != 8) {
      throw new IllegalArgumentException("cell width " + width);
    }
    Objects.checkFromIndexSize(offset, Math.multiplyExact(n, width), dst.length);
    int regionEnd = offset + n * width;
    boolean wholeWidth = bitWidth == 8 * width;
    // Counted in values, not bytes: no division by the width per run.
    for (int i = 0; i < n; ) {
      if (repeatLeft == 0 && literalLeft == 0) {
        if (wholeWidth) {
          i = wholeRuns(dst, offset, i, n, width, regionEnd);
          if (i == n) {
            break;
          }
        }
        readRunHeader();
      }
      int at = offset + i * width;
      int k;
      if (repeatLeft > 0) {
        k = (int) Math.min(n - i, repeatLeft);
        fillCells(dst, at, k, width, runValue, regionEnd);
        repeatLeft -= k;
      } else {
        k = (int) Math.min(n - i, literalLeft);
        checkLiterals(k);
        if (bitWidth == 8 * width) {
          // Integer blocks (cfile.md 6.3.1): values of the full width start on byte boundaries
          // and are packed LSB first, so the literals are the little-endian cells themselves.
          System.arraycopy(buf, (int) (bitPos >>> 3), dst, at, k * width);
        } else if (bitWidth == 1 && width == 1) {
          unpackBits(bitPos, dst, at, k);
        } else {
          long bit = bitPos;
          for (int j = 0; j < k; j++, bit += bitWidth) {
            Bytes.putCell(dst, at + j * width, width, extend(bits(bit)));
          }
        }
        bitPos += (long) k * bitWidth;
        literalLeft -= k;
      }
      i += k;
      position += k;
    }
  }

  /**
   * For integer blocks (values of the cells' full width): cells {@code [i, ...)} of the call's
   * {@code n} from whole runs with one-byte indicators (up to 63 repeats, or 63 groups of eight
   * literals), decoded in one loop over locals, a repeated run's cells as eight 8-byte stores of
   * its pattern where the region has room for them (the stores past the run land on cells the
   * runs after it overwrite: the run ends before the region does), a longer one as {@link
   * #fillWords} fills it, and a literal run's as one copy; returns the index of the next cell.
   * Stops before anything else, which {@link #readCells} then reads the general way (and
   * reports, when it is an error): a longer indicator, a run of zero values, a run the call's
   * cells do not hold, a run whose bytes the stream does not, or the last bytes of the array.
   */
  private int wholeRuns(byte[] dst, int offset, int i, int n, int width, int regionEnd) {
    final byte[] b = buf;
    final int vb = valueBytes; // the width
    // a header at p <= safe: its repeated value's bytes lie within the stream, and the 8-byte
    // load of them within the array
    final int safe = Math.min(limit - 1 - vb, b.length - 9);
    int p = (int) nextRun;
    int done = i;
    while (p <= safe && done < n) {
      int h = b[p];
      if (h < 2) {
        break; // an indicator of several bytes (the high bit set), or a run of zero values
      }
      int runLength = h >>> 1;
      if ((h & 1) == 0) {
        if (runLength > n - done) {
          break;
        }
        int at = offset + done * width;
        long w = pattern(Endian.getLongLE(b, p + 1) & valueMask, width);
        if (runLength * width <= 64 && regionEnd - at >= 64) {
          Endian.putLongLE(dst, at, w);
          Endian.putLongLE(dst, at + 8, w);
          Endian.putLongLE(dst, at + 16, w);
          Endian.putLongLE(dst, at + 24, w);
          Endian.putLongLE(dst, at + 32, w);
          Endian.putLongLE(dst, at + 40, w);
          Endian.putLongLE(dst, at + 48, w);
          Endian.putLongLE(dst, at + 56, w);
        } else {
          fillWords(dst, at, at + runLength * width, w, regionEnd);
        }
        done += runLength;
        p += 1 + vb;
      } else {
        int values = runLength * 8;
        int bytes = values * width;
        if (values > n - done || bytes > limit - p - 1) {
          break; // a last run padded to whole groups, or a stream cut short
        }
        System.arraycopy(b, p + 1, dst, offset + done * width, bytes);
        done += values;
        p += 1 + bytes;
      }
    }
    position += done - i;
    nextRun = p;
    return done;
  }

  /** {@code v}'s low {@code width} bytes repeated over a word. */
  private static long pattern(long v, int width) {
    return switch (width) {
      case 1 -> (v & 0xFFL) * 0x0101_0101_0101_0101L;
      case 2 -> (v & 0xFFFFL) * 0x0001_0001_0001_0001L;
      case 4 -> (v & 0xFFFF_FFFFL) * 0x1_0000_0001L;
      default -> v;
    };
  }

  /**
   * {@code k} cells of {@code width} bytes holding the low bytes of {@code v}, at {@code
   * dst[offset]}. Narrow cells go eight bytes at a time, which may write up to seven bytes past
   * the run but never past {@code regionEnd}: cells the next runs overwrite.
   */
  private static void fillCells(byte[] dst, int offset, int k, int width, long v, int regionEnd) {
    switch (width) {
      case 1 -> Arrays.fill(dst, offset, offset + k, (byte) v);
      case 2, 4 -> fillWords(dst, offset, offset + width * k, pattern(v, width), regionEnd);
      default -> {
        for (int i = 0; i < k; i++) {
          Endian.putLongLE(dst, offset + 8 * i, v);
        }
      }
    }
  }

  /** The repeated pattern {@code w} over {@code dst[from, to)}, whole words up to regionEnd. */
  private static void fillWords(byte[] dst, int from, int to, long w, int regionEnd) {
    int p = from;
    int wordEnd = regionEnd - 8;
    for (; p < to && p <= wordEnd; p += 8) {
      Endian.putLongLE(dst, p, w);
    }
    for (; p < to; p++) {
      dst[p] = (byte) (w >>> 8 * (p - from & 7));
    }
  }

  /**
   * {@code k} one-bit literals from bit index {@code bit} into one-byte cells: single bits up to
   * a byte boundary, then eight at a time from whole bytes ({@link Bytes#spreadBits}), then the
   * rest. The caller has checked that the bits lie before the limit.
   */
  private void unpackBits(long bit, byte[] dst, int offset, int k) {
    int i = 0;
    for (; i < k && (bit & 7) != 0; i++, bit++) {
      dst[offset + i] = (byte) (buf[(int) (bit >>> 3)] >>> (bit & 7) & 1);
    }
    int at = (int) (bit >>> 3);
    for (; k - i >= 8; i += 8, at++) {
      Endian.putLongLE(dst, offset + i, Bytes.spreadBits(buf[at]));
    }
    for (int b = 0; i < k; i++, b++) {
      dst[offset + i] = (byte) (buf[at] >>> b & 1);
    }
  }

  /** Skips the next {@code n} values. */
  public void skip(long n) throws MalformedInputException {
    skip(n, false);
  }

  /**
   * Skips the next {@code n} values and returns how many of them were not zero: for a null
   * bitmap, the non-NULL rows among them, i.e. how far the inner block must move.
   */
  public long skipCountingNonZero(long n) throws MalformedInputException {
    return skip(n, true);
  }

  private long skip(long n, boolean countNonZero) throws MalformedInputException {
    if (n < 0) {
      throw new IllegalArgumentException("cannot skip " + n + " values");
    }
    long nonZero = 0;
    while (n > 0) {
      if (repeatLeft == 0 && literalLeft == 0) {
        if (!countNonZero) {
          n -= skipWholeRuns(n);
          if (n == 0) {
            break;
          }
        }
        readRunHeader();
      }
      long k;
      if (repeatLeft > 0) {
        k = Math.min(n, repeatLeft);
        repeatLeft -= k;
        if (runValue != 0) {
          nonZero += k;
        }
      } else {
        k = Math.min(n, literalLeft);
        checkLiterals(k);
        if (countNonZero) {
          nonZero += countNonZero(bitPos, k);
        }
        bitPos += k * bitWidth;
        literalLeft -= k;
      }
      n -= k;
      position += k;
    }
    return nonZero;
  }

  /**
   * Skips whole runs with one-byte indicators, at most {@code n} values, in one loop over
   * locals (a block's constructor walks every run this way); returns how many values. Stops
   * before anything else, which {@link #skip} then reads the general way (and reports, when it is
   * an error): a longer indicator, a run of zero values, a run of more than are left to skip, a
   * repeated value wider than the bit width, a run whose bytes the stream does not hold, or the
   * last bytes of the array.
   */
  private long skipWholeRuns(long n) {
    final byte[] b = buf;
    final int vb = valueBytes;
    final int safe = Math.min(limit - 1 - vb, b.length - 9);
    final long wide = valueMask & ~mask;
    int p = (int) nextRun;
    long done = 0;
    while (p <= safe && done < n) {
      int h = b[p];
      if (h < 2) {
        break; // an indicator of several bytes (the high bit set), or a run of zero values
      }
      int runLength = h >>> 1;
      if ((h & 1) == 0) {
        if (runLength > n - done || (Endian.getLongLE(b, p + 1) & wide) != 0) {
          break;
        }
        done += runLength;
        p += 1 + vb;
      } else {
        long bytes = (long) runLength * bitWidth; // groups of eight values of bitWidth bits
        if (8L * runLength > n - done || bytes > limit - p - 1) {
          break;
        }
        done += 8L * runLength;
        p += 1 + (int) bytes;
      }
    }
    position += done;
    nextRun = p;
    return done;
  }

  private long countNonZero(long bit, long k) {
    long nonZero = 0;
    if (bitWidth == 1) {
      // One bit per value: count set bits a word at a time while at least 57 remain.
      long end = bit + k;
      while (end - bit >= 57) {
        nonZero += Long.bitCount(bits(bit, 57));
        bit += 57;
      }
      return nonZero + Long.bitCount(bits(bit, (int) (end - bit)));
    }
    for (long i = 0; i < k; i++, bit += bitWidth) {
      if (bits(bit) != 0) {
        nonZero++;
      }
    }
    return nonZero;
  }

  /**
   * Reads the run header at {@code nextRun}. Kept small enough for the JIT to inline into the
   * read loops (one call per run of some ten values otherwise); the rare cases and the errors
   * are out of line.
   */
  private void readRunHeader() throws MalformedInputException {
    if (nextRun >= limit) {
      throw streamEnds();
    }
    int at = (int) nextRun;
    long indicator;
    int p;
    int b0 = buf[at];
    if (b0 >= 0) {
      // One-byte indicators (runs of up to 63 values, or 504 literals) are most of them.
      indicator = b0;
      p = at + 1;
    } else {
      long r = readIndicator(at);
      indicator = r >>> 32;
      p = (int) r;
    }
    if (indicator < 2) {
      throw new MalformedInputException(at - base, "RLE run of zero values");
    }
    runAt = at;
    long runLength = indicator >>> 1;
    if ((indicator & 1) != 0) {
      literalLeft = runLength * 8;
      bitPos = (long) p * 8;
      nextRun = p + runLength * bitWidth;
    } else {
      if (limit - p < valueBytes) {
        throw new MalformedInputException(at - base, "RLE repeated run's value is cut off");
      }
      long v = buf.length - p >= 8 ? Endian.getLongLE(buf, p) & valueMask : valueAt(p);
      if ((v & ~mask) != 0) {
        throw tooWide(at, v);
      }
      runValue = extend(v);
      repeatLeft = runLength;
      nextRun = p + valueBytes;
    }
  }

  private MalformedInputException streamEnds() {
    return new MalformedInputException(Math.min(nextRun, limit) - base,
        "RLE stream ends after " + position + " values; more were expected");
  }

  private MalformedInputException tooWide(int at, long v) {
    return new MalformedInputException(at - base, "RLE repeated value " + Long.toHexString(v)
        + " is wider than " + bitWidth + " bits");
  }

  /** A run indicator of several bytes at {@code at}: its value, then the position after it. */
  private long readIndicator(int at) throws MalformedInputException {
    long r = Varints.readVarInt(buf, at, limit, base, "RLE run indicator");
    long indicator = Varints.packedValue(r) & 0xFFFF_FFFFL;
    if (indicator > Integer.MAX_VALUE) {
      throw new MalformedInputException(at - base,
          "RLE run indicator " + indicator + " overflows Kudu's int32");
    }
    return indicator << 32 | Varints.packedPosition(r);
  }

  /** The valueBytes little-endian bytes at {@code p}, near the array's end. */
  private long valueAt(int p) {
    long v = 0;
    for (int i = 0; i < valueBytes; i++) {
      v |= (buf[p + i] & 0xFFL) << 8 * i;
    }
    return v;
  }

  private void checkLiterals(long k) throws MalformedInputException {
    if (bitPos + k * bitWidth > (long) limit * 8) {
      throw new MalformedInputException(runAt - base, "RLE literal run holds fewer values than"
          + " the " + (position + k) + " read (stream cut short?)");
    }
  }

  /** The bitWidth bits at bit index {@code bit} of buf, which lie before the limit. */
  private long bits(long bit) {
    return bits(bit, bitWidth);
  }

  private long bits(long bit, int width) {
    if (width == 0) {
      return 0;
    }
    int at = (int) (bit >>> 3);
    int shift = (int) (bit & 7);
    long v;
    if (at + 8 <= buf.length) {
      v = Endian.getLongLE(buf, at) >>> shift;
    } else {
      v = 0;
      for (int i = 0; at + i < limit && i < 8; i++) {
        v |= (buf[at + i] & 0xFFL) << 8 * i;
      }
      v >>>= shift;
    }
    if (shift + width > 64) {
      v |= (buf[at + 8] & 0xFFL) << (64 - shift);
    }
    return width == 64 ? v : v & ((1L << width) - 1);
  }

  private long extend(long v) {
    return signed ? v << (64 - bitWidth) >> (64 - bitWidth) : v;
  }
}
