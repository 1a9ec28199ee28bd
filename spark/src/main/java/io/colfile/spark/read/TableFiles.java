package io.colfile.spark.read;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.core.ColFile;
import io.colfile.core.FormatProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.DataSource$;
import org.apache.spark.sql.execution.datasources.FileStatusCache;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.execution.datasources.InMemoryFileIndex;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The files of a table: the paths the user gave (globs expanded), listed as Spark's file
 * sources list them (directories walked, hidden and {@code _}-prefixed files skipped, {@code
 * key=value} directories read as partition columns, with Spark's options {@code basePath},
 * {@code recursiveFileLookup}, {@code pathGlobFilter}, {@code modifiedBefore}/{@code
 * modifiedAfter}) — except Kudu rowsets, which are directories of files: each rowset directory
 * (a path given, or a directory under it) is one unit.
 */
final class TableFiles {
  /** One unit to read: a file, or a rowset directory. */
  record Unit(FileStatus status, boolean directory) {
    Path path() {
      return status.getPath();
    }
  }

  /** The units of one partition directory, with its partition values. */
  record Partition(InternalRow values, List<Unit> units) {}

  final StructType partitionSchema;
  final List<Partition> partitions;
  /** True when the units are rowset directories (read from the local file system). */
  final boolean rowsets;
  /** When the units are the tablets of a Kudu tablet server's table, the table; else null. */
  final KuduServerSource kuduServer;

  private TableFiles(StructType partitionSchema, List<Partition> partitions, boolean rowsets) {
    this(partitionSchema, partitions, rowsets, null);
  }

  private TableFiles(StructType partitionSchema, List<Partition> partitions, boolean rowsets,
      KuduServerSource kuduServer) {
    this.partitionSchema = partitionSchema;
    this.partitions = partitions;
    this.rowsets = rowsets;
    this.kuduServer = kuduServer;
  }

  /** The paths of the options ({@code path}, or {@code paths} as a JSON array). */
  static List<String> paths(CaseInsensitiveStringMap options) {
    List<String> out = new ArrayList<>();
    String paths = options.get("paths");
    if (paths != null) {
      try {
        for (Object p : new ObjectMapper().readValue(paths, List.class)) {
          out.add((String) p);
        }
      } catch (IOException e) {
        throw new IllegalArgumentException("option paths is no JSON array of strings: " + paths);
      }
    }
    String path = options.get("path");
    if (path != null) {
      out.add(path);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(
          "no path: give spark.read.format(\"colfile\").load(path, ...) one or more paths");
    }
    return out;
  }

  static TableFiles list(SparkSession session, CaseInsensitiveStringMap options,
      Configuration conf, String format, StructType userSchema) {
    List<Path> roots = CollectionConverters.asJava(DataSource$.MODULE$.checkAndGlobPathIfNecessary(
        CollectionConverters.asScala(paths(options)).toList(), conf, true, true, 40, true));
    if (roots.size() == 1 && local(roots.get(0)) != null
        && KuduServerSource.isServer(local(roots.get(0)))) {
      return tablets(roots.get(0), options, conf);
    }
    if ("kudu".equalsIgnoreCase(format) || (format == null && holdsRowsets(roots, conf))) {
      return rowsets(roots, conf);
    }
    Map<String, String> params = new HashMap<>(options.asCaseSensitiveMap());
    InMemoryFileIndex index = new InMemoryFileIndex(session,
        CollectionConverters.asScala(roots).toList(),
        scala.collection.immutable.Map.from(CollectionConverters.asScala(params)),
        Option.apply(userSchema), FileStatusCache.getOrCreate(session), Option.empty(),
        Option.empty());
    List<Partition> partitions = new ArrayList<>();
    scala.collection.immutable.Seq<org.apache.spark.sql.catalyst.expressions.Expression> none =
        CollectionConverters.asScala(
            List.<org.apache.spark.sql.catalyst.expressions.Expression>of()).toList();
    for (PartitionDirectory dir : CollectionConverters.asJava(index.listFiles(none, none))) {
      List<Unit> units = new ArrayList<>();
      for (FileStatusWithMetadata f : CollectionConverters.asJava(dir.files())) {
        units.add(new Unit(f.fileStatus(), false));
      }
      partitions.add(new Partition(dir.values(), units));
    }
    return new TableFiles(index.partitionSchema(), partitions, false);
  }

  /** The units, all partitions together. */
  List<Unit> units() {
    List<Unit> out = new ArrayList<>();
    partitions.forEach(p -> out.addAll(p.units()));
    return out;
  }

  // ---- a Kudu tablet server's table

  private static TableFiles tablets(Path root, CaseInsensitiveStringMap options,
      Configuration conf) {
    String table = options.get("table");
    List<String> dataDirs = new ArrayList<>();
    String dirs = options.get("dataDirs");
    if (dirs != null) {
      for (String d : dirs.split(",")) {
        if (!d.isBlank()) {
          dataDirs.add(d.trim());
        }
      }
    }
    long asOf = -1;
    String a = options.get("asOf");
    if (a != null) {
      try {
        asOf = Long.parseLong(a.trim());
      } catch (NumberFormatException e) {
        asOf = -2;
      }
      if (asOf < 0) {
        throw new IllegalArgumentException("option asOf: microseconds since 1970, not " + a);
      }
    }
    java.nio.file.Path walDir = local(root);
    try {
      KuduServerSource source = new KuduServerSource(table, dataDirs, asOf);
      io.colfile.kudu.tablet.KuduServerDir dir = source.open(walDir);
      List<String> names = new ArrayList<>();
      dir.tables().forEach(t -> names.add(t.name()));
      if (table == null || !names.contains(table)) {
        throw new IllegalArgumentException(root + " is a Kudu tablet server's directory; name"
            + " one of its tables with option table (" + String.join(", ", names) + ")"
            + (table == null ? "" : ", not '" + table + "'"));
      }
      FileSystem fs = root.getFileSystem(conf);
      List<Unit> units = new ArrayList<>();
      for (io.colfile.kudu.tablet.KuduTable t : dir.tables()) {
        if (!t.name().equals(table)) {
          continue;
        }
        for (io.colfile.kudu.tablet.TabletMeta m : t.tablets()) {
          Path wals = new Path(new Path(root, "wals"), m.tabletId());
          long bytes = 0;
          for (io.colfile.kudu.tablet.RowSetMeta rs : m.rowsets()) {
            for (long b : rs.blocks()) {
              try (io.colfile.core.io.InputFile in = dir.blocks().open(b)) {
                bytes += in.length();
              }
            }
          }
          FileStatus st = fs.getFileStatus(wals);
          units.add(new Unit(new FileStatus(bytes, true, st.getReplication(), st.getBlockSize(),
              st.getModificationTime(), st.getPath()), true));
        }
      }
      return new TableFiles(new StructType(),
          List.of(new Partition(InternalRow.empty(), units)), true, source);
    } catch (IOException e) {
      throw new UncheckedIOException(root + ": " + e.getMessage(), e);
    }
  }

  // ---- Kudu rowset directories

  private static boolean holdsRowsets(List<Path> roots, Configuration conf) {
    for (Path root : roots) {
      java.nio.file.Path local = local(root);
      if (local != null && Files.isDirectory(local)
          && (isRowset(local) || childRowsets(local).findAny().isPresent())) {
        return true;
      }
    }
    return false;
  }

  private static TableFiles rowsets(List<Path> roots, Configuration conf) {
    List<Unit> units = new ArrayList<>();
    for (Path root : roots) {
      java.nio.file.Path local = local(root);
      if (local == null) {
        throw new IllegalArgumentException(root + ": Kudu rowsets are read from the local file"
            + " system only (a file: path)");
      }
      try {
        FileSystem fs = root.getFileSystem(conf);
        if (!Files.isDirectory(local)) {
          units.add(new Unit(fs.getFileStatus(root), false)); // a single CFile
        } else if (isRowset(local)) {
          units.add(new Unit(directoryStatus(fs, root, local), true));
        } else {
          for (java.nio.file.Path dir : (Iterable<java.nio.file.Path>) childRowsets(local)::iterator) {
            Path p = new Path(dir.toUri());
            units.add(new Unit(directoryStatus(fs, p, dir), true));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(root + ": " + e.getMessage(), e);
      }
    }
    if (units.isEmpty()) {
      throw new IllegalArgumentException("no Kudu rowset directory or CFile under " + roots);
    }
    return new TableFiles(new StructType(), List.of(new Partition(InternalRow.empty(), units)),
        true);
  }

  /** A directory's status with its length set to the bytes of the files in it. */
  private static FileStatus directoryStatus(FileSystem fs, Path p, java.nio.file.Path dir)
      throws IOException {
    FileStatus st = fs.getFileStatus(p);
    long bytes = 0;
    try (Stream<java.nio.file.Path> files = Files.list(dir)) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        if (Files.isRegularFile(f)) {
          bytes += Files.size(f);
        }
      }
    }
    return new FileStatus(bytes, true, st.getReplication(), st.getBlockSize(),
        st.getModificationTime(), st.getPath());
  }

  static boolean isRowset(java.nio.file.Path dir) {
    for (FormatProvider f : ColFile.formats()) {
      if (f.matchesDirectory(dir)) {
        return true;
      }
    }
    return false;
  }

  /** Rowset directories under {@code dir}, in name order, hidden names skipped. */
  private static Stream<java.nio.file.Path> childRowsets(java.nio.file.Path dir) {
    try (Stream<java.nio.file.Path> all = Files.walk(dir)) {
      return all.filter(Files::isDirectory)
          .filter(d -> !d.equals(dir) && !hidden(dir.relativize(d)))
          .filter(TableFiles::isRowset).sorted().toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(dir + ": " + e.getMessage(), e);
    }
  }

  private static boolean hidden(java.nio.file.Path relative) {
    for (java.nio.file.Path name : relative) {
      String n = name.toString();
      if (n.startsWith(".") || (n.startsWith("_") && !n.contains("="))) {
        return true;
      }
    }
    return false;
  }

  /** The local path of {@code p}, or null when it is on another file system. */
  static java.nio.file.Path local(Path p) {
    String scheme = p.toUri().getScheme();
    if (scheme == null) {
      return java.nio.file.Path.of(p.toUri().getPath());
    }
    return scheme.equals("file") ? java.nio.file.Path.of(p.toUri()) : null;
  }
}
