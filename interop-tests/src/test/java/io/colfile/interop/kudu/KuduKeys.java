package io.colfile.interop.kudu;

import java.io.ByteArrayOutputStream;

/**
 * Primary keys encoded as cfile.md section 9 says, written here independently of colfile's
 * {@code KeyEncoder}, to check the keys colfile puts in rowsets, indexes and bloom filters.
 */
final class KuduKeys {
  private KuduKeys() {}

  /** An INT32 (or DATE, DECIMAL32) key component: the sign bit flipped, big-endian. */
  static byte[] int32(int v) {
    int f = v ^ Integer.MIN_VALUE;
    return new byte[] {(byte) (f >>> 24), (byte) (f >>> 16), (byte) (f >>> 8), (byte) f};
  }

  /** An INT64 key component: the sign bit flipped, big-endian. */
  static byte[] int64(long v) {
    long f = v ^ Long.MIN_VALUE;
    byte[] out = new byte[8];
    for (int i = 0; i < 8; i++) {
      out[i] = (byte) (f >>> (56 - 8 * i));
    }
    return out;
  }

  /** The key (STRING s, INT32 i): s with each 00 as 00 01, then 00 00, then the INT32. */
  static byte[] stringInt32(byte[] s, int i) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte b : s) {
      out.write(b);
      if (b == 0) {
        out.write(1);
      }
    }
    out.write(0);
    out.write(0);
    out.writeBytes(int32(i));
    return out.toByteArray();
  }
}
