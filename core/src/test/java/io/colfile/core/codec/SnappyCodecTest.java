package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import org.junit.jupiter.api.Test;

class SnappyCodecTest extends AbstractCodecTest {
  @Override
  CompressionCodec codec() {
    return CompressionCodec.SNAPPY;
  }

  @Test
  void startsWithTheUncompressedLength() {
    // 300 = 0b10_0101100 -> varint ac 02 (orc.md section 4: raw block, not the framing format)
    byte[] compressed = compress(new byte[300]);
    assertThat(compressed[0] & 0xFF).isEqualTo(0xAC);
    assertThat(compressed[1]).isEqualTo((byte) 0x02);
  }

  @Test
  void checksTheDeclaredLengthBeforeDecoding() {
    byte[] huge = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 0, 0, 0};
    assertThatThrownBy(() -> decompress(huge, 64))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("declares 4294967295");
    byte[] oneTooMany = compress(new byte[1001]);
    assertThatThrownBy(() -> decompress(oneTooMany, 1000))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("declares 1001");
  }

  @Test
  void rejectsALengthPreambleOfMoreThanFiveBytes() {
    byte[] sixBytes = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0, 0};
    assertThatThrownBy(() -> decompress(sixBytes, 64))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("longer than 5 bytes");
  }
}
