package io.colfile.text.convert;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

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
      s = new BufferedInputStream(new GZIPInputStream(s, 1 << 16), 1 << 16);
    }
    return withoutBom(s);
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
