package io.colfile.kudu.block;

import io.colfile.core.codec.Compressor;
import io.colfile.core.codec.Lz4BlockCompressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.PhysicalType;
import java.util.Arrays;

/**
 * BIT_SHUFFLE blocks (cfile.md section 6.4): bitshuffle 0.3.5's LZ4 format behind a 20-byte
 * header, for every fixed-width numeric type.
 *
 * <pre>
 * BitShuffleBlock ::= ordinal_pos:u32le | count:u32le | compressed_size:u32le
 *                     | padded_count:u32le | elem_size:u32le | SubBlock*
 *     compressed_size = the whole block, header included; padded_count = roundup(count, 8)
 * SubBlock        ::= lz4_len:u32be | raw LZ4 block of the n·elem_size shuffled bytes
 *     padded_count elements (padding zeros) cut into floor(padded_count / B) sub-blocks of
 *     B = {@link BitShuffle#subBlockElements} elements and a last one of padded_count mod B
 *     (omitted if 0); the shuffled form is {@link BitShuffle}'s
 * </pre>
 *
 * Note the header order: ordinal first, unlike PLAIN and RLE. An empty block is the header
 * alone. UINT32 blocks (DICT codewords, section 6.6) store each block's elements narrowed to 1
 * or 2 bytes when its largest value allows, and say so in elem_size.
 *
 * <p>Full once the block holds {@code blockSize / width} values (at least one), so block
 * boundaries do not depend on how values are batched.
 *
 * <p>The LZ4 blocks come from {@link Lz4BlockCompressor}, which writes what LZ4 1.9.3's
 * {@code LZ4_compress_default} (bitshuffle's compressor in Kudu) writes, so blocks are Kudu's
 * byte for byte; aircompressor's LZ4 hashes differently and would pick other matches.
 */
final class BitShuffleBlockEncoder implements BlockEncoder {
  static final int HEADER = 20;

  private final int width;
  private final boolean narrow;
  private final int capacity;
  private final Compressor lz4 = new Lz4BlockCompressor();
  private byte[] values = new byte[0];
  private byte[] shuffled = new byte[0];
  private int count;

  BitShuffleBlockEncoder(PhysicalType type, int blockSize) {
    this.width = type.width();
    this.narrow = type == PhysicalType.UINT32;
    this.capacity = Math.max(1, blockSize / width);
  }

  @Override
  public int addCells(byte[] src, int offset, int n) {
    int k = Math.min(n, capacity - count);
    ensure((count + k) * width);
    System.arraycopy(src, offset, values, count * width, k * width);
    count += k;
    return k;
  }

  /** Adds one UINT32 value (a DICT codeword); the block must not be full. */
  void addUint32(int value) {
    ensure((count + 1) * 4);
    Endian.putIntLE(values, count * 4, value);
    count++;
  }

  @Override
  public int addBinary(BytesVector src, int row, int n) {
    throw new IllegalStateException("BIT_SHUFFLE blocks take cells");
  }

  @Override
  public boolean isFull() {
    return count >= capacity;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public byte[] finish(long firstOrdinal) {
    int ordinal = Bytes.ordinal(firstOrdinal);
    int es = narrow ? narrowUint32() : width;
    int padded = (count + 7) & ~7;
    ensure(padded * es);
    Arrays.fill(values, count * es, padded * es, (byte) 0);

    int b = BitShuffle.subBlockElements(es);
    int subBlocks = (padded + b - 1) / b;
    int bound = HEADER;
    for (int s = 0; s < subBlocks; s++) {
      bound += 4 + lz4.maxCompressedLength(Math.min(b, padded - s * b) * es);
    }
    byte[] block = new byte[bound];
    if (shuffled.length < Math.min(b, padded) * es) {
      shuffled = new byte[Math.min(b, padded) * es];
    }
    int p = HEADER;
    for (int s = 0; s < subBlocks; s++) {
      int n = Math.min(b, padded - s * b);
      BitShuffle.shuffle(values, s * b * es, shuffled, 0, n, es);
      int len = lz4.compress(shuffled, 0, n * es, block, p + 4, bound - p - 4);
      Endian.putIntBE(block, p, len);
      p += 4 + len;
    }
    Endian.putIntLE(block, 0, ordinal);
    Endian.putIntLE(block, 4, count);
    Endian.putIntLE(block, 8, p);
    Endian.putIntLE(block, 12, padded);
    Endian.putIntLE(block, 16, es);
    count = 0;
    return Arrays.copyOf(block, p);
  }

  /**
   * Narrows the UINT32 values in place to the fewest bytes their largest needs (1, 2 or 4), as
   * Kudu's UINT32 builder does for every block; returns that size.
   */
  private int narrowUint32() {
    long max = 0;
    for (int i = 0; i < count; i++) {
      max = Math.max(max, Endian.getIntLE(values, 4 * i) & 0xFFFFFFFFL);
    }
    int es = max <= 0xFF ? 1 : max <= 0xFFFF ? 2 : 4;
    if (es < 4) {
      // Front to back is safe: element i moves to i·es <= 4·i.
      for (int i = 0; i < count; i++) {
        int v = Endian.getIntLE(values, 4 * i);
        values[i * es] = (byte) v;
        if (es == 2) {
          values[i * es + 1] = (byte) (v >>> 8);
        }
      }
    }
    return es;
  }

  private void ensure(int size) {
    if (size > values.length) {
      // Double, but not past a full block and its padding.
      long grown = Math.min((capacity + 8L) * width, Math.max(64L, 2L * values.length));
      values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(size, grown)));
    }
  }
}
