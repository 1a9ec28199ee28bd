package io.colfile.orc.bloom;

import io.colfile.core.encoding.Endian;
import java.util.Objects;

/**
 * The two 64-bit hashes ORC's bloom filters use (orc.md section 10.2).
 *
 * <p>{@link #murmur3} is ORC's own "Murmur3 hash64": the x64 block mixing of MurmurHash3 applied
 * to a single 64-bit state with seed 104729. It is <em>not</em> the first half of
 * MurmurHash3_x64_128, so a library Murmur3 cannot stand in for it. {@link #longHash} is Thomas
 * Wang's 64-bit integer mix with arithmetic (sign-extending) right shifts; C++ writers 1.6.0 to
 * 1.7.0 used logical shifts (ORC-1024), which is why readers distrust their filters.
 */
public final class OrcHashes {
  /** The seed of ORC's hash64: the 10000th prime. */
  static final long SEED = 104729;
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;
  private static final long MIX_ADD = 0x52dce729;


  private OrcHashes() {}

  /** ORC's Murmur3 hash64 of {@code b[off, off + len)}. */
  public static long murmur3(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    long h = SEED;
    int end = off + (len & ~7);
    // whole 8-byte blocks, little-endian; p + 8 <= end <= off + len keeps every read in bounds
    for (int p = off; p < end; p += 8) {
      h ^= mixBlock(Endian.getLongLE(b, p));
      h = Long.rotateLeft(h, 27) * 5 + MIX_ADD;
    }
    int tail = len & 7;
    if (tail != 0) {
      long k = 0;
      for (int i = tail - 1; i >= 0; i--) {
        k = (k << 8) | (b[end + i] & 0xffL);
      }
      // the tail only mixes the block in: no rotate-multiply-add of the state afterwards
      h ^= mixBlock(k);
    }
    h ^= len;
    return finalMix(h);
  }

  /** Thomas Wang's 64-bit integer hash, as ORC applies it to integers and double bit patterns. */
  public static long longHash(long v) {
    long k = ~v + (v << 21);
    k ^= k >> 24;
    k = k + (k << 3) + (k << 8);
    k ^= k >> 14;
    k = k + (k << 2) + (k << 4);
    k ^= k >> 28;
    k += k << 31;
    return k;
  }

  private static long mixBlock(long k) {
    k *= C1;
    k = Long.rotateLeft(k, 31);
    return k * C2;
  }

  /** MurmurHash3's fmix64 avalanche. */
  private static long finalMix(long h) {
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
