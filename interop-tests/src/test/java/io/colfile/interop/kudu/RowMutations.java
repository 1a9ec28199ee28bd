package io.colfile.interop.kudu;

import io.colfile.kudu.KuduType;
import io.colfile.kudu.delta.ChangeType;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaCell;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded mutations of a rowset's rows as delta cells. UNDO: every row's insertion (a DELETE at
 * the time it was inserted, before the rowset was written) and for one row in five one or two
 * UPDATEs after it; newest first per row, as UNDO files are ordered. REDO: for one row in
 * three one to three mutations after the rowset was written, oldest first: UPDATEs of one to
 * three columns, a DELETE, and after a DELETE a REINSERT of every value column.
 */
final class RowMutations {
  final List<DeltaCell> redo = new ArrayList<>();
  final List<DeltaCell> undo = new ArrayList<>();
  private final Map<Long, List<DeltaCell>> redoByRow = new LinkedHashMap<>();
  private final Map<Long, List<DeltaCell>> undoByRow = new LinkedHashMap<>();
  private final List<KuduColumn> values;
  private final Map<KuduType, List<byte[]>> pools = new EnumMap<>(KuduType.class);
  private final Random r;

  RowMutations(int rows, List<KuduColumn> values, Random r) {
    this.values = values;
    this.r = r;
    for (KuduColumn c : values) {
      pools.computeIfAbsent(c.type(), t -> t.physical().isFixedWidth()
          ? TrickyCells.fixed(t, r) : TrickyCells.binary(r));
    }
    long written = DeltaKey.hybridTime(1_700_000_000_000_000L, 0);
    for (long ordinal = 0; ordinal < rows; ordinal++) {
      List<DeltaCell> u = new ArrayList<>();
      long ts = written - (((1L + r.nextInt(1 << 20)) << 12) | r.nextInt(4096));
      u.add(new DeltaCell(new DeltaKey(ordinal, ts), RowChangeList.delete()));
      for (int k = r.nextInt(5) == 0 ? 1 + r.nextInt(2) : 0; k > 0; k--) {
        ts += 1 + r.nextInt(1000);
        u.add(new DeltaCell(new DeltaKey(ordinal, ts), RowChangeList.update(updates())));
      }
      Collections.reverse(u);
      undo.addAll(u);
      undoByRow.put(ordinal, u);

      List<DeltaCell> d = new ArrayList<>();
      ts = written + (((1L + r.nextInt(1 << 20)) << 12) | r.nextInt(4096));
      boolean alive = true;
      for (int k = r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 0; k > 0; k--) {
        RowChangeList change;
        if (!alive) {
          List<ColumnUpdate> all = new ArrayList<>();
          values.forEach(c -> all.add(value(c)));
          change = RowChangeList.reinsert(all);
        } else if (r.nextInt(3) == 0) {
          change = RowChangeList.delete();
        } else {
          change = RowChangeList.update(updates());
        }
        alive = change.type() != ChangeType.DELETE;
        d.add(new DeltaCell(new DeltaKey(ordinal, ts), change));
        ts += 1 + r.nextInt(1 << 16);
      }
      redo.addAll(d);
      redoByRow.put(ordinal, d);
    }
  }

  private List<ColumnUpdate> updates() {
    List<KuduColumn> cols = new ArrayList<>(values);
    Collections.shuffle(cols, r);
    List<ColumnUpdate> out = new ArrayList<>();
    for (KuduColumn c : cols.subList(0, 1 + r.nextInt(3))) {
      out.add(value(c));
    }
    return out;
  }

  private ColumnUpdate value(KuduColumn c) {
    if (c.nullable() && r.nextInt(5) == 0) {
      return ColumnUpdate.setNull(c.id());
    }
    if (c.type() == KuduType.DATE) {
      return ColumnUpdate.of(c.id(), TrickyCells.le(4,
          KuduType.MIN_DATE + r.nextInt(KuduType.MAX_DATE - KuduType.MIN_DATE)));
    }
    List<byte[]> pool = pools.get(c.type());
    return ColumnUpdate.of(c.id(), pool.get(r.nextInt(pool.size())));
  }

  List<DeltaCell> redoOf(long ordinal) {
    return redoByRow.get(ordinal);
  }

  List<DeltaCell> undoOf(long ordinal) {
    return undoByRow.get(ordinal);
  }

  /**
   * A list of mutations as Kudu's Mutation::StringifyMutationList and RowChangeList::ToString
   * print them: {@code [@<timestamp>(SET a=1, b=NULL), @<timestamp>(DELETE)]}, REINSERT like
   * SET, values as in a cell dump.
   */
  String text(List<DeltaCell> mutations, KuduSchema schema) {
    StringBuilder sb = new StringBuilder("[");
    for (DeltaCell d : mutations) {
      sb.append(sb.length() > 1 ? ", " : "").append('@')
          .append(Long.toUnsignedString(d.key().timestamp())).append('(');
      RowChangeList c = d.changes();
      switch (c.type()) {
        case DELETE -> sb.append("DELETE");
        case REINSERT -> sb.append("REINSERT ");
        default -> sb.append("SET ");
      }
      boolean first = true;
      for (ColumnUpdate u : c.updates()) {
        KuduColumn col = schema.columnById(u.columnId());
        sb.append(first ? "" : ", ").append(col.name()).append('=')
            .append(KuduCells.line(col.type(), u.value()));
        first = false;
      }
      sb.append(')');
    }
    return sb.append(']').toString();
  }
}
