package io.colfile.cli;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.file.Path;

/** Opening the files named on the command line. */
final class Files {
  private Files() {}

  /** Opens a column file of any format, detected from its bytes. */
  static FileReader open(Path path) throws IOException {
    if (java.nio.file.Files.isDirectory(path)) {
      throw new IOException(path + ": is a directory, not a column file");
    }
    InputFile in = InputFile.local(path);
    try {
      return ColFile.open(in);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }
}
