package io.colfile.core;

import io.colfile.core.types.Type;
import java.io.Closeable;
import java.io.IOException;

/** An open column file of any format: its schema, and batches of its rows. */
public interface FileReader extends Closeable {
  /** The format's name, e.g. {@code ORC}. */
  String formatName();

  /** The file's schema. */
  Type schema();

  /** Number of rows in the file. */
  long numberOfRows();

  /** Reads the rows (or the projected columns of them) in batches. */
  BatchReader read(ReadOptions options) throws IOException;
}
