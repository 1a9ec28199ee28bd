package io.colfile.core.codec;

import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block decoding through lz4-java's JNI <em>safe</em> decompressor (the C library's {@code
 * LZ4_decompress_safe}), used when {@link NativeCodecs} found it loadable. The safe decoder
 * never reads or writes outside the ranges it is given whatever the input; lz4-java's "fast"
 * decoders trust the block and are never used. It refuses every block whose sequence structure
 * is cut ({@link BlockChecks#lz4}, which the pure-Java path walks first), so that walk runs
 * here only on a block the library refused, to give the pure-Java path's message for a cut block:
 * both paths refuse cut blocks with the same message, and a valid block is not walked at all (on
 * lineitem blocks the walk took as much CPU time as the library's decoding).
 */
final class Lz4JavaDecompressor {
  /** Stateless and thread-safe: one for the JVM. */
  private static final LZ4SafeDecompressor SAFE = LZ4Factory.nativeInstance().safeDecompressor();

  private Lz4JavaDecompressor() {}

  /** A new decompressor (the library's decoder is shared; the wrapper keeps a probe byte). */
  static Decompressor create() {
    return CheckedDecompressor.afterFailure("lz4", SAFE::decompress, BlockChecks::lz4);
  }

  /** Whether the safe decompressor is lz4-java's JNI one (the C library), for the self-test. */
  static boolean isNative() {
    return SAFE.getClass().getSimpleName().startsWith("LZ4JNI");
  }
}
