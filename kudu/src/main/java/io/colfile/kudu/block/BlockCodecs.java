package io.colfile.kudu.block;

import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;

/**
 * The encoder and decoder of each (encoding, physical type) pair Kudu 1.17 has (cfile.md section
 * 7): PLAIN for every type (a bitmap for BOOL), RLE for BOOL and the integers up to 64 bits,
 * BIT_SHUFFLE for every fixed-width type but BOOL, and DICT and PREFIX for BINARY.
 */
public final class BlockCodecs {
  private BlockCodecs() {}

  /** Whether Kudu 1.17 can store {@code type} with {@code encoding}. */
  public static boolean supports(KuduEncoding encoding, PhysicalType type) {
    return switch (encoding) {
      case PLAIN -> true;
      case RLE -> type == PhysicalType.BOOL || type.isInteger() && type != PhysicalType.INT128;
      case BIT_SHUFFLE -> type.isFixedWidth() && type != PhysicalType.BOOL;
      case DICT, PREFIX -> type == PhysicalType.BINARY;
      default -> false;
    };
  }

  /**
   * A new encoder for blocks of about {@code blockSize} bytes. For DICT it is a {@link
   * DictBlockEncoder}, which also builds the file's dictionary.
   *
   * @throws IllegalArgumentException for a pair Kudu does not allow (cfile.md section 7), or a
   *     block size below 1
   */
  public static BlockEncoder encoder(KuduEncoding encoding, PhysicalType type, int blockSize) {
    if (!supports(encoding, type)) {
      throw new IllegalArgumentException("no " + encoding + " encoder for " + type);
    }
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size " + blockSize);
    }
    return switch (encoding) {
      case PLAIN -> switch (type) {
        case BOOL -> new BitmapBlockEncoder(blockSize);
        case BINARY -> new BinaryPlainBlockEncoder(blockSize);
        default -> new PlainBlockEncoder(type.width(), blockSize);
      };
      case RLE -> new RleBlockEncoder(type, blockSize);
      case BIT_SHUFFLE -> new BitShuffleBlockEncoder(type, blockSize);
      case DICT -> new DictBlockEncoder(blockSize);
      case PREFIX -> new PrefixBlockEncoder(blockSize);
      default -> throw new AssertionError(encoding);
    };
  }

  /**
   * A decoder over the block in {@code buf[offset, offset + length)}, for every pair but DICT,
   * which needs the file's dictionary (see the overload that takes it).
   *
   * @throws MalformedInputException if the block's header does not fit its bytes
   * @throws IllegalArgumentException for a pair Kudu does not allow, or for DICT
   */
  public static BlockDecoder decoder(KuduEncoding encoding, PhysicalType type, byte[] buf,
      int offset, int length) throws MalformedInputException {
    if (encoding == KuduEncoding.DICT && type == PhysicalType.BINARY) {
      throw new IllegalArgumentException("DICT blocks are decoded with the file's dictionary");
    }
    return decoder(encoding, type, buf, offset, length, null);
  }

  /**
   * A decoder over the block in {@code buf[offset, offset + length)}; {@code dictionary} is the
   * file's decoded dictionary block for DICT and ignored (may be null) otherwise.
   *
   * @throws MalformedInputException if the block's header does not fit its bytes
   * @throws IllegalArgumentException for a pair Kudu does not allow, or DICT without a
   *     dictionary
   */
  public static BlockDecoder decoder(KuduEncoding encoding, PhysicalType type, byte[] buf,
      int offset, int length, BinaryDictionary dictionary) throws MalformedInputException {
    if (!supports(encoding, type)) {
      throw new IllegalArgumentException("no " + encoding + " decoder for " + type);
    }
    java.util.Objects.checkFromIndexSize(offset, length, buf.length);
    return switch (encoding) {
      case PLAIN -> switch (type) {
        case BOOL -> new BitmapBlockDecoder(buf, offset, length);
        case BINARY -> new BinaryPlainBlockDecoder(buf, offset, length);
        default -> new PlainBlockDecoder(buf, offset, length, type.width());
      };
      case RLE -> new RleBlockDecoder(type, buf, offset, length);
      case BIT_SHUFFLE -> new BitShuffleBlockDecoder(type, buf, offset, length);
      case DICT -> {
        if (dictionary == null) {
          throw new IllegalArgumentException("DICT blocks need the file's dictionary");
        }
        yield new DictBlockDecoder(buf, offset, length, dictionary);
      }
      case PREFIX -> new PrefixBlockDecoder(buf, offset, length);
      default -> throw new AssertionError(encoding);
    };
  }

  /** The dictionary block of a DICT encoder at the end of a file, or null for other encoders. */
  public static byte[] dictionaryBlock(BlockEncoder encoder) {
    return encoder instanceof DictBlockEncoder d ? d.dictionaryBlock() : null;
  }
}
