package io.colfile.text;

/** How values print: timestamps' fraction, and floating point as C's %g or exact. */
record PrintStyle(JsonLinesWriter.TimestampStyle timestamps, boolean exactFloats) {
  static final PrintStyle DEFAULT =
      new PrintStyle(JsonLinesWriter.TimestampStyle.TRIMMED_NANOS, false);
}
