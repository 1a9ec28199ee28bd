package io.colfile.kudu;

import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import java.io.ByteArrayOutputStream;

/** An {@link OutputFile} in memory: its bytes appear when the writer closes it. */
final class MemoryOutput implements OutputFile {
  private final String name;
  private byte[] bytes;

  MemoryOutput(String name) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public AtomicOutputStream create() {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    return new AtomicOutputStream() {
      private boolean gone;

      @Override
      public void write(int b) {
        buf.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        buf.write(b, off, len);
      }

      @Override
      public long position() {
        return buf.size();
      }

      @Override
      public void abort() {
        gone = true;
      }

      @Override
      public void close() {
        if (!gone) {
          bytes = buf.toByteArray();
          gone = true;
        }
      }
    };
  }

  /** The file's bytes; null until a writer closed it successfully. */
  byte[] bytes() {
    return bytes;
  }

  InputFile input() {
    return InputFile.of(name, bytes);
  }
}
