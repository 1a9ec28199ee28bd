package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NoneCodecTest extends AbstractCodecTest {
  @Override
  CompressionCodec codec() {
    return CompressionCodec.NONE;
  }

  @Override
  boolean detectsDamage() {
    return false;
  }

  @Test
  void storesBytesAsTheyAre() {
    byte[] data = CodecTestData.text(100, 1);
    assertThat(compress(data)).isEqualTo(data);
    assertThat(codec().newCompressor().maxCompressedLength(100)).isEqualTo(100);
  }
}
