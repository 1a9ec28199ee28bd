package io.colfile.text.convert;

import java.io.IOException;

/** Input that is malformed or does not fit the schema, with where: file, line and column. */
public final class BadInputException extends IOException {
  private final String file;
  private final long line;
  private final String column;

  public BadInputException(String file, long line, String column, String message) {
    super(file + ": line " + line + (column == null || column.isEmpty() ? "" : ", column " + column)
        + ": " + message);
    this.file = file;
    this.line = line;
    this.column = column;
  }

  public String file() {
    return file;
  }

  /** 1-based line number. */
  public long line() {
    return line;
  }

  /** The column's dotted path (fields, {@code [i]} for elements), or null for the whole row. */
  public String column() {
    return column;
  }
}
