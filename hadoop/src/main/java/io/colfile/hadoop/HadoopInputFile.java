package io.colfile.hadoop;

import io.colfile.core.io.FileRange;
import io.colfile.core.io.InputFile;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * A file on any Hadoop {@link FileSystem} (HDFS, S3A, ABFS, GCS, ... through their connectors) as
 * colfile's {@link InputFile}, so that every format reads from wherever Hadoop can. Reads are
 * positional ({@link org.apache.hadoop.fs.PositionedReadable}), so one file may be read from
 * several threads at once, as a local file can. {@link #readRanges} hands all its ranges to
 * Hadoop's vectored read ({@code readVectored}) when the stream declares it ({@value
 * StreamCapabilities#VECTOREDIO}): connectors that have it merge neighbouring ranges and fetch
 * them in parallel, which on an object store saves a request per range.
 */
public final class HadoopInputFile implements InputFile {
  private final Path path;
  private final long length;
  private final FSDataInputStream in;
  private final boolean vectored;
  private final Object issueLock = new Object();

  private HadoopInputFile(FileSystem fs, FileStatus status) throws IOException {
    this.path = status.getPath();
    if (status.isDirectory()) {
      throw new FileNotFoundException(path + ": is a directory, not a file");
    }
    this.length = status.getLen();
    try {
      this.in = fs.open(path);
    } catch (IOException e) {
      throw rethrow(e, "cannot open");
    }
    this.vectored = in.hasCapability(StreamCapabilities.VECTOREDIO);
  }

  /** Opens {@code path} on the file system its scheme names in {@code conf}. */
  public static HadoopInputFile of(Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    FileStatus status;
    try {
      status = fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      throw (IOException) new FileNotFoundException(path + ": no such file").initCause(e);
    }
    return new HadoopInputFile(fs, status);
  }

  /** Opens the file {@code status} describes (from a listing), without asking for it again. */
  public static HadoopInputFile of(FileSystem fs, FileStatus status) throws IOException {
    return new HadoopInputFile(Objects.requireNonNull(fs, "fs"),
        Objects.requireNonNull(status, "status"));
  }

  /** The file's path, qualified by its file system. */
  public Path path() {
    return path;
  }

  /** Whether {@link #readRanges} uses the stream's vectored read (else one read per range). */
  public boolean vectored() {
    return vectored;
  }

  @Override
  public String name() {
    return path.toString();
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void readFully(long position, byte[] dst, int offset, int len) throws IOException {
    Objects.checkFromIndexSize(offset, len, dst.length);
    checkBounds(position, len);
    try {
      in.readFully(position, dst, offset, len);
    } catch (EOFException e) {
      throw (IOException) new EOFException(String.format(
          "%s: unexpected end of file reading %d bytes at %d", path, len, position))
          .initCause(e);
    } catch (IOException e) {
      throw rethrow(e, String.format("read of %d bytes at %d failed", len, position));
    }
  }

  /**
   * Reads every range through one {@code readVectored} call when the stream has it. Ranges that
   * overlap or touch are merged first (Hadoop refuses overlapping ranges), and each merged block
   * is copied into the callers' buffers as it arrives.
   */
  @Override
  public void readRanges(List<FileRange> ranges) throws IOException {
    for (FileRange r : ranges) {
      checkBounds(r.position(), r.length());
    }
    if (!vectored || ranges.size() < 2) {
      InputFile.super.readRanges(ranges);
      return;
    }
    List<FileRange> sorted = new ArrayList<>(ranges);
    sorted.removeIf(r -> r.length() == 0);
    sorted.sort(Comparator.comparingLong(FileRange::position));
    List<Block> blocks = new ArrayList<>();
    for (FileRange r : sorted) {
      Block last = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
      if (last != null && r.position() <= last.end) {
        last.end = Math.max(last.end, r.position() + r.length());
        last.parts.add(r);
      } else {
        blocks.add(new Block(r));
      }
    }
    List<org.apache.hadoop.fs.FileRange> requests = new ArrayList<>(blocks.size());
    for (Block b : blocks) {
      // a merged block is at most the sum of its ranges' lengths, but may pass 2 GiB
      long size = b.end - b.start;
      if (size > Integer.MAX_VALUE - 8) {
        InputFile.super.readRanges(ranges);
        return;
      }
      requests.add(org.apache.hadoop.fs.FileRange.createFileRange(b.start, (int) size));
    }
    try {
      // issuing is serialized (the stream may set up shared state); the waiting is not
      synchronized (issueLock) {
        in.readVectored(requests, ByteBuffer::allocate);
      }
    } catch (IOException e) {
      throw rethrow(e, "vectored read of " + requests.size() + " ranges failed");
    }
    for (int i = 0; i < blocks.size(); i++) {
      Block b = blocks.get(i);
      ByteBuffer data = await(requests.get(i), b);
      for (FileRange r : b.parts) {
        ByteBuffer slice = data.duplicate();
        slice.position(data.position() + (int) (r.position() - b.start));
        slice.get(r.buffer(), r.offset(), r.length());
      }
    }
  }

  private ByteBuffer await(org.apache.hadoop.fs.FileRange request, Block b) throws IOException {
    String what = String.format("vectored read of %d bytes at %d", b.end - b.start, b.start);
    ByteBuffer data;
    try {
      data = request.getData().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw (IOException) new InterruptedIOException(path + ": " + what + " interrupted")
          .initCause(e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof EOFException) {
        throw (IOException) new EOFException(path + ": " + what + ": unexpected end of file")
            .initCause(cause);
      }
      throw new IOException(path + ": " + what + " failed: " + cause.getMessage(), cause);
    }
    if (data.remaining() < b.end - b.start) {
      throw new EOFException(String.format("%s: %s returned only %d bytes", path, what,
          data.remaining()));
    }
    return data;
  }

  private void checkBounds(long position, int len) throws EOFException {
    if (position < 0 || len < 0 || position > length - len) {
      throw new EOFException(String.format(
          "%s: read of %d bytes at %d is outside the file's %d bytes", path, len, position,
          length));
    }
  }

  private IOException rethrow(IOException e, String what) {
    String message = e.getMessage();
    if (message != null && message.contains(path.toString())) {
      return e;
    }
    return new IOException(path + ": " + what + ": " + message, e);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  @Override
  public String toString() {
    return name();
  }

  /** Ranges that overlap or touch, read as one. */
  private static final class Block {
    final long start;
    long end;
    final List<FileRange> parts = new ArrayList<>();

    Block(FileRange first) {
      start = first.position();
      end = first.position() + first.length();
      parts.add(first);
    }
  }
}
