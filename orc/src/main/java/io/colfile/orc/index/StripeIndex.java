package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.bloom.OrcBloomFilter;
import io.colfile.orc.proto.IndexMessages;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The index streams of one stripe, read column by column on first use: each column's row index
 * (where every row group starts in its streams, and the group's statistics) and its bloom
 * filters, when the file has them and they can be trusted ({@link BloomFilterTrust}).
 *
 * <p>A stripe of {@code rows} rows at row-index stride {@code s} has {@code ceil(rows / s)} row
 * groups; one with stride 0 (no index) counts as a single row group. Index streams that do not
 * match (another number of entries, positions outside their streams, unparsable bytes) are a
 * {@link CorruptFileException}.
 */
public final class StripeIndex {
  /** What the index needs to know of its stripe; the reader provides it. */
  public record Stripe(FileRegion region, int stripe, long rows, int rowIndexStride,
      List<Type> columns, List<EncodingEntry> encodings, Map<StreamId, Located> streams,
      boolean compressed, int blockSize, boolean decimal64File, BloomFilterTrust trust) {}

  /** Where a stream of the stripe lies in the file. */
  public record Located(long offset, long length) {}

  /** Reads a stream of the stripe, decompressed whole. */
  @FunctionalInterface
  public interface StreamBytes {
    byte[] read(StreamId stream) throws IOException;
  }

  private final Stripe stripe;
  private final StreamBytes source;
  private final int rowGroups;
  private final Map<Integer, RowIndex> rowIndexes = new HashMap<>();
  private final Map<Integer, BloomFilterIndex> bloomFilters = new HashMap<>();

  public StripeIndex(Stripe stripe, StreamBytes source) {
    this.stripe = stripe;
    this.source = source;
    int stride = stripe.rowIndexStride();
    long groups = stripe.rows() <= 0 ? 0 : stride <= 0 ? 1 : (stripe.rows() - 1) / stride + 1;
    this.rowGroups = (int) Math.min(groups, Integer.MAX_VALUE);
  }

  public int stripe() {
    return stripe.stripe();
  }

  public long rows() {
    return stripe.rows();
  }

  /** Rows per row group (the last may have fewer); 0 when the file has no row index. */
  public int rowIndexStride() {
    return stripe.rowIndexStride();
  }

  public int rowGroupCount() {
    return rowGroups;
  }

  /** The first row of row group {@code g}, counted from the stripe's start. */
  public long firstRow(int rowGroup) {
    return (long) rowGroup * stripe.rowIndexStride();
  }

  /** Whether the stripe holds a row index for {@code column}. */
  public boolean hasRowIndex(int column) {
    Objects.checkIndex(column, stripe.columns().size());
    return stripe.rowIndexStride() > 0 && stream(column, StreamKind.ROW_INDEX) != null;
  }

  /** The column's row index, or null when the stripe has none for it. */
  public RowIndex rowIndex(int column) throws IOException {
    if (!hasRowIndex(column)) {
      return null;
    }
    RowIndex index = rowIndexes.get(column);
    if (index == null) {
      index = readRowIndex(column);
      rowIndexes.put(column, index);
    }
    return index;
  }

  /**
   * Where row group {@code rowGroup} starts, for every column whose row index {@link
   * #rowIndex} has read (read those first).
   */
  public PositionSource positions(int rowGroup) {
    return column -> {
      RowIndex index = rowIndexes.get(column);
      if (index == null) {
        throw new IllegalStateException("the row index of column " + column + " is not read");
      }
      return index.entry(rowGroup).positions();
    };
  }

  /**
   * The column's bloom filters (BLOOM_FILTER_UTF8 when the stripe has them, else the legacy
   * BLOOM_FILTER), or null when it has none or none to trust ({@link #bloomFilterReason}).
   */
  public BloomFilterIndex bloomFilters(int column) throws IOException {
    StreamKind kind = bloomFilterKind(column);
    if (kind == null || bloomFilterReason(column) != null) {
      return null;
    }
    BloomFilterIndex index = bloomFilters.get(column);
    if (index == null) {
      index = readBloomFilters(column, kind);
      bloomFilters.put(column, index);
    }
    return index;
  }

  /** The bytes {@link #bloomFilters} reads for the column (0 when it gives none). */
  public long bloomFilterBytes(int column) {
    StreamKind kind = bloomFilterKind(column);
    return kind == null || bloomFilterReason(column) != null || bloomFilters.containsKey(column)
        ? 0 : stream(column, kind).length();
  }

  /** Why {@link #bloomFilters} gives nothing for the column, or null when it gives filters. */
  public String bloomFilterReason(int column) {
    Objects.checkIndex(column, stripe.columns().size());
    StreamKind kind = bloomFilterKind(column);
    if (kind == null) {
      return "the stripe has no bloom filters for column " + column;
    }
    return stripe.trust().reason(type(column).kind(), kind,
        stripe.encodings().get(column).bloomEncoding());
  }

  private StreamKind bloomFilterKind(int column) {
    if (stripe.rowIndexStride() <= 0) {
      return null;
    }
    // Java's writer lists BLOOM_FILTER before BLOOM_FILTER_UTF8, and its reader keeps the last
    if (stream(column, StreamKind.BLOOM_FILTER_UTF8) != null) {
      return StreamKind.BLOOM_FILTER_UTF8;
    }
    return stream(column, StreamKind.BLOOM_FILTER) != null ? StreamKind.BLOOM_FILTER : null;
  }

  private RowIndex readRowIndex(int column) throws IOException {
    StreamId id = new StreamId(column, StreamKind.ROW_INDEX);
    FileRegion where = where(id);
    List<RowIndexEntry> raw = IndexMessages.parseRowIndex(where, source.read(id), rowGroups);
    Type type = type(column);
    PositionLayout layout = PositionLayout.of(type, stripe.encodings().get(column).kind(),
        stripe.decimal64File());
    boolean hasPresent = stream(column, StreamKind.PRESENT) != null;
    List<RowGroupEntry> entries = new ArrayList<>(raw.size());
    for (int g = 0; g < raw.size(); g++) {
      long[] numbers = raw.get(g).positions();
      if (g == 0 && numbers.length == 0) {
        // Some Java writers leave the first entry's positions out: it is the stripe's start.
        entries.add(new RowGroupEntry(ColumnPositions.STRIPE_START, raw.get(g).statistics()));
        continue;
      }
      PositionReader in = new PositionReader(where.part("entry", g), numbers);
      ColumnPositions positions = layout.decode(in, hasPresent, stripe.compressed());
      if (positions.present() != null) {
        check(in, column, StreamKind.PRESENT, positions.present());
      }
      for (Map.Entry<StreamKind, Checkpoint> e : positions.streams().entrySet()) {
        check(in, column, e.getKey(), e.getValue());
      }
      entries.add(new RowGroupEntry(positions, raw.get(g).statistics()));
    }
    return new RowIndex(column, entries);
  }

  /** A checkpoint must point into its stream (or at its end), and into a chunk's block. */
  private void check(PositionReader in, int column, StreamKind kind, Checkpoint c)
      throws CorruptFileException {
    Located s = stream(column, kind);
    long length = s == null ? 0 : s.length(); // a missing stream reads as empty
    StreamOffset o = c.offset();
    boolean ok = stripe.compressed()
        ? o.chunkStart() <= length && o.offsetInChunk() <= stripe.blockSize()
        : o.offsetInChunk() <= length;
    if (!ok) {
      throw in.corrupt("the %s position %s is outside the stream's %d bytes", kind, o, length);
    }
  }

  private BloomFilterIndex readBloomFilters(int column, StreamKind kind) throws IOException {
    StreamId id = new StreamId(column, kind);
    List<OrcBloomFilter> raw =
        IndexMessages.parseBloomFilterIndex(where(id), source.read(id), rowGroups);
    Type type = type(column);
    boolean decimal64 = stripe.decimal64File() && type.kind() == TypeKind.DECIMAL
        && type.precision() >= 1 && type.precision() <= 18;
    List<ColumnBloomFilter> filters = new ArrayList<>(raw.size());
    for (OrcBloomFilter f : raw) {
      filters.add(new ColumnBloomFilter(f, type, kind, decimal64));
    }
    return new BloomFilterIndex(column, filters);
  }

  private Located stream(int column, StreamKind kind) {
    return stripe.streams().get(new StreamId(column, kind));
  }

  private Type type(int column) {
    return stripe.columns().get(column);
  }

  /** An index stream's bytes in the file; what protobuf parses is their decompressed form. */
  private FileRegion where(StreamId id) {
    Located at = stripe.streams().get(id);
    FileRegion r = id.within(stripe.region()).at(at.offset(), at.length());
    return stripe.compressed() ? r.asDecoded() : r;
  }
}
