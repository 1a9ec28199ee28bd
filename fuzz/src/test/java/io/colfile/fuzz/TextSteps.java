package io.colfile.fuzz;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.convert.RowSource;
import java.io.IOException;

/** Reading a text row source to its end, as {@code colfile convert} does. */
final class TextSteps {
  private TextSteps() {}

  /** Reads every batch of {@code source} (closed afterwards), checking each batch's vectors. */
  static void drain(RowSource source, Type schema) throws IOException {
    try (source) {
      ColumnBatch batch = new ColumnBatch(schema, 256);
      for (int i = 0; i < 100_000 && source.next(batch); i++) {
        batch.validate();
      }
    }
  }
}
