package io.colfile.orc.stream;

/** Byte vectors as the spec prints them: {@code "5e 03 5c a1"}. */
final class Hex {
  private Hex() {}

  static byte[] bytes(String hex) {
    if (hex.isBlank()) {
      return new byte[0];
    }
    String[] parts = hex.trim().split("\\s+");
    byte[] out = new byte[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = (byte) Integer.parseInt(parts[i], 16);
    }
    return out;
  }

  static OrcInputStream stream(String hex) {
    return FramedStream.raw(bytes(hex)).open();
  }
}
