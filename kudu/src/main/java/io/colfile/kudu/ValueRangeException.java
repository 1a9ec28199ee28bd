package io.colfile.kudu;

/**
 * A value that the Kudu type of its column cannot hold (an int8 of 1000, a date before
 * 0001-01-01, a timestamp beyond unixtime_micros), found while turning a vector into cells.
 * {@link #row()} is the row of that vector, so that callers can say which row of their input it
 * was.
 */
public final class ValueRangeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int row;
  private final String problem;

  public ValueRangeException(int row, String problem) {
    super("row " + row + ": " + problem);
    this.row = row;
    this.problem = problem;
  }

  /** The row of the vector that held the value. */
  public int row() {
    return row;
  }

  /** What is wrong with the value, without the row. */
  public String problem() {
    return problem;
  }
}
