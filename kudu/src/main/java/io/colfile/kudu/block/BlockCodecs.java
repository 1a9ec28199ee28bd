package io.colfile.kudu.block;

import io.colfile.core.codec.MalformedInputException;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;

/** The encoder and decoder of each (encoding, physical type) pair Kudu 1.17 has. */
public final class BlockCodecs {
  private BlockCodecs() {}

  /**
   * A new encoder for blocks of about {@code blockSize} bytes.
   *
   * @throws IllegalArgumentException for a pair Kudu does not allow (cfile.md section 7)
   */
  public static BlockEncoder encoder(KuduEncoding encoding, PhysicalType type, int blockSize) {
    if (encoding == KuduEncoding.PLAIN && type.isFixedWidth() && type != PhysicalType.BOOL) {
      return new PlainBlockEncoder(type.width(), blockSize);
    }
    throw new IllegalArgumentException("no " + encoding + " encoder for " + type);
  }

  /**
   * A decoder over the block in {@code buf[offset, offset + length)}.
   *
   * @throws MalformedInputException if the block's header does not fit its bytes
   * @throws IllegalArgumentException for a pair Kudu does not allow
   */
  public static BlockDecoder decoder(KuduEncoding encoding, PhysicalType type, byte[] buf,
      int offset, int length) throws MalformedInputException {
    if (encoding == KuduEncoding.PLAIN && type.isFixedWidth() && type != PhysicalType.BOOL) {
      return new PlainBlockDecoder(buf, offset, length, type.width());
    }
    throw new IllegalArgumentException("no " + encoding + " decoder for " + type);
  }

  /** The dictionary block of a DICT encoder at the end of a file, or null for other encoders. */
  public static byte[] dictionaryBlock(BlockEncoder encoder) {
    return null;
  }
}
