package io.colfile.orc.pushdown;

import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.BoundPredicate.Leaf;
import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Domain;
import io.colfile.core.filter.Pruner;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.RowGroupSet;
import io.colfile.orc.index.BloomFilterIndex;
import io.colfile.orc.index.RowIndex;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stats.ColumnStatistics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;

/**
 * Predicate pushdown for one read of an ORC file: decides from the file statistics, each
 * stripe's statistics (before its footer is read) and each row group's statistics and bloom
 * filters (from the stripe's index) which parts cannot hold a row where the filter is TRUE, and
 * says why. The filter is bound to the file's columns ({@code ReadPlan.pushdown()}); the rows
 * read are filtered exactly afterwards, so all this does is read less, never decide a row.
 *
 * <p>Statistics become ranges through {@link ColumnRanges} and {@link UnitRanges}, which leave
 * out whatever a writer may have got wrong; bloom filters are those {@link StripeIndex} trusts,
 * probed by {@link BloomProbe}. A file with encrypted columns is read without pushdown: its
 * statistics describe data colfile does not read (it reads the masked copies).
 */
public final class OrcPushdown {
  private final BoundPredicate predicate;
  private final FileColumns columns;
  private final WriterFixes fixes;
  private final boolean encrypted;
  /** The columns the filter names, and the structs above them. */
  private final int[] indexColumns;
  private final int[] leafColumns;
  private final boolean zoneSensitive;
  private final List<String> notes = new ArrayList<>();

  /**
   * @param predicate the filter bound to {@code fileSchema}'s column ids
   * @param writerId Footer.writer
   * @param writerVersion PostScript.writer_version
   * @param encrypted whether the file has encrypted columns
   */
  public OrcPushdown(BoundPredicate predicate, Type fileSchema, int writerId, int writerVersion,
      boolean encrypted) {
    this.predicate = predicate;
    this.columns = new FileColumns(fileSchema);
    this.fixes = new WriterFixes(writerId, writerVersion);
    this.encrypted = encrypted;
    List<Leaf> leaves = new ArrayList<>();
    List<String> opaque = new ArrayList<>();
    collect(predicate, leaves, opaque);
    Set<Integer> leafSet = new TreeSet<>();
    Set<Integer> indexSet = new TreeSet<>();
    boolean zone = false;
    Set<String> said = new LinkedHashSet<>();
    for (Leaf l : leaves) {
      leafSet.add(l.column());
      for (int c : columns.path(l.column())) {
        indexSet.add(c);
      }
      zone |= l.type().kind() == TypeKind.TIMESTAMP;
      String why = fixes.boundsDistrusted(l.type());
      why = why != null ? why : fixes.maximumDistrusted(l.type());
      if (why != null && !encrypted) {
        said.add(l.path() + ": " + why);
      }
    }
    this.leafColumns = leafSet.stream().mapToInt(Integer::intValue).toArray();
    this.indexColumns = indexSet.stream().mapToInt(Integer::intValue).toArray();
    this.zoneSensitive = zone;
    if (encrypted) {
      notes.add("the file has encrypted columns: statistics and bloom filters are not used");
    }
    notes.addAll(said);
    for (String o : opaque) {
      notes.add(o + ": decided row by row");
    }
  }

  private static void collect(BoundPredicate p, List<Leaf> leaves, List<String> opaque) {
    if (p instanceof BoundPredicate.And a) {
      a.terms().forEach(t -> collect(t, leaves, opaque));
    } else if (p instanceof BoundPredicate.Or o) {
      o.terms().forEach(t -> collect(t, leaves, opaque));
    } else if (p instanceof BoundPredicate.Not n) {
      collect(n.term(), leaves, opaque);
    } else if (p instanceof BoundPredicate.Opaque o) {
      opaque.add(o.description());
    } else {
      leaves.add((Leaf) p);
    }
  }

  /** What this pushdown cannot use, for the scan report: one line each. */
  public List<String> notes() {
    return List.copyOf(notes);
  }

  /**
   * Whether a TIMESTAMP column's statistics decide more once a stripe's footer says which
   * zone its values are read in ({@link #excludesStripe} with its {@code writerZone}).
   */
  public boolean zoneSensitive() {
    return zoneSensitive && !encrypted;
  }

  /**
   * Why no row of the file can match, from its statistics (one per column id, or null when
   * the file has none to use); null when some may.
   */
  public String excludesFile(List<ColumnStatistics> stats, long rows) {
    return excludes("file statistics", stats, rows, null);
  }

  /**
   * Why no row of a stripe can match, from its statistics (one per column id, or null); null
   * when some may.
   *
   * @param writerZone the writer zone the stripe's footer (read already) names, or null
   */
  public String excludesStripe(List<ColumnStatistics> stats, long rows, ZoneId writerZone) {
    return excludes("stripe statistics", stats, rows, writerZone);
  }

  private String excludes(String what, List<ColumnStatistics> stats, long rows,
      ZoneId writerZone) {
    if (encrypted || stats == null || stats.size() != columns.count() || rows <= 0) {
      return null;
    }
    Pruner.Verdict v = Pruner.evaluate(predicate,
        new UnitRanges(columns, stats::get, rows, fixes, writerZone, null));
    return v.mayMatch() ? null : what + ": " + v.reason();
  }

  /** The row groups of a stripe chosen, and a line saying why the others were left out. */
  public record RowGroupChoice(RowGroupSet groups, String note) {}

  /**
   * The row groups of a stripe that may hold matching rows, from the statistics of its row
   * index and its bloom filters (read from {@code index} as needed). A stripe without a row
   * index for the filter's columns is one row group, or all are chosen.
   *
   * <p>Bloom filters are read only when they may save more than they cost: when the row groups
   * the statistics keep hold more bytes than the filters' streams (a point lookup on a sorted
   * column keeps one row group, and reading its bytes is cheaper than the filters of them all).
   *
   * @param writerZone the writer zone the stripe's footer names, or null
   * @param bytesPerGroup about how many bytes of data reading one row group takes
   */
  public RowGroupChoice rowGroups(StripeIndex index, ZoneId writerZone, long bytesPerGroup)
      throws IOException {
    int groups = index.rowGroupCount();
    if (encrypted || index.rowIndexStride() <= 0 || groups == 0) {
      return new RowGroupChoice(RowGroupSet.all(), null);
    }
    boolean any = false;
    for (int c : leafColumns) {
      any |= index.hasRowIndex(c);
    }
    if (!any) {
      return new RowGroupChoice(RowGroupSet.all(), "stripe " + index.stripe()
          + ": no row index for the filter's columns, every row group read");
    }
    RowIndex[] rowIndexes = new RowIndex[columns.count()];
    for (int c : indexColumns) {
      rowIndexes[c] = index.rowIndex(c); // null where the stripe has none
    }
    boolean[] chosen = new boolean[groups];
    String[] why = new String[groups];
    int kept = 0;
    for (int g = 0; g < groups; g++) { // statistics first
      Pruner.Verdict v = Pruner.evaluate(predicate, unit(index, rowIndexes, g, writerZone, null));
      chosen[g] = v.mayMatch();
      why[g] = v.mayMatch() ? null : v.reason();
      kept += v.mayMatch() ? 1 : 0;
    }
    long bloomBytes = 0;
    for (int c : leafColumns) {
      bloomBytes += index.bloomFilterBytes(c);
    }
    String note = null;
    if (bloomBytes > 0 && (double) kept * bytesPerGroup < bloomBytes) {
      note = "bloom filters not read (" + bloomBytes + " bytes, more than the " + kept
          + " row groups left)";
    } else if (kept > 0) {
      try {
        for (int g = 0; g < groups; g++) {
          int group = g;
          if (chosen[g]) {
            Pruner.Verdict v = Pruner.evaluate(predicate, unit(index, rowIndexes, g, writerZone,
                (c, value) -> bloom(index, c, group, value, writerZone)));
            chosen[g] = v.mayMatch();
            why[g] = v.mayMatch() ? null : v.reason();
          }
        }
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    }
    int skipped = 0;
    int byBloom = 0;
    String byStatistics = null; // the first reason of each kind, for the report
    String byFilter = null;
    for (int g = 0; g < groups; g++) {
      if (why[g] != null) {
        skipped++;
        String reason = "row group " + g + ": " + why[g];
        if (why[g].contains("bloom filter excludes")) {
          byBloom++;
          byFilter = byFilter == null ? reason : byFilter;
        } else {
          byStatistics = byStatistics == null ? reason : byStatistics;
        }
      }
    }
    if (skipped == 0) {
      return new RowGroupChoice(RowGroupSet.all(),
          note == null ? null : "stripe " + index.stripe() + ": " + note);
    }
    StringBuilder line = new StringBuilder("stripe ").append(index.stripe())
        .append(" / row groups ").append(ranges(chosen, false)).append(": skipped (")
        .append(skipped).append(" of ").append(groups).append(") by the row index");
    if (byBloom > 0) {
      line.append(", ").append(byBloom).append(" of them by bloom filters");
    }
    for (String reason : new String[] {byStatistics, byFilter, note}) {
      if (reason != null) {
        line.append("; ").append(reason);
      }
    }
    return new RowGroupChoice(RowGroupSet.of(chosen), line.toString());
  }

  /**
   * Why each row group of a stripe cannot hold a matching row, or null where it may: first from
   * the row index's statistics, then, for the row groups they keep, from the bloom filters,
   * which are always read here (a tool's account, such as {@code colfile stats --probe}, not a
   * read that weighs their cost). A reason the bloom filters gave contains {@code "bloom filter
   * excludes"}. Every row group may hold one when the file is encrypted or the stripe has no
   * row index for the filter's columns.
   *
   * @param writerZone the writer zone the stripe's footer names, or null
   */
  public String[] rowGroupExclusions(StripeIndex index, ZoneId writerZone) throws IOException {
    int groups = index.rowGroupCount();
    String[] why = new String[Math.max(0, groups)];
    if (encrypted || index.rowIndexStride() <= 0 || groups <= 0) {
      return why;
    }
    boolean any = false;
    for (int c : leafColumns) {
      any |= index.hasRowIndex(c);
    }
    if (!any) {
      return why;
    }
    RowIndex[] rowIndexes = new RowIndex[columns.count()];
    for (int c : indexColumns) {
      rowIndexes[c] = index.rowIndex(c);
    }
    try {
      for (int g = 0; g < groups; g++) {
        int group = g;
        Pruner.Verdict v = Pruner.evaluate(predicate, unit(index, rowIndexes, g, writerZone,
            null));
        if (v.mayMatch()) {
          v = Pruner.evaluate(predicate, unit(index, rowIndexes, g, writerZone,
              (c, value) -> bloom(index, c, group, value, writerZone)));
        }
        why[g] = v.mayMatch() ? null : v.reason();
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return why;
  }

  /**
   * What pushdown takes from one unit's statistics (the file, a stripe or a row group), per
   * column id: the range it uses, {@link ColumnRange#UNKNOWN} where it uses nothing, null where
   * the unit has no statistics for the column. The writer's known bugs ({@link
   * #boundsNotUsed}), truncated string bounds, NaN and counts that do not add up are taken into
   * account exactly as when reading; for tools that show statistics.
   *
   * @param fileSchema the file's schema (column ids in pre-order)
   * @param stats the unit's statistics, one per column id (fewer: the rest have none)
   * @param rows the unit's rows
   * @param writerZone the zone TIMESTAMP values are read in (a stripe's footer names it), or
   *     null when unknown
   */
  public static List<ColumnRange> ranges(Type fileSchema, int writerId, int writerVersion,
      List<ColumnStatistics> stats, long rows, ZoneId writerZone) {
    FileColumns cols = new FileColumns(fileSchema);
    UnitRanges unit = new UnitRanges(cols, c -> c < stats.size() ? stats.get(c) : null, rows,
        new WriterFixes(writerId, writerVersion), writerZone, null);
    List<ColumnRange> out = new ArrayList<>();
    for (int c = 0; c < cols.count(); c++) {
      out.add(Domain.of(cols.type(c)) != null ? unit.range(c) : null);
    }
    return out;
  }

  /**
   * Why pushdown uses no minimum or maximum of a column of {@code type} in a file of this
   * writer ({@code writerId}: Footer.writer, {@code writerVersion}: PostScript.writer_version),
   * or only its minimum ({@code "maximum: ..."}); null when it may use both.
   */
  public static String boundsNotUsed(Type type, int writerId, int writerVersion) {
    WriterFixes fixes = new WriterFixes(writerId, writerVersion);
    String why = fixes.boundsDistrusted(type);
    if (why != null) {
      return why;
    }
    why = fixes.maximumDistrusted(type);
    return why == null ? null : "maximum: " + why;
  }

  /** Row group {@code g}'s statistics (and bloom filters, when given) as a unit. */
  private UnitRanges unit(StripeIndex index, RowIndex[] rowIndexes, int g, ZoneId writerZone,
      UnitRanges.Bloom bloom) {
    long rows = Math.min(index.rowIndexStride(), index.rows() - index.firstRow(g));
    IntFunction<ColumnStatistics> stats = c -> {
      RowIndex ri = rowIndexes[c];
      return ri == null ? null : ri.entry(g).statistics();
    };
    return new UnitRanges(columns, stats, rows, fixes, writerZone, bloom);
  }

  private boolean bloom(StripeIndex index, int column, int group, Object value,
      ZoneId writerZone) {
    try {
      BloomFilterIndex filters = index.bloomFilters(column);
      return filters == null
          || BloomProbe.mightContain(filters.filter(group), columns.type(column), value,
              writerZone, fixes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The groups where {@code chosen[g] == want}, as ranges: {@code 0-5, 7, 9-11}. */
  static String ranges(boolean[] chosen, boolean want) {
    StringBuilder sb = new StringBuilder();
    for (int g = 0; g < chosen.length; g++) {
      if (chosen[g] != want) {
        continue;
      }
      int end = g;
      while (end + 1 < chosen.length && chosen[end + 1] == want) {
        end++;
      }
      sb.append(sb.length() > 0 ? ", " : "").append(g);
      if (end > g) {
        sb.append('-').append(end);
      }
      g = end;
    }
    return sb.toString();
  }
}
