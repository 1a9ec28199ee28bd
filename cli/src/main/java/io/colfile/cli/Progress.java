package io.colfile.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A progress line on stderr for the long commands ({@code convert}, {@code check}, {@code
 * salvage}, {@code merge}): rows done and their rate, bytes done, and, when the total is known,
 * the share done and the time left. Drawn only when stderr is a terminal and {@code --quiet} was
 * not given, first after {@link #DELAY_NANOS} (work that ends in a moment shows nothing), then at
 * most {@link #REDRAW_NANOS} apart, and erased when the work ends, so that what the command prints
 * itself is never mixed with it. Owned by the command's thread.
 */
final class Progress implements AutoCloseable {
  /**
   * How long work runs before the line first appears: 0.7 s, or the milliseconds of the system
   * property {@code colfile.progress.delay}.
   */
  static final long DELAY_NANOS =
      Long.getLong("colfile.progress.delay", 700L) * 1_000_000L;
  /** The least time between two drawings. */
  static final long REDRAW_NANOS = 200_000_000L;

  private static final Progress NONE = new Progress(null, "", -1, -1, System::nanoTime);

  private final PrintStream out;
  private final String what;
  private final long totalRows;
  private final long totalBytes;
  private final LongSupplier clock;
  private final long started;
  private long lastDrawn;
  private boolean drawn;
  private long rows;
  private long bytes;

  private Progress(PrintStream out, String what, long totalRows, long totalBytes,
      LongSupplier clock) {
    this.out = out;
    this.what = what;
    this.totalRows = totalRows;
    this.totalBytes = totalBytes;
    this.clock = clock;
    this.started = clock.getAsLong();
  }

  /**
   * Progress of {@code what} ({@code convert}, {@code check t.orc}) on {@code main}'s stderr,
   * where it is a terminal and not silenced; otherwise one that draws nothing.
   *
   * @param totalRows the rows the work will do, or -1 when unknown
   * @param totalBytes the bytes it will read, or -1 when unknown
   */
  static Progress start(Main main, String what, long totalRows, long totalBytes) {
    if (!main.progressWanted()) {
      return NONE;
    }
    return new Progress(main.stderr(), what, totalRows, totalBytes, System::nanoTime);
  }

  /** A progress line drawn on {@code out} whatever it is, timed by {@code clock} (for tests). */
  static Progress on(PrintStream out, String what, long totalRows, long totalBytes,
      LongSupplier clock) {
    return new Progress(out, what, totalRows, totalBytes, clock);
  }

  /** Whether the process's stderr is a terminal (Linux: file descriptor 2 is a tty or pty). */
  static boolean stderrIsTerminal() {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty")
          || target.equals("/dev/console");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      // no /proc: a terminal only where the JVM found one for its console
      return System.console() != null;
    }
  }

  /**
   * {@code file}, whose bytes read (positional reads and ranges) advance this progress: for
   * work whose rows are not counted as they go, such as salvage and merge.
   */
  io.colfile.core.io.InputFile watch(io.colfile.core.io.InputFile file) {
    if (out == null) {
      return file;
    }
    return new io.colfile.core.io.ForwardingInputFile(file) {
      @Override
      public void readFully(long position, byte[] dst, int offset, int length)
          throws IOException {
        super.readFully(position, dst, offset, length);
        advance(0, length);
      }

      @Override
      public void readRanges(java.util.List<io.colfile.core.io.FileRange> ranges)
          throws IOException {
        super.readRanges(ranges);
        long n = 0;
        for (io.colfile.core.io.FileRange r : ranges) {
          n += r.length();
        }
        advance(0, n);
      }
    };
  }

  /** Counts {@code moreRows} rows and {@code moreBytes} bytes more as done. */
  void advance(long moreRows, long moreBytes) {
    set(rows + moreRows, bytes + moreBytes);
  }

  /** Sets the rows and bytes done so far. */
  void set(long rowsDone, long bytesDone) {
    rows = rowsDone;
    bytes = bytesDone;
    if (out == null) {
      return;
    }
    long now = clock.getAsLong();
    if (now - started < DELAY_NANOS || (drawn && now - lastDrawn < REDRAW_NANOS)) {
      return;
    }
    lastDrawn = now;
    drawn = true;
    out.print("\r" + line(now) + "\u001b[K");
    out.flush();
  }

  /** The line as drawn at time {@code now}. */
  String line(long now) {
    double seconds = Math.max(1e-9, (now - started) / 1e9);
    StringBuilder s = new StringBuilder(what).append(": ");
    boolean countsRows = rows > 0 || totalRows > 0;
    if (countsRows) {
      s.append(String.format(Locale.ROOT, "%,d", rows));
      if (totalRows > 0) {
        s.append(String.format(Locale.ROOT, " of %,d", totalRows));
      }
      s.append(" rows, ");
    }
    if (bytes > 0 || totalBytes > 0) {
      s.append(size(bytes));
      if (totalBytes > 0) {
        s.append(" of ").append(size(totalBytes));
      }
      s.append(", ");
    }
    s.append(countsRows ? String.format(Locale.ROOT, "%,d rows/s", Math.round(rows / seconds))
        : size(Math.round(bytes / seconds)) + "/s");
    double done = totalBytes > 0 && bytes > 0 ? (double) bytes / totalBytes
        : totalRows > 0 ? (double) rows / totalRows : -1;
    if (done > 0) {
      s.append(String.format(Locale.ROOT, ", %d%%", Math.min(100, (int) (done * 100))));
      if (done < 1) {
        long left = Math.round(seconds * (1 - done) / done);
        s.append(String.format(Locale.ROOT, ", %d:%02d left", left / 60, left % 60));
      }
    }
    return s.toString();
  }

  /** {@code bytes} as people read sizes: 512 B, 3.4 kB, 12.0 MB (powers of 1000). */
  static String size(long bytes) {
    if (bytes < 1000) {
      return bytes + " B";
    }
    String[] units = {"kB", "MB", "GB", "TB", "PB", "EB"};
    double v = bytes;
    int u = -1;
    while (v >= 999.95 && u < units.length - 1) {
      v /= 1000;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }

  /** Erases the line, if it was drawn. */
  @Override
  public void close() {
    if (out != null && drawn) {
      out.print("\r\u001b[K");
      out.flush();
      drawn = false;
    }
  }
}
