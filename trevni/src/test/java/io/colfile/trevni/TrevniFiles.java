package io.colfile.trevni;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.testkit.CountingInputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/** Test helpers: write a file through a callback and get its bytes; map reads to columns. */
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

  /** The bytes {@code counted} read of the column named {@code name}. */
  static long bytesRead(CountingInputFile counted, TrevniFile file, String name)
      throws IOException {
    int i = file.columnIndex(name);
    return counted.bytesIn(file.columnStart(i), columnEnd(counted, file, i));
  }

  /** The names of the columns some of whose bytes {@code counted} read. */
  static Set<String> columnsRead(CountingInputFile counted, TrevniFile file)
      throws IOException {
    Set<String> out = new TreeSet<>();
    for (int i = 0; i < file.columnCount(); i++) {
      long start = file.columnStart(i);
      if (counted.touched(start, columnEnd(counted, file, i) - start)) {
        out.add(file.column(i).name());
      }
    }
    return out;
  }

  private static long columnEnd(InputFile counted, TrevniFile file, int i)
      throws IOException {
    return i + 1 < file.columnCount() ? file.columnStart(i + 1) : counted.length();
  }

  static TrevniFile open(byte[] bytes) throws IOException {
    return TrevniFile.open(InputFile.of("test.trv", bytes));
  }

}
