package io.colfile.kudu.bloom;

import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.proto.KuduProto;
import java.util.Arrays;
import java.util.Objects;

/**
 * One bloom filter block of a BloomFile (cfile.md sections 10.1 and 10.3), for building and for
 * probing.
 *
 * <pre>
 * block  ::= hdr_len:u32le | BloomBlockHeaderPB (hdr_len bytes; 1: num_hash_functions) | bitmap
 * h      =  KuduCityHash64(encoded key);  h1 = low 32 bits of h;  h2 = high 32 bits
 * probe  :  x = h1; repeat num_hash_functions times:
 *             bit = x mod (8 * bitmap length);  bitmap[bit / 8] bit (bit mod 8), LSB first
 *             x = (x + h2) mod 2^32
 * </pre>
 *
 * There is no seed and the hash function is not recorded: BloomFiles always use {@link
 * KuduCityHash64}. Keys are the encoded composite keys of {@link io.colfile.kudu.key}. The
 * bitmap length comes from the block's size, not from the header, so readers take any size.
 *
 * <p>Mutable and not thread-safe. {@link #count()} counts the keys added since the filter was
 * created or {@linkplain #clear() cleared}; a filter read from a block does not know how many
 * keys went into it and reports 0.
 */
public final class BloomFilter {
  /**
   * The most hash functions a block read from a file may ask for. Kudu sets the count from the
   * sizing (13 for tablets); even a false-positive rate of the smallest double gives about 1075.
   * A damaged header asking for billions would make every probe a long loop.
   */
  static final int MAX_HASHES = 2048;

  private final byte[] bitmap;
  private final int numHashes;
  private final long numBits;
  /** numBits - 1 when numBits is a power of two (then x mod numBits = x & mask), else -1. */
  private final long mask;
  /** Keys a block takes before the writer flushes it; 0 when read from a block. */
  private final int expectedCount;
  private int count;

  private BloomFilter(byte[] bitmap, int numHashes, int expectedCount) {
    this.bitmap = bitmap;
    this.numHashes = numHashes;
    this.expectedCount = expectedCount;
    this.numBits = 8L * bitmap.length;
    this.mask = Long.bitCount(numBits) == 1 ? numBits - 1 : -1;
  }

  /** An empty filter of the given size and hash count. */
  public BloomFilter(BloomFilterSizing sizing) {
    this(new byte[sizing.numBytes()], sizing.numHashes(), sizing.expectedCount());
  }

  /**
   * The filter of a raw bloom block ({@code u32le hdr_len | header | bitmap}) held in {@code
   * block[off, off + len)}; the bitmap is copied.
   */
  public static BloomFilter fromBlock(byte[] block, int off, int len)
      throws MalformedInputException {
    Objects.checkFromIndexSize(off, len, block.length);
    if (len < 4) {
      throw new MalformedInputException(off,
          "bloom block of " + len + " bytes has no room for its 4-byte header length");
    }
    long hdrLen = Endian.getIntLE(block, off) & 0xFFFFFFFFL;
    if (hdrLen > len - 4) {
      throw new MalformedInputException(off, "bloom block header length " + hdrLen
          + " exceeds the " + (len - 4) + " bytes after it");
    }
    int numHashes;
    try {
      numHashes = KuduProto.BloomBlockHeaderPB.parser()
          .parseFrom(block, off + 4, (int) hdrLen).getNumHashFunctions();
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedInputException(off + 4, "bad BloomBlockHeaderPB: " + e.getMessage(), e);
    }
    if (numHashes < 1 || numHashes > MAX_HASHES) {
      throw new MalformedInputException(off + 4,
          "bloom block asks for " + numHashes + " hash functions");
    }
    int bitmapOff = off + 4 + (int) hdrLen;
    int bitmapLen = off + len - bitmapOff;
    if (bitmapLen == 0 || bitmapLen > Integer.MAX_VALUE / 8) {
      throw new MalformedInputException(bitmapOff, "bloom bitmap of " + bitmapLen + " bytes");
    }
    return new BloomFilter(Arrays.copyOfRange(block, bitmapOff, bitmapOff + bitmapLen),
        numHashes, 0);
  }

  /** The 64-bit hash a key is probed with; compute it once to probe several blocks. */
  public static long hash(byte[] key, int off, int len) {
    return KuduCityHash64.hash64(key, off, len);
  }

  public void add(byte[] key) {
    addHash(hash(key, 0, key.length));
  }

  public void add(byte[] key, int off, int len) {
    addHash(hash(key, off, len));
  }

  /** Adds the key whose {@link #hash} is {@code h}. */
  public void addHash(long h) {
    long x = h & 0xFFFFFFFFL;
    long step = h >>> 32;
    for (int i = 0; i < numHashes; i++) {
      long bit = pick(x);
      bitmap[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
      x = (x + step) & 0xFFFFFFFFL;
    }
    count++;
  }

  /** False if the key was certainly not added; true if it may have been. */
  public boolean mayContain(byte[] key) {
    return mayContainHash(hash(key, 0, key.length));
  }

  public boolean mayContain(byte[] key, int off, int len) {
    return mayContainHash(hash(key, off, len));
  }

  /** {@link #mayContain} for the key whose {@link #hash} is {@code h}. */
  public boolean mayContainHash(long h) {
    long x = h & 0xFFFFFFFFL;
    long step = h >>> 32;
    for (int i = 0; i < numHashes; i++) {
      long bit = pick(x);
      if ((bitmap[(int) (bit >>> 3)] & (1 << (bit & 7))) == 0) {
        return false;
      }
      x = (x + step) & 0xFFFFFFFFL;
    }
    return true;
  }

  /** Kudu's PickBit: the probe's 32-bit value modulo the bitmap's bit count. */
  private long pick(long x) {
    return mask >= 0 ? x & mask : x % numBits;
  }

  /** Zeroes the bitmap and the key count, as a writer does after writing a block out. */
  public void clear() {
    Arrays.fill(bitmap, (byte) 0);
    count = 0;
  }

  /** Keys added since creation or the last {@link #clear()}. */
  public int count() {
    return count;
  }

  /**
   * True once the filter holds its sizing's expected count of keys: Kudu's BloomFile writer
   * checks this after each key and then writes the block and clears the filter, so 1710 keys
   * go into each tablet bloom block. Never true for a filter read from a block.
   */
  public boolean isFull() {
    return expectedCount > 0 && count >= expectedCount;
  }

  public int numHashes() {
    return numHashes;
  }

  /** Bitmap size in bytes. */
  public int numBytes() {
    return bitmap.length;
  }

  /** A copy of the bitmap. */
  public byte[] bitmap() {
    return bitmap.clone();
  }

  /** The bytes of the header length and header, as Kudu writes them. */
  private byte[] header() {
    byte[] pb = KuduProto.BloomBlockHeaderPB.newBuilder().setNumHashFunctions(numHashes).build()
        .toByteArray();
    byte[] out = new byte[4 + pb.length];
    Endian.putIntLE(out, 0, pb.length);
    System.arraycopy(pb, 0, out, 4, pb.length);
    return out;
  }

  /** The size of {@link #toBlock()}: 4 + 2 + 4096 bytes for a tablet's filter. */
  public int blockLength() {
    return header().length + bitmap.length;
  }

  /** The raw block a BloomFile stores for this filter (before the CFile's block checksum). */
  public byte[] toBlock() {
    byte[] hdr = header();
    byte[] out = Arrays.copyOf(hdr, hdr.length + bitmap.length);
    System.arraycopy(bitmap, 0, out, hdr.length, bitmap.length);
    return out;
  }
}
