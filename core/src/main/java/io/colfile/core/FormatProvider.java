package io.colfile.core;

import io.colfile.core.io.InputFile;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import java.io.IOException;

/**
 * A file format colfile can open, found through {@link java.util.ServiceLoader}. Format modules
 * register one in {@code META-INF/services/io.colfile.core.FormatProvider}.
 */
public interface FormatProvider {
  /** The format's name, e.g. {@code ORC}. */
  String name();

  /**
   * Whether a file with these first and last bytes is of this format. {@code head} and {@code
   * tail} hold up to 16 bytes each (fewer for short files).
   */
  boolean matches(byte[] head, byte[] tail, long length);

  /** Opens the file. */
  FileReader open(InputFile file) throws IOException;

  /**
   * Starts writing a file of this format; nothing appears at {@code file} until the writer is
   * closed.
   *
   * @throws UnsupportedFeatureException if colfile cannot write this format (yet)
   * @throws IllegalArgumentException if the options do not fit the schema or the format
   */
  default FileWriter create(OutputFile file, Type schema, WriteOptions options)
      throws IOException {
    throw new UnsupportedFeatureException("colfile cannot write " + name() + " files yet");
  }
}
