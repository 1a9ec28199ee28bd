package io.colfile.orc;

import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** An InputFile that records every read asked of it: how many bytes, and where. */
final class CountingInputFile implements InputFile {
  private final InputFile in;
  private long bytes;
  private final List<long[]> reads = new ArrayList<>();

  CountingInputFile(InputFile in) {
    this.in = in;
  }

  /** Bytes read so far. */
  long bytes() {
    return bytes;
  }

  /** Whether any read so far touched a byte of {@code [start, start + length)}. */
  boolean touched(long start, long length) {
    for (long[] r : reads) {
      if (r[0] < start + length && start < r[0] + r[1]) {
        return true;
      }
    }
    return false;
  }

  /** Forgets the reads so far (e.g. the tail's, when only the rows' reads matter). */
  void forget() {
    reads.clear();
    bytes = 0;
  }

  @Override
  public String name() {
    return in.name();
  }

  @Override
  public long length() throws IOException {
    return in.length();
  }

  @Override
  public void readFully(long position, byte[] dst, int offset, int length) throws IOException {
    bytes += length;
    reads.add(new long[] {position, length});
    in.readFully(position, dst, offset, length);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
