package io.colfile.kudu.block;

import java.util.HexFormat;

/** Hex strings as the spec prints bytes: pairs, any spacing, {@code |} separators ignored. */
final class Hex {
  private Hex() {}

  static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex.replaceAll("[\\s|]", ""));
  }

  static String of(byte[] b) {
    return HexFormat.ofDelimiter(" ").formatHex(b);
  }

  /** {@code a} followed by {@code b}. */
  static byte[] concat(byte[] a, byte[] b) {
    byte[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
