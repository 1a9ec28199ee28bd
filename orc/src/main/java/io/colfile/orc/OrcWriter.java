package io.colfile.orc;

import io.colfile.core.FileWriter;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;

/** Writes an ORC file (CONTRACT STUB: being implemented). */
public final class OrcWriter implements FileWriter {
  private OrcWriter() {}

  /** Starts writing {@code file} with {@code schema}; nothing appears there until close. */
  public static OrcWriter create(OutputFile file, Type schema, OrcWriterOptions options)
      throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public String formatName() {
    return "ORC";
  }

  @Override
  public Type schema() {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void write(ColumnBatch batch) throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public long numberOfRows() {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void addUserMetadata(String key, byte[] value) {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void close() throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void abort() {}
}
