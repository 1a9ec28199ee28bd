package io.colfile.cli;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens a file of any installed format, detected from its bytes by {@link ColFile}, or a dataset
 * stored as a directory (a Kudu rowset).
 */
final class ColumnFiles {
  private ColumnFiles() {}

  static FileReader open(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      return ColFile.openDirectory(path);
    }
    InputFile in = InputFile.local(path);
    try {
      return ColFile.open(in);
    } catch (IOException | RuntimeException e) {
      // Detection failed before any reader took over the file.
      try {
        in.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** Opens a Kudu DeltaFile as its decoded mutations. */
  static FileReader openDeltas(Path path) throws IOException {
    InputFile in = InputFile.local(path);
    try {
      return io.colfile.kudu.delta.DeltaFileReader.open(in);
    } catch (IOException | RuntimeException e) {
      try {
        in.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }
}
