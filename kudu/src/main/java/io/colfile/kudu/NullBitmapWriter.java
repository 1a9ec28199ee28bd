package io.colfile.kudu;

/** Encodes a block's null bitmap (section 5). Interim: literal runs only, replaced by RleEncoder. */
final class NullBitmapWriter {
  private NullBitmapWriter() {}

  static byte[] encode(boolean[] present, int n) {
    int groups = (n + 7) / 8;
    int runs = (groups + 62) / 63;
    byte[] out = new byte[runs + groups];
    int p = 0;
    for (int g = 0; g < groups; g += 63) {
      int k = Math.min(63, groups - g);
      out[p++] = (byte) ((k << 1) | 1);
      for (int j = 0; j < k; j++) {
        int b = 0;
        for (int bit = 0; bit < 8; bit++) {
          int row = (g + j) * 8 + bit;
          if (row < n && present[row]) {
            b |= 1 << bit;
          }
        }
        out[p++] = (byte) b;
      }
    }
    return out;
  }
}
