package io.colfile.trevni;

import io.colfile.core.codec.BlockDecompression;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Compressor;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.MalformedInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.function.IntFunction;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/**
 * Compresses and decompresses whole Trevni blocks with one codec. Not thread-safe: one instance
 * per column writer or cursor.
 */
abstract class BlockCodec {
  /**
   * The most a block may claim to expand to per compressed byte before colfile calls the claim
   * absurd: DEFLATE cannot exceed 1032:1; Snappy's header states its length exactly.
   */
  private static final long DEFLATE_MAX_RATIO = 1032;

  static BlockCodec of(TrevniCodec codec) {
    return switch (codec) {
      case NULL -> new Null();
      case DEFLATE -> new Common(CompressionCodec.ZLIB, DEFLATE_MAX_RATIO);
      case SNAPPY -> new Common(CompressionCodec.SNAPPY, 0);
      case BZIP2 -> new Bzip2();
    };
  }

  /** The compressed form of {@code raw[0, length)}, in a new array. */
  abstract byte[] compress(byte[] raw, int length);

  /** Where blocks are read before they are decompressed: reused, at most 1 MiB kept. */
  private byte[] input;

  /** An array of at least {@code size} bytes for a block's stored bytes, to decompress. */
  byte[] input(int size) {
    byte[] in = input;
    if (in == null || in.length < size) {
      in = new byte[Math.max(size, 1024)];
      if (size <= 1 << 20) {
        input = in;
      }
    }
    return in;
  }

  /**
   * The most bytes {@link #compress(byte[], int, byte[], int)} writes for {@code length} bytes,
   * or -1 when the codec cannot say (then {@link #compress(byte[], int)} is the way).
   */
  int maxCompressedLength(int length) {
    return -1;
  }

  /**
   * Compresses {@code raw[0, length)} into {@code out} from {@code off}, which has room for
   * {@link #maxCompressedLength} bytes; returns how many it wrote.
   */
  int compress(byte[] raw, int length, byte[] out, int off) {
    throw new UnsupportedOperationException();
  }

  /**
   * Decompresses {@code in[off, off + len)} into a new array of exactly {@code rawSize} bytes.
   *
   * @throws MalformedInputException if the data is not a block of this codec or does not expand
   *     to exactly {@code rawSize} bytes
   */
  final byte[] decompress(byte[] in, int off, int len, int rawSize)
      throws MalformedInputException {
    return decompress(in, off, len, rawSize, byte[]::new);
  }

  /**
   * Decompresses {@code in[off, off + len)} into the first {@code rawSize} bytes of {@code
   * arrays.apply(rawSize)}, an array of at least that many bytes, and returns it. A codec asks
   * for the array only once the block's claimed size has passed its checks (a damaged
   * descriptor's absurd size allocates nothing); one that cannot use it returns a new array of
   * exactly {@code rawSize} bytes.
   *
   * @throws MalformedInputException if the data is not a block of this codec or does not expand
   *     to exactly {@code rawSize} bytes
   */
  abstract byte[] decompress(byte[] in, int off, int len, int rawSize,
      IntFunction<byte[]> arrays) throws MalformedInputException;

  private static final class Null extends BlockCodec {
    @Override
    byte[] compress(byte[] raw, int length) {
      return Arrays.copyOf(raw, length);
    }

    @Override
    int maxCompressedLength(int length) {
      return length;
    }

    @Override
    int compress(byte[] raw, int length, byte[] out, int off) {
      System.arraycopy(raw, 0, out, off, length);
      return length;
    }

    @Override
    byte[] decompress(byte[] in, int off, int len, int rawSize, IntFunction<byte[]> arrays)
        throws MalformedInputException {
      if (len != rawSize) {
        throw new MalformedInputException(0, "an uncompressed block of " + len
            + " bytes claims " + rawSize + " bytes of values");
      }
      return Arrays.copyOfRange(in, off, off + len);
    }
  }

  private static final class Common extends BlockCodec {
    private static final int MAX_SCRATCH = 1 << 20;
    private final CompressionCodec codec;
    private final long maxRatio;
    private Compressor compressor;
    private Decompressor decompressor;
    /** Where blocks are compressed before their exact copy is returned. */
    private byte[] scratch;

    Common(CompressionCodec codec, long maxRatio) {
      this.codec = codec;
      this.maxRatio = maxRatio;
    }

    private Compressor compressor() {
      if (compressor == null) {
        // trevni-core writes Snappy through snappy-java; so does colfile when it loads
        compressor = codec == CompressionCodec.SNAPPY
            ? CompressionCodec.snappyJavaCompressor() : codec.newCompressor();
      }
      return compressor;
    }

    @Override
    int maxCompressedLength(int length) {
      return compressor().maxCompressedLength(length);
    }

    @Override
    int compress(byte[] raw, int length, byte[] out, int off) {
      int bound = compressor().maxCompressedLength(length);
      int n = compressor.compress(raw, 0, length, out, off, bound);
      if (n < 0) {
        throw new IllegalStateException(codec + " output exceeded its own bound");
      }
      return n;
    }

    @Override
    byte[] compress(byte[] raw, int length) {
      int bound = compressor().maxCompressedLength(length);
      byte[] out = scratch; // reused: only the exact copy below leaves this codec
      if (out == null || out.length < bound) {
        out = new byte[bound];
        if (bound <= MAX_SCRATCH) { // a block grown by a huge value is not held on to
          scratch = out;
        }
      }
      int n = compressor.compress(raw, 0, length, out, 0, bound); // as when out was new
      if (n < 0) {
        throw new IllegalStateException(codec + " output exceeded its own bound");
      }
      return Arrays.copyOf(out, n);
    }

    @Override
    byte[] decompress(byte[] in, int off, int len, int rawSize, IntFunction<byte[]> arrays)
        throws MalformedInputException {
      // refuse a false size before allocating it
      BlockDecompression.checkRatio(len, rawSize, maxRatio);
      if (codec == CompressionCodec.SNAPPY) {
        long declared = BlockDecompression.snappyLength(in, off, len);
        if (declared != rawSize) {
          throw new MalformedInputException(0, "the snappy block holds " + declared
              + " bytes, its descriptor says " + rawSize);
        }
      }
      if (decompressor == null) {
        decompressor = codec.newDecompressor();
      }
      byte[] out = arrays.apply(rawSize);
      BlockDecompression.exactly(decompressor, in, off, len, out, 0, rawSize, maxRatio);
      return out;
    }
  }

  private static final class Bzip2 extends BlockCodec {
    @Override
    byte[] compress(byte[] raw, int length) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(Math.max(64, length / 4));
      try (BZip2CompressorOutputStream out = new BZip2CompressorOutputStream(bytes)) {
        out.write(raw, 0, length);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return bytes.toByteArray();
    }

    @Override
    byte[] decompress(byte[] in, int off, int len, int rawSize, IntFunction<byte[]> arrays)
        throws MalformedInputException {
      // Grows with what the stream really yields, so a false size claim allocates nothing big.
      byte[] out = new byte[Math.min(rawSize, Math.max(1024, len * 8))];
      int n = 0;
      try (InputStream bz = new BZip2CompressorInputStream(
          new ByteArrayInputStream(in, off, len), false)) {
        while (true) {
          if (n == out.length) {
            if (n == rawSize) {
              if (bz.read() >= 0) {
                throw new MalformedInputException(0, "the bzip2 block expands beyond the "
                    + rawSize + " bytes its descriptor says");
              }
              break;
            }
            out = Arrays.copyOf(out, (int) Math.min(rawSize, 2L * out.length));
          }
          int r = bz.read(out, n, out.length - n);
          if (r < 0) {
            break;
          }
          n += r;
        }
      } catch (IOException | RuntimeException e) {
        throw new MalformedInputException(0, "not a valid bzip2 block: " + e.getMessage(), e);
      }
      if (n != rawSize) {
        throw new MalformedInputException(0, "the block expands to " + n
            + " bytes, its descriptor says " + rawSize);
      }
      return out;
    }
  }
}
