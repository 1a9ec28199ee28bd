package io.colfile.orc.stream;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Compressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.orc.index.RawCheckpoint;
import io.colfile.orc.index.StreamOffset;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/**
 * One ORC stream being written, the mirror of {@link OrcInputStream}. <b>Internal</b>: public
 * only for the column writers.
 *
 * <pre>
 * Stream ::= byte*                  no compressor: the bytes as written, no framing
 *          | Chunk*                 with a compressor (orc.md section 4); an empty stream has none
 * Chunk  ::= header:u24le | body    header = length &lt;&lt; 1 | isOriginal
 * </pre>
 *
 * <p>With a compressor the bytes are cut into chunks of exactly {@code bufferSize} uncompressed
 * bytes (the last one shorter). Each chunk is compressed on its own and stored original unless
 * the compressed form is strictly smaller. Like ORC Java's {@code OutStream}, a full chunk is
 * spilled lazily, only when the next byte arrives or on {@link #flush()}, so a position recorded
 * right after a chunk filled up is (start of that chunk, {@code bufferSize}) rather than (start
 * of the next chunk, 0); orc-core records exactly that, and readers accept it.
 *
 * <p>The bytes being written go into one window {@code buf[pos, limit)}: without a compressor it
 * is the output page being filled, with one it is the chunk buffer. Every write checks only the
 * window, so the hot paths have no mode switch. Produced bytes live in a list of pages that grow
 * geometrically and are kept by {@link #reset()} for the next stripe. Not thread-safe.
 */
public final class OrcOutputStream extends OutputStream implements StreamWriter {
  static final int HEADER_BYTES = 3;
  /** The chunk header holds a 23-bit length. */
  static final int MAX_BUFFER_SIZE = (1 << 23) - 1;

  private static final byte[] EMPTY = new byte[0];
  /** A stream's first page: most streams of a wide file hold a few bytes a stripe. */
  private static final int FIRST_PAGE = 1 << 8;
  /** Pages double up to this size, then the next ones are {@link #MAX_PAGE}. */
  private static final int LAST_DOUBLED_PAGE = 1 << 18;
  /**
   * Just under 1 MiB with the array header: G1 places an array of half a region or more in
   * whole regions of its own, and a region is 1 MiB in heaps under 2 GiB; a page of 1 MiB would
   * take two.
   */
  private static final int MAX_PAGE = (1 << 20) - 64;
  /** The chunk buffer starts this small and doubles up to {@code bufferSize} as bytes come. */
  private static final int FIRST_CHUNK = 1 << 8;

  private final boolean compressed;
  /** The compressor of a stream made with one; null for a stream of a writer's lanes. */
  private final Compressor compressor;
  private final int bufferSize;
  /** Where a writer's stream gets its compressor and compressor output: its thread's lane. */
  private final WriteLanes lanes;
  private final StreamKind kind;
  private Thread boundTo;
  private WriteLanes.Lane lane;
  private Compressor laneCompressor;

  // The window being filled: the current output page (raw) or the chunk (compressed).
  private byte[] buf = EMPTY;
  private int pos;
  private int limit;

  // Produced bytes: pages[0, page) are full, pages[page] is being filled up to outPos (raw mode:
  // up to pos, as the window is that page). Pages past `page` are kept for reuse after reset().
  private byte[][] pages = new byte[4][];
  private int pageCount;
  private int page = -1;
  private int outPos;
  private long outBase; // bytes in the full pages

  private byte[] chunk; // compressed mode: up to bufferSize bytes, allocated on the first write
  private byte[] scratch = EMPTY; // compressor output of a stream made with its compressor
  private final byte[] header = new byte[HEADER_BYTES];
  private final byte[] varintBytes = new byte[Varints.MAX_VARLONG_BYTES]; // one near a page end

  // What orc-core's OutStream would have allocated, so that bufferedSize() matches its
  // getBufferSize() and stripes are cut at the same rows: the input buffer ("current") exists
  // after the first write; the compressed buffer and its overflow hold the given number of bytes
  // or are absent (-1).
  private boolean touched;
  private int javaCompressedFill = -1;
  private int javaOverflowFill = -1;
  private long lengthAtFlush;

  /**
   * @param compressor null for an uncompressed file
   * @param bufferSize the compression chunk size, 1 to 2^23 - 1 with a compressor. Without one it
   *     only enters {@link #bufferedSize()} (orc-core buffers that much per stream either way); 0
   *     is then allowed.
   */
  public OrcOutputStream(Compressor compressor, int bufferSize) {
    this(compressor != null, compressor, null, null, bufferSize);
  }

  /**
   * A stream of {@code kind} of a writer, which compresses with the compressor of {@code
   * lanes}' codec for that kind, the one of the lane of the thread writing.
   */
  public OrcOutputStream(WriteLanes lanes, StreamKind kind, int bufferSize) {
    this(lanes.codec() != CompressionCodec.NONE, null, Objects.requireNonNull(lanes, "lanes"),
        kind, bufferSize);
  }

  private OrcOutputStream(boolean compressed, Compressor compressor, WriteLanes lanes,
      StreamKind kind, int bufferSize) {
    if (bufferSize > MAX_BUFFER_SIZE || bufferSize < (compressed ? 1 : 0)) {
      throw new IllegalArgumentException("ORC compression buffer size " + bufferSize
          + " is outside 1.." + MAX_BUFFER_SIZE + " (a chunk header holds 23 bits)");
    }
    this.compressed = compressed;
    this.compressor = compressor;
    this.lanes = lanes;
    this.kind = kind;
    this.bufferSize = bufferSize;
  }

  /** True when chunks are written (a compressor was given). */
  public boolean isCompressed() {
    return compressed;
  }

  @Override
  public void write(int b) {
    if (pos == limit) {
      full();
    }
    buf[pos++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      touch();
      return;
    }
    while (true) {
      int n = Math.min(len, limit - pos);
      System.arraycopy(b, off, buf, pos, n);
      pos += n;
      off += n;
      len -= n;
      if (len == 0) {
        return;
      }
      full(); // only when more bytes follow: a full chunk waits for the next byte
    }
  }

  /**
   * For the encoders: the window's array when at least {@code n} bytes fit in it from {@link
   * #windowPosition()} (bytes written there count once {@link #windowAdvance} moves past them,
   * as {@link #write(byte[], int, int)} of bytes that fit), else null.
   */
  byte[] window(int n) {
    return limit - pos >= n ? buf : null;
  }

  int windowPosition() {
    return pos;
  }

  /** Ends a write into the window at {@code newPos} (at most {@link #window}'s n bytes on). */
  void windowAdvance(int newPos) {
    pos = newPos;
  }

  /**
   * Little-endian IEEE 754 float (FLOAT DATA). NaNs are written in their canonical form ({@link
   * Float#floatToIntBits}), as ORC Java does.
   */
  public void writeFloat(float v) {
    int bits = Float.floatToIntBits(v);
    if (limit - pos >= Integer.BYTES) {
      Endian.putIntLE(buf, pos, bits);
      pos += Integer.BYTES;
    } else {
      for (int i = 0; i < Integer.BYTES; i++) {
        write(bits >>> (8 * i));
      }
    }
  }

  /**
   * Little-endian IEEE 754 double (DOUBLE DATA). NaNs are written in their canonical form ({@link
   * Double#doubleToLongBits}), as ORC Java does.
   */
  public void writeDouble(double v) {
    long bits = Double.doubleToLongBits(v);
    if (limit - pos >= Long.BYTES) {
      Endian.putLongLE(buf, pos, bits);
      pos += Long.BYTES;
    } else {
      for (int i = 0; i < Long.BYTES; i++) {
        write((int) (bits >>> (8 * i)));
      }
    }
  }

  /** Base-128 varint of an unsigned long. */
  public void writeVarUnsigned(long v) {
    if (limit - pos >= Varints.MAX_VARLONG_BYTES) {
      pos = Varints.writeVarLong(buf, pos, v);
    } else {
      write(varintBytes, 0, Varints.writeVarLong(varintBytes, 0, v));
    }
  }

  /** Zigzag varint of a signed long. */
  public void writeVarSigned(long v) {
    writeVarUnsigned(Varints.zigzagEncode(v));
  }

  /** Zigzag varint of an unbounded integer (classic DECIMAL DATA). */
  public void writeVarSigned(BigInteger v) {
    if (v.bitLength() < Long.SIZE) {
      writeVarSigned(v.longValue());
      return;
    }
    // zigzag: 2v for v >= 0, -2v - 1 = ~(2v) for v < 0; then 7-bit groups, least significant
    // first. While more than 63 bits remain, all nine groups of the low 63 bits continue.
    BigInteger u = v.signum() >= 0 ? v.shiftLeft(1) : v.shiftLeft(1).not();
    while (u.bitLength() > 63) {
      long word = u.longValue();
      for (int g = 0; g < 9; g++) {
        write((int) (word | 0x80));
        word >>>= 7;
      }
      u = u.shiftRight(63);
    }
    writeVarUnsigned(u.longValue());
  }

  /**
   * This stream's current position: the byte offset uncompressed, (chunk start, bytes into the
   * chunk) compressed.
   */
  public StreamOffset offset() {
    return compressed ? new StreamOffset(outBase + outPos, pos)
        : new StreamOffset(0, outBase + pos);
  }

  @Override
  public RawCheckpoint checkpoint() {
    return new RawCheckpoint(offset());
  }

  /**
   * Emits the partly filled chunk; afterwards {@link #outputLength()} is final for the stripe.
   * A stripe's stream goes: writes, {@code flush()}, {@link #writeTo}, {@link #reset()}. Writing
   * on after a flush without a reset starts a new chunk and positions keep counting from the
   * start of the stream (orc-core would count from 0 again; it never writes there before its
   * stripe is done).
   */
  @Override
  public void flush() throws IOException {
    flushChunk();
  }

  /** {@link #flush()} for callers that know no I/O happens here (the encoders). */
  void flushChunk() {
    if (compressed) {
      if (pos > 0) {
        spill();
      }
      // The chunk buffer goes with the last chunk: most streams of a wide file are written
      // when their stripe ends (dictionaries, row indexes), and hold one only while they have
      // bytes. The next write starts a small one again.
      chunk = null;
      buf = EMPTY;
      limit = 0;
    }
    // orc-core drops its buffers and counters here
    touched = false;
    javaCompressedFill = -1;
    javaOverflowFill = -1;
    lengthAtFlush = outputLength();
  }

  /** Bytes produced so far (chunk headers included), not counting the unflushed chunk. */
  public long outputLength() {
    return outBase + (compressed ? outPos : pos);
  }

  /**
   * Memory held, for stripe-size decisions: exactly what orc-core's {@code
   * OutStream.getBufferSize()} reports for the same writes, so that a writer checking memory like
   * orc-core cuts stripes at the same rows. That is the bytes produced plus the capacity of the
   * buffers orc-core would hold (its input buffer of {@code bufferSize}, with a compressor also
   * its compressed buffer and overflow buffer of {@code bufferSize + 3} each). After {@link
   * #flush()} orc-core has released them: the produced bytes alone remain.
   */
  public long bufferedSize() {
    long produced = outputLength();
    if (!compressed) {
      if (!touched || bufferSize == 0) {
        return produced;
      }
      long sinceFlush = produced - lengthAtFlush;
      long inBuffer = sinceFlush == 0 ? 0 : (sinceFlush - 1) % bufferSize + 1;
      return produced + bufferSize - inBuffer;
    }
    long capacity = (long) bufferSize + HEADER_BYTES;
    int buffers = (touched ? 1 : 0) + (javaCompressedFill >= 0 ? 1 : 0)
        + (javaOverflowFill >= 0 ? 1 : 0);
    return produced + buffers * capacity;
  }

  /**
   * Copies the produced bytes to {@code out}. Call after {@link #flush()}.
   *
   * @throws IllegalStateException when a compressed stream still holds an unflushed chunk
   */
  public void writeTo(OutputStream out) throws IOException {
    checkFlushed();
    for (int i = 0; i < page; i++) {
      out.write(pages[i]);
    }
    if (page >= 0) {
      out.write(pages[page], 0, compressed ? outPos : pos);
    }
  }

  /** The produced bytes as one array. Call after {@link #flush()}. */
  public byte[] toByteArray() {
    checkFlushed();
    long length = outputLength();
    if (length > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("stream of " + length + " bytes does not fit an array");
    }
    byte[] result = new byte[(int) length];
    int at = 0;
    for (int i = 0; i <= page; i++) {
      int n = i < page ? pages[i].length : compressed ? outPos : pos;
      System.arraycopy(pages[i], 0, result, at, n);
      at += n;
    }
    return result;
  }

  /** Empties the stream for the next stripe, keeping its buffers. */
  public void reset() {
    buf = EMPTY;
    pos = 0;
    limit = 0;
    page = -1;
    outPos = 0;
    outBase = 0;
    touched = false;
    javaCompressedFill = -1;
    javaOverflowFill = -1;
    lengthAtFlush = 0;
  }

  private void checkFlushed() {
    if (compressed && pos > 0) {
      throw new IllegalStateException(
          "flush() the stream first: " + pos + " bytes are still in the unwritten chunk");
    }
  }

  private void touch() {
    if (!touched) {
      touched = true;
      if (compressed && buf == EMPTY) {
        openChunk();
      }
    }
  }

  /** Makes room in the window for at least one byte. */
  private void full() {
    touched = true;
    if (!compressed) {
      nextPage();
      buf = pages[page];
      pos = 0;
      limit = buf.length;
    } else if (buf == EMPTY) {
      openChunk();
    } else if (limit < bufferSize) {
      // the chunk is not full, only its buffer: a stream of few bytes keeps a small one
      chunk = Arrays.copyOf(chunk, (int) Math.min(2L * limit, bufferSize));
      buf = chunk;
      limit = chunk.length;
    } else {
      spill();
    }
  }

  private void openChunk() {
    if (chunk == null) {
      chunk = new byte[Math.min(FIRST_CHUNK, bufferSize)];
    }
    buf = chunk;
    pos = 0;
    limit = chunk.length;
  }

  /** Writes the chunk {@code buf[0, pos)} as compressed or original, then empties it. */
  private void spill() {
    int n = pos;
    int c = -1;
    byte[] output = EMPTY;
    if (n > 1) { // one byte never compresses to nothing
      Compressor codec = compressor;
      if (codec == null) {
        if (boundTo != Thread.currentThread()) {
          boundTo = Thread.currentThread();
          lane = lanes.current();
          laneCompressor = lane.compressor(kind);
        }
        codec = laneCompressor;
      }
      // Room for the worst case, so that no codec copies through a buffer of its own; only
      // fewer bytes than n are kept.
      int room = codec.maxCompressedLength(n);
      output = lane != null ? lane.bytes(room) : ownScratch(room);
      c = codec.compress(buf, 0, n, output, 0, room);
      if (c >= n) {
        c = -1;
      }
    }
    trackJavaBuffers(c);
    if (c >= 0) {
      appendHeader(c, false);
      append(output, 0, c);
    } else {
      appendHeader(n, true);
      append(buf, 0, n);
    }
    pos = 0;
  }

  private byte[] ownScratch(int n) {
    if (scratch.length < n) {
      scratch = new byte[n];
    }
    return scratch;
  }

  /**
   * Follows orc-core's compressed-output buffers through one spill: it appends each compressed
   * chunk to a buffer of bufferSize + 3 bytes, letting the excess run into an overflow buffer,
   * sends the buffer on when fewer than 3 bytes remain (the overflow taking its place), and sends
   * it on before any chunk that is stored original.
   */
  private void trackJavaBuffers(int compressedLength) {
    int capacity = bufferSize + HEADER_BYTES;
    if (javaCompressedFill < 0) {
      javaCompressedFill = 0;
    } else if (javaOverflowFill < 0) {
      javaOverflowFill = 0;
    }
    int start = javaCompressedFill;
    int fill = start + HEADER_BYTES;
    if (compressedLength >= 0) {
      int room = capacity - fill;
      if (compressedLength <= room) {
        javaCompressedFill = fill + compressedLength;
      } else {
        javaCompressedFill = capacity;
        javaOverflowFill = compressedLength - room;
      }
      if (capacity - javaCompressedFill < HEADER_BYTES) {
        javaCompressedFill = javaOverflowFill;
        javaOverflowFill = -1;
      }
    } else if (start != 0) {
      javaCompressedFill = javaOverflowFill >= 0 ? 0 : -1;
      javaOverflowFill = -1;
    } else {
      javaCompressedFill = 0;
      if (javaOverflowFill >= 0) {
        javaOverflowFill = 0;
      }
    }
  }

  private void appendHeader(int length, boolean original) {
    int h = length << 1 | (original ? 1 : 0);
    header[0] = (byte) h;
    header[1] = (byte) (h >>> 8);
    header[2] = (byte) (h >>> 16);
    append(header, 0, HEADER_BYTES);
  }

  /** Compressed mode: appends produced bytes to the pages. */
  private void append(byte[] src, int off, int len) {
    while (len > 0) {
      if (page < 0 || outPos == pages[page].length) {
        nextPage();
      }
      byte[] p = pages[page];
      int n = Math.min(len, p.length - outPos);
      System.arraycopy(src, off, p, outPos, n);
      outPos += n;
      off += n;
      len -= n;
    }
  }

  /** Moves to the next page (the current one is full), reusing or allocating it. */
  private void nextPage() {
    if (page >= 0) {
      outBase += pages[page].length;
    }
    page++;
    outPos = 0;
    if (page == pageCount) {
      int size = page == 0 ? FIRST_PAGE
          : pages[page - 1].length >= LAST_DOUBLED_PAGE ? MAX_PAGE : pages[page - 1].length * 2;
      if (pageCount == pages.length) {
        pages = Arrays.copyOf(pages, pageCount * 2);
      }
      pages[pageCount++] = new byte[size];
    }
  }
}
