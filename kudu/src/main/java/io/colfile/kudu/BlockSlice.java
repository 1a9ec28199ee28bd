package io.colfile.kudu;

import java.util.Arrays;

/**
 * The payload of one block of a CFile, checksum verified and decompressed: {@code buf[offset,
 * offset + length)}. The array may be shared; treat it as read-only.
 */
public record BlockSlice(byte[] buf, int offset, int length) {
  /** The payload as a new array. */
  public byte[] toByteArray() {
    return Arrays.copyOfRange(buf, offset, offset + length);
  }
}
