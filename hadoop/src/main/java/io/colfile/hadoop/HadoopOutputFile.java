package io.colfile.hadoop;

import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.ForwardingAtomicOutputStream;
import io.colfile.core.io.OutputFile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * A file on any Hadoop {@link FileSystem} as colfile's {@link OutputFile}. How the file is
 * published depends on what the file system can do, because colfile's promise (a reader sees the
 * whole file or nothing) is kept differently on each:
 *
 * <ul>
 *   <li>{@link Publish#RENAME}, for file systems with a real rename (HDFS, {@code file:},
 *       {@code viewfs:}, WebHDFS, Ozone, ABFS with a hierarchical namespace): the bytes go to a
 *       hidden temporary file in the target's directory, {@code .<name>.<random>.tmp}, renamed
 *       to the target on close. Like a local file, an existing target is replaced on close and
 *       kept on abort or failure. Hadoop's rename does not replace, so an existing target is
 *       first renamed aside ({@code .<name>.<random>.old}), then deleted once the new file is in
 *       place (and renamed back if that fails): for that moment no file has the target's name.
 *   <li>{@link Publish#DIRECT}, for object stores (S3A, GCS, Azure Blob without the namespace,
 *       and every scheme not named above): their rename is a copy, neither atomic nor cheap, but
 *       they make an object visible only when its upload completes, on close. So the file is
 *       written to its final name, and abort discards it: a stream that declares {@value
 *       StreamCapabilities#ABORTABLE_STREAM} (S3A) is aborted, nothing is uploaded and an earlier
 *       object at the name stays; otherwise the stream is closed and the target deleted, so
 *       where streams cannot be aborted an existing target is refused at {@link #create()}
 *       (it could not be kept if the write failed). On a file system that shows files while
 *       they are written (forcing DIRECT onto HDFS, say), readers may see a partial file.
 * </ul>
 *
 * {@link Publish#AUTO} (the default) chooses by the path's scheme, asking ABFS whether it has a
 * namespace; pass a mode to force either.
 */
public final class HadoopOutputFile implements OutputFile {
  /** How a finished file gets its name. */
  public enum Publish {
    /** RENAME where the file system can rename, else DIRECT. */
    AUTO,
    /** Write under a temporary name beside the target and rename on close. */
    RENAME,
    /** Write to the final name; abort discards the upload or deletes the file. */
    DIRECT
  }

  private static final Set<String> RENAMING = Set.of(
      "hdfs", "file", "viewfs", "webhdfs", "swebhdfs", "ofs", "o3fs");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final FileSystem fs;
  private final Path target;
  private final Publish mode;

  private HadoopOutputFile(FileSystem fs, Path target, Publish mode) throws IOException {
    this.fs = Objects.requireNonNull(fs, "fs");
    this.target = fs.makeQualified(Objects.requireNonNull(target, "target"));
    this.mode = Objects.requireNonNull(mode, "mode") == Publish.AUTO ? choose(fs, this.target)
        : mode;
  }

  /** The file at {@code path}, on the file system its scheme names, published as AUTO says. */
  public static HadoopOutputFile of(Path path, Configuration conf) throws IOException {
    return new HadoopOutputFile(path.getFileSystem(conf), path, Publish.AUTO);
  }

  /** The file at {@code path} on {@code fs}, published as {@code mode} says. */
  public static HadoopOutputFile of(FileSystem fs, Path path, Publish mode) throws IOException {
    return new HadoopOutputFile(fs, path, mode);
  }

  private static Publish choose(FileSystem fs, Path target) throws IOException {
    // the URI's scheme: not every FileSystem implements getScheme()
    String scheme = fs.getUri().getScheme() == null ? ""
        : fs.getUri().getScheme().toLowerCase(Locale.ROOT);
    if (RENAMING.contains(scheme)) {
      return Publish.RENAME;
    }
    if (scheme.equals("abfs") || scheme.equals("abfss")) {
      // ACLs exist only with the hierarchical namespace, which is what gives ABFS its rename
      Path parent = target.getParent() == null ? target : target.getParent();
      return fs.hasPathCapability(parent, CommonPathCapabilities.FS_ACLS) ? Publish.RENAME
          : Publish.DIRECT;
    }
    return Publish.DIRECT;
  }

  /** The qualified target path. */
  public Path path() {
    return target;
  }

  /** How this file will be published: RENAME or DIRECT, never AUTO. */
  public Publish mode() {
    return mode;
  }

  @Override
  public String name() {
    return target.toString();
  }

  @Override
  public AtomicOutputStream create() throws IOException {
    FileStatus existing = statusOrNull(target);
    if (existing != null && existing.isDirectory()) {
      throw new FileAlreadyExistsException(target + ": is a directory");
    }
    if (mode == Publish.DIRECT) {
      if (existing != null
          && !fs.hasPathCapability(target, CommonPathCapabilities.ABORTABLE_STREAM)) {
        // the earlier file would be gone (or half-replaced) if the write failed
        throw new FileAlreadyExistsException(target + ": exists, and a direct write to it "
            + "could not keep it if the write failed (this file system cannot abort an "
            + "upload); delete it first, or write with Publish.RENAME where renames work");
      }
      return new Direct(fs.create(target, true));
    }
    Path dir = target.getParent();
    while (true) {
      Path temp = new Path(dir, hidden(".tmp"));
      try {
        return new Renamed(temp, fs.create(temp, false));
      } catch (FileAlreadyExistsException e) {
        // another writer's temporary file: draw another name
      }
    }
  }

  private String hidden(String suffix) {
    return "." + target.getName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + suffix;
  }

  private FileStatus statusOrNull(Path p) throws IOException {
    try {
      return fs.getFileStatus(p);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  @Override
  public String toString() {
    return name();
  }

  /** Counts bytes and guarantees one ending, close or abort. */
  private abstract static class Base extends ForwardingAtomicOutputStream {
    final FSDataOutputStream fsOut;
    boolean done;

    Base(FSDataOutputStream out) {
      super(out);
      this.fsOut = out;
    }
  }

  private final class Renamed extends Base {
    private final Path temp;

    Renamed(Path temp, FSDataOutputStream out) {
      super(out);
      this.temp = temp;
    }

    @Override
    public void close() throws IOException {
      if (done) {
        return;
      }
      done = true;
      try {
        out.close();
        publish();
      } catch (IOException | RuntimeException e) {
        deleteQuietly(temp);
        throw e;
      }
    }

    private void publish() throws IOException {
      // Hadoop's rename moves a file into a directory of the target's name: look first
      FileStatus existing = statusOrNull(target);
      if (existing == null) {
        if (fs.rename(temp, target)) {
          return;
        }
        existing = statusOrNull(target);
        if (existing == null) {
          throw new IOException(target + ": rename from " + temp.getName() + " failed");
        }
      }
      if (existing.isDirectory()) {
        throw new FileAlreadyExistsException(target + ": is a directory");
      }
      Path old = new Path(target.getParent(), hidden(".old"));
      if (!fs.rename(target, old)) {
        throw new IOException(target + ": cannot move the existing file aside to replace it");
      }
      boolean published = false;
      try {
        published = fs.rename(temp, target);
      } finally {
        if (!published && !fs.rename(old, target)) {
          throw new IOException(target + ": replacing failed and the earlier file is left at "
              + old);
        }
      }
      if (!published) {
        throw new IOException(target + ": rename from " + temp.getName() + " failed");
      }
      deleteQuietly(old);
    }

    @Override
    public void abort() {
      if (done) {
        return;
      }
      done = true;
      try {
        out.close();
      } catch (IOException ignored) {
        // the file is being thrown away
      }
      deleteQuietly(temp);
    }
  }

  private final class Direct extends Base {
    Direct(FSDataOutputStream out) {
      super(out);
    }

    @Override
    public void close() throws IOException {
      if (done) {
        return;
      }
      done = true;
      out.close();
    }

    @Override
    public void abort() {
      if (done) {
        return;
      }
      done = true;
      if (fsOut.hasCapability(StreamCapabilities.ABORTABLE_STREAM)) {
        try {
          fsOut.abort();
        } catch (RuntimeException e) {
          // never closed, so never uploaded: an earlier object at the name stays
        }
        return;
      }
      try {
        out.close();
      } catch (IOException ignored) {
        // the file is being thrown away
      }
      deleteQuietly(target);
    }
  }

  private void deleteQuietly(Path p) {
    try {
      fs.delete(p, false);
    } catch (IOException ignored) {
      // nothing more can be done
    }
  }
}
