package io.colfile.spark.write;

import io.colfile.core.FileWriter;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;

/**
 * One file of a Spark task: rows are copied into a batch of {@value ColumnBatch#DEFAULT_SIZE}
 * rows, written when full; {@link #close()} writes the rest and publishes the file. When a row
 * cannot be converted or written, or the file cannot be finished, the colfile writer is aborted
 * (nothing is left at the path) and the exception goes to Spark, which fails the task. Spark's
 * signatures take no checked exceptions, so an {@link IOException} arrives as an {@link
 * UncheckedIOException}.
 */
public final class ColFileOutputWriter extends OutputWriter {
  private final String path;
  private final FileWriter writer;
  private final RowConverter rows;
  private final ColumnBatch batch;
  private boolean closed;

  ColFileOutputWriter(String path, FileWriter writer, RowConverter rows) {
    this.path = path;
    this.writer = writer;
    this.rows = rows;
    this.batch = new ColumnBatch(rows.schema(), ColumnBatch.DEFAULT_SIZE);
  }

  @Override
  public void write(InternalRow row) {
    if (closed) {
      throw new IllegalStateException(path + ": written after close, or after a failure");
    }
    try {
      rows.append(row, batch);
      if (batch.size == batch.capacity()) {
        flush();
      }
    } catch (IOException | RuntimeException | Error e) {
      throw abort(e);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    try {
      if (batch.size > 0) {
        flush();
      }
      closed = true;
      writer.close();
    } catch (IOException | RuntimeException | Error e) {
      throw abort(e);
    }
  }

  @Override
  public String path() {
    return path;
  }

  private void flush() throws IOException {
    writer.write(batch);
    rows.reset(batch);
  }

  /**
   * Discards the file, for a failure: the writer takes no more rows, and {@code e} (an {@link
   * IOException} as {@link UncheckedIOException}) is what to throw.
   */
  private RuntimeException abort(Throwable e) {
    closed = true;
    Throwable thrown = e instanceof IOException io
        ? new UncheckedIOException(path + ": " + io.getMessage(), io) : e;
    try {
      writer.abort();
    } catch (RuntimeException suppressed) {
      thrown.addSuppressed(suppressed);
    }
    if (thrown instanceof Error error) {
      throw error;
    }
    return (RuntimeException) thrown;
  }
}
