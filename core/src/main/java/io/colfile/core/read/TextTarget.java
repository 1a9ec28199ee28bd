package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import java.util.Arrays;

/**
 * Stores text into a STRING, VARCHAR or CHAR vector as orc-core's conversions assign it: VARCHAR
 * keeps the first n characters, CHAR keeps the first n characters without trailing spaces and
 * then, colfile holding CHAR values as the file does, padded with spaces to n characters.
 *
 * <p>Values point into the bytes given whenever they can (a converted batch lives no longer than
 * the batch it came from); padded values are copied into chunks that are never written twice,
 * so a value stays valid for as long as anyone holds the batch.
 */
final class TextTarget {
  private static final int CHUNK = 64 * 1024;

  private final TypeKind kind;
  private final int maxLength;
  private byte[] chunk = new byte[0];
  private int used;

  TextTarget(Type type) {
    this.kind = type.kind();
    this.maxLength = type.maxLength();
  }

  /** Row {@code row} of {@code to} becomes {@code b[start, start+length)}, cut or padded. */
  void store(BytesVector to, int row, byte[] b, int start, int length) {
    switch (kind) {
      case VARCHAR:
        to.setRef(row, b, start, Utf8Text.truncate(b, start, length, maxLength));
        return;
      case CHAR: {
        int n = Utf8Text.rightTrimAndTruncate(b, start, length, maxLength);
        int pad = maxLength - Utf8Text.characters(b, start, n);
        if (pad == 0) {
          to.setRef(row, b, start, n);
          return;
        }
        int at = reserve(n + pad);
        System.arraycopy(b, start, chunk, at, n);
        Arrays.fill(chunk, at + n, at + n + pad, (byte) ' ');
        to.setRef(row, chunk, at, n + pad);
        return;
      }
      default:
        to.setRef(row, b, start, length);
    }
  }

  void store(BytesVector to, int row, byte[] b) {
    store(to, row, b, 0, b.length);
  }

  private int reserve(int n) {
    if (chunk.length - used < n) {
      chunk = new byte[Math.max(CHUNK, n)];
      used = 0;
    }
    int at = used;
    used += n;
    return at;
  }
}
