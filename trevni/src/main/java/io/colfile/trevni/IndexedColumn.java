package io.colfile.trevni;

import io.colfile.core.ScanReport;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.filter.ColumnRange;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;

/**
 * A column whose first values a {@link BlockIndex} uses: its blocks' ranges, why each block was
 * ruled out, which blocks the report has counted, what it relies on (a {@link Basis}), and the
 * check of the rows read against the blocks' bounds.
 */
final class IndexedColumn {
  /** Why the column's first values bound its blocks. */
  enum Basis {
    /** The column is declared sorted ({@code colfile.sorted}): its writer checked. */
    DECLARED,
    /** The blocks skipped are checked ({@link BlockBounds}) before anything is skipped. */
    CHECKED,
    /** The caller promised it ({@link FirstValueUse#TRUSTED}). */
    TRUSTED
  }

  final String name;
  /** The column's index in the file. */
  final int column;
  final Basis basis;
  private final FirstValueOrder order;
  final List<BlockInfo> blocks;
  /** Field indexes that lead to the column's vector in the raw batches. */
  private final int[] vectorPath;
  /** Why each block was ruled out (of its first piece ruled out), or null. */
  final String[] reasons;
  private final boolean[] counted;

  private IndexedColumn(String name, int column, Basis basis, FirstValueOrder order,
      List<BlockInfo> blocks, int[] vectorPath) {
    this.name = name;
    this.column = column;
    this.basis = basis;
    this.order = order;
    this.blocks = blocks;
    this.vectorPath = vectorPath;
    this.reasons = new String[blocks.size()];
    this.counted = new boolean[blocks.size()];
  }

  /**
   * The index of key column {@code k}, read in batches of {@code rawType}, as {@code use} allows;
   * null when its first values are not used, with a note in {@code report} saying why when it
   * has them.
   */
  static IndexedColumn of(TrevniFile file, KeyColumns.Key k, Type rawType,
      FirstValueUse use, ScanReport report) throws IOException {
    ColumnSpec spec = file.column(k.column());
    int[] path = vectorPath(rawType, k.path());
    if (!spec.hasFirstValues() || path == null) {
      return null;
    }
    String not = "column '" + spec.name() + "': first values not used, ";
    if (k.order() == null) {
      if (!k.alwaysNull()) {
        report.note(not + "its values (enum ordinals or decimal bytes) are stored in another "
            + "order than they compare in");
      }
      return null;
    }
    if (use == FirstValueUse.NONE) {
      report.note(not + "as asked (FirstValueUse.NONE)");
      return null;
    }
    List<BlockInfo> blocks = file.blocks(k.column());
    for (int b = 1; b < blocks.size(); b++) {
      Object prev = blocks.get(b - 1).firstValue().orElseThrow();
      Object next = blocks.get(b).firstValue().orElseThrow();
      if (ValueCodec.compare(spec.type(), prev, next) > 0) {
        report.note(not + "out of order (block " + b + " starts with " + text(next)
            + ", block " + (b - 1) + " with " + text(prev) + "): the column is not sorted");
        return null;
      }
    }
    Basis basis = spec.isSorted() ? Basis.DECLARED
        : use == FirstValueUse.TRUSTED ? Basis.TRUSTED : Basis.CHECKED;
    return new IndexedColumn(spec.name(), k.column(), basis, k.order(), blocks, path);
  }

  /**
   * For a column used on the {@link Basis#CHECKED} basis: checks the blocks that hold rows of
   * {@code skipped} (row ranges {@code [from, to)}, in order), as far as earlier reads of the
   * file have not.
   */
  BlockBounds.Result check(TrevniFile file, List<long[]> skipped) throws IOException {
    BitSet touched = new BitSet(blocks.size());
    for (long[] r : skipped) {
      for (int b = blockOf(r[0]); b < blocks.size() && blocks.get(b).firstRow() < r[1]; b++) {
        touched.set(b);
      }
    }
    return file.bounds().check(file, column, touched);
  }

  /** What the column's first values rest on, for the report. */
  String basisNote(BlockBounds.Result checked) {
    String used = "column '" + name + "': first values used, ";
    return switch (basis) {
      case DECLARED -> used + "declared sorted (colfile.sorted: its writer refused values out "
          + "of order); rows read are checked against them";
      case TRUSTED -> used + "trusted as asked (FirstValueUse.TRUSTED: the caller's promise "
          + "that the column is sorted); rows read are checked against them";
      case CHECKED -> checked.blocksRead() + checked.blocksKnown() == 0
          ? used + "though not declared sorted: the filter rules out no block, so none is "
              + "checked"
          : used + "verified: the " + (checked.blocksRead() + checked.blocksKnown())
              + " blocks holding rows the filter skips hold only values within their first "
              + "values (Java's order), checked by reading them in this column alone ("
              + checked.blocksRead() + " now, " + checked.blocksKnown() + " by earlier reads)";
    };
  }

  /** Clears what the last planning noted of the blocks. */
  void resetReasons() {
    Arrays.fill(reasons, null);
  }

  /** The field indexes that lead to {@code names} in batches of {@code type}, or null. */
  private static int[] vectorPath(Type type, List<String> names) {
    int[] out = new int[names.size()];
    Type t = type;
    for (int i = 0; i < out.length; i++) {
      if (t.kind() != TypeKind.STRUCT
          || (out[i] = t.fieldIndex(names.get(i))) < 0) {
        return null;
      }
      t = t.child(out[i]);
    }
    return out;
  }

  /** Block {@code b}'s range, in {@code rows} of its rows. */
  ColumnRange range(int b, long rows) {
    return order.range(first(b), b + 1 < blocks.size() ? first(b + 1) : null, rows);
  }

  private Object first(int b) {
    return blocks.get(b).firstValue().orElseThrow();
  }

  private long end(int b) {
    return blocks.get(b).firstRow() + blocks.get(b).rowCount();
  }

  /** The block holding row {@code row}, or the first after it. */
  int blockOf(long row) {
    int lo = 0;
    int hi = blocks.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (end(mid) <= row) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Counts the blocks wholly inside rows {@code [from, to)}, which were skipped. */
  void skipped(long from, long to, ScanReport report) {
    for (int b = blockOf(from); b < blocks.size() && end(b) <= to; b++) {
      BlockInfo info = blocks.get(b);
      if (info.firstRow() >= from && !counted[b]) {
        counted[b] = true;
        report.skipped("blocks", "column '" + name + "' block " + b + " (rows "
            + info.firstRow() + " to " + (end(b) - 1) + ")", reasons[b] + " (first value "
            + text(first(b)) + (b + 1 < blocks.size() ? ", next block's " + text(first(b + 1))
            : ", last block") + ")");
      }
    }
  }

  /** Counts the blocks that hold rows of {@code [from, to)}, which were read. */
  void read(long from, long to, ScanReport report) {
    for (int b = blockOf(from); b < blocks.size() && blocks.get(b).firstRow() < to; b++) {
      if (!counted[b]) {
        counted[b] = true;
        report.read("blocks", 1);
      }
    }
  }

  /**
   * Checks that the column's values in {@code batch}, rows {@code firstRow} on of the file, lie
   * between their blocks' first values and the next blocks', when its basis is a promise (a
   * checked column's skipped blocks were checked before; its rows read need not be in order).
   */
  void verify(ColumnBatch batch, long firstRow, String fileName) throws CorruptFileException {
    if (basis == Basis.CHECKED) {
      return;
    }
    ColumnVector v = batch.cols[vectorPath[0]];
    for (int k = 1; k < vectorPath.length; k++) {
      v = ((StructVector) v).fields[vectorPath[k]];
    }
    int b = blockOf(firstRow);
    for (int i = 0; i < batch.size; i++) {
      long row = firstRow + i;
      while (end(b) <= row) {
        b++;
      }
      boolean last = b + 1 == blocks.size();
      if (order.compare(v, i, first(b)) < 0 || !last && order.compare(v, i, first(b + 1)) > 0) {
        FileRegion block = FileRegion.of(fileName).child("column '" + name + "'").child("block", b);
        throw block.corrupt("%s", "row " + row + " lies outside its block's first values ("
                + text(first(b))
                + (last ? " on" : " to " + text(first(b + 1))) + "): the column is "
                + (basis == Basis.DECLARED ? "declared sorted (colfile.sorted)"
                    : "trusted to be sorted (FirstValueUse.TRUSTED)")
                + " but is not, so blocks the filter skipped on their word may hold matching "
                + "rows (FirstValueUse.NONE reads without them)");
      }
    }
  }

  static String text(Object firstValue) {
    if (firstValue instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    return firstValue instanceof String s ? "'" + s + "'" : String.valueOf(firstValue);
  }
}
