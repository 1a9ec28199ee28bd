package io.colfile.fuzz;

import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import java.io.IOException;

/** The steps every whole-file target takes on an open reader, each tried on its own. */
final class FileSteps {
  private FileSteps() {}

  /**
   * {@code describe()} (what {@code colfile meta} prints), {@code layout()} (every byte's
   * structure), a full read, and a read that seeks to the middle first: each may refuse the file
   * with an {@link IOException}, and the next still runs.
   */
  static void read(FileReader r) {
    r.schema();
    r.numberOfRows();
    try {
      r.describe();
    } catch (IOException refused) {
      // next step
    }
    try {
      r.layout();
    } catch (IOException refused) {
      // next step
    }
    try {
      FuzzTargets.readAll(r, ReadOptions.defaults());
    } catch (IOException refused) {
      // next step
    }
    try (var br = r.read(ReadOptions.defaults().withBatchSize(7))) {
      long rows = r.numberOfRows();
      br.seekToRow(Math.max(0, rows / 2));
      var batch = br.newBatch();
      if (br.next(batch)) {
        batch.validate();
      }
    } catch (IOException refused) {
      // next step
    }
  }
}
