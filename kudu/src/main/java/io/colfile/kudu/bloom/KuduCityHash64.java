package io.colfile.kudu.bloom;

import io.colfile.core.encoding.Endian;
import java.util.Objects;

/**
 * The 64-bit hash of Kudu's bloom filters: CityHash64 v1.0 as Kudu's {@code gutil} carries it
 * (cfile.md section 10.4). It is <em>not</em> the public CityHash64: Kudu's {@code HashLen16(u,
 * v)} is the Murmur-style {@code Hash128to64} with {@code kMul = 0xc6a4a7935bd1e995} applied to
 * (high = u, low = v), so stock CityHash libraries disagree for inputs of 4 to 32 and of more than
 * 64 bytes, and a bloom filter probed with them answers "absent" for keys that are there.
 *
 * <p>All arithmetic wraps at 2<sup>64</sup> (Java's long arithmetic is exactly that); loads are
 * little-endian; {@code n}, the input length, takes part in the arithmetic as an unsigned
 * 64-bit number. No allocation, no seed.
 */
public final class KuduCityHash64 {
  private static final long K0 = 0xa5b85c5e198ed849L;
  private static final long K1 = 0x8d58ac26afe12e47L;
  private static final long K2 = 0xc47b6e9e3a970ed3L;
  private static final long K3 = 0xc70f6907e782aa0bL;
  private static final long K_MUL = 0xc6a4a7935bd1e995L;

  private KuduCityHash64() {}

  /** The hash of all of {@code s}. */
  public static long hash64(byte[] s) {
    return hash64(s, 0, s.length);
  }

  /** The hash of {@code s[off, off + len)}. */
  public static long hash64(byte[] s, int off, int len) {
    Objects.checkFromIndexSize(off, len, s.length);
    if (len <= 16) {
      return len0to16(s, off, len);
    }
    if (len <= 32) {
      return len17to32(s, off, len);
    }
    if (len <= 64) {
      return len33to64(s, off, len);
    }
    return longer(s, off, len);
  }

  /** Kudu's Hash128to64 of (high = u, low = v). */
  private static long hashLen16(long u, long v) {
    long a = (v ^ u) * K_MUL;
    a ^= a >>> 47;
    long b = (u ^ a) * K_MUL;
    b ^= b >>> 47;
    return b * K_MUL;
  }

  private static long shiftMix(long x) {
    return x ^ (x >>> 47);
  }

  private static long load64(byte[] s, int i) {
    return Endian.getLongLE(s, i);
  }

  private static long load32(byte[] s, int i) {
    return Endian.getIntLE(s, i) & 0xFFFFFFFFL;
  }

  private static long len0to16(byte[] s, int off, int n) {
    if (n > 8) {
      long a = load64(s, off);
      long b = load64(s, off + n - 8);
      return hashLen16(a, Long.rotateRight(b + n, n)) ^ b;
    }
    if (n >= 4) {
      long a = load32(s, off);
      return hashLen16(n + (a << 3), load32(s, off + n - 4));
    }
    if (n > 0) {
      long a = s[off] & 0xFF;
      long b = s[off + (n >> 1)] & 0xFF;
      long c = s[off + n - 1] & 0xFF;
      long y = a + (b << 8);
      long z = n + (c << 2);
      return shiftMix(y * K2 ^ z * K3) * K2;
    }
    return K2;
  }

  private static long len17to32(byte[] s, int off, int n) {
    long a = load64(s, off) * K1;
    long b = load64(s, off + 8);
    long c = load64(s, off + n - 8) * K2;
    long d = load64(s, off + n - 16) * K0;
    return hashLen16(Long.rotateRight(a - b, 43) + Long.rotateRight(c, 30) + d,
        a + Long.rotateRight(b ^ K3, 20) - c + n);
  }

  private static long len33to64(byte[] s, int off, int n) {
    long z = load64(s, off + 24);
    long a = load64(s, off) + (n + load64(s, off + n - 16)) * K0;
    long b = Long.rotateRight(a + z, 52);
    long c = Long.rotateRight(a, 37);
    a += load64(s, off + 8);
    c += Long.rotateRight(a, 7);
    a += load64(s, off + 16);
    long vf = a + z;
    long vs = b + Long.rotateRight(a, 31) + c;
    a = load64(s, off + 16) + load64(s, off + n - 32);
    z += load64(s, off + n - 8);
    b = Long.rotateRight(a + z, 52);
    c = Long.rotateRight(a, 37);
    a += load64(s, off + n - 24);
    c += Long.rotateRight(a, 7);
    a += load64(s, off + n - 16);
    long wf = a + z;
    long ws = b + Long.rotateRight(a, 31) + c;
    long r = shiftMix((vf + ws) * K2 + (wf + vs) * K0);
    return shiftMix(r * K0 + vs) * K2;
  }

  /** More than 64 bytes: the tail seeds 56 bytes of state, then 64-byte chunks from the start. */
  private static long longer(byte[] s, int off, int n) {
    long x = load64(s, off + n - 40);
    long y = load64(s, off + n - 16) + load64(s, off + n - 56);
    long z = hashLen16(load64(s, off + n - 48) + n, load64(s, off + n - 24));
    // The two (first, second) pairs of WeakHashLen32WithSeeds, unpacked into locals.
    long v1 = weakFirst(s, off + n - 64, n);
    long v2 = weakSecond(s, off + n - 64, n, z);
    long w1 = weakFirst(s, off + n - 32, y + K1);
    long w2 = weakSecond(s, off + n - 32, y + K1, x);
    x = x * K1 + load64(s, off);

    // Whole chunks: (n - 1) rounded down to a multiple of 64, so the last 1..64 bytes, already
    // folded in above, are not visited again; at least one chunk since n > 64.
    int chunks = (n - 1) >>> 6;
    int p = off;
    for (int i = 0; i < chunks; i++, p += 64) {
      x = Long.rotateRight(x + y + v1 + load64(s, p + 8), 37) * K1;
      y = Long.rotateRight(y + v2 + load64(s, p + 48), 42) * K1;
      x ^= w2;
      y += v1 + load64(s, p + 40);
      z = Long.rotateRight(z + w1, 33) * K1;
      long va = v2 * K1;
      long vb = x + w1;
      v1 = weakFirst(s, p, va);
      v2 = weakSecond(s, p, va, vb);
      long wa = z + w2;
      long wb = y + load64(s, p + 16);
      w1 = weakFirst(s, p + 32, wa);
      w2 = weakSecond(s, p + 32, wa, wb);
      long t = z;
      z = x;
      x = t;
    }
    return hashLen16(hashLen16(v1, w1) + shiftMix(y) * K1 + z, hashLen16(v2, w2) + x);
  }

  /*
   * WeakHashLen32WithSeeds(w, x, y, z, a, b) over the 32 bytes at s[i]:
   *   a += w; b = rot(b + a + z, 51); c = a; a += x; a += y; b += rot(a, 23)
   *   return (a + z, b + c)
   * split into its two halves so that nothing is allocated; each half recomputes the few adds
   * (the first does not depend on b).
   */
  private static long weakFirst(byte[] s, int i, long a) {
    return a + load64(s, i) + load64(s, i + 8) + load64(s, i + 16) + load64(s, i + 24);
  }

  private static long weakSecond(byte[] s, int i, long a, long b) {
    long w = load64(s, i);
    long x = load64(s, i + 8);
    long y = load64(s, i + 16);
    long z = load64(s, i + 24);
    a += w;
    b = Long.rotateRight(b + a + z, 51);
    long c = a;
    a += x;
    a += y;
    b += Long.rotateRight(a, 23);
    return b + c;
  }
}
