package io.colfile.orc.stream;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.MalformedInputException;
import io.colfile.orc.index.IntegerCheckpoint;
import java.util.Arrays;
import java.util.Objects;

/**
 * Integer RLE version 2 (orc.md section 6.5), encodings DIRECT_V2/DICTIONARY_V2 and decimal64.
 * <b>Internal</b>: public only for the column readers.
 *
 * <pre>
 * Run ::= 00 w:3 c:3 value:(w+1 bytes, BE)                       SHORT_REPEAT, c + 3 copies
 *       | 01 W:5 len:9 packed(len x W)                            DIRECT
 *       | 10 W:5 len:9 BW:3 PW:5 PGW:3 PLL:5 base:(BW+1 bytes,    PATCHED_BASE
 *         sign-magnitude) packed(len x W) packed(PLL x fixed(PGW+1 + PW))
 *       | 11 W:5 len:9 first:varint delta:zigzag-varint           DELTA (W = 0: fixed delta,
 *         [packed((len-2) x W)]                                     nothing packed)
 * </pre>
 *
 * W and PW are 5-bit width codes ({@link #WIDTHS}); len is stored minus one, so a run holds 1 to
 * 512 values. Every packed block is padded to a byte. Values are zigzag-encoded when {@code
 * signed}, except PATCHED_BASE, which stores value - base. Every field that the header can
 * express is legal to decode; only data that contradicts itself is corruption.
 */
public final class RleV2Decoder implements IntegerDecoder {
  static final int MAX_RUN = 512;
  /** Bits per width code; DELTA reads code 0 as "no packed deltas" instead. */
  static final int[] WIDTHS = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17, 18, 19, 20, 21, 22, 23, 24, 26, 28, 30, 32, 40, 48, 56, 64
  };
  private static final int MAX_PATCHES = 31;
  private static final String HEADER = "an integer RLE v2 run header";

  private final OrcInputStream in;
  private final boolean signed;
  private final long[] literals = new long[MAX_RUN];
  private int numLiterals; // values decoded from the current run
  private int used; // of which already returned
  private final long[] patches = new long[MAX_PATCHES];
  /**
   * A block straddling chunks or segments, copied to unpack it; made when first needed (a
   * decoder per stream of each stripe, or of each part of a stripe read in parallel, and the
   * raw streams of a stripe read whole never need it).
   */
  private byte[] scratch;
  private final long[] varintPair = new long[2];

  public RleV2Decoder(OrcInputStream in, boolean signed) {
    this.in = in;
    this.signed = signed;
  }

  @Override
  public long next() throws CorruptFileException {
    if (used == numLiterals) {
      numLiterals = readRun(literals, 0);
      used = 0;
    }
    return literals[used++];
  }

  @Override
  public void next(long[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    while (n > 0) {
      int k = numLiterals - used;
      if (k == 0) {
        int done = shortRunsInPlace(dst, off, n);
        off += done;
        n -= done;
        if (n == 0) {
          return;
        }
        if (n >= MAX_RUN || peekRunLength() <= n) { // the whole run fits: in place, no copy
          int m = readRun(dst, off);
          off += m;
          n -= m;
          continue;
        }
        numLiterals = k = readRun(literals, 0);
        used = 0;
      }
      k = Math.min(k, n);
      System.arraycopy(literals, used, dst, off, k);
      used += k;
      off += k;
      n -= k;
    }
  }

  @Override
  public boolean nextOrAllEqual(long[] dst, int off, int n, long value)
      throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    final int start = off;
    boolean all = true; // so far; dst[start, off) is then unwritten
    while (n > 0) {
      int k = numLiterals - used;
      if (k == 0) {
        int run = all ? skipRunOf(value, n) : 0;
        if (run > 0) {
          off += run;
          n -= run;
          continue;
        }
        numLiterals = k = readRun(literals, 0);
        used = 0;
      }
      k = Math.min(k, n);
      if (all) {
        for (int i = used, end = used + k; i < end; i++) {
          if (literals[i] != value) {
            all = false;
            Arrays.fill(dst, start, off, value);
            break;
          }
        }
      }
      if (!all) {
        System.arraycopy(literals, used, dst, off, k);
      }
      used += k;
      off += k;
      n -= k;
    }
    return all;
  }

  /**
   * When the window starts with a whole run of at most {@code n} copies of {@code value} (a
   * SHORT_REPEAT, or a DELTA run with delta 0), moves past it and returns its length; else
   * returns 0 and moves nothing.
   */
  private int skipRunOf(long value, int n) throws CorruptFileException {
    byte[] b = in.cur;
    int p = in.pos;
    if (in.limit - p < 2 + 2 * Varints.MAX_VARLONG_BYTES) {
      return 0;
    }
    int first = b[p] & 0xff;
    int count;
    long v;
    int after;
    if (first >>> 6 == 0) {
      count = (first & 7) + 3;
      int bytes = ((first >>> 3) & 7) + 1;
      v = Endian.getLongBE(b, p + 1) >>> (64 - 8 * bytes);
      after = p + 1 + bytes;
    } else if (first >>> 6 == 3 && (first & 0x3e) == 0) { // DELTA of a fixed delta
      count = ((first & 1) << 8 | (b[p + 1] & 0xff)) + 1;
      long[] two = varintPair;
      try {
        after = Varints.readVarLong(b, p + 2, in.limit, two, 0, true);
        after = Varints.readVarLong(b, after, in.limit, two, 1, true);
      } catch (MalformedInputException e) {
        return 0; // the general way reports it
      }
      if (two[1] != 0) { // the delta, zigzag: 0 is 0
        return 0;
      }
      v = two[0];
    } else {
      return 0;
    }
    if (signed) {
      v = unzigzag(v);
    }
    if (v != value || count > n) {
      return 0;
    }
    in.pos = after;
    return count;
  }

  @Override
  public void skip(long n) throws CorruptFileException {
    if (n < 0) {
      throw new IllegalArgumentException("negative skip " + n);
    }
    while (n > 0) {
      int k = numLiterals - used;
      if (k == 0) {
        numLiterals = k = readRun(literals, 0);
        used = 0;
      }
      int m = (int) Math.min(n, k);
      used += m;
      n -= m;
    }
  }

  @Override
  public void seek(IntegerCheckpoint p) throws CorruptFileException {
    in.seek(p.offset());
    used = numLiterals = 0;
    skip(p.valuesToSkip());
  }

  /**
   * Decodes whole SHORT_REPEAT and DIRECT runs that lie wholly in the window and fit {@code
   * dst[off, off + n)}, straight from the window: the runs of sorted keys and other slowly
   * changing values are short (3 to 10 repeats, 1 to a few literals), so their headers are
   * taken here with one bounds check per run instead of one per byte. Stops at the first run
   * that is of another kind, does not fit or may reach past the window (the general way takes
   * it); returns how many values were decoded.
   */
  private int shortRunsInPlace(long[] dst, int off, int n) {
    final byte[] b = in.cur;
    final int limit = in.limit;
    int p = in.pos;
    int o = off;
    final int end = off + n;
    final boolean signed = this.signed;
    // A SHORT_REPEAT run is at most 9 bytes: its header and value are read with one 8-byte
    // load at p + 1, which the 10 bytes make safe. DIRECT runs check their block below.
    while (limit - p >= 10) {
      int first = b[p] & 0xff;
      int kind = first >>> 6;
      if (kind == 0) { // SHORT_REPEAT: 00 w:3 c:3, then w + 1 value bytes, big-endian
        int count = (first & 7) + 3;
        if (count > end - o) {
          break;
        }
        int bytes = ((first >>> 3) & 7) + 1;
        long v = Endian.getLongBE(b, p + 1) >>> (64 - 8 * bytes);
        if (signed) {
          v = unzigzag(v);
        }
        if (end - o >= 8) { // eight stores, the extra ones overwritten by the runs that follow
          dst[o] = v;
          dst[o + 1] = v;
          dst[o + 2] = v;
          dst[o + 3] = v;
          dst[o + 4] = v;
          dst[o + 5] = v;
          dst[o + 6] = v;
          dst[o + 7] = v;
          if (count > 8) {
            dst[o + 8] = v;
            if (count > 9) {
              dst[o + 9] = v;
            }
          }
        } else {
          for (int i = o, e = o + count; i < e; i++) {
            dst[i] = v;
          }
        }
        o += count;
        p += 1 + bytes;
      } else if (kind == 1) { // DIRECT: 01 W:5 len:9, then len values of W bits
        int count = ((first & 1) << 8 | (b[p + 1] & 0xff)) + 1;
        if (count > end - o) {
          break;
        }
        int width = WIDTHS[(first >>> 1) & 0x1f];
        int bytes = (count * width + 7) >>> 3; // BitUnpacker.blockBytes, in ints: < 2^15 bits
        int q = p + 2;
        int room = limit - q;
        if (room < bytes) {
          break;
        }
        if (count <= 4 && width <= 56 && end - o >= 4 && room >= ((3 * width) >>> 3) + 8) {
          // A few values: four, each from one 8-byte load at its first byte (it starts at most 7
          // bits in, and 7 + 56 <= 64), the loads reaching past the block but not the window
          // and the values past the run overwritten by the runs that follow.
          int shift = 64 - width;
          long v0 = Endian.getLongBE(b, q) >>> shift;
          long v1 = (Endian.getLongBE(b, q + (width >>> 3)) << (width & 7)) >>> shift;
          long v2 = (Endian.getLongBE(b, q + (width >>> 2)) << ((2 * width) & 7)) >>> shift;
          long v3 = (Endian.getLongBE(b, q + ((3 * width) >>> 3)) << ((3 * width) & 7)) >>> shift;
          if (signed) {
            v0 = unzigzag(v0);
            v1 = unzigzag(v1);
            v2 = unzigzag(v2);
            v3 = unzigzag(v3);
          }
          dst[o] = v0;
          dst[o + 1] = v1;
          dst[o + 2] = v2;
          dst[o + 3] = v3;
        } else {
          BitUnpacker.unpack(b, q, dst, o, count, width);
          if (signed) {
            for (int i = o, e = o + count; i < e; i++) {
              dst[i] = unzigzag(dst[i]);
            }
          }
        }
        o += count;
        p = q + bytes;
      } else {
        break;
      }
    }
    in.pos = p;
    return o - off;
  }

  /**
   * The length of the run whose header starts the window, or {@link Integer#MAX_VALUE} when
   * the header is not wholly there (the caller then takes the buffered way).
   */
  private int peekRunLength() {
    int p = in.pos;
    if (in.limit - p < 2) {
      return Integer.MAX_VALUE;
    }
    int first = in.cur[p] & 0xff;
    if (first >>> 6 == 0) {
      return (first & 7) + 3;
    }
    return ((first & 1) << 8 | (in.cur[p + 1] & 0xff)) + 1;
  }

  /** Decodes one run into {@code t[o...]} (room for 512 values); returns its length. */
  private int readRun(long[] t, int o) throws CorruptFileException {
    int first = in.read();
    if (first < 0) {
      throw in.corrupt("integer RLE v2 stream ended; more values were expected");
    }
    return switch (first >>> 6) {
      case 0 -> shortRepeat(first, t, o);
      case 1 -> direct(first, t, o);
      case 2 -> patchedBase(first, t, o);
      default -> delta(first, t, o);
    };
  }

  private int shortRepeat(int first, long[] t, int o) throws CorruptFileException {
    int bytes = ((first >>> 3) & 7) + 1;
    int count = (first & 7) + 3;
    long v = in.readBigEndian(bytes, "a SHORT_REPEAT value");
    if (signed) {
      v = unzigzag(v);
    }
    for (int i = o, end = o + count; i < end; i++) { // 3 to 10 values: cheaper than a fill call
      t[i] = v;
    }
    return count;
  }

  private int direct(int first, long[] t, int o) throws CorruptFileException {
    int width = WIDTHS[(first >>> 1) & 0x1f];
    int count = ((first & 1) << 8 | in.readByte(HEADER)) + 1;
    unpack(t, o, count, width);
    if (signed) {
      for (int i = o, end = o + count; i < end; i++) {
        t[i] = unzigzag(t[i]);
      }
    }
    return count;
  }

  private int patchedBase(int first, long[] t, int o) throws CorruptFileException {
    int width = WIDTHS[(first >>> 1) & 0x1f];
    int count = ((first & 1) << 8 | in.readByte(HEADER)) + 1;
    int third = in.readByte(HEADER);
    int fourth = in.readByte(HEADER);
    int baseBytes = (third >>> 5) + 1;
    int patchWidth = WIDTHS[third & 0x1f];
    int gapWidth = (fourth >>> 5) + 1;
    int patchCount = fourth & 0x1f; // 0 is never written, but harmless: nothing to patch
    if (gapWidth + patchWidth > 64) { // Java and C++ both refuse this
      throw in.corrupt("PATCHED_BASE patch gap width %d + patch width %d exceed 64 bits",
          gapWidth, patchWidth);
    }
    // The base is sign-magnitude, not two's complement or zigzag.
    long base = in.readBigEndian(baseBytes, "a PATCHED_BASE base");
    long signBit = 1L << (8 * baseBytes - 1);
    if ((base & signBit) != 0) {
      base = -(base & ~signBit);
    }
    unpack(t, o, count, width);
    unpack(patches, 0, patchCount, closestFixedBits(gapWidth + patchWidth));
    long patchMask = (1L << patchWidth) - 1; // patchWidth <= 63 since gapWidth >= 1
    int index = 0; // gaps are relative to the previous patch, the first to value 0
    for (int i = 0; i < patchCount; i++) {
      long entry = patches[i];
      index += (int) (entry >>> patchWidth); // < 2^15: entry width <= PGW + PW + 7
      long patch = entry & patchMask;
      if (patch == 0) { // (255, 0) entries split gaps over 255; they only advance
        continue;
      }
      if (index >= count) {
        throw in.corrupt("PATCHED_BASE patch for value %d of a run of %d", index, count);
      }
      if (width == 64) { // a 64-bit value has no bits left to patch
        throw in.corrupt("PATCHED_BASE patch on 64-bit values");
      }
      t[o + index] |= patch << width;
    }
    for (int i = o, end = o + count; i < end; i++) {
      t[i] += base;
    }
    return count;
  }

  private int delta(int first, long[] t, int o) throws CorruptFileException {
    int code = (first >>> 1) & 0x1f;
    int count = ((first & 1) << 8 | in.readByte(HEADER)) + 1;
    long value = signed ? in.readVarSigned() : in.readVarUnsigned();
    long firstDelta = in.readVarSigned(); // signed even in unsigned streams
    if (code == 0) { // fixed delta; a constant run is delta 0
      for (int i = o, end = o + count; i < end; i++, value += firstDelta) {
        t[i] = value;
      }
      return count;
    }
    if (count < 2) { // C++ rejects this too; Java would emit two values
      throw in.corrupt("DELTA run of %d value has packed deltas", count);
    }
    t[o] = value;
    value += firstDelta;
    t[o + 1] = value;
    unpack(t, o + 2, count - 2, WIDTHS[code]);
    // Packed deltas are magnitudes; the first delta's sign says which way the run goes.
    if (firstDelta >= 0) {
      for (int i = o + 2, end = o + count; i < end; i++) {
        value += t[i];
        t[i] = value;
      }
    } else {
      for (int i = o + 2, end = o + count; i < end; i++) {
        value -= t[i];
        t[i] = value;
      }
    }
    return count;
  }

  /** Unpacks from the stream's window when the block is there, else via one copy. */
  private void unpack(long[] t, int o, int count, int width) throws CorruptFileException {
    int bytes = BitUnpacker.blockBytes(count, width);
    if (in.limit - in.pos >= bytes) {
      BitUnpacker.unpack(in.cur, in.pos, t, o, count, width);
      in.pos += bytes;
    } else {
      if (scratch == null) {
        scratch = new byte[MAX_RUN * Long.BYTES];
      }
      in.readFully(scratch, 0, bytes);
      BitUnpacker.unpack(scratch, 0, t, o, count, width);
    }
  }

  private static long unzigzag(long u) {
    return (u >>> 1) ^ -(u & 1);
  }

  /** Rounds a bit count up to a width that a code can express (orc.md section 6.5). */
  static int closestFixedBits(int bits) {
    if (bits <= 24) {
      return Math.max(bits, 1);
    }
    if (bits <= 32) {
      return (bits + 1) & ~1; // 26, 28, 30, 32
    }
    return (bits + 7) & ~7; // 40, 48, 56, 64
  }

  @Override
  public OrcInputStream stream() {
    return in;
  }
}
