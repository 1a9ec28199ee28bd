package io.colfile.core;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.Closeable;
import java.io.IOException;

/**
 * A column file being written, of any format. Rows arrive in batches; the file appears at its
 * target only when {@link #close()} returns normally. After an exception, or after {@link
 * #abort()}, nothing is left at the target and whatever was there before is untouched.
 *
 * <p>Not thread-safe: one thread at a time; {@link WriteOptions#withParallelism} encodes one
 * writer's columns on several threads.
 */
public interface FileWriter extends Closeable {
  /** The format's name, e.g. {@code ORC}. */
  String formatName();

  /** The schema the file is written with. */
  Type schema();

  /** Appends the {@code batch.size} rows of {@code batch}. */
  void write(ColumnBatch batch) throws IOException;

  /** Rows written so far. */
  long numberOfRows();

  /** Adds a key/value pair to the file's user metadata (ORC) or file metadata. */
  default void addUserMetadata(String key, byte[] value) {
    throw new UnsupportedOperationException(formatName() + " files have no user metadata");
  }

  /** Finishes the file and publishes it at the target. */
  @Override
  void close() throws IOException;

  /** Gives up: discards everything written. Idempotent; {@link #close()} afterwards does nothing. */
  void abort();
}
