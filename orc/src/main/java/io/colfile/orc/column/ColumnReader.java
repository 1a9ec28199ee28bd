package io.colfile.orc.column;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.orc.stream.BooleanDecoder;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.util.Arrays;

/**
 * Decodes one column of a stripe into vectors. Lifecycle: {@link #startStripe} once per stripe,
 * then {@link #read} for consecutive row ranges.
 *
 * <p>A column has values only where its parent has them: a struct's children skip the rows
 * where the struct is null ({@code parentNull}), list and map children hold the elements of
 * non-null rows, union variants hold the rows with their tag.
 */
public abstract class ColumnReader {
  protected final int column;
  protected final Type type;
  protected String file;
  protected int stripe;
  private BooleanDecoder present;
  private boolean[] scratch = new boolean[0];

  protected ColumnReader(int column, Type type) {
    this.column = column;
    this.type = type;
  }

  /** Positions the reader at the start of a stripe. */
  public void startStripe(StripeStreams streams) throws IOException {
    file = streams.file();
    stripe = streams.stripe();
    OrcInputStream p = streams.stream(column, StreamKind.PRESENT);
    present = p == null ? null : new BooleanDecoder(p);
  }

  /**
   * Reads the next {@code n} rows into rows {@code [off, off + n)} of {@code v}. Rows where
   * {@code parentNull[off + i]} is set are null without consuming anything ({@code parentNull}
   * may be null: no parent nulls).
   */
  public abstract void read(ColumnVector v, int off, int n, boolean[] parentNull)
      throws IOException;

  /**
   * Reads the null flags of rows {@code [off, off + n)} and returns how many rows have values.
   * Leaves {@code v.noNulls} true when none of the vector's rows is null so far.
   */
  protected final int readNulls(ColumnVector v, int off, int n, boolean[] parentNull)
      throws IOException {
    boolean[] isNull = v.isNull;
    if (present == null && parentNull == null) {
      if (!v.noNulls) {
        Arrays.fill(isNull, off, off + n, false);
      }
      return n;
    }
    if (v.noNulls && off > 0) {
      Arrays.fill(isNull, 0, off, false);
    }
    int candidates = n;
    if (parentNull != null) {
      candidates = 0;
      for (int i = off; i < off + n; i++) {
        if (!parentNull[i]) {
          candidates++;
        }
      }
    }
    boolean[] bits;
    if (present == null) {
      bits = null;
    } else if (parentNull == null) {
      present.nextPresent(isNull, off, n);
      bits = isNull;
    } else {
      if (scratch.length < candidates) {
        scratch = new boolean[candidates];
      }
      present.nextPresent(scratch, 0, candidates);
      bits = scratch;
    }
    int values = 0;
    if (parentNull == null) {
      for (int i = off; i < off + n; i++) {
        if (!isNull[i]) {
          values++;
        }
      }
    } else {
      int j = 0;
      for (int i = off; i < off + n; i++) {
        if (parentNull[i]) {
          isNull[i] = true;
        } else {
          isNull[i] = bits != null && bits[j++];
          if (!isNull[i]) {
            values++;
          }
        }
      }
    }
    if (values < n) {
      v.noNulls = false;
    }
    return values;
  }

  /**
   * Spreads {@code values} compact longs at {@code dst[off..]} out to the non-null rows of
   * {@code [off, off + n)}, back to front so nothing is overwritten before it is moved.
   */
  protected static void spread(long[] dst, int off, int n, int values, boolean[] isNull) {
    int src = off + values - 1;
    for (int i = off + n - 1; i >= off && src >= off; i--) {
      if (!isNull[i]) {
        dst[i] = dst[src--];
      }
    }
  }

  protected static void spread(double[] dst, int off, int n, int values, boolean[] isNull) {
    int src = off + values - 1;
    for (int i = off + n - 1; i >= off && src >= off; i--) {
      if (!isNull[i]) {
        dst[i] = dst[src--];
      }
    }
  }

  protected final CorruptFileException corrupt(String format, Object... args) {
    return CorruptFileException.at(file, "stripe " + stripe + " / column " + column, -1,
        format, args);
  }
}
