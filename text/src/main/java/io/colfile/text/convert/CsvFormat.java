package io.colfile.text.convert;

/**
 * How CSV is written: RFC 4180 by default ({@code ,} between fields, {@code "} around fields that
 * need it, a quote doubled inside quotes, a header line naming the columns).
 *
 * @param separator the character between fields
 * @param quote the character around quoted fields; doubled inside them it stands for itself
 * @param escape a character that makes the next one literal (inside or outside quotes), or
 *     {@code 0} for none
 * @param header whether the first line names the columns; without it the columns are the
 *     schema's fields in order
 * @param nullString an unquoted field equal to this is NULL (besides an empty unquoted field),
 *     or null for none
 */
public record CsvFormat(char separator, char quote, char escape, boolean header,
    String nullString) {
  /** RFC 4180 with a header line. */
  public static final CsvFormat RFC4180 = new CsvFormat(',', '"', (char) 0, true, null);

  /** Checks that separator, quote and escape differ and are not line ends. */
  public CsvFormat {
    if (separator == quote || (escape != 0 && (escape == separator || escape == quote))) {
      throw new IllegalArgumentException("the separator, quote and escape characters must "
          + "differ");
    }
    for (char c : new char[] {separator, quote, escape}) {
      if (c == '\n' || c == '\r') {
        throw new IllegalArgumentException("a line end cannot be a separator, quote or escape");
      }
    }
    if (separator == 0 || quote == 0) {
      throw new IllegalArgumentException("the separator and quote cannot be NUL");
    }
  }

  /** This format with or without a header line. */
  public CsvFormat withHeader(boolean h) {
    return new CsvFormat(separator, quote, escape, h, nullString);
  }
}
