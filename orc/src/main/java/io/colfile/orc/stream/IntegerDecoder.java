package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.IntegerCheckpoint;
import java.util.Objects;

/**
 * Integers of an RLE-encoded stream: v1 for encodings DIRECT/DICTIONARY, v2 for
 * DIRECT_V2/DICTIONARY_V2 (orc.md sections 6.4, 6.5). <b>Internal</b>: public only for the
 * column readers. Reading past the last value is a {@link CorruptFileException}: a column reader
 * only asks for values that its row counts say exist.
 */
public interface IntegerDecoder {

  /** The decoder for {@code in}, e.g. {@code create(in, true, encoding.isV2())}. */
  static IntegerDecoder create(OrcInputStream in, boolean signed, boolean rleV2) {
    return rleV2 ? new RleV2Decoder(in, signed) : new RleV1Decoder(in, signed);
  }

  long next() throws CorruptFileException;

  /** Decodes the next {@code n} values into {@code dst[off, off + n)}. */
  void next(long[] dst, int off, int n) throws CorruptFileException;

  /**
   * Decodes one value for each slot of {@code [off, off + n)} whose {@code isNull} is false
   * (the stream holds no values for nulls); null slots are set to 0.
   */
  default void next(long[] dst, int off, int n, boolean[] isNull) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, isNull.length);
    Objects.checkFromIndexSize(off, n, dst.length);
    int present = Nulls.countPresent(isNull, off, n);
    next(dst, off, present);
    if (present != n) {
      Nulls.spread(dst, off, n, present, isNull);
    }
  }

  /**
   * Reads the next {@code n} values like {@link #next(long[], int, int)}, for streams that
   * mostly repeat one value (a decimal column's scales): returns true when every one of them is
   * {@code value}, and then {@code dst[off, off + n)} may be left as it was (a decoder may skip
   * runs of {@code value} without writing them); returns false when some differ, with {@code
   * dst[off, off + n)} holding all the values.
   */
  default boolean nextOrAllEqual(long[] dst, int off, int n, long value)
      throws CorruptFileException {
    next(dst, off, n);
    for (int i = off, end = off + n; i < end; i++) {
      if (dst[i] != value) {
        return false;
      }
    }
    return true;
  }

  /** Skips {@code n} values. */
  void skip(long n) throws CorruptFileException;

  /** Seeks the stream, then skips the values of the run that precede the position. */
  void seek(IntegerCheckpoint p) throws CorruptFileException;

  /** The stream the values come from. */
  OrcInputStream stream();

  /**
   * A problem with values just decoded (a length or id out of range), located where the stream
   * is now: at or just after the run that held them.
   */
  default CorruptFileException corrupt(String format, Object... args) {
    return stream().corrupt(format, args);
  }
}
