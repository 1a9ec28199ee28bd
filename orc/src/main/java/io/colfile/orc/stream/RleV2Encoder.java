package io.colfile.orc.stream;

import io.colfile.orc.index.IntegerCheckpoint;
import java.util.Arrays;
import java.util.Objects;

/**
 * Integer RLE version 2 writer (orc.md section 6.5; the run grammar is on {@link RleV2Decoder}).
 * <b>Internal</b>: public only for the column writers.
 *
 * <p>It makes the choices of orc-core's {@code RunLengthIntegerWriterV2} (orc.md section 6.5,
 * "Java writer state machine"), so the same values give the same bytes: values are buffered
 * until a run of identical values, a full run of 512 or {@link #flush()} decides; identical
 * values become SHORT_REPEAT (3 to 10) or DELTA with delta 0; other values go through {@link
 * RunChooser}, which picks DIRECT, DELTA or PATCHED_BASE.
 *
 * <p>Unsigned streams (lengths, dictionary ids, nanoseconds) take values from 0 to {@link
 * Long#MAX_VALUE}; a negative value is rejected rather than written as a huge one.
 */
public final class RleV2Encoder implements IntegerEncoder {
  /** Sub-encodings: the top two bits of a run's first byte, and the indexes of runCounts(). */
  public static final int SHORT_REPEAT = 0;
  public static final int DIRECT = 1;
  public static final int PATCHED_BASE = 2;
  public static final int DELTA = 3;

  static final int MAX_RUN = RleV2Decoder.MAX_RUN;
  static final int MIN_REPEAT = 3;

  private final OrcOutputStream out;
  private final boolean signed;
  private final RunChooser chooser;

  private static final long[] NO_LITERALS = {};

  // Values not written yet. While they vary, `varying` counts them all; once the last three are
  // identical the ones before are written, and `repeating` counts the identical ones left. The
  // array exists from the first value to the next flush(): most streams of a wide file are
  // written only when their stripe ends (dictionary ids, lengths), and 4 KB each add up.
  private long[] literals = NO_LITERALS;
  private int count;
  private int repeating;
  private int varying;
  private long lastDelta;

  public RleV2Encoder(OrcOutputStream out, boolean signed, boolean alignedBitPacking) {
    this.out = out;
    this.signed = signed;
    this.chooser = new RunChooser(signed, alignedBitPacking);
  }

  @Override
  public void write(long value) {
    if (value < 0 && !signed) {
      throw new IllegalArgumentException(
          "negative value " + value + " written to an unsigned integer stream");
    }
    if (count == 0) {
      start(value);
      return;
    }
    if (count == 1) {
      second(value);
      return;
    }
    long delta = value - literals[count - 1];
    if (lastDelta == 0 && delta == 0) {
      addRepeat(value);
    } else {
      addVarying(value);
    }
  }

  private void start(long value) {
    if (literals.length == 0) {
      literals = new long[MAX_RUN];
    }
    literals[0] = value;
    count = 1;
    repeating = 1;
    varying = 1;
  }

  /** The second value of a run. */
  private void second(long value) {
    lastDelta = value - literals[0];
    literals[count++] = value;
    if (value == literals[0]) {
      repeating = 2;
      varying = 0;
    } else {
      repeating = 0;
      varying = 2;
    }
  }

  /** The value repeats the last one, which repeated the one before. */
  private void addRepeat(long value) {
    literals[count++] = value;
    if (varying > 0) {
      repeating = 2; // the two identical values before this one ended the varying values
    }
    repeating++;
    if (repeating >= MIN_REPEAT && varying > 0) {
      // Write the varying values before the three identical ones, then keep those three.
      count -= MIN_REPEAT;
      varying -= MIN_REPEAT - 1;
      writeVarying();
      literals[0] = value;
      literals[1] = value;
      literals[2] = value;
      count = MIN_REPEAT;
    }
    if (repeating == MAX_RUN) {
      writeRepeat();
    }
  }

  private void addVarying(long value) {
    if (repeating >= MIN_REPEAT) {
      writeRepeat();
    }
    if (repeating > 0 && repeating < MIN_REPEAT && value != literals[count - 1]) {
      varying = repeating;
      repeating = 0;
    }
    if (count == 0) {
      start(value);
      return;
    }
    lastDelta = value - literals[count - 1];
    literals[count++] = value;
    varying++;
    if (varying == MAX_RUN) {
      writeVarying();
    }
  }

  /** Writes {@code literals[0, count)}, which vary, as one run. */
  private void writeVarying() {
    if (count != 0) {
      chooser.write(literals, count, out);
      count = 0;
      lastDelta = 0;
    }
    varying = 0;
  }

  /** Writes the {@code repeating} identical values as SHORT_REPEAT or DELTA. */
  private void writeRepeat() {
    chooser.writeRepeat(literals[0], repeating, out);
    count = 0;
    lastDelta = 0;
    repeating = 0;
  }

  /**
   * The values in order, as {@link #write(long)} one at a time would take them (the same runs,
   * state and exceptions), but varying values are appended and repeats counted by scanning the
   * array: one comparison a value instead of the state transitions.
   */
  @Override
  public void write(long[] values, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, values.length);
    int end = offset + length;
    if (!signed) {
      for (int i = offset; i < end; i++) {
        if (values[i] < 0) {
          write(values, offset, i - offset);
          write(values[i]); // throws
        }
      }
    }
    int i = offset;
    while (i < end) {
      if (count == 0) {
        start(values[i++]);
      } else if (count == 1) {
        second(values[i++]);
      } else if (varying > 0) {
        i = appendVarying(values, i, end);
      } else {
        i = countRepeats(values, i, end);
      }
    }
  }

  /**
   * Varying values from {@code values[i]} until a value repeating the last two, a full run or
   * {@code end}; returns where it stopped.
   */
  private int appendVarying(long[] values, int i, int end) {
    int c = count;
    long last = literals[c - 1];
    long before = literals[c - 2];
    int stop = end - i <= MAX_RUN - c ? end : i + (MAX_RUN - c);
    while (i < stop) {
      long x = values[i];
      if (x == last && last == before) {
        break;
      }
      literals[c++] = x;
      before = last;
      last = x;
      i++;
    }
    count = c;
    varying = c;
    lastDelta = last - before;
    if (c == MAX_RUN) {
      writeVarying();
    } else if (i < end) {
      addRepeat(values[i++]);
    }
    return i;
  }

  /**
   * Copies of the repeated value from {@code values[i]} until another value, a full run or
   * {@code end}; returns where it stopped.
   */
  private int countRepeats(long[] values, int i, int end) {
    long value = literals[0];
    int r = repeating;
    int start = i;
    int stop = end - i <= MAX_RUN - r ? end : i + (MAX_RUN - r);
    while (i < stop && values[i] == value) {
      i++;
    }
    int from = r;
    r += i - start;
    Arrays.fill(literals, from, r, value); // the literals as value by value would leave them
    repeating = r;
    count = r;
    if (r == MAX_RUN) {
      writeRepeat();
    } else if (i < end) {
      addVarying(values[i++]);
    }
    return i;
  }

  @Override
  public IntegerCheckpoint checkpoint() {
    return new IntegerCheckpoint(out.offset(), count);
  }

  @Override
  public void flush() {
    if (count != 0) {
      if (varying != 0) {
        writeVarying();
      } else if (repeating < MIN_REPEAT) {
        varying = repeating;
        repeating = 0;
        writeVarying();
      } else {
        writeRepeat();
      }
    }
    literals = NO_LITERALS;
    out.flushChunk();
  }

  @Override
  public long estimateMemory() {
    return out.bufferedSize();
  }

  /**
   * Runs written so far per sub-encoding, indexed by {@link #SHORT_REPEAT}, {@link #DIRECT},
   * {@link #PATCHED_BASE} and {@link #DELTA} (a copy).
   */
  public long[] runCounts() {
    return chooser.runCounts();
  }
}
