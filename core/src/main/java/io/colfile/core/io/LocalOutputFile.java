package io.colfile.core.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes to a hidden temporary file beside the target, renamed over it on close. */
final class LocalOutputFile implements OutputFile {
  private final Path target;

  LocalOutputFile(Path target) {
    this.target = target;
  }

  @Override
  public String name() {
    return target.toString();
  }

  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  @Override
  public AtomicOutputStream create() throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    // Not Files.createTempFile: its files are private (0600) whatever the umask, and the file
    // published under the target's name should get the permissions any new file gets.
    while (true) {
      Path temp = dir.resolve("." + target.getFileName() + "."
          + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
      try {
        return new Stream(temp);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // another writer's temporary file: draw another name
      }
    }
  }

  /**
   * What the operating system said (a full disk, a file size limit, an I/O error) with the
   * target's name: the temporary file's name would mean nothing to the user.
   */
  private IOException failed(IOException e) {
    if (e instanceof FileSystemException && ((FileSystemException) e).getFile() != null) {
      return e;
    }
    FileSystemException named =
        new FileSystemException(target.toString(), null, "cannot write: " + e.getMessage());
    named.initCause(e);
    return named;
  }

  private final class Stream extends ForwardingAtomicOutputStream {
    private final Path temp;
    private boolean done;

    /** The file's own stream, under the buffer: closed by {@link #abort} without a flush. */
    private final OutputStream raw;

    Stream(Path temp) throws IOException {
      this(temp, Files.newOutputStream(temp,
          java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE));
    }

    private Stream(Path temp, OutputStream raw) {
      super(new BufferedOutputStream(raw, 1 << 16));
      this.raw = raw;
      this.temp = temp;
    }

    @Override
    public void write(int b) throws IOException {
      try {
        super.write(b);
      } catch (IOException e) {
        throw failed(e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        super.write(b, off, len);
      } catch (IOException e) {
        throw failed(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        super.flush();
      } catch (IOException e) {
        throw failed(e);
      }
    }

    @Override
    public void close() throws IOException {
      if (done) {
        return;
      }
      done = true;
      try {
        try {
          out.close();
        } catch (IOException e) {
          throw failed(e);
        }
        try {
          Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } catch (IOException | RuntimeException e) {
        Files.deleteIfExists(temp);
        throw e;
      }
    }

    @Override
    public void abort() {
      if (done) {
        return;
      }
      done = true;
      try {
        // not out.close(): flushing bytes into a file about to be deleted is work (and, after an
        // OutOfMemoryError, an allocation) for nothing
        raw.close();
      } catch (IOException ignored) {
        // the file is being thrown away
      }
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // nothing more can be done; the target was never touched
      }
    }
  }
}
