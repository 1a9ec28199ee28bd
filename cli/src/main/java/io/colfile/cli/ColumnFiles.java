package io.colfile.cli;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import io.colfile.kudu.tablet.KuduServerDir;

/**
 * Opens a file of any installed format, detected from its bytes by {@link ColFile}, or a dataset
 * stored as a directory (a Kudu rowset).
 */
final class ColumnFiles {
  private ColumnFiles() {}

  static FileReader open(Path path) throws IOException {
    return open(path, null);
  }

  /**
   * {@link #open(Path)}, or for a Kudu tablet server's directory the table or tablet {@code
   * server} names (its rows as the server held them when it stopped).
   */
  static FileReader open(Path path, KuduServerOptions server) throws IOException {
    if (isKuduServer(path)) {
      return openKuduServer(path, server);
    }
    if (server != null && (server.table != null || server.tablet != null
        || server.asOf != null || server.salvage)) {
      throw new UsageException("--table, --tablet, --as-of and --salvage are for a Kudu tablet"
          + " server's directory;"
          + " " + path + " is none (it has no tablet-meta/)");
    }
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

  /**
   * {@link #open(Path, KuduServerOptions)}, an ORC file with the master keys of its encrypted
   * columns ({@code keys}, null for none: they read masked). With {@code keysForOrcOnly} false,
   * keys given for a file of another format are a usage error; with it true they are ignored.
   */
  static FileReader open(Path path, KuduServerOptions server, io.colfile.orc.KeyProvider keys,
      boolean keysForOrcOnly) throws IOException {
    FileReader reader = open(path, server);
    if (keys == null) {
      return reader;
    }
    if (!(reader instanceof io.colfile.orc.OrcReader)) {
      if (keysForOrcOnly) {
        return reader;
      }
      String format = reader.formatName();
      reader.close();
      throw new UsageException("--key-store is for ORC files; " + path + " is " + format);
    }
    reader.close();
    return io.colfile.orc.OrcReader.open(InputFile.local(path),
        io.colfile.orc.OrcReadOptions.defaults().withKeyProvider(keys));
  }

  /**
   * What a reader of {@code reader}'s file should know of its encryption: that some encrypted
   * columns read masked for want of their keys, when keys were given; else nothing.
   */
  static java.util.Optional<String> maskedNote(FileReader reader, boolean keysGiven) {
    if (keysGiven && reader instanceof io.colfile.orc.OrcReader orc && orc.hasEncryption()
        && !orc.decryptsAll()) {
      return java.util.Optional.of("the key store lacks the key of some encrypted columns: "
          + "they read masked");
    }
    return java.util.Optional.empty();
  }

  /** Whether {@code path} is a directory a format reads as one dataset (a Kudu rowset). */
  static boolean isDataset(Path path) {
    if (!Files.isDirectory(path)) {
      return false;
    }
    for (io.colfile.core.FormatProvider f : ColFile.formats()) {
      if (f.matchesDirectory(path)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code path} is a Kudu tablet server's WAL directory (or one with its metadata). */
  static boolean isKuduServer(Path path) {
    return Files.isDirectory(path.resolve("tablet-meta"))
        || Files.isDirectory(path.resolve("data").resolve("tablet-meta"));
  }

  private static FileReader openKuduServer(Path path, KuduServerOptions server)
      throws IOException {
    KuduServerDir dir = KuduServerDir.open(path,
        server == null || server.dataDirs == null ? List.of() : server.dataDirs);
    if (server != null && server.tablet != null) {
      try {
        return dir.openLiveTablet(server.tablet, server.asOf == null ? -1 : server.asOf,
            server.salvage);
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage());
      }
    }
    if (server == null || server.table == null) {
      List<String> names = new ArrayList<>();
      dir.tables().forEach(t -> names.add(t.name()));
      throw new UsageException(path + " is a Kudu tablet server's directory; name a table with"
          + " --table (" + String.join(", ", names) + ") or a tablet with --tablet");
    }
    try {
      return dir.openTable(server.table, server.asOf == null ? -1 : server.asOf,
          server.salvage);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** What a salvaging read of a Kudu tablet server left out (empty for anything else). */
  static java.util.List<String> damage(FileReader reader) {
    if (reader instanceof io.colfile.kudu.tablet.TableReader t) {
      return t.damage();
    }
    if (reader instanceof io.colfile.kudu.tablet.LiveTablet t) {
      return t.damage();
    }
    return java.util.List.of();
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
