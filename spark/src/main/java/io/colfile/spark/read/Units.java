package io.colfile.spark.read;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.io.FileRange;
import io.colfile.core.io.ForwardingInputFile;
import io.colfile.core.io.InputFile;
import io.colfile.hadoop.HadoopInputFile;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** Opens the units of a table: files through Hadoop, Kudu rowset directories locally. */
final class Units {
  private Units() {}

  /**
   * Opens {@code path} (a rowset directory when {@code directory}); the bytes read from a file
   * are added to {@code bytesRead} (null to not count them).
   */
  static FileReader open(Path path, boolean directory, Configuration conf, AtomicLong bytesRead)
      throws IOException {
    return open(path, directory, conf, bytesRead, null);
  }

  /**
   * {@link #open(Path, boolean, Configuration, AtomicLong)}, or with {@code server} the tablet
   * whose log directory {@code path} is.
   */
  static FileReader open(Path path, boolean directory, Configuration conf, AtomicLong bytesRead,
      KuduServerSource server) throws IOException {
    if (server != null) {
      java.nio.file.Path local = TableFiles.local(path);
      if (local == null) {
        throw new IOException(path + ": Kudu tablet servers are read from the local file system"
            + " only");
      }
      return server.openTablet(local);
    }
    if (directory) {
      java.nio.file.Path local = TableFiles.local(path);
      if (local == null) {
        throw new IOException(path + ": Kudu rowsets are read from the local file system only");
      }
      return ColFile.openDirectory(local);
    }
    InputFile in = HadoopInputFile.of(path, conf);
    if (bytesRead != null) {
      in = new Counting(in, bytesRead);
    }
    return ColFile.open(in);
  }

  /** Counts the bytes read, for the scan's metrics. */
  private static final class Counting extends ForwardingInputFile {
    private final AtomicLong bytes;

    Counting(InputFile in, AtomicLong bytes) {
      super(in);
      this.bytes = bytes;
    }

    @Override
    public void readFully(long position, byte[] dst, int offset, int length) throws IOException {
      super.readFully(position, dst, offset, length);
      bytes.addAndGet(length);
    }

    @Override
    public void readRanges(List<FileRange> ranges) throws IOException {
      super.readRanges(ranges);
      for (FileRange r : ranges) {
        bytes.addAndGet(r.length());
      }
    }
  }
}
