package io.colfile.core.io;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * An {@link InputFile} that passes every call to another: subclass it to watch or change some
 * calls (count reads, cache ranges, observe the close) and inherit the rest.
 */
public abstract class ForwardingInputFile implements InputFile {
  /** The file the calls go to. */
  protected final InputFile in;

  protected ForwardingInputFile(InputFile in) {
    this.in = Objects.requireNonNull(in, "in");
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
    in.readFully(position, dst, offset, length);
  }

  @Override
  public void readRanges(List<FileRange> ranges) throws IOException {
    in.readRanges(ranges);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
