package io.colfile.cli;

import picocli.CommandLine.Option;

/**
 * Which table (or tablet) of a Kudu tablet server's directory a command reads: the server's
 * {@code --fs_wal_dir} (its data directories inside it, or given with {@code --data-dirs}).
 */
final class KuduServerOptions {
  @Option(names = "--table", paramLabel = "NAME",
      description = "For a Kudu tablet server's directory: the table to read (every tablet of it "
          + "the server holds, its write-ahead log replayed).")
  String table;

  @Option(names = "--tablet", paramLabel = "ID",
      description = "For a Kudu tablet server's directory: one tablet to read.")
  String tablet;

  @Option(names = "--as-of", paramLabel = "MICROS",
      description = "For a Kudu tablet server's directory: the rows as of this time "
          + "(microseconds since 1970, a hybrid time's physical part), as a snapshot scan "
          + "then would return them.")
  Long asOf;

  @Option(names = "--salvage",
      description = "For a Kudu tablet server's directory: read around damage (leave out a "
          + "damaged rowset, stop a log at a damaged entry) and say on stderr what was left out, "
          + "rather than stop at the first damaged block.")
  boolean salvage;

  @Option(names = "--data-dirs", paramLabel = "DIR,DIR", split = ",",
      description = "A Kudu tablet server's data directories (--fs_data_dirs), when they are not "
          + "inside its WAL directory.")
  java.util.List<java.nio.file.Path> dataDirs;
}
