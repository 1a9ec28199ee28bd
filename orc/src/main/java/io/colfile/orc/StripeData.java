package io.colfile.orc;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.FileRange;
import io.colfile.core.io.InputFile;
import io.colfile.orc.column.CopiedValues;
import io.colfile.orc.column.StripeStreams;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stream.ChunkExchange;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bytes of the data streams a projection needs from one stripe, read with as few positional
 * reads as their layout allows: whole, or only the ranges the chosen row groups need ({@link
 * RowGroupRanges}).
 */
final class StripeData implements StripeStreams {
  /** Streams closer than this are read with one positional read. */
  private static final long MERGE_GAP = 1 << 20;
  /** The same for the ranges of some row groups, which a large gap would all join again. */
  private static final long PARTIAL_MERGE_GAP = 64 << 10;
  /** The streams column readers read; the others only count towards offsets. */
  static final Set<StreamKind> VALUE_KINDS = EnumSet.of(StreamKind.PRESENT,
      StreamKind.DATA, StreamKind.LENGTH, StreamKind.DICTIONARY_DATA, StreamKind.SECONDARY);

  private final Stripe stripe;
  private final Map<StreamId, OrcInputStream> streams = new HashMap<>();
  private final ZoneId writerZone;
  private final long maxNestedValues;
  /** What this stripe's parts share ({@link #shared}); null when it is not read in parts. */
  private final StripeShares shares;
  /** Where a parallel read's column readers copy string values ({@link #copiedValues}). */
  private final CopiedValues copiedValues;

  /**
   * @param ranges for streams read in part, their {@code [from, to)} pairs (stream-relative,
   *     ascending); null or absent: whole
   * @param buffers where the streams take their decompression buffers (those of the stripe its
   *     reader read before: {@link OrcInputStream.ChunkBuffers#reuseAll} was called), or null
   */
  StripeData(InputFile in, Stripe stripe, boolean[] included, ZoneId defaultZone,
      long maxNestedValues, Decompressor decompressor, Map<StreamId, long[]> ranges,
      OrcInputStream.ChunkBuffers buffers) throws IOException {
    this(in, stripe, included, defaultZone, maxNestedValues, decompressor, ranges, buffers, null);
  }

  /**
   * Like the constructor above, the stripe's bytes read into {@code into}'s array (null: arrays
   * of their own), which the streams of the stripe read through {@code into} before must no
   * longer need.
   */
  StripeData(InputFile in, Stripe stripe, boolean[] included, ZoneId defaultZone,
      long maxNestedValues, Decompressor decompressor, Map<StreamId, long[]> ranges,
      OrcInputStream.ChunkBuffers buffers, ReadBuffer into) throws IOException {
    this(stripe, read(in, stripe, included, ranges, into), defaultZone, maxNestedValues,
        decompressor, buffers, null, null, null);
  }

  /**
   * One array that a reader reads stripe after stripe into (its projected streams' bytes),
   * instead of an array per stripe: it grows to the largest stripe read, so the bytes held stay
   * one stripe's of the columns read. The values read from one stripe (strings pointing into
   * its bytes, chunks read in place) are gone once the next is read, as a batch's values are
   * only valid until the next batch. Not thread-safe: one reader's.
   */
  static final class ReadBuffer {
    /** Arrays above this are not kept: one array per read instead, as without a buffer. */
    static final long MAX_KEPT = Integer.MAX_VALUE - 16;
    private byte[] array = new byte[0];

    /** An array of at least {@code size} bytes, whose contents may be overwritten. */
    byte[] take(int size) {
      if (array.length < size) {
        array = null; // let the old one go before the new one is allocated
        // a little room for a next stripe slightly larger, within the array limit
        long grown = Math.min(MAX_KEPT, size + (long) (size >> 4));
        array = new byte[(int) grown];
      }
      return array;
    }

    /** The size of the array kept (for tests). */
    int capacity() {
      return array.length;
    }
  }

  /**
   * Streams over bytes read before ({@link #read}), which several of these may share: each
   * decodes with its own {@code decompressor} (and {@code buffers}), so that they may be read on
   * several threads, handing decompressed chunks to the others through {@code exchange} (null:
   * none) and dictionaries through {@code shares}; string values are copied into arrays of
   * {@code copiedValues} (null: the column readers' own).
   */
  StripeData(Stripe stripe, Bytes bytes, ZoneId defaultZone, long maxNestedValues,
      Decompressor decompressor, OrcInputStream.ChunkBuffers buffers,
      ChunkExchange exchange, StripeShares shares, CopiedValues copiedValues)
      throws IOException {
    this.stripe = stripe;
    this.shares = shares;
    this.copiedValues = copiedValues;
    this.maxNestedValues = maxNestedValues;
    this.writerZone = stripe.writerZone(defaultZone);
    for (Map.Entry<StreamId, OrcInputStream.Segment[]> e : bytes.segments.entrySet()) {
      StreamId id = e.getKey();
      OrcInputStream in = new OrcInputStream(stripe.region(id),
          (int) stripe.streams.get(id).length(), e.getValue(), decompressor,
          stripe.tail.blockSize, buffers);
      if (exchange != null) {
        in.exchangeChunks(exchange, id, isDictionary(id));
      }
      streams.put(id, in);
    }
  }

  /**
   * Whether {@code id} is a stream of a column's dictionary, which every reader of the stripe
   * reads whole when it starts it: its DICTIONARY_DATA, and the LENGTH of a dictionary-encoded
   * column.
   */
  private boolean isDictionary(StreamId id) {
    if (id.kind() == StreamKind.DICTIONARY_DATA) {
      return true;
    }
    List<EncodingEntry> encodings = stripe.footer.columns();
    return id.kind() == StreamKind.LENGTH && id.column() < encodings.size()
        && encodings.get(id.column()).kind().isDictionary();
  }

  /**
   * The bytes of the windows of a stripe read in windows ({@link #streamed}), all its streams'
   * together: each stream's window is this divided among them, within {@link #MIN_WINDOW} and
   * {@link #MAX_WINDOW} (a compressed stream's window holds at least one whole chunk).
   */
  static final int WINDOW_BUDGET = 16 << 20;
  static final int MIN_WINDOW = 64 << 10;
  static final int MAX_WINDOW = 4 << 20;
  /** {@link #WINDOW_BUDGET} and {@link #MIN_WINDOW}, which tests make small. */
  static volatile int windowBudget = WINDOW_BUDGET;
  static volatile int minWindow = MIN_WINDOW;

  private StripeData(Stripe stripe, ZoneId defaultZone, long maxNestedValues)
      throws CorruptFileException {
    this.stripe = stripe;
    this.maxNestedValues = maxNestedValues;
    this.writerZone = stripe.writerZone(defaultZone);
    this.shares = null;
    this.copiedValues = null;
  }

  /**
   * The data streams of the columns {@code included} read each through a window of its own,
   * read from {@code in} as decoding moves on or seeks (not before), and never a stream or the
   * stripe whole: for stripes too large to hold. Each window is an array of its own, so values
   * taken from one in place stay valid after the next is read.
   */
  static StripeData streamed(InputFile in, Stripe stripe, boolean[] included,
      ZoneId defaultZone, long maxNestedValues, Decompressor decompressor,
      OrcInputStream.ChunkBuffers buffers) throws IOException {
    StripeData d = new StripeData(stripe, defaultZone, maxNestedValues);
    int count = 0;
    for (StreamId id : stripe.streams.keySet()) {
      if (VALUE_KINDS.contains(id.kind()) && included[id.column()]) {
        count++;
      }
    }
    int window = Math.max(minWindow, Math.min(MAX_WINDOW, windowBudget / Math.max(1, count)));
    for (Map.Entry<StreamId, StripeIndex.Located> e : stripe.streams.entrySet()) {
      StreamId id = e.getKey();
      StripeIndex.Located at = e.getValue();
      if (!VALUE_KINDS.contains(id.kind()) || !included[id.column()]) {
        continue;
      }
      OrcInputStream.Source source = (from, length) -> {
        byte[] b = in.read(at.offset() + from, length);
        stripe.decrypt(id, from, b, 0, length);
        return new OrcInputStream.Segment(from, b, 0, length);
      };
      d.streams.put(id, new OrcInputStream(stripe.region(id), at.length(), source, window,
          decompressor, stripe.tail.blockSize, buffers));
    }
    return d;
  }

  /** The bytes of a stripe's streams read ({@link #read}), never changed once read. */
  static final class Bytes {
    final Map<StreamId, OrcInputStream.Segment[]> segments;

    private Bytes(Map<StreamId, OrcInputStream.Segment[]> segments) {
      this.segments = segments;
    }
  }

  /**
   * Reads the data streams of the columns {@code included} with as few positional reads as
   * their layout allows.
   *
   * @param ranges for streams read in part, their {@code [from, to)} pairs (stream-relative,
   *     ascending); null or absent: whole
   */
  static Bytes read(InputFile in, Stripe stripe, boolean[] included,
      Map<StreamId, long[]> ranges) throws IOException {
    return read(in, stripe, included, ranges, null);
  }

  /**
   * Like {@link #read(InputFile, Stripe, boolean[], Map)}, into {@code into}'s array (null: an
   * array per positional read).
   */
  static Bytes read(InputFile in, Stripe stripe, boolean[] included,
      Map<StreamId, long[]> ranges, ReadBuffer into) throws IOException {
    Planned p = plan(stripe, included, ranges, into);
    in.readRanges(p.reads);
    return p.bytes();
  }

  /**
   * A stripe's read planned ({@link #plan}): the positional reads to make ({@link #reads}, in
   * any order, on any threads), after which {@link #bytes} makes its streams' bytes.
   */
  static final class Planned {
    private final Stripe stripe;
    private final List<Piece> wanted;
    /** Of each read, its first piece; then the count of pieces. */
    private final List<Integer> firsts;
    final List<FileRange> reads;

    private Planned(Stripe stripe, List<Piece> wanted, List<Integer> firsts,
        List<FileRange> reads) {
      this.stripe = stripe;
      this.wanted = wanted;
      this.firsts = firsts;
      this.reads = reads;
    }

    /** The streams' bytes, once every read is made (decrypted here, when encrypted). */
    Bytes bytes() throws IOException {
      Map<StreamId, List<OrcInputStream.Segment>> segments = new LinkedHashMap<>();
      for (int r = 0; r < reads.size(); r++) {
        FileRange read = reads.get(r);
        for (int k = firsts.get(r); k < firsts.get(r + 1); k++) {
          Piece p = wanted.get(k);
          // where the piece lies in the read's array (reads share one when a buffer is reused)
          int offset = read.offset() + (int) (p.fileOffset() - read.position());
          stripe.decrypt(p.id(), p.from(), read.buffer(), offset, (int) p.length());
          segments.computeIfAbsent(p.id(), x -> new ArrayList<>()).add(
              new OrcInputStream.Segment((int) p.from(), read.buffer(), offset,
                  (int) p.length()));
        }
      }
      Map<StreamId, OrcInputStream.Segment[]> out = new LinkedHashMap<>();
      for (Map.Entry<StreamId, List<OrcInputStream.Segment>> e : segments.entrySet()) {
        out.put(e.getKey(), e.getValue().toArray(new OrcInputStream.Segment[0]));
      }
      return new Bytes(out);
    }
  }

  /**
   * Plans the read of {@link #read(InputFile, Stripe, boolean[], Map, ReadBuffer)} without
   * making it: the arrays are taken (from {@code into}, or new), nothing is read.
   */
  static Planned plan(Stripe stripe, boolean[] included, Map<StreamId, long[]> ranges,
      ReadBuffer into) throws IOException {
    List<Piece> wanted = new ArrayList<>();
    for (Map.Entry<StreamId, StripeIndex.Located> e : stripe.streams.entrySet()) {
      StreamId id = e.getKey();
      StripeIndex.Located at = e.getValue();
      if (!VALUE_KINDS.contains(id.kind()) || !included[id.column()]) {
        continue;
      }
      long[] part = ranges == null ? null : ranges.get(id);
      if (part == null) {
        wanted.add(new Piece(id, at, 0, at.length()));
      } else {
        for (int i = 0; i < part.length; i += 2) {
          wanted.add(new Piece(id, at, part[i], part[i + 1] - part[i]));
        }
      }
    }
    long gap = ranges == null || ranges.isEmpty() ? MERGE_GAP : PARTIAL_MERGE_GAP;
    // the pieces merged into ranges (first piece of each, then one past its last), all read
    // with one readRanges call, which a source such as an object store may fetch together
    List<Integer> firsts = new ArrayList<>();
    List<long[]> spans = new ArrayList<>(); // position and length of each read
    int i = 0;
    while (i < wanted.size()) {
      int j = i + 1;
      long start = wanted.get(i).fileOffset();
      long stop = start + wanted.get(i).length();
      while (j < wanted.size()) {
        Piece next = wanted.get(j);
        if (next.fileOffset() < stop || next.fileOffset() - stop > gap
            || next.fileOffset() + next.length() - start > Integer.MAX_VALUE - 16) {
          break;
        }
        stop = next.fileOffset() + next.length();
        j++;
      }
      if (stop - start > Integer.MAX_VALUE - 16) {
        throw stripe.region.corrupt("streams of %d bytes are too large to read at once",
            stop - start);
      }
      firsts.add(i);
      spans.add(new long[] {start, stop - start});
      i = j;
    }
    firsts.add(wanted.size());
    long total = 0;
    for (long[] span : spans) {
      total += span[1];
    }
    List<FileRange> reads = new ArrayList<>(spans.size());
    if (into != null && total <= ReadBuffer.MAX_KEPT) {
      // side by side in the reused array
      byte[] array = into.take((int) total);
      int at = 0;
      for (long[] span : spans) {
        reads.add(new FileRange(span[0], array, at, (int) span[1]));
        at += (int) span[1];
      }
    } else {
      for (long[] span : spans) {
        reads.add(FileRange.of(span[0], (int) span[1]));
      }
    }
    return new Planned(stripe, wanted, firsts, reads);
  }

  /** Bytes {@code [from, from + length)} of a stream to read. */
  private record Piece(StreamId id, StripeIndex.Located at, long from, long length) {
    long fileOffset() {
      return at.offset() + from;
    }
  }

  @Override
  public OrcInputStream stream(int column, StreamKind kind) {
    return streams.get(new StreamId(column, kind));
  }

  @Override
  public ColumnEncoding encoding(int column) {
    return stripe.footer.columns().get(column).kind();
  }

  @Override
  public long dictionarySize(int column) {
    return stripe.footer.columns().get(column).dictionarySize();
  }

  @Override
  public long rows() {
    return stripe.info.numberOfRows();
  }

  @Override
  public int stripe() {
    return stripe.index;
  }

  @Override
  public FileRegion region() {
    return stripe.region;
  }

  @Override
  public ZoneId writerZone() {
    return writerZone;
  }

  @Override
  public long maxNestedValues() {
    return maxNestedValues;
  }

  @Override
  public boolean decimal64() {
    return stripe.decimal64();
  }

  @Override
  public CopiedValues copiedValues() {
    return copiedValues;
  }

  @Override
  public <T> T shared(int column, Loader<T> load) throws IOException {
    return shares == null ? load.load() : shares.get(column, load);
  }
}
