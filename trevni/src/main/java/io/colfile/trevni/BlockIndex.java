package io.colfile.trevni;

import io.colfile.core.ScanReport;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Pruner;
import io.colfile.core.filter.UnitStatistics;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The rows a filter leaves to read, from what the file says of its plain root columns: their
 * first values ({@code trevni.values}) bound each block of a sorted column ({@link
 * FirstValueOrder}), and they hold no NULLs. The rows are cut wherever a block of an indexed
 * column starts; {@link Pruner} judges each piece with the ranges of the blocks it lies in.
 *
 * <p>First values bound the blocks only of a sorted column (trevni.md section 8), and nothing in
 * Trevni enforces it: a file with first values on an unsorted column is legal. The index relies
 * on one thing, that every value of block {@code b} lies between its first value and the next
 * block's, and uses a column only when its first values are in order and, as {@link
 * FirstValueUse} says: on colfile's word (declared sorted), on the caller's, or once the blocks
 * it would skip are read in that column and found within their bounds ({@link BlockBounds}); a
 * column found otherwise is dropped and the filter planned again without it, so a skipped row
 * never could have matched. On the first two bases, which skip blocks unread, every row read is
 * checked as well (see {@link #verify}): a row outside its block's bounds fails the read with a
 * {@link CorruptFileException}, since rows of blocks skipped on the same word may have matched.
 */
final class BlockIndex {
  private final long[] starts;
  private final long[] ends;
  private final List<IndexedColumn> indexed;
  private final String gapReason;
  private final boolean skipsRows;

  private BlockIndex(Pruned p, List<IndexedColumn> indexed, long rowCount) {
    this.starts = new long[p.ranges.size()];
    this.ends = new long[p.ranges.size()];
    long covered = 0;
    for (int i = 0; i < p.ranges.size(); i++) {
      starts[i] = p.ranges.get(i)[0];
      ends[i] = p.ranges.get(i)[1];
      covered += ends[i] - starts[i];
    }
    this.indexed = indexed;
    this.gapReason = p.gapReason;
    this.skipsRows = covered < rowCount;
  }

  /** The row ranges a filter leaves, and why the first gap between them was skipped. */
  private record Pruned(List<long[]> ranges, String gapReason) {
    /** The row ranges left out, in order. */
    List<long[]> gaps(long rowCount) {
      List<long[]> out = new ArrayList<>();
      long at = 0;
      for (long[] r : ranges) {
        if (r[0] > at) {
          out.add(new long[] {at, r[0]});
        }
        at = r[1];
      }
      if (at < rowCount) {
        out.add(new long[] {at, rowCount});
      }
      return out;
    }
  }

  /**
   * The rows of {@code file} that {@code pushdown} (null: no filter) leaves, judged by the
   * {@code keys} of its rows with first values used as {@code use} says. Columns are checked
   * later in the batches of {@code rawType}, which holds every column of the filter. Notes on
   * each column's first values, used or not and why, go to {@code report}.
   */
  static BlockIndex plan(TrevniFile file, BoundPredicate pushdown,
      List<KeyColumns.Key> keys, Type rawType, FirstValueUse use, ScanReport report)
      throws IOException {
    long rowCount = file.rowCount();
    if (pushdown == null) {
      List<long[]> all = new ArrayList<>();
      if (rowCount > 0) {
        all.add(new long[] {0, rowCount});
      }
      return new BlockIndex(new Pruned(all, null), List.of(), rowCount);
    }
    List<Integer> ids = new ArrayList<>();
    leafColumns(pushdown, ids);
    Map<Integer, KeyColumns.Key> plain = new HashMap<>();
    Map<Integer, KeyColumns.Key> keyOf = new HashMap<>();
    List<IndexedColumn> indexed = new ArrayList<>();
    for (KeyColumns.Key k : keys) {
      if (!ids.contains(k.typeId())) {
        continue;
      }
      IndexedColumn x = IndexedColumn.of(file, k, rawType, use, report);
      if (x == null) {
        plain.put(k.typeId(), k);
      } else {
        keyOf.put(x.column, k);
        indexed.add(x);
      }
    }
    Pruned pruned;
    Map<IndexedColumn, BlockBounds.Result> checked = new HashMap<>();
    while (true) {
      pruned = prune(pushdown, plain, keyOf, indexed, rowCount);
      IndexedColumn dropped = null;
      checked.clear();
      List<long[]> gaps = pruned.gaps(rowCount);
      for (IndexedColumn x : indexed) {
        if (x.basis != IndexedColumn.Basis.CHECKED) {
          continue;
        }
        BlockBounds.Result r = x.check(file, gaps);
        if (!r.within()) {
          report.note("column '" + x.name + "': first values not used, not trusted: not "
              + "declared sorted, and " + r.violation() + ": the column is not sorted");
          dropped = x;
          break;
        }
        checked.put(x, r);
      }
      if (dropped == null) {
        break;
      }
      // planned again without it; the others are checked again for that plan (blocks
      // checked already are not read again)
      indexed.remove(dropped);
      KeyColumns.Key k = keyOf.remove(dropped.column);
      plain.put(k.typeId(), k);
    }
    for (IndexedColumn x : indexed) {
      report.note(x.basisNote(checked.get(x)));
    }
    if (indexed.isEmpty()) {
      report.note("no column of the filter has first values (trevni.values) it can use: every "
          + "row is read and filtered");
    }
    return new BlockIndex(pruned, indexed, rowCount);
  }

  /** The row ranges {@code pushdown} leaves, judged by the blocks of {@code indexed}. */
  private static Pruned prune(BoundPredicate pushdown, Map<Integer, KeyColumns.Key> plain,
      Map<Integer, KeyColumns.Key> keyOf, List<IndexedColumn> indexed, long rowCount) {
    Map<Integer, Integer> byId = new HashMap<>();
    for (int c = 0; c < indexed.size(); c++) {
      IndexedColumn x = indexed.get(c);
      x.resetReasons();
      byId.put(keyOf.get(x.column).typeId(), c);
    }
    TreeSet<Long> cuts = new TreeSet<>(List.of(0L, rowCount));
    for (IndexedColumn x : indexed) {
      x.blocks.forEach(b -> cuts.add(b.firstRow()));
    }
    List<long[]> ranges = new ArrayList<>();
    String gapReason = null;
    int[] at = new int[indexed.size()];
    Long from = null;
    for (long to : cuts) {
      if (from != null && to > from) {
        long a = from;
        long rows = to - from;
        for (int c = 0; c < at.length; c++) {
          at[c] = indexed.get(c).blockOf(a);
        }
        UnitStatistics stats = id -> {
          Integer c = byId.get(id);
          if (c != null) {
            return indexed.get(c).range(at[c], rows);
          }
          KeyColumns.Key k = plain.get(id);
          if (k == null) {
            return null;
          }
          return k.alwaysNull() ? new ColumnRange(null, null, true, 0, false)
              : ColumnRange.counts(rows, false);
        };
        Pruner.Verdict v = Pruner.evaluate(pushdown, stats);
        for (int c = 0; c < at.length; c++) {
          IndexedColumn x = indexed.get(c);
          if (!v.mayMatch() && x.reasons[at[c]] == null) {
            x.reasons[at[c]] = v.reason();
          }
        }
        if (v.mayMatch()) {
          if (!ranges.isEmpty() && ranges.get(ranges.size() - 1)[1] == a) {
            ranges.get(ranges.size() - 1)[1] = to;
          } else {
            ranges.add(new long[] {a, to});
          }
        } else if (gapReason == null) {
          gapReason = v.reason();
        }
      }
      from = to;
    }
    return new Pruned(ranges, gapReason);
  }

  private static void leafColumns(BoundPredicate p, List<Integer> out) {
    if (p instanceof BoundPredicate.And a) {
      a.terms().forEach(t -> leafColumns(t, out));
    } else if (p instanceof BoundPredicate.Or o) {
      o.terms().forEach(t -> leafColumns(t, out));
    } else if (p instanceof BoundPredicate.Not n) {
      leafColumns(n.term(), out);
    } else if (p instanceof BoundPredicate.Leaf l) {
      out.add(l.column());
    }
  }

  /** The index of the first range that ends after {@code row}, or -1 when none does. */
  int rangeAfter(long row) {
    int lo = 0;
    int hi = ends.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ends[mid] <= row) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < ends.length ? lo : -1;
  }

  long start(int range) {
    return starts[range];
  }

  long end(int range) {
    return ends[range];
  }

  /** Accounts for rows {@code [from, to)}, passed over because the filter excludes them. */
  void skipped(long from, long to, ScanReport report) {
    report.skipped("rows", to - from);
    if (indexed.isEmpty()) {
      report.note("rows " + from + " to " + (to - 1) + ": skipped, " + gapReason);
    }
    indexed.forEach(x -> x.skipped(from, to, report));
  }

  /** Accounts for rows {@code [from, to)}, read. */
  void read(long from, long to, ScanReport report) {
    report.read("rows", to - from);
    indexed.forEach(x -> x.read(from, to, report));
  }

  /**
   * Checks that the rows of {@code batch}, rows {@code firstRow} on of the file, lie in their
   * blocks' bounds in every indexed column, when the index skipped any row on that promise.
   */
  void verify(ColumnBatch batch, long firstRow, String fileName) throws CorruptFileException {
    if (skipsRows) {
      for (IndexedColumn x : indexed) {
        x.verify(batch, firstRow, fileName);
      }
    }
  }
}
