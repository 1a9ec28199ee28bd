package io.colfile.orc;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Shows a user-metadata value as text when it is UTF-8 without control bytes, else as hex. */
final class MetadataText {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private MetadataText() {}

  static String of(byte[] value) {
    try {
      String s = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(value)).toString();
      boolean printable = s.chars().allMatch(c -> c >= 0x20 || c == '\n' || c == '\t');
      if (printable) {
        return s;
      }
    } catch (CharacterCodingException e) {
      // not text: fall through to hex
    }
    StringBuilder sb = new StringBuilder("0x");
    for (byte b : value) {
      sb.append(HEX[(b >> 4) & 15]).append(HEX[b & 15]);
    }
    return sb.toString();
  }
}
