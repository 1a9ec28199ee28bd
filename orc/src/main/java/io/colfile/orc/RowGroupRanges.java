package io.colfile.orc;

import io.colfile.orc.index.Checkpoint;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.index.RowIndex;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The byte ranges of a stripe's streams that reading only some row groups needs, from the row
 * index: a run of chosen groups starts at its first group's position in each stream and ends
 * where the next group starts, plus slack for the run of values that straddles the boundary
 * (orc.md section 7): {@link #SLACK} bytes, or as many compression chunks as that many
 * decompressed bytes can spread over, as Apache ORC's {@code estimateRgEndOffset} allows.
 * Streams the row index has no positions for (a dictionary's) are read whole. Should decoding
 * still need bytes outside the ranges (only wrong positions can do that), the stream says so
 * ({@code BytesNotReadException}) and the reader reads the stripe whole.
 */
final class RowGroupRanges {
  /**
   * More than the longest run any encoder writes: RLE v2 patched base, 512 values of 64 bits
   * with their header, base and patch list, is about 4.4 KB.
   */
  static final int SLACK = 8192;
  /** A plan reading at least this share of a stream reads it whole. */
  private static final double WHOLE = 0.9;

  private RowGroupRanges() {}

  /**
   * The ranges ({@code [from, to)} pairs, stream-relative, ascending) of each stream of the
   * included columns worth reading in part; streams left out are read whole. The row indexes
   * of the included columns must have been read.
   */
  static Map<StreamId, long[]> plan(StripeIndex index, RowGroupSet chosen,
      Map<StreamId, StripeIndex.Located> streams, boolean[] included, boolean compressed,
      int blockSize) throws IOException {
    Map<StreamId, long[]> out = new HashMap<>();
    int groups = index.rowGroupCount();
    long slack = compressed
        ? (2L + (SLACK - 1) / blockSize) * (3L + blockSize) : SLACK;
    for (Map.Entry<StreamId, StripeIndex.Located> e : streams.entrySet()) {
      StreamId id = e.getKey();
      long length = e.getValue().length();
      int column = id.column();
      if (!included[column] || !StripeData.VALUE_KINDS.contains(id.kind()) || length == 0
          || !index.hasRowIndex(column)) {
        continue;
      }
      RowIndex rows = index.rowIndex(column);
      List<long[]> ranges = new ArrayList<>();
      long planned = 0;
      boolean whole = false;
      for (int g = chosen.next(0, groups); g >= 0 && !whole; ) {
        int end = chosen.runEnd(g, groups);
        long from = offset(rows, g, id.kind(), compressed);
        long to = end >= groups ? length : offset(rows, end, id.kind(), compressed);
        if (from < 0 || to < 0) {
          whole = true; // no position for this stream
          break;
        }
        to = end >= groups ? length : Math.min(length, to + slack);
        from = Math.min(from, length);
        if (to > from) {
          if (!ranges.isEmpty() && ranges.get(ranges.size() - 1)[1] >= from) {
            long[] last = ranges.get(ranges.size() - 1);
            planned -= last[1] - last[0];
            last[0] = Math.min(last[0], from);
            last[1] = Math.max(last[1], to);
            planned += last[1] - last[0];
          } else {
            ranges.add(new long[] {from, to});
            planned += to - from;
          }
        }
        g = chosen.next(end, groups);
      }
      if (whole || planned >= WHOLE * length || !ascending(ranges)) {
        continue;
      }
      long[] flat = new long[ranges.size() * 2];
      for (int i = 0; i < ranges.size(); i++) {
        flat[2 * i] = ranges.get(i)[0];
        flat[2 * i + 1] = ranges.get(i)[1];
      }
      out.put(id, flat);
    }
    return out;
  }

  /**
   * Of each stream of the included columns of a compressed stripe, the offsets of the chunks
   * where row groups {@code groups} start, in the order of {@code groups} (-1 where the row index
   * has no position; streams without any left out). A stream whose row groups do not start in
   * ascending chunks (a damaged index) is left out too: a part seeks forward from group to group,
   * and the parts that read a chunk are known only where that holds ({@link
   * io.colfile.orc.stream.ChunkExchange}). The row indexes of the included columns must have
   * been read.
   */
  static Map<StreamId, long[]> chunkStarts(StripeIndex index, int[] groups,
      Map<StreamId, StripeIndex.Located> streams, boolean[] included) throws IOException {
    Map<StreamId, long[]> out = new HashMap<>();
    for (Map.Entry<StreamId, StripeIndex.Located> e : streams.entrySet()) {
      StreamId id = e.getKey();
      int column = id.column();
      if (!included[column] || !StripeData.VALUE_KINDS.contains(id.kind())
          || e.getValue().length() == 0 || !index.hasRowIndex(column)) {
        continue;
      }
      RowIndex rows = index.rowIndex(column);
      if (!ascending(rows, id.kind())) {
        continue;
      }
      long[] at = new long[groups.length];
      boolean any = false;
      for (int i = 0; i < groups.length; i++) {
        at[i] = offset(rows, groups[i], id.kind(), true);
        any |= at[i] >= 0;
      }
      if (any) {
        out.put(id, at);
      }
    }
    return out;
  }

  /**
   * Where row group {@code g} starts in the stream: its chunk's offset, or its byte offset in
   * an uncompressed stream; -1 when the row index has no position for the stream.
   */
  private static long offset(RowIndex rows, int g, StreamKind kind, boolean compressed) {
    ColumnPositions p = rows.entry(g).positions();
    if (p == ColumnPositions.STRIPE_START) {
      return 0;
    }
    Checkpoint c = kind == StreamKind.PRESENT ? p.present() : p.streams().get(kind);
    if (c == null) {
      return -1;
    }
    return compressed ? c.offset().chunkStart() : c.offset().offsetInChunk();
  }

  /** Whether the row groups' chunks in the stream ascend (those with a position). */
  static boolean ascending(RowIndex rows, StreamKind kind) {
    long before = -1;
    for (int g = 0; g < rows.entries().size(); g++) {
      long offset = offset(rows, g, kind, true);
      if (offset >= 0) {
        if (offset < before) {
          return false;
        }
        before = offset;
      }
    }
    return true;
  }

  /** Positions out of order (a damaged index): no plan, the stream is read whole. */
  private static boolean ascending(List<long[]> ranges) {
    for (int i = 1; i < ranges.size(); i++) {
      if (ranges.get(i)[0] < ranges.get(i - 1)[1]) {
        return false;
      }
    }
    return true;
  }
}
