package io.colfile.core;

import io.colfile.core.io.InputFile;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.nio.file.Path;

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

  /**
   * Opens the file. The reader returned owns {@code file} and closes it on close; when the file
   * cannot be opened, the implementation closes {@code file} before throwing.
   */
  FileReader open(InputFile file) throws IOException;

  /**
   * Whether {@code dir} holds a dataset this format stores as a directory of files (a Kudu
   * rowset), which {@link #openDirectory} reads.
   */
  default boolean matchesDirectory(Path dir) {
    return false;
  }

  /** Opens a dataset stored as the directory {@code dir}. */
  default FileReader openDirectory(Path dir) throws IOException {
    throw new UnsupportedFeatureException(name() + " datasets are files, not directories");
  }

  /** Whether this format writes a directory (see {@link #createDirectory}) rather than a file. */
  default boolean writesDirectories() {
    return false;
  }

  /**
   * Starts writing a dataset as the new directory {@code dir}; nothing appears there until the
   * writer is closed.
   *
   * @throws UnsupportedFeatureException if the format writes files
   * @throws IllegalArgumentException if the options do not fit the schema or the format
   */
  default FileWriter createDirectory(Path dir, Type schema, WriteOptions options)
      throws IOException {
    throw new UnsupportedFeatureException(name() + " writes files, not directories");
  }

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
