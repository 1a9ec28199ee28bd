package io.colfile.orc.stream;

import io.colfile.core.codec.BlockDecompression;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.orc.index.StreamOffset;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/**
 * The decoded bytes of one ORC stream, already read from the file. <b>Internal</b>: public only
 * so that the column readers in {@code io.colfile.orc.column} can use it.
 *
 * <pre>
 * Stream ::= byte*                        PostScript.compression = NONE (no framing)
 *          | Chunk*                       any other codec (orc.md section 4)
 * Chunk  ::= header:u24le | body          header = length &lt;&lt; 1 | isOriginal, length &lt;= blockSize
 * body   ::= length raw bytes (isOriginal) | length bytes that decompress to at most blockSize
 * </pre>
 *
 * <p>Reads go through a window {@code cur[pos, limit)}: the raw stream itself, an original chunk in
 * place (no copy), the one reusable decompression buffer (sized to the first chunk's guessed
 * content, grown to {@code blockSize} when a chunk needs more), or a chunk another part of the
 * stripe decompressed ({@link #exchangeChunks}). Decoders in this package read the window directly
 * for speed; everything else uses the methods. Positions (orc.md section 7) are {@code
 * [byteOffset]} for raw streams and {@code [chunkStart, offsetInChunk]} for compressed ones. Not
 * thread-safe.
 *
 * <p>A stream read for some row groups only holds {@link Segment}s of its bytes: a raw stream's
 * window is then one segment (or the part of it from a position on), a chunk must lie within
 * one, and reaching bytes that were not read is a {@link BytesNotReadException}. A stream too
 * large to hold reads its bytes from a {@link Source} instead, one window at a time (a chunk
 * always whole in one), so its offsets may pass 2^31.
 */
public final class OrcInputStream {
  private static final byte[] EMPTY = new byte[0];
  private static final int HEADER_BYTES = 3;
  /**
   * Writers keep the block size below 2^23 (Java asserts it), as an incompressible block must fit
   * the header's 23-bit length; a larger PostScript value is not trusted with an allocation.
   */
  private static final int MAX_BLOCK_SIZE = (1 << 23) - 1;

  /** The most bytes a chunk of a file of PostScript block size {@code blockSize} holds. */
  public static int maxChunkBytes(int blockSize) {
    return Math.min(blockSize, MAX_BLOCK_SIZE);
  }

  /**
   * Bytes {@code [streamOffset, streamOffset + length)} of a stream, held in {@code
   * array[offset, offset + length)}.
   */
  public record Segment(long streamOffset, byte[] array, int offset, int length) {
    public Segment {
      Objects.checkFromIndexSize(offset, length, array.length);
    }
  }

  /** The stream's compressed (or raw) bytes in the file; every error names it. */
  private final FileRegion region;
  /**
   * The stream's bytes that were read, by stream offset, apart from each other; of a stream read
   * through a {@link Source}, the one window read last.
   */
  private Segment[] segments;
  /** Where a stream read in windows reads them; null: its bytes were read before. */
  private final Source source;
  /** The bytes a {@link Source} is asked for at a time (more when a chunk needs more). */
  private final int windowSize;
  private final long srcLen;
  private final Decompressor codec;
  private final int blockSize;
  private byte[] chunkBuffer; // taken on the first compressed chunk
  private final ChunkBuffers buffers; // where it is taken from; null: a new array
  private final long[] varint = new long[1]; // the value Varints.readVarLong read
  private final byte[] varintBytes = new byte[Varints.MAX_VARLONG_BYTES]; // one split by a chunk

  // The window; package-private so decoders can unpack straight from it.
  byte[] cur;
  int pos;
  int limit;
  private int base; // index in cur of the current chunk's (raw: the window's) first byte
  private long chunkStart = -1; // stream offset of the current chunk's header, -1 if none
  private long nextChunk; // stream offset of the next chunk header
  private long windowStart; // raw streams: the stream offset of cur[base]
  /** Where decompressed chunks are handed between parts of a stripe, or null. */
  private ChunkExchange exchange;
  private Object exchangeKey;
  /** A dictionary's: every chunk is shared, and kept as long as the stripe is read. */
  private boolean wholeShared;

  /**
   * @param region the stream's bytes in the file, e.g. {@code stripe 2 / column 5 / DATA} at its
   *     file offset; errors name the file offset of the bad byte (of a compressed stream: of the
   *     chunk holding it)
   * @param codecOrNull null when the file is uncompressed (no chunk headers)
   * @param blockSize PostScript.compressionBlockSize; no chunk may hold or decompress to more
   *     (values of 2^23 and above act as 2^23 - 1, the most a chunk header can express)
   */
  public OrcInputStream(FileRegion region, byte[] buf, int off, int len,
      Decompressor codecOrNull, int blockSize) {
    this(region, len, new Segment[] {new Segment(0, buf, off, len)}, codecOrNull,
        blockSize);
  }

  /**
   * A stream of {@code length} bytes of which only {@code segments} were read (sorted by stream
   * offset, apart from each other, within the stream).
   */
  public OrcInputStream(FileRegion region, int length, Segment[] segments,
      Decompressor codecOrNull, int blockSize) {
    this(region, length, segments, codecOrNull, blockSize, null);
  }

  /**
   * Decompression buffers that outlive a stream: a reader's streams of one stripe take them,
   * and its streams of the next stripe take them again once the first are done with (never a
   * buffer values were taken from in place: {@link #takeInPlace} refuses them). Not
   * thread-safe: one reader's.
   */
  public static final class ChunkBuffers {
    /** The buffers of each size taken (sizes are few: powers of two and block sizes). */
    private final java.util.Map<Integer, Pool> bySize = new java.util.HashMap<>();

    private static final class Pool {
      final java.util.ArrayList<byte[]> all = new java.util.ArrayList<>();
      int lent;
    }

    /** Every buffer taken so far may be taken again: their streams are no longer read. */
    public void reuseAll() {
      for (Pool p : bySize.values()) {
        p.lent = 0;
      }
    }

    byte[] take(int size) {
      Pool p = bySize.computeIfAbsent(size, x -> new Pool());
      if (p.lent < p.all.size()) {
        return p.all.get(p.lent++);
      }
      byte[] b = new byte[size];
      p.all.add(b);
      p.lent = p.all.size();
      return b;
    }
  }

  /**
   * The first buffer a stream decompresses into holds this many times its first chunk's
   * compressed bytes (a power of two, at least {@link #MIN_CHUNK_BUFFER}), not the block size: a
   * stream of a stripe of few rows decompresses to far less than a block, and a file of many
   * columns has many such streams read at once. A chunk that does not fit is decompressed again
   * into a buffer of the block size, which the stream keeps.
   */
  private static final int GUESSED_RATIO = 8;
  private static final int MIN_CHUNK_BUFFER = 4 << 10;

  /**
   * Where a stream too large to hold whole reads its bytes from, a window at a time: bytes
   * {@code [streamOffset, streamOffset + length)} of the stream (decrypted) in an array of
   * their own, which nothing overwrites afterwards (values taken in place from it stay valid).
   */
  public interface Source {
    Segment read(long streamOffset, int length) throws java.io.IOException;
  }

  /**
   * A stream of {@code length} bytes read from {@code source} in windows of {@code windowSize}
   * bytes (a window holds a whole chunk, so it is larger when a chunk is), one after the other
   * as the decoder moves on or seeks: the heap it needs does not grow with the stream. An error
   * reading a window is a {@link WindowReadException} carrying the I/O error.
   */
  public OrcInputStream(FileRegion region, long length, Source source, int windowSize,
      Decompressor codecOrNull, int blockSize, ChunkBuffers buffers) {
    this(region, length, new Segment[0], codecOrNull, blockSize, buffers, source,
        Math.max(HEADER_BYTES, windowSize));
  }

  /**
   * Reading a window of a stream ({@link Source}) failed: the I/O error as the stream's
   * decoders report it; {@link #getCause()} is the error itself.
   */
  public static final class WindowReadException extends CorruptFileException {
    private static final long serialVersionUID = 1L;

    WindowReadException(FileRegion region, java.io.IOException cause) {
      super(region, -1, "cannot read the stream: " + cause.getMessage(), cause);
    }

    @Override
    public synchronized java.io.IOException getCause() {
      return (java.io.IOException) super.getCause();
    }
  }

  /**
   * Like the constructor above, the decompression buffer taken from {@code buffers} (null: a
   * buffer of its own).
   */
  public OrcInputStream(FileRegion region, int length, Segment[] segments,
      Decompressor codecOrNull, int blockSize, ChunkBuffers buffers) {
    this(region, length, segments, codecOrNull, blockSize, buffers, null, 0);
  }

  private OrcInputStream(FileRegion region, long length, Segment[] segments,
      Decompressor codecOrNull, int blockSize, ChunkBuffers buffers, Source source,
      int windowSize) {
    this.source = source;
    this.windowSize = windowSize;
    this.buffers = buffers;
    if (codecOrNull != null && blockSize <= 0) {
      throw new IllegalArgumentException("compression block size " + blockSize);
    }
    long end = 0;
    for (Segment g : segments) {
      if (g.streamOffset() < end || g.length() > length - g.streamOffset()) {
        throw new IllegalArgumentException("segments overlap or leave the stream's " + length
            + " bytes");
      }
      end = g.streamOffset() + g.length();
    }
    this.region = region;
    this.segments = segments.clone();
    this.srcLen = length;
    this.codec = codecOrNull;
    this.blockSize = maxChunkBytes(blockSize);
    cur = EMPTY;
    if (codecOrNull == null) {
      nextChunk = length;
      int first = segment(0);
      if (first >= 0) {
        show(segments[first], 0);
      }
    }
  }

  /**
   * Hands chunks to the other parts of the stripe through {@code exchange}: those where a part
   * starts ({@link ChunkExchange#startsPart}), taken from the exchange where another part
   * decompressed them, else decompressed and shared (sharing the chunk after each too was
   * measured: two parts needed it for 0.3 % of the bytes, and it took a fifth more arrays);
   * {@code whole}: every chunk, kept as long as the stripe is read (a dictionary, which every
   * part reads whole). {@code stream} names the stream within the stripe. Before any read.
   */
  public void exchangeChunks(ChunkExchange exchange, Object stream, boolean whole) {
    if (codec != null && source == null) {
      this.exchange = exchange;
      this.exchangeKey = stream;
      this.wholeShared = whole;
    }
  }

  /**
   * A stream read through a {@link Source}: makes sure its window holds bytes {@code [at, at +
   * need)} (within the stream), reading a new window from {@code at} when it does not.
   */
  private void ensure(long at, int need) throws CorruptFileException {
    if (segments.length == 1) {
      Segment g = segments[0];
      if (at >= g.streamOffset() && at + need <= g.streamOffset() + g.length()) {
        return;
      }
    }
    int length = (int) Math.min(srcLen - at, Math.max(need, windowSize));
    Segment g;
    try {
      g = source.read(at, length);
    } catch (CorruptFileException e) {
      throw e;
    } catch (java.io.IOException e) {
      throw new WindowReadException(region, e);
    }
    if (g.streamOffset() != at || g.length() != length) {
      throw new IllegalStateException("the source read " + g.length() + " bytes at "
          + g.streamOffset() + ", not " + length + " at " + at);
    }
    segments = new Segment[] {g};
  }

  /** The index of the segment holding stream offset {@code at}, or -1. */
  private int segment(long at) {
    int lo = 0;
    int hi = segments.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Segment g = segments[mid];
      if (at < g.streamOffset()) {
        hi = mid - 1;
      } else if (at >= (long) g.streamOffset() + g.length()) {
        lo = mid + 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /** Raw streams: makes the window the bytes read from stream offset {@code at} on. */
  private void window(long at) throws CorruptFileException {
    if (source != null && at < srcLen) {
      ensure(at, 1);
    }
    int i = segment(at);
    if (i < 0) {
      throw notRead(at, 1);
    }
    show(segments[i], at);
  }

  private void show(Segment g, long at) {
    cur = g.array();
    pos = base = g.offset() + (int) (at - g.streamOffset());
    limit = g.offset() + g.length();
    windowStart = at;
  }

  private BytesNotReadException notRead(long at, long length) {
    return new BytesNotReadException(region, at, length);
  }

  /** The next byte (0..255), or -1 at the end of the stream. */
  public int read() throws CorruptFileException {
    if (pos < limit || refill()) {
      return cur[pos++] & 0xff;
    }
    return -1;
  }

  /** True if at least one more byte can be read. */
  public boolean hasMore() throws CorruptFileException {
    return pos < limit || refill();
  }

  /** Like {@link #read()}, but the end of the stream is corruption; {@code what} names it. */
  int readByte(String what) throws CorruptFileException {
    if (pos < limit || refill()) {
      return cur[pos++] & 0xff;
    }
    throw corrupt("stream ended inside %s", what);
  }

  public void readFully(byte[] dst, int off, int len) throws CorruptFileException {
    Objects.checkFromIndexSize(off, len, dst.length);
    while (len > 0) {
      if (pos >= limit && !refill()) {
        throw corrupt("stream ended %d bytes early", len);
      }
      int n = Math.min(len, limit - pos);
      System.arraycopy(cur, pos, dst, off, n);
      pos += n;
      off += n;
      len -= n;
    }
  }

  /**
   * Reads up to {@code len} bytes, as many as the current chunk holds (refilling when it is
   * used up); returns how many were read, or -1 at the end of the stream.
   */
  public int readSome(byte[] dst, int off, int len) throws CorruptFileException {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (len == 0) {
      return 0;
    }
    if (pos >= limit && !refill()) {
      return -1;
    }
    int n = Math.min(len, limit - pos);
    System.arraycopy(cur, pos, dst, off, n);
    pos += n;
    return n;
  }

  /**
   * Takes the next {@code len} bytes where they lie, without copying, when they are all in the
   * window and the window is the stream's own bytes (a raw stream, or an original chunk in
   * place) or a chunk another part decompressed ({@link ChunkExchange}), which nothing
   * overwrites while the stream lives: returns their offset in {@link
   * #array()} (as it was before this call) and moves past them. Returns -1, moving nothing, when
   * they are not (they cross a chunk or segment, or sit in the reused decompression buffer).
   */
  public int takeInPlace(int len) {
    if (len < 0 || limit - pos < len || (cur == chunkBuffer && chunkBuffer != null)) {
      return -1;
    }
    int at = pos;
    pos += len;
    return at;
  }

  /**
   * Takes the rest of a raw stream where it lies ({@link #takeInPlace}) when the window holds
   * all of it: returns its offset in {@link #array()} (as it was before this call) and moves to
   * the end. Returns -1, moving nothing, for a compressed stream or when the rest is not all in
   * the window; {@link #restLength} is then still what is left.
   */
  public int takeRestInPlace() {
    long rest = restLength();
    return codec == null && rest <= Integer.MAX_VALUE ? takeInPlace((int) rest) : -1;
  }

  /** The bytes of a raw stream from here to its end; -1 for a compressed stream. */
  public long restLength() {
    return codec == null ? srcLen - (windowStart + (pos - base)) : -1;
  }

  /** The array of the window, for {@link #takeInPlace}; call it before. */
  public byte[] array() {
    return cur;
  }

  /** Skips {@code n} (decompressed) bytes; the stream ending first is corruption. */
  public void skip(long n) throws CorruptFileException {
    if (n < 0) {
      throw new IllegalArgumentException("negative skip " + n);
    }
    while (n > 0) {
      if (pos >= limit && !refill()) {
        throw corrupt("cannot skip %d more bytes: the stream ended", n);
      }
      int k = (int) Math.min(n, limit - pos);
      pos += k;
      n -= k;
    }
  }

  /**
   * Moves to a recorded position: the byte offset of a raw stream ({@code chunkStart} is then
   * 0), or the chunk header offset and decompressed bytes to skip in it for compressed ones.
   * Java writers may record the end of chunk K as (start of K, its full length), so that form
   * is accepted too.
   */
  public void seek(StreamOffset p) throws CorruptFileException {
    if (codec == null) {
      long offset = p.offsetInChunk();
      if (p.chunkStart() != 0 || offset < 0 || offset > srcLen) {
        throw corrupt("position %d is outside the stream's %d bytes", offset, srcLen);
      }
      if (offset >= windowStart && offset - windowStart <= limit - base) {
        pos = base + (int) (offset - windowStart); // within the window, or at its end
      } else if (offset == srcLen) {
        cur = EMPTY;
        pos = base = limit = 0;
        windowStart = srcLen;
      } else {
        window(offset);
      }
      return;
    }
    long start = p.chunkStart();
    long skip = p.offsetInChunk();
    if (start < 0 || start > srcLen) {
      throw corrupt("chunk position %d is outside the stream's %d bytes", start, srcLen);
    }
    if (start == srcLen) { // the end of the stream; only an empty remainder makes sense
      if (skip != 0) {
        throw corrupt("position (%d, %d) is past the end of the stream", start, skip);
      }
      chunkStart = -1;
      nextChunk = srcLen;
      cur = EMPTY;
      pos = limit = base = 0;
      return;
    }
    if (start != chunkStart) { // row groups often share a chunk: keep it decompressed
      loadChunk(start);
    }
    if (skip < 0 || skip > limit - base) {
      throw corrupt("position %d is outside the chunk's %d decompressed bytes", skip, limit - base);
    }
    pos = base + (int) skip;
  }

  /**
   * Makes at least one byte available in the window, crossing chunk headers (and empty chunks);
   * false at the end of the stream.
   */
  boolean refill() throws CorruptFileException {
    while (pos >= limit) {
      if (codec == null) {
        long next = windowStart + (long) (limit - base);
        if (next >= srcLen) {
          return false;
        }
        window(next); // the next segment, if it was read
        continue;
      }
      if (nextChunk >= srcLen) {
        return false;
      }
      loadChunk(nextChunk);
    }
    return true;
  }

  private void loadChunk(long start) throws CorruptFileException {
    long left = srcLen - start;
    if (left < HEADER_BYTES) {
      throw chunkCorrupt(start, "chunk header needs 3 bytes but %d are left", left);
    }
    if (source != null) {
      ensure(start, HEADER_BYTES);
    }
    int i = segment(start);
    if (i < 0 || segments[i].streamOffset() + segments[i].length() - start < HEADER_BYTES) {
      throw notRead(start, HEADER_BYTES);
    }
    Segment g = segments[i];
    byte[] src = g.array();
    int p = g.offset() + (int) (start - g.streamOffset());
    int header = (src[p] & 0xff) | (src[p + 1] & 0xff) << 8 | (src[p + 2] & 0xff) << 16;
    int length = header >>> 1;
    // Java checks the block size for both kinds of chunk; so do we (spec section 4).
    if (length > blockSize) {
      throw chunkCorrupt(start, "chunk length %d exceeds the compression block size %d",
          length, blockSize);
    }
    if (length > left - HEADER_BYTES) {
      throw chunkCorrupt(start, "chunk length %d exceeds the %d bytes left in the stream",
          length, left - HEADER_BYTES);
    }
    if (source != null && g.streamOffset() + g.length() - start < HEADER_BYTES + length) {
      ensure(start, HEADER_BYTES + length); // the whole chunk in one window
      g = segments[0];
      src = g.array();
      p = g.offset() + (int) (start - g.streamOffset());
    }
    if (g.streamOffset() + g.length() - start < HEADER_BYTES + length) {
      throw notRead(start, HEADER_BYTES + length);
    }
    // Invalidate first, so a failure below cannot leave a half-loaded chunk marked current.
    chunkStart = -1;
    nextChunk = start + HEADER_BYTES + length;
    boolean exchanged = exchange != null
        && (wholeShared || exchange.startsPart(exchangeKey, start));
    ChunkExchange.Chunk shared;
    if ((header & 1) != 0) {
      cur = src;
      pos = base = p + HEADER_BYTES;
      limit = pos + length;
    } else if (exchanged && (shared = exchange.take(exchangeKey, start)) != null) {
      cur = shared.bytes(); // decompressed by another part; never written again
      pos = base = 0;
      limit = shared.length();
    } else {
      // a chunk to share is decompressed into an array of its own, which nothing reuses
      boolean own = !exchanged;
      byte[] into = own ? chunkBuffer : null;
      if (into == null) {
        int size = chunkBuffer != null ? chunkBuffer.length : guessedSize(length);
        into = own ? (chunkBuffer = takeBuffer(size)) : exchange.array(size);
      }
      int n;
      try {
        n = BlockDecompression.atMost(codec, src, p + HEADER_BYTES, length, into, 0,
            into.length);
      } catch (MalformedInputException e) {
        if (into.length >= blockSize) {
          throw region.corrupt(e, start, "chunk does not decompress: %s", e.getMessage());
        }
        // it may need more room than guessed: once more into a whole block
        if (!own) {
          exchange.giveBack(into);
        }
        into = own ? (chunkBuffer = takeBuffer(blockSize)) : exchange.array(blockSize);
        try {
          n = BlockDecompression.atMost(codec, src, p + HEADER_BYTES, length, into, 0,
              blockSize);
        } catch (MalformedInputException again) {
          throw region.corrupt(again, start, "chunk does not decompress: %s",
              again.getMessage());
        }
      }
      if (!own && n < into.length / 2) {
        byte[] whole = into;
        into = Arrays.copyOf(into, n); // what is shared holds at most twice its bytes
        exchange.giveBack(whole);
      }
      cur = into;
      pos = base = 0;
      limit = n;
      if (!own) {
        exchange.share(exchangeKey, start, new ChunkExchange.Chunk(into, n), wholeShared);
      }
    }
    chunkStart = start;
  }

  /**
   * The size of the first buffer to decompress a chunk of {@code length} bytes into ({@link
   * #GUESSED_RATIO}).
   */
  private int guessedSize(int length) {
    long guess = Math.max(MIN_CHUNK_BUFFER, (long) length * GUESSED_RATIO);
    return guess >= blockSize ? blockSize
        : Math.min(blockSize, Integer.highestOneBit((int) guess - 1) << 1);
  }

  private byte[] takeBuffer(int size) {
    return buffers == null ? new byte[size] : buffers.take(size);
  }

  // ---- variable-length integers (orc.md section 6.1) ----

  /**
   * An unsigned varint of at most 10 bytes ({@link Varints#readVarLong}); like orc-core, bits
   * beyond the 64th in a 10th byte are dropped.
   */
  public long readVarUnsigned() throws CorruptFileException {
    try {
      if (limit - pos >= Varints.MAX_VARLONG_BYTES) { // the usual case: wholly in the window
        pos = Varints.readVarLong(cur, pos, limit, varint, 0, true);
      } else { // near the window's end: gather its bytes, which may cross into the next chunk
        int n = 0;
        int x;
        do {
          x = readByte("a varint");
          varintBytes[n++] = (byte) x;
        } while (x >= 0x80 && n < Varints.MAX_VARLONG_BYTES);
        Varints.readVarLong(varintBytes, 0, n, varint, 0, true);
      }
    } catch (MalformedInputException e) {
      throw corrupt("%s", e.getMessage());
    }
    return varint[0];
  }

  /**
   * Skips {@code n} varints as {@link #readBigVarSigned()} reads them (up to 37 bytes each),
   * checking only where each ends.
   */
  public void skipBigVarints(long n) throws CorruptFileException {
    for (long i = 0; i < n; i++) {
      int bytes = 0;
      int x;
      do {
        if (++bytes > BigVarints.MAX_BYTES) {
          throw corrupt("varint longer than %d bytes", BigVarints.MAX_BYTES);
        }
        x = readByte("a varint");
      } while (x >= 0x80);
    }
  }

  /** A zigzag varint. */
  public long readVarSigned() throws CorruptFileException {
    long u = readVarUnsigned();
    return (u >>> 1) ^ -(u & 1);
  }

  /** Reads {@code n} zigzag varints into {@code dst[off, off + n)}, as {@link #readVarSigned()}. */
  public void readVarSigned(long[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    int i = off;
    int end = off + n;
    while (i < end) {
      // The wide loop while a whole varint surely fits in the window.
      long r;
      try {
        r = Varints.readVarLongsWhileRoom(cur, pos, limit, dst, i, end - i, true);
      } catch (MalformedInputException e) {
        pos = (int) e.offset();
        throw corrupt("%s", e.getMessage());
      }
      int k = Varints.packedValue(r);
      Varints.zigzagDecode(dst, i, k);
      i += k;
      pos = Varints.packedPosition(r);
      if (i < end) { // near the window's end: one value the careful way (may cross chunks)
        dst[i++] = readVarSigned();
      }
    }
  }

  /**
   * A zigzag varint of up to 37 bytes (magnitudes below 2^258), as decimal DATA streams store
   * unscaled values (orc.md section 8.3). Longer is corruption; checking the decimal's precision
   * is the caller's job.
   */
  public BigInteger readBigVarSigned() throws CorruptFileException {
    return BigVarints.readSigned(this);
  }

  // ---- little-endian IEEE floats (FLOAT and DOUBLE DATA streams) ----

  public void readFloats(float[] dst, int off, int n) throws CorruptFileException {
    IeeeFloats.read(this, dst, off, n);
  }

  /** FLOAT values widened to double, as {@code DoubleVector} holds them. */
  public void readFloats(double[] dst, int off, int n) throws CorruptFileException {
    IeeeFloats.readWidened(this, dst, off, n);
  }

  public void readDoubles(double[] dst, int off, int n) throws CorruptFileException {
    IeeeFloats.read(this, dst, off, n);
  }

  /** {@code bytes} (1..8) big-endian bytes, as RLE v2 headers store bases and repeats. */
  long readBigEndian(int bytes, String what) throws CorruptFileException {
    long v = 0;
    if (limit - pos >= bytes) {
      for (int i = 0; i < bytes; i++) {
        v = v << 8 | (cur[pos++] & 0xff);
      }
      return v;
    }
    for (int i = 0; i < bytes; i++) {
      v = v << 8 | readByte(what);
    }
    return v;
  }

  // ---- errors ----

  /**
   * A corruption at the current position, naming the file, the stream and the file offset: of
   * the byte, or of a compressed stream's chunk holding it.
   */
  public CorruptFileException corrupt(String fmt, Object... args) {
    String problem = String.format(fmt, args);
    if (codec == null) {
      return region.corrupt(windowStart + (pos - base), "%s", problem);
    }
    if (chunkStart < 0) {
      return region.corrupt(nextChunk, "%s", problem);
    }
    return region.corrupt(chunkStart,
        "%s (in the chunk at this offset, decompressed byte %d of %d)", problem, pos - base,
        limit - base);
  }

  /** The stream's bytes in the file, for errors about what it holds as a whole. */
  public FileRegion region() {
    return region;
  }

  private CorruptFileException chunkCorrupt(long start, String fmt, Object... args) {
    return region.corrupt(start, fmt, args);
  }
}
