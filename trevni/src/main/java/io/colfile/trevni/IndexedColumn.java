package io.colfile.trevni;

import io.colfile.core.ScanReport;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.filter.ColumnRange;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;

/**
 * A column whose first values a {@link BlockIndex} uses: its blocks' ranges, why each block was
 * ruled out, which blocks the report has counted, and the check of the rows read against the
 * blocks' bounds.
 */
final class IndexedColumn {
  final String name;
  private final FirstValueOrder order;
  final List<BlockInfo> blocks;
  /** Field indexes that lead to the column's vector in the raw batches. */
  private final int[] vectorPath;
  /** Why each block was ruled out (of its first piece ruled out), or null. */
  final String[] reasons;
  private final boolean[] counted;

  private IndexedColumn(String name, FirstValueOrder order, List<BlockInfo> blocks,
      int[] vectorPath) {
    this.name = name;
    this.order = order;
    this.blocks = blocks;
    this.vectorPath = vectorPath;
    this.reasons = new String[blocks.size()];
    this.counted = new boolean[blocks.size()];
  }

  /**
   * The index of key column {@code k}, read in batches of {@code rawType}; null when it has no
   * usable first values (with a note in {@code report} when they are out of order).
   */
  static IndexedColumn of(TrevniFileReader file, KeyColumns.Key k, Type rawType,
      ScanReport report) throws IOException {
    ColumnSpec spec = file.column(k.column());
    int[] path = vectorPath(rawType, k.path());
    if (k.order() == null || !spec.hasFirstValues() || path == null) {
      return null;
    }
    List<BlockInfo> blocks = file.blocks(k.column());
    for (int b = 1; b < blocks.size(); b++) {
      Object prev = blocks.get(b - 1).firstValue().orElseThrow();
      Object next = blocks.get(b).firstValue().orElseThrow();
      if (ValueCodec.compare(spec.type(), prev, next) > 0) {
        report.note("column '" + spec.name() + "': first values out of order (block " + b
            + " starts with " + text(next) + ", block " + (b - 1) + " with " + text(prev)
            + "): the column is not sorted, so they are not used");
        return null;
      }
    }
    return new IndexedColumn(spec.name(), k.order(), blocks, path);
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
   * between their blocks' first values and the next blocks'.
   */
  void verify(ColumnBatch batch, long firstRow, String fileName) throws CorruptFileException {
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
        throw new CorruptFileException(fileName, "column '" + name + "' / block " + b, -1,
            "row " + row + " lies outside its block's first values (" + text(first(b))
                + (last ? " on" : " to " + text(first(b + 1))) + "): the column has first "
                + "values (trevni.values) but is not sorted, so blocks the filter skipped on "
                + "their word may hold matching rows (TrevniReader.read(options, false) reads "
                + "without them)");
      }
    }
  }

  private static String text(Object firstValue) {
    if (firstValue instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    return firstValue instanceof String s ? "'" + s + "'" : String.valueOf(firstValue);
  }
}
