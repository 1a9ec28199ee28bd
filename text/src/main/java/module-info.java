/** Rows as text: the JSON-lines printer, and JSON lines, CSV and column files as row sources. */
module io.colfile.text {
  requires transitive io.colfile.core;

  exports io.colfile.text;
  exports io.colfile.text.convert;
}
