package io.colfile.kudu.delta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduDump;
import io.colfile.kudu.KuduSharedData;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.RawCFile;
import io.colfile.kudu.RowsetKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every REDO and UNDO DeltaFile of the corpus, as {@code kudu fs dump cfile} printed its cells:
 * each cell decodes into a DeltaKey and a RowChangeList and re-encodes to the same bytes; cells
 * are in the file type's order; values have their column's cell width; REINSERTs list every
 * non-key column; the stats recomputed from the cells equal the footer's deltafilestats, field
 * by field and byte for byte; and UNDO files undo every row's insert with a DELETE.
 */
class DeltaGoldenTest {
  private static final HexFormat HEX = HexFormat.of();

  @Test
  void everyDeltaFile() throws IOException, MalformedInputException {
    int files = 0;
    int cells = 0;
    int freshUndos = 0;
    Set<ChangeType> typesSeen = new HashSet<>();
    for (KuduSharedData.Table t : KuduSharedData.tables()) {
      Set<Integer> keyIds = new HashSet<>();
      for (String k : t.keyColumns()) {
        keyIds.add(t.columnId(k));
      }
      Set<Integer> nonKeyIds = new HashSet<>(t.idTypes().keySet());
      nonKeyIds.removeAll(keyIds);
      for (int rs : t.rowsets()) {
        int rows = RowsetKeys.keyColumnValues(t, rs).get(0).size();
        for (DeltaType type : DeltaType.values()) {
          for (int n = 1; ; n++) {
            String base = "rs" + rs + "." + type.name().toLowerCase() + "." + n;
            if (!Files.exists(t.file(base + ".dump.txt"))) {
              break;
            }
            String name = t.name() + "/" + base;
            List<DeltaCell> decoded = checkCells(name, t, type, rows, keyIds, nonKeyIds,
                KuduDump.read(t.file(base + ".dump.txt")), typesSeen);
            cells += decoded.size();
            checkStats(name, decoded, KuduDump.read(t.file(base + ".dump.txt")),
                RawCFile.read(t.file(base + ".cfile")));
            if (type == DeltaType.UNDO && checkUndo(name, decoded, rows)) {
              freshUndos++;
            }
            files++;
          }
        }
      }
    }
    assertEquals(76, files, "delta files (the manifest lists 55 REDO and 21 UNDO)");
    assertTrue(cells > 13_000, cells + " cells");
    assertEquals(Set.of(ChangeType.values()), typesSeen, "UPDATE, DELETE and REINSERT all seen");
    // Rowsets whose rows were never mutated before their flush: s_int64, s_string and
    // s_composite rs1, and s_nonunique rs0.
    assertTrue(freshUndos >= 4, freshUndos + " UNDO files of one DELETE per row");
  }

  private static List<DeltaCell> checkCells(String name, KuduSharedData.Table t, DeltaType type,
      int rows, Set<Integer> keyIds, Set<Integer> nonKeyIds, KuduDump dump,
      Set<ChangeType> typesSeen) throws MalformedInputException {
    List<byte[]> raw = dump.binaryValues();
    assertEquals(Long.parseLong(dump.footerField("num_values")), raw.size(), name);
    assertTrue(!raw.isEmpty(), name + " is empty");
    List<DeltaCell> out = new ArrayList<>(raw.size());
    RowChangeListDecoder dec = new RowChangeListDecoder();
    for (int i = 0; i < raw.size(); i++) {
      byte[] b = raw.get(i);
      String where = name + " cell " + i + " " + HEX.formatHex(b);
      DeltaCell cell = DeltaCell.decode(b, 0, b.length);
      assertArrayEquals(b, cell.encode(), where + " re-encoded");
      // The allocation-free path reads the same.
      int keyLen = DeltaKey.lengthAt(b, 0, b.length);
      assertEquals(cell.key(), DeltaKey.decode(b, 0, keyLen), where);
      dec.reset(b, keyLen, b.length - keyLen);
      assertEquals(cell.changes().type(), dec.type(), where);

      DeltaKey key = cell.key();
      assertTrue(key.rowOrdinal() < rows, where + ": row beyond the rowset's " + rows);
      // Real HybridTimes: 9-byte varints, physical part in 2024 or so.
      assertEquals(0xFF, b[MemcmpVarint.lengthOf(b[0])] & 0xFF, where);
      assertTrue(key.physicalMicros() > 1_600_000_000_000_000L, where);
      if (i > 0) {
        DeltaKey prev = out.get(i - 1).key();
        assertTrue(type.compare(prev, key) < 0, where + " out of " + type + " order after " + prev);
      }
      RowChangeList rcl = cell.changes();
      typesSeen.add(rcl.type());
      Set<Integer> ids = new HashSet<>();
      for (ColumnUpdate u : rcl.updates()) {
        assertTrue(!keyIds.contains(u.columnId()), where + ": key column in a change list");
        assertTrue(ids.add(u.columnId()), where + ": column " + u.columnId() + " twice");
        KuduType colType = t.typeOfColumnId(u.columnId());
        if (!u.isNull() && colType.physical().isFixedWidth()) {
          assertEquals(colType.physical().width(), u.valueLength(), where + " " + colType);
        }
      }
      if (rcl.type() == ChangeType.REINSERT) {
        assertEquals(nonKeyIds, ids, where + ": a REINSERT lists every non-key column");
      }
      out.add(cell);
    }
    return out;
  }

  private static void checkStats(String name, List<DeltaCell> cells, KuduDump dump,
      RawCFile file) throws MalformedInputException {
    byte[] inDump = dump.metadata("deltafilestats");
    assertNotNull(inDump, name + " deltafilestats");
    assertArrayEquals(inDump, file.footerMetadata("deltafilestats"), name + " dump vs file");
    DeltaStats kudu = DeltaStats.parse(inDump, 0, inDump.length);
    DeltaStats ours = new DeltaStats();
    for (DeltaCell c : cells) {
      ours.add(c);
    }
    assertEquals(kudu, ours, name + " stats");
    assertEquals(HEX.formatHex(inDump), HEX.formatHex(ours.toBytes()), name + " stats bytes");
  }

  /**
   * Every row's oldest UNDO (its last cell) is the DELETE that undoes its insert, and a row
   * has one DELETE more than REINSERTs (each REINSERT undoes a delete, after which an earlier
   * insert is undone by another DELETE). Returns whether the file is exactly one DELETE per row,
   * as after a flush of rows never mutated.
   */
  private static boolean checkUndo(String name, List<DeltaCell> cells, int rows) {
    Map<Long, int[]> perRow = new HashMap<>(); // deletes, reinserts
    Map<Long, ChangeType> last = new HashMap<>();
    for (DeltaCell c : cells) {
      int[] n = perRow.computeIfAbsent(c.key().rowOrdinal(), k -> new int[2]);
      if (c.changes().type() == ChangeType.DELETE) {
        n[0]++;
      } else if (c.changes().type() == ChangeType.REINSERT) {
        n[1]++;
      }
      last.put(c.key().rowOrdinal(), c.changes().type());
    }
    assertEquals(rows, perRow.size(), name + ": rows with UNDOs");
    for (long row = 0; row < rows; row++) {
      assertEquals(ChangeType.DELETE, last.get(row), name + " row " + row + " oldest UNDO");
      int[] n = perRow.get(row);
      assertEquals(n[1] + 1, n[0], name + " row " + row + " DELETEs vs REINSERTs");
    }
    return cells.size() == rows
        && cells.stream().allMatch(c -> c.changes().type() == ChangeType.DELETE);
  }
}
