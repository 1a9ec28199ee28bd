package io.colfile.text.convert;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/** Text input as people have it: gzip-compressed or not, with or without a UTF-8 BOM. */
public final class TextInput {
  private static final int GZIP_1 = 0x1f;
  private static final int GZIP_2 = 0x8b;

  private TextInput() {}

  /** Whether the stream (which must support mark) starts with gzip's magic 1f 8b. */
  public static boolean isGzip(InputStream in) throws IOException {
    in.mark(2);
    try {
      return in.read() == GZIP_1 && in.read() == GZIP_2;
    } finally {
      in.reset();
    }
  }

  /**
   * The text of {@code in}: uncompressed when it starts with gzip's magic (concatenated gzip
   * members are read one after the other), and without a UTF-8 byte order mark at its start.
   */
  public static InputStream decoded(InputStream in) throws IOException {
    InputStream s = in.markSupported() ? in : new BufferedInputStream(in, 1 << 16);
    if (isGzip(s)) {
      InputStream compressed = s;
      s = new BufferedInputStream(new Gunzip(() -> new GZIPInputStream(compressed, 1 << 16)),
          1 << 16);
    }
    return withoutBom(s);
  }

  /** Opens a gzip stream (which reads its header at once). */
  private interface Opener {
    InputStream open() throws IOException;
  }

  /**
   * gzip's failures with messages that say what is wrong: the JDK's say {@code null} for data cut
   * short and nothing of gzip for damaged data.
   */
  private static final class Gunzip extends FilterInputStream {
    private final Opener opener;
    private boolean opened;

    Gunzip(Opener opener) {
      super(null);
      this.opener = opener;
    }

    private InputStream in() throws IOException {
      if (!opened) {
        opened = true;
        try {
          in = opener.open();
        } catch (IOException e) {
          throw translated(e);
        }
      }
      return in;
    }

    @Override
    public int read() throws IOException {
      try {
        return in().read();
      } catch (IOException e) {
        throw translated(e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return in().read(b, off, len);
      } catch (IOException e) {
        throw translated(e);
      }
    }

    @Override
    public void close() throws IOException {
      if (in != null) {
        in.close();
      }
    }

    private static IOException translated(IOException e) {
      if (e instanceof EOFException) {
        return new IOException("the gzip data is cut short", e);
      }
      if (e instanceof ZipException) {
        return new IOException("damaged gzip data: " + e.getMessage(), e);
      }
      return e;
    }
  }

  /** {@code in} (which must support mark) with a leading UTF-8 BOM (EF BB BF) skipped. */
  public static InputStream withoutBom(InputStream in) throws IOException {
    in.mark(3);
    if (in.read() == 0xef && in.read() == 0xbb && in.read() == 0xbf) {
      return in;
    }
    in.reset();
    return in;
  }
}
