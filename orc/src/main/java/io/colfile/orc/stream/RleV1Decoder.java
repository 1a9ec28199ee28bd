package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.IntegerCheckpoint;
import java.util.Objects;

/**
 * Integer RLE version 1 (orc.md section 6.4), used by files of version 0.11 and encodings
 * DIRECT/DICTIONARY. <b>Internal</b>: public only for the column readers.
 *
 * <pre>
 * Group ::= control:0..127 delta:i8 base:varint       run: base + i * delta, i &lt; control + 3
 *         | control:128..255 varint{256 - control}    literals
 * </pre>
 *
 * Varints are zigzag-encoded when {@code signed}; the run delta is a raw signed byte either way.
 * Runs are generated on the fly and literals read straight from the stream, so nothing is
 * buffered.
 */
public final class RleV1Decoder implements IntegerDecoder {
  private final OrcInputStream in;
  private final boolean signed;
  private int remaining; // values left in the current group
  private boolean run; // the current group is a run rather than literals
  private long runValue; // the run's next value
  private long delta;

  public RleV1Decoder(OrcInputStream in, boolean signed) {
    this.in = in;
    this.signed = signed;
  }

  private void readGroup() throws CorruptFileException {
    int control = in.read();
    if (control < 0) {
      throw in.corrupt("integer RLE v1 stream ended; more values were expected");
    }
    if (control < 0x80) {
      run = true;
      remaining = control + 3;
      delta = (byte) in.readByte("an integer RLE v1 run");
      runValue = readVarint();
    } else {
      run = false;
      remaining = 0x100 - control;
    }
  }

  private long readVarint() throws CorruptFileException {
    return signed ? in.readVarSigned() : in.readVarUnsigned();
  }

  @Override
  public long next() throws CorruptFileException {
    if (remaining == 0) {
      readGroup();
    }
    remaining--;
    if (run) {
      long v = runValue;
      runValue += delta;
      return v;
    }
    return readVarint();
  }

  @Override
  public void next(long[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    while (n > 0) {
      if (remaining == 0) {
        readGroup();
      }
      int k = Math.min(n, remaining);
      if (run) {
        long v = runValue;
        long d = delta;
        for (int i = 0; i < k; i++, v += d) {
          dst[off + i] = v;
        }
        runValue = v;
      } else if (signed) {
        for (int i = 0; i < k; i++) {
          dst[off + i] = in.readVarSigned();
        }
      } else {
        for (int i = 0; i < k; i++) {
          dst[off + i] = in.readVarUnsigned();
        }
      }
      remaining -= k;
      off += k;
      n -= k;
    }
  }

  @Override
  public void skip(long n) throws CorruptFileException {
    if (n < 0) {
      throw new IllegalArgumentException("negative skip " + n);
    }
    while (n > 0) {
      if (remaining == 0) {
        readGroup();
      }
      int k = (int) Math.min(n, remaining);
      if (run) {
        runValue += k * delta;
      } else {
        for (int i = 0; i < k; i++) {
          in.readVarUnsigned(); // validates the varint's length as it goes
        }
      }
      remaining -= k;
      n -= k;
    }
  }

  @Override
  public void seek(IntegerCheckpoint p) throws CorruptFileException {
    in.seek(p.offset());
    remaining = 0;
    skip(p.valuesToSkip());
  }

  @Override
  public OrcInputStream stream() {
    return in;
  }
}
