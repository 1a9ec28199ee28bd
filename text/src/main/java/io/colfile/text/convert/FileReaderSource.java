package io.colfile.text.convert;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;

/** Rows of any column file colfile reads. */
public final class FileReaderSource implements RowSource {
  private final FileReader file;
  private final BatchReader rows;

  public FileReaderSource(FileReader file) throws IOException {
    this(file, ReadOptions.defaults());
  }

  /** The rows {@code options} read ({@link ReadOptions#withParallelism}, say). */
  public FileReaderSource(FileReader file, ReadOptions options) throws IOException {
    this.file = file;
    this.rows = file.read(options);
  }

  @Override
  public Type schema() {
    return file.schema();
  }

  @Override
  public boolean next(ColumnBatch batch) throws IOException {
    return rows.next(batch);
  }

  @Override
  public void close() throws IOException {
    try {
      rows.close();
    } finally {
      file.close();
    }
  }
}
