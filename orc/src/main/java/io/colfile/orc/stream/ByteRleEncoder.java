package io.colfile.orc.stream;

import io.colfile.orc.index.ByteRleCheckpoint;
import java.io.IOException;
import java.util.Objects;

/**
 * Byte RLE writer (orc.md section 6.2): TINYINT DATA, union tags, and the bytes under boolean
 * streams. <b>Internal</b>: public only for the column writers.
 *
 * <pre>
 * Group ::= c:0..127 byte         run of c + 3 copies
 *         | c:-128..-1 byte{-c}   -c literal bytes
 * </pre>
 *
 * As orc-core's {@code RunLengthByteWriter}: a run starts as soon as three identical bytes are
 * seen (the literals before them are written first); runs end at 130 bytes, literal groups at
 * 128.
 */
public final class ByteRleEncoder implements StreamWriter {
  private static final int MIN_REPEAT = 3;
  private static final int MAX_REPEAT = 127 + MIN_REPEAT;
  private static final int MAX_LITERALS = 128;

  private final OrcOutputStream out;
  private final byte[] literals = new byte[MAX_LITERALS];
  private int count; // literals held, or the run length when `repeat`
  private boolean repeat;
  private int tail; // identical literals at the end

  public ByteRleEncoder(OrcOutputStream out) {
    this.out = out;
  }

  public void write(byte value) throws IOException {
    add(value);
  }

  /** Writes {@code values[off, off + len)}. */
  public void write(byte[] values, int off, int len) {
    Objects.checkFromIndexSize(off, len, values.length);
    for (int i = off; i < off + len; i++) {
      add(values[i]);
    }
  }

  /** {@link #write(byte)} for {@link BooleanEncoder}, which does no I/O either. */
  void add(byte value) {
    if (count == 0) {
      literals[count++] = value;
      tail = 1;
    } else if (repeat) {
      if (value == literals[0]) {
        if (++count == MAX_REPEAT) {
          writeGroup();
        }
      } else {
        writeGroup();
        literals[count++] = value;
        tail = 1;
      }
    } else {
      tail = value == literals[count - 1] ? tail + 1 : 1;
      if (tail == MIN_REPEAT) {
        if (count + 1 != MIN_REPEAT) {
          count -= MIN_REPEAT - 1;
          writeGroup();
          literals[0] = value;
        }
        count = MIN_REPEAT;
        repeat = true;
      } else {
        literals[count++] = value;
        if (count == MAX_LITERALS) {
          writeGroup();
        }
      }
    }
  }

  /** {@code k} calls of {@link #add}; a run grows by whole counts instead of one by one. */
  void addRepeated(byte value, int k) {
    while (k > 0) {
      if (repeat && value == literals[0]) {
        int take = Math.min(k, MAX_REPEAT - count);
        count += take;
        k -= take;
        if (count == MAX_REPEAT) {
          writeGroup();
        }
      } else {
        add(value);
        k--;
      }
    }
  }

  private void writeGroup() {
    if (count == 0) {
      return;
    }
    if (repeat) {
      out.write(count - MIN_REPEAT);
      out.write(literals[0]);
    } else {
      out.write(-count);
      out.write(literals, 0, count);
    }
    repeat = false;
    count = 0;
    tail = 0;
  }

  /** The stream position, then the values of the open group. */
  @Override
  public ByteRleCheckpoint checkpoint() {
    return new ByteRleCheckpoint(out.offset(), count);
  }

  public void flush() throws IOException {
    finish();
  }

  void finish() {
    writeGroup();
    out.flushChunk();
  }

  public long estimateMemory() {
    // orc-core counts its literal buffer too
    return out.bufferedSize() + MAX_LITERALS;
  }
}
