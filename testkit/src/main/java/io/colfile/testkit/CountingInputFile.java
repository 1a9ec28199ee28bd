package io.colfile.testkit;

import io.colfile.core.io.FileRange;
import io.colfile.core.io.ForwardingInputFile;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * An InputFile that records every read asked of it, how many bytes and where: for tests that
 * check a reader reads only what it needs (projection, pushdown, seeks).
 */
public final class CountingInputFile extends ForwardingInputFile {
  private long bytes;
  private final List<long[]> reads = new ArrayList<>();

  /** Counts the reads of {@code in}, which it closes when closed. */
  public CountingInputFile(InputFile in) {
    super(in);
  }

  /** Bytes read so far. */
  public long bytes() {
    return bytes;
  }

  /** How many of the bytes read so far lie in {@code [start, end)}, a byte read twice twice. */
  public long bytesIn(long start, long end) {
    long n = 0;
    for (long[] r : reads) {
      n += Math.max(0, Math.min(end, r[0] + r[1]) - Math.max(start, r[0]));
    }
    return n;
  }

  /** Whether any read so far touched a byte of {@code [start, start + length)}. */
  public boolean touched(long start, long length) {
    for (long[] r : reads) {
      if (r[0] < start + length && start < r[0] + r[1]) {
        return true;
      }
    }
    return false;
  }

  /** Forgets the reads so far (e.g. the tail's, when only the rows' reads matter). */
  public void forget() {
    reads.clear();
    bytes = 0;
  }

  @Override
  public void readFully(long position, byte[] dst, int offset, int length) throws IOException {
    bytes += length;
    reads.add(new long[] {position, length});
    in.readFully(position, dst, offset, length);
  }

  @Override
  public void readRanges(List<FileRange> ranges) throws IOException {
    for (FileRange r : ranges) {
      bytes += r.length();
      reads.add(new long[] {r.position(), r.length()});
    }
    in.readRanges(ranges);
  }
}
