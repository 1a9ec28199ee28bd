package io.colfile.orc;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.column.ColumnReaders;
import io.colfile.orc.column.RootReader;
import io.colfile.orc.index.BloomFilterTrust;
import io.colfile.orc.index.PositionSource;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.pushdown.OrcPushdown;
import io.colfile.orc.stream.BytesNotReadException;
import io.colfile.orc.stripe.StreamId;
import java.io.IOException;
import java.time.ZoneId;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * Reads the rows of an ORC file stripe by stripe: the columns of a projection of the file's
 * schema (structs pruned to some of their fields at any depth; only those columns' streams are
 * read), and of each stripe only the row groups chosen. A {@link RowGroupSelector} chooses row
 * groups, and so does predicate pushdown ({@link OrcPushdown}), which may rule out the whole
 * file by its statistics, a stripe by its statistics before its footer is read, and row groups
 * by the stripe's row index and bloom filters. After a gap, reading resumes at the next chosen
 * row group through the row index (seek to its positions), or, in a stripe without one, by
 * skipping rows. Batches never span stripes or gaps.
 *
 * <p>{@link #seekToRow} works the same way: seek to the row group holding the row, then skip the
 * rows before it in the group.
 *
 * <p>With a split ({@link ReadOptions#withSplit}) only the stripes whose offset it holds are
 * read; the others are passed over unread and uncounted, and rows keep their numbers in the
 * whole file.
 *
 * <p>The {@link #report()} counts {@code stripes} and {@code row groups} read (some of their
 * rows were decoded) and skipped, with a line for each skip saying why.
 */
final class OrcBatchReader extends AbstractBatchReader {
  static final String STRIPES = "stripes";
  static final String ROW_GROUPS = "row groups";

  private final InputFile file;
  private final OrcTail tail;
  private final Type fileSchema;
  private final List<Type> columns;
  private final List<StripeInformation> stripes;
  /** The first row of each stripe, and the file's row count last. */
  private final long[] firstRows;
  private final boolean[] included;
  private final RootReader root;
  private final ZoneId defaultZone;
  private final long maxNestedValues;
  private final Decompressor decompressor;
  private final RowGroupSelector selector;
  private final BloomFilterTrust trust;
  private final ScanReport report = new ScanReport();

  /** Pushdown, or null when there is no filter. */
  private final StripePruning pruning;
  /** Stripes whose skipped row groups (or whose skip) the report counts already. */
  private final BitSet accounted = new BitSet();
  /** The stripes of the split ({@link ReadOptions#withSplit}): the only ones read or counted. */
  private final BitSet inSplit = new BitSet();

  // The open stripe; index -1 before the first, stripes.size() after the last.
  private int stripe = -1;
  private Stripe current;
  private StripeIndex index;
  private RowGroupSet chosen;
  private BitSet groupsRead;
  private boolean stripeCounted;
  private boolean indexChecked;
  private boolean indexUsable;
  /** Rows of the open stripe: the next to return, where the decoders are, end of the run. */
  private long next;
  private long decoded;
  private long runEnd;

  /**
   * @param projection {@code schema} pruned to the columns read (fields in the file's order)
   * @param included by column id of {@code schema}: whether the column is read
   * @param pushdown the filter's pushdown, or null to read every row group chosen
   */
  OrcBatchReader(InputFile file, OrcTail tail, Type schema, List<StripeInformation> stripes,
      Type projection, boolean[] included, ReadOptions options, RowGroupSelector selector,
      OrcPushdown pushdown) {
    super(projection, options.batchSize());
    this.file = file;
    this.tail = tail;
    this.fileSchema = schema;
    this.columns = schema.flatten();
    this.stripes = stripes;
    this.firstRows = new long[stripes.size() + 1];
    for (int s = 0; s < stripes.size(); s++) {
      firstRows[s + 1] = firstRows[s] + Math.max(0, stripes.get(s).numberOfRows());
      inSplit.set(s, options.splitHolds(stripes.get(s).offset()));
    }
    this.included = included.clone();
    this.root = ColumnReaders.root(schema, this.included);
    this.defaultZone = options.defaultZone();
    this.maxNestedValues = options.maxNestedValues();
    this.decompressor =
        tail.codec == CompressionCodec.NONE ? null : tail.codec.newDecompressor();
    this.selector = selector;
    this.trust = new BloomFilterTrust(tail.footer.writer(), tail.postScript.writerVersion(),
        tail.footer.softwareVersion());
    report.read(STRIPES, 0); // the report lists stripes first
    report.read(ROW_GROUPS, 0);
    this.pruning = pushdown == null ? null
        : new StripePruning(pushdown, tail, file, stripes, report);
  }

  @Override
  protected int fill(ColumnBatch batch, int max) throws IOException {
    while (index == null || next >= runEnd) {
      if (index != null && startRun()) {
        break;
      }
      if (!open(stripe + 1)) {
        return 0;
      }
    }
    int n = (int) Math.min(runEnd - next, max);
    try {
      moveTo(next);
      root.read(batch, n);
    } catch (BytesNotReadException e) {
      // the row index placed a row group's bytes wrongly: read the stripe whole
      report.note("stripe " + stripe + ": read whole, " + e.getMessage());
      root.startStripe(new StripeData(file, current, included, defaultZone, maxNestedValues,
          decompressor, null));
      decoded = 0;
      batch.reset();
      moveTo(next);
      root.read(batch, n);
    }
    countGroups(next, next + n);
    next += n;
    decoded = next;
    return n;
  }

  @Override
  protected void seek(long row) throws IOException {
    int s = 0;
    while (s < stripes.size() && firstRows[s + 1] <= row) {
      s++;
    }
    if (s < stripes.size() && !inSplit.get(s)) {
      // a row of a stripe outside the split: the split's rows go on at its next stripe, if any
      s = inSplit.nextSetBit(s);
      s = s < 0 ? stripes.size() : s;
      row = firstRows[s];
    }
    if (s >= stripes.size()) {
      stripe = stripes.size();
      index = null;
      return;
    }
    if (s != stripe || index == null) {
      if (!open(s) || stripe != s) {
        return; // nothing chosen in that stripe: the next rows are in a later one
      }
    }
    next = row - firstRows[s];
    runEnd = 0; // find the run holding `next` (or the next chosen one) on the next batch
  }

  @Override
  public ScanReport report() {
    if (pruning != null) {
      pruning.flush();
    }
    return report;
  }

  /**
   * Opens the first stripe from {@code s} on that has rows and chosen row groups; false when
   * there is none. The decoders are then at the stripe's start.
   */
  private boolean open(int s) throws IOException {
    index = null;
    if (pruning != null && pruning.fileExclusion() != null) {
      accountFile();
      s = stripes.size();
    }
    for (; s < stripes.size(); s++) {
      if (!inSplit.get(s)) {
        continue; // another split's: not read, not counted
      }
      StripeInformation info = stripes.get(s);
      if (info.numberOfRows() < 0) {
        throw tail.footerRegion().part("stripe information", s)
            .corrupt("stripe %d has a negative row count %d", s, info.numberOfRows());
      }
      if (info.numberOfRows() == 0) {
        continue;
      }
      boolean first = !accounted.get(s);
      accounted.set(s); // reopened after a seek, a stripe's skips are not counted again
      String why = pruning == null ? null : pruning.beforeFooter(s);
      Stripe st = why != null ? null : Stripe.read(file, tail, s, info);
      // the zone TIMESTAMP values are read in, as the writer's statistics know it; null when
      // the stripe names none (then they are read in the reader's default zone)
      ZoneId writerZone = st == null || st.footer.writerTimezone() == null ? null
          : st.writerZone(defaultZone);
      if (st != null && pruning != null) {
        why = pruning.afterFooter(s, writerZone);
      }
      if (why != null) {
        if (first) {
          report.skipped(STRIPES, 1);
          report.skipped(ROW_GROUPS, rowGroups(info));
          pruning.skipped(s, why);
        }
        continue;
      }
      if (pruning != null) {
        pruning.flush(); // the skipped stripes before this one come first in the report
      }
      StripeIndex idx = st.index(file, columns, trust);
      int groups = idx.rowGroupCount();
      RowGroupSet set = selector.select(idx);
      if (set.count(groups) < groups && first) {
        report.note("stripe " + s + ": " + set.count(groups) + " of " + groups
            + " row groups chosen");
      }
      if (pruning != null && set.count(groups) > 0) {
        set = set.and(pruning.rowGroups(idx, writerZone, st.dataBytes(included), first));
      }
      int skipped = groups - set.count(groups);
      if (first) {
        report.skipped(ROW_GROUPS, skipped);
        report.skipped(STRIPES, skipped == groups ? 1 : 0);
      }
      if (skipped == groups) {
        continue;
      }
      stripe = s;
      current = st;
      index = idx;
      chosen = set;
      groupsRead = new BitSet();
      stripeCounted = false;
      indexChecked = false;
      // some row groups only: read only their byte ranges, as the row index places them
      Map<StreamId, long[]> ranges = skipped > 0 && usableIndex()
          ? RowGroupRanges.plan(idx, set, st.streams, included,
              tail.codec != CompressionCodec.NONE, tail.blockSize)
          : null;
      root.startStripe(new StripeData(file, st, included, defaultZone, maxNestedValues,
          decompressor, ranges));
      next = 0;
      decoded = 0;
      runEnd = 0;
      return true;
    }
    if (pruning != null) {
      pruning.flush();
    }
    stripe = stripes.size();
    return false;
  }

  /**
   * Counts every stripe and row group of the split skipped when the file statistics rule out
   * the file.
   */
  private void accountFile() {
    for (int s = inSplit.nextSetBit(0); s >= 0; s = inSplit.nextSetBit(s + 1)) {
      StripeInformation info = stripes.get(s);
      if (!accounted.get(s) && info.numberOfRows() > 0) {
        accounted.set(s);
        report.skipped(STRIPES, 1);
        report.skipped(ROW_GROUPS, rowGroups(info));
      }
    }
  }

  /** The row groups of a stripe (one when the file has no row index). */
  private long rowGroups(StripeInformation info) {
    int stride = tail.footer.rowIndexStride();
    long rows = info.numberOfRows();
    return rows <= 0 ? 0 : stride <= 0 ? 1 : (rows - 1) / stride + 1;
  }

  /**
   * Finds the chosen run holding {@code next}, or the next chosen run after it, and moves
   * {@code next} there; false when the stripe has no more.
   */
  private boolean startRun() {
    long rows = index.rows();
    if (next >= rows) {
      return false;
    }
    int groups = index.rowGroupCount();
    int g = chosen.next(group(next), groups);
    if (g < 0) {
      next = rows;
      return false;
    }
    next = Math.max(next, index.firstRow(g));
    int end = chosen.runEnd(g, groups);
    runEnd = end >= groups ? rows : index.firstRow(end);
    return true;
  }

  /**
   * Brings the decoders to row {@code target} of the stripe: by skipping when it lies ahead in
   * the same row group (or the stripe has no usable row index), else by seeking to the start of
   * its row group (or of the stripe) and skipping the rows before it.
   */
  private void moveTo(long target) throws IOException {
    if (target == decoded) {
      return;
    }
    boolean indexed = usableIndex();
    if (target > decoded && (!indexed || group(target) == group(decoded))) {
      root.skip(target - decoded);
    } else if (indexed) {
      int g = group(target);
      root.seek(index.positions(g));
      root.skip(target - index.firstRow(g));
    } else {
      root.seek(PositionSource.STRIPE_START);
      root.skip(target);
    }
    decoded = target;
  }

  /**
   * Whether every column read has a row index in this stripe (files written without one, or
   * whose writer left the streams out, are read by skipping); reads them the first time.
   */
  private boolean usableIndex() throws IOException {
    if (!indexChecked) {
      indexChecked = true;
      indexUsable = index.rowIndexStride() > 0;
      for (int c = 0; c < columns.size() && indexUsable; c++) {
        if (seeks(c)) {
          indexUsable = index.hasRowIndex(c);
        }
      }
      for (int c = 0; c < columns.size() && indexUsable; c++) {
        if (seeks(c)) {
          index.rowIndex(c);
        }
      }
    }
    return indexUsable;
  }

  /**
   * Whether column {@code c} has a reader that seeks: every included column but a struct root,
   * whose rows never have nulls and which no reader positions.
   */
  private boolean seeks(int c) {
    return included[c] && (c != 0 || fileSchema.kind() != TypeKind.STRUCT);
  }

  private int group(long row) {
    int stride = index.rowIndexStride();
    return stride <= 0 ? 0 : (int) (row / stride);
  }

  private void countGroups(long from, long to) {
    if (!stripeCounted) {
      stripeCounted = true;
      report.read(STRIPES, 1);
    }
    for (int g = group(from), last = group(to - 1); g <= last; g++) {
      if (!groupsRead.get(g)) {
        groupsRead.set(g);
        report.read(ROW_GROUPS, 1);
      }
    }
  }
}
