package io.colfile.orc.stream;

import io.colfile.orc.index.IntegerCheckpoint;
import java.util.Objects;

/**
 * Integer RLE version 1 writer (orc.md section 6.4), for encodings DIRECT and DICTIONARY.
 * <b>Internal</b>: public only for the column writers.
 *
 * <pre>
 * Group ::= c:0..127 delta:i8 base:varint      run of c + 3 values base + i * delta
 *         | c:-128..-1 varint{-c}              -c literal values
 * </pre>
 *
 * Varints are zigzagged when {@code signed}. Like orc-core's {@code RunLengthIntegerWriter}, a
 * run starts as soon as three values step by the same delta in [-128, 127] (literals before them
 * are written first); runs end at 130 values, literal groups at 128. Arithmetic wraps as in Java,
 * and the readers wrap the same way. Unsigned streams reject negative values.
 */
public final class RleV1Encoder implements IntegerEncoder {
  private static final int MIN_REPEAT = 3;
  private static final int MAX_REPEAT = 127 + MIN_REPEAT;
  private static final int MAX_LITERALS = 128;
  private static final int MIN_DELTA = -128;
  private static final int MAX_DELTA = 127;

  private final OrcOutputStream out;
  private final boolean signed;
  private final long[] literals = new long[MAX_LITERALS];
  private int count; // literals held, or the run length when `repeat`
  private boolean repeat;
  private long delta; // of the run, or of the tail of the literals
  private int tail; // literals at the end that step by `delta` (1 when the step is too big)

  public RleV1Encoder(OrcOutputStream out, boolean signed) {
    this.out = out;
    this.signed = signed;
  }

  @Override
  public void write(long value) {
    if (value < 0 && !signed) {
      throw new IllegalArgumentException(
          "negative value " + value + " written to an unsigned integer stream");
    }
    if (count == 0) {
      literals[count++] = value;
      tail = 1;
    } else if (repeat) {
      if (value == literals[0] + delta * count) {
        if (++count == MAX_REPEAT) {
          writeGroup();
        }
      } else {
        writeGroup();
        literals[count++] = value;
        tail = 1;
      }
    } else {
      long last = literals[count - 1];
      if (tail == 1 || value != last + delta) {
        delta = value - last;
        tail = delta < MIN_DELTA || delta > MAX_DELTA ? 1 : 2;
      } else {
        tail++;
      }
      if (tail == MIN_REPEAT) {
        startRun();
      } else {
        literals[count++] = value;
        if (count == MAX_LITERALS) {
          writeGroup();
        }
      }
    }
  }

  /** The last two literals and the new value step evenly: they become a run. */
  private void startRun() {
    if (count + 1 == MIN_REPEAT) {
      count = MIN_REPEAT;
    } else {
      count -= MIN_REPEAT - 1;
      long base = literals[count];
      writeGroup();
      literals[0] = base;
      count = MIN_REPEAT;
    }
    repeat = true;
  }

  private void writeGroup() {
    if (count == 0) {
      return;
    }
    if (repeat) {
      out.write(count - MIN_REPEAT);
      out.write((int) delta);
      writeVarint(literals[0]);
    } else {
      out.write(-count);
      for (int i = 0; i < count; i++) {
        writeVarint(literals[i]);
      }
    }
    repeat = false;
    count = 0;
    tail = 0;
  }

  private void writeVarint(long v) {
    if (signed) {
      out.writeVarSigned(v);
    } else {
      out.writeVarUnsigned(v);
    }
  }

  @Override
  public void write(long[] values, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, values.length);
    for (int i = offset; i < offset + length; i++) {
      write(values[i]);
    }
  }

  @Override
  public IntegerCheckpoint checkpoint() {
    return new IntegerCheckpoint(out.offset(), count);
  }

  @Override
  public void flush() {
    writeGroup();
    out.flushChunk();
  }

  @Override
  public long estimateMemory() {
    return out.bufferedSize();
  }
}
