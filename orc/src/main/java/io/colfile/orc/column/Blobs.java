package io.colfile.orc.column;

import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stream.OrcInputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads byte blobs and length lists whose sizes come from the file. Buffers grow only as bytes
 * actually arrive, so a corrupt length cannot force an allocation the data does not back.
 */
final class Blobs {
  private static final int FIRST_CHUNK = 1 << 16;

  private Blobs() {}

  /**
   * Reads exactly {@code total} bytes into {@code buf} when it is large enough, else into a new
   * array; one that replaces a {@code buf} too small (an array filled again batch after batch)
   * has an eighth more room, for a next batch a little larger.
   */
  static byte[] read(OrcInputStream in, long total, byte[] buf) throws IOException {
    if (total < 0 || total > Integer.MAX_VALUE - 16) {
      throw in.corrupt("byte length %d is out of range", total);
    }
    int want = (int) total;
    if (buf.length >= want) {
      in.readFully(buf, 0, want);
      return buf;
    }
    int room = buf.length > 0 ? (int) Math.min(Integer.MAX_VALUE - 16, want + (long) (want >> 3))
        : want;
    byte[] b = new byte[Math.max(buf.length, Math.min(room, FIRST_CHUNK))];
    int have = 0;
    while (have < want) {
      if (have == b.length) { // grown only as bytes arrive: a false length allocates little
        b = Arrays.copyOf(b, (int) Math.min(room, b.length * 2L));
      }
      int chunk = Math.min(want - have, b.length - have);
      in.readFully(b, have, chunk);
      have += chunk;
    }
    return b;
  }

  /** Reads every remaining byte of a stream, growing the buffer as bytes arrive. */
  static byte[] readAll(OrcInputStream in) throws IOException {
    byte[] b = new byte[4096];
    int have = 0;
    while (true) {
      if (have == b.length) {
        if (b.length >= Integer.MAX_VALUE - 16) {
          throw in.corrupt("stream holds more than %d bytes", b.length);
        }
        b = Arrays.copyOf(b, (int) Math.min(Integer.MAX_VALUE - 16, b.length * 2L));
      }
      int n = in.readSome(b, have, b.length - have);
      if (n < 0) {
        return have == b.length ? b : Arrays.copyOf(b, have);
      }
      have += n;
    }
  }

  /** Reads {@code count} unsigned lengths as ints, growing as values decode. */
  static int[] lengths(IntegerDecoder in, long count, ColumnReader owner) throws IOException {
    if (count < 0 || count > Integer.MAX_VALUE - 16) {
      throw owner.corrupt("dictionary size %d is out of range", count);
    }
    int n = (int) count;
    int[] out = new int[Math.min(n, 1024)];
    long[] chunk = new long[Math.max(1, Math.min(n, 1024))]; // a small dictionary's, small
    int have = 0;
    while (have < n) {
      int k = Math.min(chunk.length, n - have);
      in.next(chunk, 0, k);
      if (have + k > out.length) {
        out = Arrays.copyOf(out, (int) Math.min(n, Math.max(have + k, out.length * 2L)));
      }
      for (int i = 0; i < k; i++) {
        long len = chunk[i];
        if (len < 0 || len > Integer.MAX_VALUE) {
          throw in.corrupt("length %d is out of range", len);
        }
        out[have + i] = (int) len;
      }
      have += k;
    }
    return out;
  }
}
