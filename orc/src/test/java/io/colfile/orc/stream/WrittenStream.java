package io.colfile.orc.stream;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.FileRegion;

/**
 * An {@link OrcOutputStream} under test with what it takes to read it back: the codec (NONE,
 * ZLIB or LZ4 in these tests) and the chunk size.
 */
final class WrittenStream {
  final CompressionCodec codec;
  final int bufferSize;
  final OrcOutputStream out;

  WrittenStream(CompressionCodec codec, int bufferSize) {
    this.codec = codec;
    this.bufferSize = bufferSize;
    this.out = new OrcOutputStream(
        codec == CompressionCodec.NONE ? null : codec.newCompressor(), bufferSize);
  }

  /** A random framing: raw, or ZLIB / LZ4 chunks of 1 to a few thousand bytes. */
  static WrittenStream random(java.util.Random random) {
    CompressionCodec[] codecs = {CompressionCodec.NONE, CompressionCodec.ZLIB, CompressionCodec.LZ4};
    int[] sizes = {1, 2, 3, 7, 10, 11, 64, 100, 1000, 4096};
    return new WrittenStream(codecs[random.nextInt(codecs.length)],
        sizes[random.nextInt(sizes.length)]);
  }

  PositionList position() {
    return PositionList.of(out.checkpoint(), out.isCompressed());
  }

  /** The stream's bytes (call after flushing), opened for reading. */
  OrcInputStream open() {
    byte[] b = out.toByteArray();
    return new OrcInputStream(FileRegion.of("t.orc").child("test stream").at(0, b.length), b,
        0, b.length,
        codec == CompressionCodec.NONE ? null : codec.newDecompressor(), bufferSize);
  }

  @Override
  public String toString() {
    return codec + "/" + bufferSize;
  }
}
