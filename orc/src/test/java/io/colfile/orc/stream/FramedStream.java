package io.colfile.orc.stream;

import io.colfile.core.error.FileRegion;
import io.colfile.testkit.Hex;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;

/**
 * Test bytes framed as an ORC stream would be in a file (orc.md section 4), placed inside a
 * bigger array between junk bytes so that offsets matter, with the mapping from uncompressed
 * offsets to recorded positions.
 */
final class FramedStream {
  enum Mode { NONE, ORIGINAL, DEFLATE, MIXED }

  static final String FILE = "t.orc";
  static final String STRUCTURE = "stripe 0 / column 1 / DATA";
  /** Where the streams lie in their pretend file: after the magic. */
  static final long STREAM_START = 3;

  /** The region of a stream of {@code length} bytes. */
  static FileRegion region(int length) {
    return FileRegion.of(FILE).child("stripe", 0).child("column", 1).child("DATA")
        .at(STREAM_START, length);
  }

  final Mode mode;
  final byte[] buf;
  final int off;
  final int len;
  final int blockSize;
  final int rawLength;
  private final int[] chunkStarts;

  private FramedStream(Mode mode, byte[] framed, int blockSize, int rawLength, int[] chunkStarts,
      int junk) {
    this.mode = mode;
    this.buf = new byte[framed.length + 2 * junk];
    Arrays.fill(buf, (byte) 0xee);
    System.arraycopy(framed, 0, buf, junk, framed.length);
    this.off = junk;
    this.len = framed.length;
    this.blockSize = blockSize;
    this.rawLength = rawLength;
    this.chunkStarts = chunkStarts;
  }

  static FramedStream raw(byte[] raw) {
    return new FramedStream(Mode.NONE, raw, 0, raw.length, new int[0], 3);
  }

  /** An uncompressed stream of the bytes a spec-style dump spells ({@link Hex#bytes}). */
  static OrcInputStream hex(String dump) {
    return raw(Hex.bytes(dump)).open();
  }

  /**
   * Splits {@code raw} into chunks of {@code blockSize} bytes; DEFLATE stores every chunk
   * compressed unless that would exceed the block size, MIXED picks at random.
   */
  static FramedStream of(byte[] raw, Mode mode, int blockSize, Random random) {
    if (mode == Mode.NONE) {
      return raw(raw);
    }
    ByteWriter out = new ByteWriter();
    int chunks = (raw.length + blockSize - 1) / blockSize;
    int[] starts = new int[chunks];
    byte[] compressed = new byte[blockSize * 2 + 64];
    for (int c = 0; c < chunks; c++) {
      starts[c] = out.size();
      int from = c * blockSize;
      int n = Math.min(blockSize, raw.length - from);
      boolean original = mode == Mode.ORIGINAL || (mode == Mode.MIXED && random.nextBoolean());
      int clen = 0;
      if (!original) {
        Deflater deflater = new Deflater(random.nextInt(10), true);
        deflater.setInput(raw, from, n);
        deflater.finish();
        clen = deflater.deflate(compressed);
        original = !deflater.finished() || clen > blockSize;
        deflater.end();
      }
      int length = original ? n : clen;
      int header = length << 1 | (original ? 1 : 0);
      out.write(header);
      out.write(header >>> 8);
      out.write(header >>> 16);
      for (int i = 0; i < length; i++) {
        out.write(original ? raw[from + i] : compressed[i]);
      }
    }
    return new FramedStream(mode, out.toByteArray(), blockSize, raw.length, starts, 5);
  }

  static FramedStream random(byte[] raw, Random random) {
    Mode mode = Mode.values()[random.nextInt(4)];
    int[] sizes = {1, 2, 3, 7, 16, 64, 100, 1000, 1 << 16};
    return of(raw, mode, sizes[random.nextInt(sizes.length)], random);
  }

  OrcInputStream open() {
    return new OrcInputStream(region(len), buf, off, len,
        mode == Mode.NONE ? null : new InflateDecompressor(), mode == Mode.NONE ? 0 : blockSize);
  }

  /**
   * The stream part of a position for uncompressed offset {@code rawOffset}: one number raw, two
   * compressed; at a chunk boundary {@code endOfChunk} picks Java's (previous chunk, its length).
   */
  long[] position(long rawOffset, boolean endOfChunk) {
    return positionNumbers(rawOffset, endOfChunk);
  }

  /** Whether the stream has chunk headers (and so two numbers per stream offset). */
  boolean compressed() {
    return mode != Mode.NONE;
  }

  private long[] positionNumbers(long rawOffset, boolean endOfChunk) {
    if (mode == Mode.NONE) {
      return new long[] {rawOffset};
    }
    int chunk = (int) (rawOffset / blockSize);
    int within = (int) (rawOffset % blockSize);
    if (within == 0 && chunk > 0 && (endOfChunk || chunk == chunkStarts.length)) {
      return new long[] {chunkStarts[chunk - 1], blockSize};
    }
    if (chunk == chunkStarts.length) {
      return new long[] {len, 0};
    }
    return new long[] {chunkStarts[chunk], within};
  }

  @Override
  public String toString() {
    return mode + (mode == Mode.NONE ? "" : "/" + blockSize) + " (" + rawLength + " bytes)";
  }
}
