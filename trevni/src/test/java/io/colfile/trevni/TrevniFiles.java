package io.colfile.trevni;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
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

  /** Bytes from a hex dump: hex pairs, with any quoted ASCII ("abc") spelled out. */
  static byte[] hex(String text) {
    StringBuilder hex = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '"') {
        int end = text.indexOf('"', i + 1);
        for (char a : text.substring(i + 1, end).toCharArray()) {
          hex.append(String.format("%02x", (int) a));
        }
        i = end + 1;
      } else {
        if (Character.digit(c, 16) >= 0) {
          hex.append(c);
        }
        i++;
      }
    }
    return HexFormat.of().parseHex(hex.toString());
  }
}
