package io.colfile.kudu.block;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.PhysicalType;

/**
 * Reads BIT_SHUFFLE blocks; see {@link BitShuffleBlockEncoder} for the layout.
 *
 * <p>The constructor checks the header as Kudu does (size, padded count, element size, which
 * only UINT32 blocks may narrow) and walks the sub-block length prefixes, which must tile the
 * block exactly; nothing sized by the header is allocated before that walk has shown the bytes
 * are there. Sub-blocks (at most 8 KiB each once decoded) are then decompressed and unshuffled
 * when first read, so memory stays small (three 8 KiB buffers) whatever the block claims, and a
 * sub-block read whole is unshuffled straight into the caller's array.
 */
final class BitShuffleBlockDecoder extends AbstractBlockDecoder {
  private final byte[] buf;
  private final int offset;
  private final int cellWidth;
  private final int es;
  private final int padded;
  private final int subElems;
  /** Offset within the block of each sub-block's length prefix, and one past the last. */
  private final int[] subStarts;
  private Decompressor lz4;
  private byte[] shuffled;
  private byte[] planes;
  private byte[] decoded;
  private int decodedSub = -1;

  BitShuffleBlockDecoder(PhysicalType type, byte[] buf, int offset, int length)
      throws MalformedInputException {
    if (length < BitShuffleBlockEncoder.HEADER) {
      throw new MalformedInputException(0, "BIT_SHUFFLE block of " + length
          + " bytes is shorter than its 20-byte header");
    }
    this.buf = buf;
    this.offset = offset;
    this.cellWidth = type.width();
    this.firstOrdinal = Endian.getIntLE(buf, offset) & 0xFFFFFFFFL;
    this.count = Bytes.count(buf, offset + 4, 4, "BIT_SHUFFLE");
    long size = Endian.getIntLE(buf, offset + 8) & 0xFFFFFFFFL;
    if (size != length) {
      throw new MalformedInputException(8, "BIT_SHUFFLE block says it is " + size
          + " bytes long but is " + length);
    }
    long paddedCount = Endian.getIntLE(buf, offset + 12) & 0xFFFFFFFFL;
    if (paddedCount != ((count + 7L) & ~7L)) {
      throw new MalformedInputException(12, "BIT_SHUFFLE padded count " + paddedCount
          + " is not " + count + " rounded up to 8");
    }
    this.padded = (int) paddedCount;
    long elemSize = Endian.getIntLE(buf, offset + 16) & 0xFFFFFFFFL;
    boolean narrowed = type == PhysicalType.UINT32 && (elemSize == 1 || elemSize == 2);
    if (elemSize != cellWidth && !narrowed) {
      throw new MalformedInputException(16, "BIT_SHUFFLE element size " + elemSize
          + " in a block of " + type + " (" + cellWidth + "-byte cells)");
    }
    this.es = (int) elemSize;
    this.subElems = BitShuffle.subBlockElements(es);
    this.subStarts = walkSubBlocks(length);
  }

  /** Checks that the sub-blocks' length prefixes tile the block; returns where each starts. */
  private int[] walkSubBlocks(int length) throws MalformedInputException {
    int subBlocks = (int) ((padded + (long) subElems - 1) / subElems);
    // Each sub-block takes at least 5 bytes (a length and a token): check before allocating.
    if (subBlocks > (length - BitShuffleBlockEncoder.HEADER) / 5) {
      throw new MalformedInputException(4, "BIT_SHUFFLE block of " + length + " bytes cannot"
          + " hold the " + subBlocks + " sub-blocks of " + count + " values");
    }
    int[] starts = new int[subBlocks + 1];
    int p = BitShuffleBlockEncoder.HEADER;
    for (int s = 0; s < subBlocks; s++) {
      starts[s] = p;
      if (length - p < 4) {
        throw new MalformedInputException(p, "BIT_SHUFFLE sub-block " + s
            + " length is cut off");
      }
      long len = Endian.getIntBE(buf, offset + p) & 0xFFFFFFFFL;
      long bytes = (long) elems(s) * es;
      // LZ4 expands by at most 255 times (one 255 length byte per 255 output bytes).
      if (len < 1 || len > length - p - 4 || bytes > 255 * len) {
        throw new MalformedInputException(p, "BIT_SHUFFLE sub-block " + s + " length " + len
            + " does not fit the block or its " + bytes + " bytes");
      }
      p += 4 + (int) len;
    }
    if (p != length) {
      throw new MalformedInputException(p, "BIT_SHUFFLE block has " + (length - p)
          + " bytes after its last sub-block");
    }
    starts[subBlocks] = p;
    return starts;
  }

  /** Elements in sub-block {@code s}, padding included. */
  private int elems(int s) {
    return Math.min(subElems, padded - s * subElems);
  }

  /** Bytes per stored element: the cell width, or 1, 2 or 4 for UINT32 blocks. */
  int elemSize() {
    return es;
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) throws MalformedInputException {
    Bytes.checkRead(pos, n, count);
    while (n > 0) {
      int s = pos / subElems;
      int in = pos - s * subElems;
      int k = Math.min(n, Math.min(elems(s), count - s * subElems) - in);
      if (in == 0 && k == elems(s) && es == cellWidth && s != decodedSub) {
        decode(s, dst, dstOffset);
      } else {
        load(s);
        if (es == cellWidth) {
          System.arraycopy(decoded, in * es, dst, dstOffset, k * es);
        } else {
          for (int i = 0; i < k; i++) {
            Endian.putIntLE(dst, dstOffset + 4 * i, element(in + i));
          }
        }
      }
      pos += k;
      n -= k;
      dstOffset += k * cellWidth;
    }
  }

  /** Reads the next {@code n} values of a UINT32 block (DICT codewords) as ints. */
  void readUint32(int[] dst, int dstOffset, int n) throws MalformedInputException {
    Bytes.checkRead(pos, n, count);
    while (n > 0) {
      int s = pos / subElems;
      int in = pos - s * subElems;
      int k = Math.min(n, Math.min(elems(s), count - s * subElems) - in);
      load(s);
      byte[] d = decoded;
      switch (es) {
        case 1 -> {
          for (int i = 0; i < k; i++) {
            dst[dstOffset + i] = d[in + i] & 0xFF;
          }
        }
        case 2 -> {
          for (int i = 0; i < k; i++) {
            dst[dstOffset + i] = Endian.getShortLE(d, 2 * (in + i)) & 0xFFFF;
          }
        }
        default -> {
          for (int i = 0; i < k; i++) {
            dst[dstOffset + i] = Endian.getIntLE(d, 4 * (in + i));
          }
        }
      }
      pos += k;
      n -= k;
      dstOffset += k;
    }
  }

  /** Element {@code i} of the loaded sub-block, zero-extended from 1, 2 or 4 bytes. */
  private int element(int i) {
    return switch (es) {
      case 1 -> decoded[i] & 0xFF;
      case 2 -> Endian.getShortLE(decoded, 2 * i) & 0xFFFF;
      default -> Endian.getIntLE(decoded, 4 * i);
    };
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) {
    throw new IllegalStateException("BIT_SHUFFLE blocks hold cells");
  }

  private void load(int s) throws MalformedInputException {
    if (s != decodedSub) {
      if (decoded == null) {
        decoded = new byte[Math.min(subElems, padded) * es];
      }
      decodedSub = -1;
      decode(s, decoded, 0);
      decodedSub = s;
    }
  }

  /** Decompresses and unshuffles sub-block {@code s} into {@code dst[dstOffset...]}. */
  private void decode(int s, byte[] dst, int dstOffset) throws MalformedInputException {
    int n = elems(s);
    int bytes = n * es;
    if (lz4 == null) {
      lz4 = CompressionCodec.LZ4.newDecompressor();
      shuffled = new byte[Math.min(subElems, padded) * es];
      planes = es == 1 ? null : new byte[shuffled.length];
    }
    int at = subStarts[s];
    int len = subStarts[s + 1] - at - 4;
    int got;
    try {
      got = lz4.decompress(buf, offset + at + 4, len, shuffled, 0, bytes);
    } catch (MalformedInputException e) {
      throw new MalformedInputException(at + 4 + e.offset(),
          "BIT_SHUFFLE sub-block " + s + ": " + e.getMessage(), e);
    }
    if (got != bytes) {
      throw new MalformedInputException(at, "BIT_SHUFFLE sub-block " + s + " decompresses to "
          + got + " bytes, not the " + bytes + " of its " + n + " elements");
    }
    BitShuffle.unshuffle(shuffled, 0, dst, dstOffset, n, es, planes);
  }
}
