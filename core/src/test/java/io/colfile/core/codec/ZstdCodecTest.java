package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

class ZstdCodecTest extends AbstractCodecTest {
  @Override
  CompressionCodec codec() {
    return CompressionCodec.ZSTD;
  }

  @Test
  void writesAFrameWithMagic() {
    assertThat(compress(CodecTestData.text(500, 1))).startsWith(0x28, 0xB5, 0x2F, 0xFD);
  }

  @Test
  void rejectsEmptyInput() {
    // aircompressor reads empty input as zero frames and returns 0 bytes.
    assertThatThrownBy(() -> decompress(new byte[0], 8))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("empty");
  }

  @Test
  void checksTheDeclaredContentSizeFirst() {
    byte[] frame = compress(CodecTestData.random(1000, 2));
    assertThatThrownBy(() -> decompress(frame, 999))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("declares 1000");
  }

  @Test
  void rejectsANonEmptyFrameWithNoRoom() throws MalformedInputException {
    // aircompressor returns 0 for any input when given no output space.
    byte[] frame = compress(new byte[] {1, 2, 3});
    // aircompressor writes descriptor 0x24 (single segment, 1-byte content size, checksum),
    // zstd-jni 0x20 (the same without checksum). Clearing 0x20 keeps the checksum flag but drops
    // the size, and the old size byte now reads as a window descriptor, so the frame stays
    // valid and only decoding can tell how much it holds.
    assertThat(frame[4] & ~0x04).isEqualTo(0x20);
    frame[4] &= ~0x20;
    assertThat(decompress(frame, 8)).containsExactly(1, 2, 3);
    assertThatThrownBy(() -> decompress(frame, 0)).isInstanceOf(MalformedInputException.class);
  }

  @Test
  void decodesConcatenatedFrames() throws MalformedInputException {
    byte[] a = CodecTestData.text(5000, 3);
    byte[] b = CodecTestData.random(300, 4);
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(compress(a));
    both.writeBytes(compress(b));
    byte[] out = decompress(both.toByteArray(), a.length + b.length);
    assertThat(out).hasSize(a.length + b.length).startsWith(a).endsWith(b);
  }
}
