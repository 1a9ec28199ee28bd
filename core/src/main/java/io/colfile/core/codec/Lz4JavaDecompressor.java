package io.colfile.core.codec;

import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block decoding through lz4-java's JNI <em>safe</em> decompressor (the C library's {@code
 * LZ4_decompress_safe}), used when {@link NativeCodecs} found it loadable. The safe decoder
 * never reads or writes outside the ranges it is given whatever the input; lz4-java's "fast"
 * decoders trust the block and are never used. The block structure is walked first as on the
 * pure-Java path ({@link BlockChecks#lz4}), so both paths refuse the same cut blocks with the
 * same message.
 */
final class Lz4JavaDecompressor {
  /** Stateless and thread-safe: one for the JVM. */
  private static final LZ4SafeDecompressor SAFE = LZ4Factory.nativeInstance().safeDecompressor();

  private Lz4JavaDecompressor() {}

  /** A new decompressor (the library's decoder is shared; the wrapper keeps a probe byte). */
  static Decompressor create() {
    return new CheckedDecompressor("lz4", SAFE::decompress, BlockChecks::lz4);
  }

  /** Whether the safe decompressor is lz4-java's JNI one (the C library), for the self-test. */
  static boolean isNative() {
    return SAFE.getClass().getSimpleName().startsWith("LZ4JNI");
  }
}
