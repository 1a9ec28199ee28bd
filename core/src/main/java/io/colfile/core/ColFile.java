package io.colfile.core;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Entry point: opens a column file of any installed format, detected from its bytes. */
public final class ColFile {
  private static final int PROBE = 16;

  private ColFile() {}

  /** The formats on the class path. */
  public static List<FormatProvider> formats() {
    List<FormatProvider> out = new ArrayList<>();
    ServiceLoader.load(FormatProvider.class, ColFile.class.getClassLoader()).forEach(out::add);
    return out;
  }

  /** Detects the format of {@code file} from its first and last bytes. */
  public static FormatProvider detect(InputFile file) throws IOException {
    long length = file.length();
    if (length == 0) {
      throw new CorruptFileException(file.name(), "", -1,
          "the file is empty, so its format cannot be detected");
    }
    int n = (int) Math.min(PROBE, length);
    byte[] head = file.read(0, n);
    byte[] tail = file.read(length - n, n);
    for (FormatProvider p : formats()) {
      if (p.matches(head, tail, length)) {
        return p;
      }
    }
    throw new CorruptFileException(file.name(), "", 0,
        "not a file of any format colfile reads (" + names() + ")");
  }

  /** Opens {@code file} with the format its bytes show. */
  public static FileReader open(InputFile file) throws IOException {
    return detect(file).open(file);
  }

  private static String names() {
    List<String> names = new ArrayList<>();
    for (FormatProvider p : formats()) {
      names.add(p.name());
    }
    return String.join(", ", names);
  }
}
