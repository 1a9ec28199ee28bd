package io.colfile.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output, marking its write failures as {@link OutputFailure} so they are told apart
 * from failures reading the input file: a closed pipe ({@code colfile cat f | head}) is the
 * reader having seen enough, not an error.
 */
final class StdoutStream extends FilterOutputStream {
  StdoutStream(OutputStream out) {
    super(out);
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw new OutputFailure(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw new OutputFailure(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw new OutputFailure(e);
    }
  }

  /** Writing standard output failed. */
  static final class OutputFailure extends IOException {
    private static final long serialVersionUID = 1L;

    OutputFailure(IOException cause) {
      super(cause.getMessage(), cause);
    }

    boolean isBrokenPipe() {
      String m = getMessage();
      return m != null && m.toLowerCase(java.util.Locale.ROOT).contains("broken pipe");
    }
  }
}
