package io.colfile.spark.read;

import io.colfile.kudu.tablet.KuduServerDir;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A table of a Kudu tablet server's directory (its {@code --fs_wal_dir}), read a tablet per
 * task, each as the server held it when it stopped (its write-ahead log replayed) or as of a
 * time. A task's unit is the tablet's log directory, {@code wals/<tablet id>}.
 *
 * @param table the table's name (option {@code table})
 * @param dataDirs the server's data directories when not inside its WAL directory (option
 *     {@code dataDirs}, comma-separated)
 * @param asOfMicros the snapshot time (option {@code asOf}), or -1 for as the server stopped
 */
record KuduServerSource(String table, List<String> dataDirs, long asOfMicros)
    implements Serializable {

  /** Whether {@code dir} is a Kudu tablet server's WAL directory (or holds its metadata). */
  static boolean isServer(Path dir) {
    return java.nio.file.Files.isDirectory(dir.resolve("tablet-meta"))
        || java.nio.file.Files.isDirectory(dir.resolve("data").resolve("tablet-meta"));
  }

  KuduServerDir open(Path walDir) throws IOException {
    List<Path> dirs = new ArrayList<>();
    dataDirs.forEach(d -> dirs.add(Path.of(d)));
    return KuduServerDir.open(walDir, dirs);
  }

  /** The tablet whose log directory is {@code wals/<tablet id>} of the server. */
  io.colfile.core.FileReader openTablet(Path tabletWals) throws IOException {
    Path walDir = tabletWals.getParent().getParent();
    return open(walDir).openLiveTablet(tabletWals.getFileName().toString(), asOfMicros, false);
  }
}
