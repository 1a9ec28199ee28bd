package io.colfile.trevni;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Test helpers: write a file through a callback and get its bytes; parse hex dumps. */
final class TrevniFiles {
  private TrevniFiles() {}

  static byte[] write(Path dir, List<ColumnSpec> columns, TrevniWriterOptions options,
      Consumer<TrevniFileWriter> rows) {
    try {
      Path p = Files.createTempFile(dir, "t", ".trv");
      TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(p), columns, options);
      rows.accept(w);
      w.close();
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static TrevniFileReader open(byte[] bytes) throws IOException {
    return TrevniFileReader.open(InputFile.of("test.trv", bytes));
  }

}
