package io.colfile.core;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;

/**
 * Entry point: opens a column file of any installed format, detected from its bytes, and
 * writes files of the formats that can be written.
 *
 * <pre>
 * try (FileReader file = ColFile.open(Path.of("orders.orc"));
 *      BatchReader rows = file.read(ReadOptions.columns("id", "amount"))) {
 *   ColumnBatch batch = rows.newBatch();
 *   while (rows.next(batch)) { ... }
 * }
 * </pre>
 */
public final class ColFile {
  private static final int PROBE = 16;
  private static final String POM_PROPERTIES =
      "/META-INF/maven/io.colfile/colfile-core/pom.properties";

  private ColFile() {}

  /** The formats on the class path, found once (the first call) through ServiceLoader. */
  public static List<FormatProvider> formats() {
    return Installed.FORMATS;
  }

  /** Loaded on first use: a ServiceLoader scan costs a fraction of a millisecond per call. */
  private static final class Installed {
    static final List<FormatProvider> FORMATS = load();

    private static List<FormatProvider> load() {
      List<FormatProvider> out = new ArrayList<>();
      ServiceLoader.load(FormatProvider.class, ColFile.class.getClassLoader())
          .forEach(out::add);
      return List.copyOf(out);
    }
  }

  /**
   * colfile's version, as Maven recorded it in the core jar (e.g. {@code 0.1.0}); {@code
   * "(development build)"} when the classes do not come from a jar.
   */
  public static String version() {
    try (InputStream in = ColFile.class.getResourceAsStream(POM_PROPERTIES)) {
      if (in == null) {
        return "(development build)";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "(unknown version)");
    } catch (IOException e) {
      return "(unknown version)";
    }
  }

  /** Detects the format of {@code file} from its first and last bytes. */
  public static FormatProvider detect(InputFile file) throws IOException {
    long length = file.length();
    if (length == 0) {
      throw FileRegion.of(file.name(), 0).corrupt(
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
    throw FileRegion.of(file.name(), length).corrupt(
        "not a file of any format colfile reads (" + names() + ")");
  }

  /**
   * Opens {@code file} with the format its bytes show. The reader owns {@code file} from here on
   * and closes it when it is closed; when the file cannot be opened (no format recognises it,
   * or it is damaged) {@code file} is closed before the exception is thrown.
   */
  public static FileReader open(InputFile file) throws IOException {
    FormatProvider format;
    try {
      format = detect(file);
    } catch (IOException | RuntimeException e) {
      closeQuietly(file, e);
      throw e;
    }
    return format.open(file);
  }

  /**
   * Opens the file or directory dataset (a Kudu rowset) at {@code path}, with the format its
   * bytes (or its directory's files) show. Closing the reader closes the file.
   */
  public static FileReader open(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      return openDirectory(path);
    }
    return open(InputFile.local(path));
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
    throw FileRegion.of(dir.toString()).corrupt(
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

  /**
   * Starts writing a dataset of format {@code format} at {@code target}: a file for the formats
   * that write files, a new directory for those that write directories (a Kudu rowset).
   * Nothing appears at {@code target} until the writer is closed.
   */
  public static FileWriter writer(String format, Path target, Type schema, WriteOptions options)
      throws IOException {
    FormatProvider p = format(format);
    return p.writesDirectories() ? p.createDirectory(target, schema, options)
        : p.create(OutputFile.local(target), schema, options);
  }

  private static void closeQuietly(InputFile file, Exception failure) {
    try {
      file.close();
    } catch (IOException | RuntimeException suppressed) {
      failure.addSuppressed(suppressed);
    }
  }

  private static String names() {
    List<String> names = new ArrayList<>();
    for (FormatProvider p : formats()) {
      names.add(p.name());
    }
    return String.join(", ", names);
  }
}
