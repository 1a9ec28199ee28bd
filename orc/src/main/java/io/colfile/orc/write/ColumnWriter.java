package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.orc.bloom.OrcBloomFilter;
import io.colfile.orc.index.Checkpoint;
import io.colfile.orc.proto.IndexMessages;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.StatsCollector;
import io.colfile.orc.stream.BooleanEncoder;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stream.StreamWriter;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.OrcWriterOptions;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one column (and, through its children, its subtree) into the stripe's streams. The
 * base class keeps what every column has: the PRESENT stream (dropped from a stripe without
 * nulls), statistics at row-group, stripe and file level, the row index and the bloom filter.
 *
 * <p>Life cycle per stripe: {@link #write} calls, a {@link #finishRowGroup()} at every row-group
 * boundary, then {@link #flushStreams()} and {@link #finishStripe}, and after the stripe's bytes
 * are out, {@link #startStripe()}.
 */
abstract class ColumnWriter {
  final int id;
  final Type type;
  final WriterContext ctx;
  final StatsCollector groupStats;
  final StatsCollector stripeStats;
  final StatsCollector fileStats;
  final OrcBloomFilter bloom;
  /**
   * The legacy BLOOM_FILTER's filter ({@link OrcWriterOptions.BloomFilterVersion#ORIGINAL}) of a
   * column whose legacy filter gets other values than {@link #bloom} (strings, timestamps,
   * decimal64), else null: the others' legacy filters are copies of {@link #bloom}'s.
   */
  final OrcBloomFilter legacyBloom;
  private final OrcOutputStream legacyStream;
  private final List<OrcBloomFilter> legacyIndex;

  private final BooleanEncoder present;
  /** The column's own streams, in the order of its row-index positions (after PRESENT). */
  private final List<StreamWriter> parts = new ArrayList<>();
  private final OrcOutputStream rowIndexStream;
  private final OrcOutputStream bloomStream;
  /** The filters of the stripe's finished row groups. */
  private final List<OrcBloomFilter> bloomIndex;
  final RowIndexBuilder rowIndex;
  private boolean foundNulls;

  ColumnWriter(int id, Type type, WriterContext ctx) {
    this.id = id;
    this.type = type;
    this.ctx = ctx;
    boolean decimal64 = ctx.decimal64(type);
    this.groupStats = StatsCollector.create(type, decimal64);
    this.stripeStats = StatsCollector.create(type, decimal64);
    this.fileStats = StatsCollector.create(type, decimal64);
    this.present = new BooleanEncoder(ctx.stream(id, StreamKind.PRESENT));
    if (ctx.buildIndex()) {
      rowIndex = new RowIndexBuilder();
      rowIndexStream = ctx.stream(id, StreamKind.ROW_INDEX);
    } else {
      rowIndex = null;
      rowIndexStream = null;
    }
    if (ctx.bloomFilter(id)) {
      bloom = new OrcBloomFilter(ctx.options().rowIndexStride(), ctx.options().bloomFilterFpp());
      bloomIndex = new ArrayList<>();
      bloomStream = ctx.stream(id, StreamKind.BLOOM_FILTER_UTF8);
    } else {
      bloom = null;
      bloomIndex = null;
      bloomStream = null;
    }
    if (bloom != null
        && ctx.options().bloomFilterVersion() == OrcWriterOptions.BloomFilterVersion.ORIGINAL) {
      legacyIndex = new ArrayList<>();
      legacyStream = ctx.stream(id, StreamKind.BLOOM_FILTER);
      legacyBloom = ownLegacyFilter(type, decimal64) ? bloom.copy() : null;
    } else {
      legacyIndex = null;
      legacyStream = null;
      legacyBloom = null;
    }
  }

  /**
   * Whether ORC Java fills the legacy filter of this type with other values than the UTF-8 one:
   * strings (re-encoded in the default charset), wall-clock timestamps (the instant's
   * milliseconds, not the wall clock's in UTC), decimal64 (nothing). Other types, instants
   * among them, get the same values in both.
   */
  private static boolean ownLegacyFilter(Type type, boolean decimal64) {
    return switch (type.kind()) {
      case STRING, CHAR, VARCHAR, TIMESTAMP -> true;
      case DECIMAL -> decimal64;
      default -> false;
    };
  }

  /**
   * Adds a string value to {@link #legacyBloom} as ORC Java's legacy filter takes it: decoded as
   * UTF-8 (malformed bytes become U+FFFD) and encoded in the JVM's default charset.
   */
  final void addLegacyString(byte[] b, int off, int len) {
    byte[] bytes = new String(b, off, len, StandardCharsets.UTF_8)
        .getBytes(Charset.defaultCharset());
    legacyBloom.addBytes(bytes, 0, bytes.length);
  }

  /** Registers one of the column's streams; positions follow the registration order. */
  final <T extends StreamWriter> T part(T stream) {
    parts.add(stream);
    return stream;
  }

  /** The columns written beneath this one. */
  ColumnWriter[] children() {
    return NO_CHILDREN;
  }

  static final ColumnWriter[] NO_CHILDREN = {};

  /**
   * Writes rows {@code [offset, offset + length)} of {@code v}: the PRESENT bits and null
   * statistics here, the values in {@link #writeValues}.
   */
  final void write(ColumnVector v, int offset, int length) throws IOException {
    writeOwn(v, offset, length);
    writeValues(v, offset, length);
  }

  /** {@link #write}'s own part: the PRESENT bits and null statistics, not the values. */
  final void writeOwn(ColumnVector v, int offset, int length) throws IOException {
    if (v.noNulls) {
      groupStats.increment(length);
      present.write(true, length);
    } else {
      boolean[] isNull = v.isNull;
      int nonNull = 0;
      for (int i = offset, end = offset + length; i < end; i++) {
        boolean n = isNull[i];
        present.write(!n);
        if (!n) {
          nonNull++;
        }
      }
      groupStats.increment(nonNull);
      if (nonNull != length) {
        foundNulls = true;
        groupStats.setNull();
      }
    }
  }

  /** Writes the non-null values among rows {@code [offset, offset + length)}. */
  abstract void writeValues(ColumnVector v, int offset, int length) throws IOException;

  /** Adds the current checkpoints of this column's streams, PRESENT first. */
  void checkpoints(List<Checkpoint> out) {
    out.add(present.checkpoint());
    for (StreamWriter s : parts) {
      out.add(s.checkpoint());
    }
  }

  /** Ends a row group: an index entry with the group's statistics and bloom filter. */
  final void finishRowGroup() throws IOException {
    finishOwnRowGroup();
    for (ColumnWriter c : children()) {
      c.finishRowGroup();
    }
  }

  /** {@link #finishRowGroup()} of this column alone, not of its children. */
  final void finishOwnRowGroup() throws IOException {
    stripeStats.merge(groupStats);
    rowIndex.finishEntry(groupStats.statistics());
    groupStats.reset();
    if (bloom != null) {
      bloomIndex.add(bloom.copy());
      if (legacyIndex != null) {
        legacyIndex.add(legacyBloom != null ? legacyBloom.copy() : bloom.copy());
        if (legacyBloom != null) {
          legacyBloom.reset();
        }
      }
      bloom.reset();
    }
    afterRowGroup();
    checkpoints(rowIndex.current());
  }

  /** Hook for writers that act at row-group boundaries (string dictionaries). */
  void afterRowGroup() throws IOException {}

  /** Writes every buffered value into the streams and flushes them. */
  final void flushStreams() throws IOException {
    flushOwnStreams();
    for (ColumnWriter c : children()) {
      c.flushStreams();
    }
  }

  /**
   * {@link #flushStreams()} of this column alone, not of its children: writes its buffered
   * values (a string dictionary's ids) and flushes its streams.
   */
  void flushOwnStreams() throws IOException {
    present.flush();
    for (StreamWriter s : parts) {
      s.flush();
    }
  }

  /**
   * Completes the column's part of the stripe: suppresses PRESENT when there were no nulls,
   * writes the row index and bloom filters, and hands statistics and encoding to {@code out}.
   */
  void finishStripe(StripeResult out, int requiredEntries) throws IOException {
    if (!foundNulls) {
      ctx.suppress(id, StreamKind.PRESENT);
    }
    if (rowIndex == null) {
      stripeStats.merge(groupStats);
      groupStats.reset();
    }
    stripeStats.updateBytesOnDisk(out.dataBytes(id));
    fileStats.merge(stripeStats);
    out.statistics[id] = stripeStats.statistics();
    stripeStats.reset();
    out.encodings[id] = encoding();
    if (rowIndex != null) {
      if (rowIndex.entryCount() != requiredEntries) {
        throw new IllegalStateException("column " + ctx.columnName(id) + " has "
            + rowIndex.entryCount() + " row-index entries where the stripe needs "
            + requiredEntries);
      }
      rowIndexStream.write(rowIndex.build(!foundNulls, ctx.isCompressed()));
      rowIndexStream.flush();
      rowIndex.clear();
    }
    if (legacyIndex != null) {
      legacyStream.write(IndexMessages.serializeLegacyBloomFilterIndex(legacyIndex));
      legacyStream.flush();
      legacyIndex.clear();
    }
    if (bloomIndex != null) {
      bloomStream.write(IndexMessages.serializeBloomFilterIndex(bloomIndex));
      bloomStream.flush();
      bloomIndex.clear();
    }
    foundNulls = false;
    for (ColumnWriter c : children()) {
      c.finishStripe(out, requiredEntries);
    }
  }

  /** The column's encoding in this stripe. */
  EncodingEntry encoding() {
    return encoding(ColumnEncoding.DIRECT, 0);
  }

  /**
   * An encoding entry of {@code kind}; columns with bloom filters say that theirs hash UTF-8
   * strings and UTC timestamps (bloom encoding 1, ORC-135).
   */
  final EncodingEntry encoding(ColumnEncoding kind, int dictionarySize) {
    return new EncodingEntry(kind, dictionarySize, bloom != null ? 1 : 0);
  }

  /** The RLE encoding kind of integer-based columns: DIRECT_V2, or DIRECT in 0.11 files. */
  final EncodingEntry directEncoding() {
    return encoding(ctx.rleV2() ? ColumnEncoding.DIRECT_V2 : ColumnEncoding.DIRECT, 0);
  }

  /** Called once the stripe's streams were written out and reset: records first positions. */
  void startStripe() throws IOException {
    if (rowIndex != null) {
      checkpoints(rowIndex.current());
    }
    for (ColumnWriter c : children()) {
      c.startStripe();
    }
  }

  /** Memory held beyond the streams (dictionaries, buffered values). */
  long extraMemory() {
    long n = 0;
    for (ColumnWriter c : children()) {
      n += c.extraMemory();
    }
    return n;
  }

  /**
   * Merges a stripe's statistics (indexed by column id) that were not collected here into the
   * file statistics of this subtree: a stripe copied from another file.
   */
  void addStripeStatistics(List<ColumnStatistics> stripe) {
    fileStats.merge(stripe.get(id));
    for (ColumnWriter c : children()) {
      c.addStripeStatistics(stripe);
    }
  }

  /** Collects the file statistics of this subtree, indexed by column id. */
  void fileStatistics(ColumnStatistics[] out) {
    out[id] = fileStats.statistics();
    for (ColumnWriter c : children()) {
      c.fileStatistics(out);
    }
  }

  /** A message naming the column and the row, for values that do not fit the type. */
  IllegalArgumentException badValue(int row, String what) {
    return new IllegalArgumentException(
        "column " + ctx.columnName(id) + " (" + type + "), row " + row + " of the batch: " + what);
  }
}
