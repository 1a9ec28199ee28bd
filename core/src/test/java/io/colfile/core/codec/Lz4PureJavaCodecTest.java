package io.colfile.core.codec;

/**
 * {@link Lz4CodecTest}'s contract for the pure-Java (aircompressor) path, which serves when the
 * native library is absent or {@code -Dcolfile.codecs=java} forces it; {@link Lz4CodecTest}
 * itself runs the default one, native when the library loaded.
 */
class Lz4PureJavaCodecTest extends Lz4CodecTest {
  @Override
  Decompressor newDecompressor() {
    return codec().newPureJavaDecompressor();
  }

  @Override
  Compressor newCompressor() {
    return codec().newPureJavaCompressor();
  }
}
