package io.colfile.orc.column;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.stream.OrcInputStream;
import java.io.IOException;
import java.time.ZoneId;

/** What a column reader needs of the stripe it is reading. */
public interface StripeStreams {
  /** The stream of {@code column} of {@code kind}, or null when the stripe has none. */
  OrcInputStream stream(int column, StreamKind kind);

  /** The stream, or a CorruptFileException naming what is missing. */
  default OrcInputStream required(int column, StreamKind kind) throws CorruptFileException {
    OrcInputStream s = stream(column, kind);
    if (s == null) {
      throw region().part("column", column).corrupt("the %s stream is missing", kind);
    }
    return s;
  }

  /**
   * The stream, or an empty one when the stripe lists none: writers omit streams that would be
   * empty (a column whose values are all null), so absence only matters once a value is needed,
   * and then reading it reports the stream as exhausted.
   */
  default OrcInputStream orEmpty(int column, StreamKind kind) {
    OrcInputStream s = stream(column, kind);
    if (s != null) {
      return s;
    }
    // An absent stream has no bytes of its own: errors name the stripe it is missing from.
    FileRegion stripe = region();
    FileRegion absent = new StreamId(column, kind).within(stripe);
    if (stripe.start() >= 0) {
      absent = absent.at(stripe.start(), stripe.length());
    }
    return new OrcInputStream(absent.part("(absent)"), new byte[0], 0, 0, null, 1);
  }

  /** The column's encoding in this stripe. */
  ColumnEncoding encoding(int column);

  /** The dictionary size of a dictionary-encoded column. */
  long dictionarySize(int column);

  /** Rows in this stripe. */
  long rows();

  /** Index of this stripe in the file (0-based), for messages. */
  int stripe();

  /** The stripe's bytes in the file, for messages. */
  FileRegion region();

  /** The zone TIMESTAMP values were written in (the stripe's, or the reader's default). */
  ZoneId writerZone();

  /** The most values a list or map column may hold for one batch (ReadOptions). */
  long maxNestedValues();

  /** Whether decimals of precision at most 18 use the decimal64 encoding (file version 1.9999). */
  boolean decimal64();

  /**
   * What a column reader makes of this stripe once for all its readers: {@code load}'s value
   * for {@code column} (one per column). The parts of a stripe read on several threads share
   * one: the first part to ask loads it while the others wait, then they all take it (a value
   * that failed to load is not kept: the next to ask loads it again, and fails alike). The
   * value must depend on the stripe alone and never change. Without parts, loads every time.
   */
  default <T> T shared(int column, Loader<T> load) throws IOException {
    return load.load();
  }

  /**
   * Where string values copied out of compressed streams go, shared by the readers of every part
   * of every stripe of a parallel read; null: each column reader keeps its own arrays.
   */
  default CopiedValues copiedValues() {
    return null;
  }

  /** Makes a value from the stripe's streams ({@link #shared}). */
  @FunctionalInterface
  interface Loader<T> {
    T load() throws IOException;
  }
}
