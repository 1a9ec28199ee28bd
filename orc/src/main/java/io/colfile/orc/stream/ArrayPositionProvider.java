package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;

/**
 * A {@link PositionProvider} over a {@code long[]}, e.g. one decoded {@code RowIndexEntry}.
 * <b>Internal</b>. Running out of numbers is reported as corruption of the row index that
 * {@code fileName} and {@code structure} name.
 */
public final class ArrayPositionProvider implements PositionProvider {
  private final String fileName;
  private final String structure;
  private final long[] positions;
  private int index;

  public ArrayPositionProvider(String fileName, String structure, long[] positions) {
    this.fileName = fileName;
    this.structure = structure;
    this.positions = positions;
  }

  /** For tests and callers without a file: messages name no file. */
  public ArrayPositionProvider(long... positions) {
    this(null, "row index entry", positions);
  }

  @Override
  public long next() throws CorruptFileException {
    if (index >= positions.length) {
      throw CorruptFileException.at(fileName, structure, -1,
          "row index entry has %d positions; more are needed", positions.length);
    }
    return positions[index++];
  }

  /** How many numbers have been consumed so far. */
  public int consumed() {
    return index;
  }
}
