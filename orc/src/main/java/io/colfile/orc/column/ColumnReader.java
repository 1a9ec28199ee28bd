package io.colfile.orc.column;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.index.PositionSource;
import io.colfile.orc.stream.BooleanDecoder;
import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.util.Arrays;

/**
 * Decodes one column of a stripe into vectors. Lifecycle: {@link #startStripe} once per stripe,
 * then {@link #read} and {@link #skip} for consecutive row ranges, and {@link #seek} to resume at
 * the start of a row group (or of the stripe) with the row index's positions.
 *
 * <p>A column has values only where its parent has them: a struct's children skip the rows
 * where the struct is null ({@code parentNull}), list and map children hold the elements of
 * non-null rows, union variants hold the rows with their tag. Counts given to {@code read} and
 * {@code skip} are of those rows.
 */
public abstract class ColumnReader {
  static final ColumnReader[] NO_CHILDREN = {};
  /** Values decoded at a time where skipping needs them (lengths, tags). */
  static final int SKIP_CHUNK = 1024;

  protected final int column;
  protected final Type type;
  /**
   * The column within the stripe being read; it names the stripe's place, as a column's bytes
   * are spread over its streams. Errors about values name the stream they came from instead.
   */
  protected FileRegion where;
  private BooleanDecoder present;
  private boolean[] scratch = new boolean[0];
  private long[] lengthScratch;

  protected ColumnReader(int column, Type type) {
    this.column = column;
    this.type = type;
  }

  /** Positions the reader at the start of a stripe. */
  public void startStripe(StripeStreams streams) throws IOException {
    where = streams.region().part("column", column);
    OrcInputStream p = streams.stream(column, StreamKind.PRESENT);
    present = p == null ? null : new BooleanDecoder(p);
    for (ColumnReader c : children()) {
      c.startStripe(streams);
    }
  }

  /** The readers of the columns beneath this one. */
  ColumnReader[] children() {
    return NO_CHILDREN;
  }

  /**
   * Reads the next {@code n} rows into rows {@code [off, off + n)} of {@code v}. Rows where
   * {@code parentNull[off + i]} is set are null without consuming anything ({@code parentNull}
   * may be null: no parent nulls).
   */
  public abstract void read(ColumnVector v, int off, int n, boolean[] parentNull)
      throws IOException;

  /** Moves this column and the ones beneath it to the positions {@code source} gives. */
  public final void seek(PositionSource source) throws IOException {
    ColumnPositions p = source.positions(column);
    if (present != null) {
      if (p.present() == null) {
        throw corrupt("the row index has no PRESENT position, but the stripe has a PRESENT stream");
      }
      present.seek(p.present());
    }
    seekValues(p);
    for (ColumnReader c : children()) {
      c.seek(source);
    }
  }

  /** Moves the column's value streams to {@code p}. */
  abstract void seekValues(ColumnPositions p) throws IOException;

  /** Skips the next {@code n} rows, and what they hold in the columns beneath. */
  public final void skip(long n) throws IOException {
    skipValues(present == null ? n : present.countSet(n));
  }

  /** Skips the next {@code values} non-null values, and what they hold beneath. */
  abstract void skipValues(long values) throws IOException;

  /**
   * Reads the next {@code values} lengths (string bytes, list elements) and returns their sum,
   * for skipping what they measure; {@code what} names them in errors.
   */
  final long sumOfLengths(IntegerDecoder lengths, long values, String what) throws IOException {
    if (lengthScratch == null) {
      lengthScratch = new long[SKIP_CHUNK];
    }
    long total = 0;
    for (long done = 0; done < values; ) {
      int k = (int) Math.min(SKIP_CHUNK, values - done);
      lengths.next(lengthScratch, 0, k);
      for (int i = 0; i < k; i++) {
        long len = lengthScratch[i];
        if (len < 0 || len > Integer.MAX_VALUE || total > Long.MAX_VALUE - len) {
          throw lengths.corrupt("%s %d is out of range", what, len);
        }
        total += len;
      }
      done += k;
    }
    return total;
  }

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

  /** A problem with the column in this stripe as a whole, not with bytes of one stream. */
  protected final CorruptFileException corrupt(String format, Object... args) {
    return where.corrupt(format, args);
  }
}
