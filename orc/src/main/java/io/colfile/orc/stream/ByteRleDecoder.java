package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.ByteRleCheckpoint;
import java.util.Arrays;
import java.util.Objects;

/**
 * Byte run-length encoding (orc.md section 6.2): TINYINT DATA, UNION tags, and the bytes under
 * boolean streams. <b>Internal</b>: public only for the column readers.
 *
 * <pre>
 * Group ::= control:0..127 value:u8           run of control + 3 copies (3..130)
 *         | control:128..255 byte{256-control} literal group of 1..128 bytes
 * </pre>
 *
 * Literal bytes are not buffered: they are copied straight from the stream when asked for.
 */
public final class ByteRleDecoder {
  private final OrcInputStream in;
  private int remaining; // values left in the current group
  private boolean repeat; // the current group is a run of {@link #value}
  private byte value;

  public ByteRleDecoder(OrcInputStream in) {
    this.in = in;
  }

  private void readGroup() throws CorruptFileException {
    int control = in.read();
    if (control < 0) {
      throw in.corrupt("byte RLE stream ended; more values were expected");
    }
    if (control < 0x80) {
      repeat = true;
      remaining = control + 3;
      value = (byte) in.readByte("a byte RLE run");
    } else {
      repeat = false;
      remaining = 0x100 - control;
    }
  }

  public byte next() throws CorruptFileException {
    if (remaining == 0) {
      readGroup();
    }
    remaining--;
    return repeat ? value : (byte) in.readByte("a byte RLE literal group");
  }

  public void next(byte[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    while (n > 0) {
      if (remaining == 0) {
        readGroup();
      }
      int k = Math.min(n, remaining);
      if (repeat) {
        Arrays.fill(dst, off, off + k, value);
      } else {
        in.readFully(dst, off, k);
      }
      remaining -= k;
      off += k;
      n -= k;
    }
  }

  /** Values as signed bytes (TINYINT) widened to long. */
  public void next(long[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    while (n > 0) {
      if (remaining == 0) {
        readGroup();
      }
      int k = Math.min(n, remaining);
      if (repeat) {
        Arrays.fill(dst, off, off + k, value);
      } else {
        readLiterals(dst, off, k);
      }
      remaining -= k;
      off += k;
      n -= k;
    }
  }

  private void readLiterals(long[] dst, int off, int k) throws CorruptFileException {
    while (k > 0) {
      if (in.pos >= in.limit && !in.refill()) {
        throw in.corrupt("stream ended inside a byte RLE literal group");
      }
      int m = Math.min(k, in.limit - in.pos);
      byte[] b = in.cur;
      int p = in.pos;
      for (int i = 0; i < m; i++) {
        dst[off + i] = b[p + i];
      }
      in.pos = p + m;
      off += m;
      k -= m;
    }
  }

  /** Fills the non-null slots of {@code [off, off + n)}; null slots get 0. */
  public void next(long[] dst, int off, int n, boolean[] isNull) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, isNull.length);
    Objects.checkFromIndexSize(off, n, dst.length);
    int present = Nulls.countPresent(isNull, off, n);
    next(dst, off, present);
    if (present != n) {
      Nulls.spread(dst, off, n, present, isNull);
    }
  }

  public void skip(long n) throws CorruptFileException {
    if (n < 0) {
      throw new IllegalArgumentException("negative skip " + n);
    }
    while (n > 0) {
      if (remaining == 0) {
        readGroup();
      }
      int k = (int) Math.min(n, remaining);
      if (!repeat) {
        in.skip(k);
      }
      remaining -= k;
      n -= k;
    }
  }

  /** Seeks the stream, then skips the values of the group that precede the position. */
  public void seek(ByteRleCheckpoint p) throws CorruptFileException {
    in.seek(p.offset());
    remaining = 0;
    skip(p.valuesToSkip());
  }

  /** The stream, for errors raised by decoders built on this one. */
  public OrcInputStream stream() {
    return in;
  }
}
