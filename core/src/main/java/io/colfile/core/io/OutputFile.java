package io.colfile.core.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a writer puts a file. {@link #create()} opens a stream whose bytes become visible at the
 * target only when the stream is closed successfully; {@link AtomicOutputStream#abort()} (or a
 * failure before close) leaves nothing at the target.
 */
public interface OutputFile {
  /** A name for messages. */
  String name();

  /** Starts writing the file. */
  AtomicOutputStream create() throws IOException;

  /** A local file, written beside the target under a temporary name and renamed on close. */
  static OutputFile local(Path path) {
    return new LocalOutputFile(path);
  }
}
