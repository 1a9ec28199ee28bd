package io.colfile.core.codec;

/**
 * {@link ZstdCodecTest}'s contract for the pure-Java (aircompressor) path, which serves when the
 * native library is absent or {@code -Dcolfile.codecs=java} forces it; {@link ZstdCodecTest}
 * itself runs the default one, native when the library loaded.
 */
class ZstdPureJavaCodecTest extends ZstdCodecTest {
  @Override
  Decompressor newDecompressor() {
    return codec().newPureJavaDecompressor();
  }

  @Override
  Compressor newCompressor() {
    return codec().newPureJavaCompressor();
  }
}
