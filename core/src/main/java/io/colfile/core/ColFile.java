package io.colfile.core;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Entry point: opens a column file of any installed format, detected from its bytes, and
 * writes files of the formats that can be written.
 */
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

  /**
   * Opens a dataset stored as a directory (a Kudu rowset), with the format that recognises it.
   *
   * @throws CorruptFileException if no installed format does
   */
  public static FileReader openDirectory(Path dir) throws IOException {
    for (FormatProvider p : formats()) {
      if (p.matchesDirectory(dir)) {
        return p.openDirectory(dir);
      }
    }
    throw new CorruptFileException(dir.toString(), "", -1,
        "is a directory, and not a dataset of any format colfile reads as a directory");
  }

  /** The installed format called {@code name} (case-insensitive), e.g. {@code orc}. */
  public static FormatProvider format(String name) {
    for (FormatProvider p : formats()) {
      if (p.name().equalsIgnoreCase(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException("no format '" + name + "'; colfile knows " + names());
  }

  /**
   * Starts writing a file of format {@code format} (e.g. {@code orc}); nothing appears at
   * {@code file} until the writer is closed.
   */
  public static FileWriter writer(String format, OutputFile file, Type schema,
      WriteOptions options) throws IOException {
    return format(format).create(file, schema, options);
  }

  private static String names() {
    List<String> names = new ArrayList<>();
    for (FormatProvider p : formats()) {
      names.add(p.name());
    }
    return String.join(", ", names);
  }
}
