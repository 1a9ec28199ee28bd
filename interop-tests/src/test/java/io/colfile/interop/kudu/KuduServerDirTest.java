package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.kudu.CFile;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.delta.DeltaFile;
import io.colfile.kudu.rowset.RowSetReader;
import io.colfile.kudu.tablet.KuduServerDir;
import io.colfile.kudu.tablet.KuduTable;
import io.colfile.kudu.tablet.RowSetMeta;
import io.colfile.kudu.tablet.TabletDataState;
import io.colfile.kudu.tablet.TabletMeta;
import io.colfile.kudu.tablet.TabletReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A tablet server the real Kudu 1.17.1 wrote and then SIGKILLed ({@link KuduTabletDirs}), read
 * without Kudu through {@link KuduServerDir}, with both block managers:
 *
 * <ul>
 *   <li>the tables and tablets are those of the generator's manifest, every tablet READY;
 *   <li>every block a superblock names is a live block of the store and opens: column CFiles and
 *       REDO deltas through the rowset reader, UNDO deltas iterated to the end, bloom filters
 *       and ad-hoc indexes opened (so their headers, footers and the checksums of every block
 *       read are checked);
 *   <li>each table's flushed rows (every tablet, REDO deltas applied) equal, value by value, the
 *       rows Kudu's own snapshot scan returned at {@code asof-w2}: the generator flushed
 *       everything written up to that point and nothing after it (wave 3 lives only in the
 *       write-ahead log, which colfile does not read yet), so the flushed data must be exactly
 *       that state.
 * </ul>
 */
class KuduServerDirTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest
  @ValueSource(strings = {"log", "file"})
  void readsTheFlushedRowsOfACrashedTabletServer(String blockManager) throws Exception {
    Path gen = KuduTabletDirs.get(blockManager);
    JsonNode manifest = JSON.readTree(gen.resolve("manifest.json").toFile());
    KuduServerDir dir = KuduServerDir.open(gen.resolve("tserver"), List.of());
    assertThat(dir.blocks().kind()).isEqualTo(blockManager);
    assertThat(dir.skipped()).isEmpty();

    Map<String, TreeSet<String>> expectedTablets = new TreeMap<>();
    for (JsonNode t : manifest.get("tables")) {
      TreeSet<String> ids = new TreeSet<>();
      t.get("tablets").forEach(x -> ids.add(x.get("tablet_id").asText()));
      expectedTablets.put(t.get("table").asText(), ids);
    }
    Map<String, TreeSet<String>> tablets = new TreeMap<>();
    for (KuduTable t : dir.tables()) {
      TreeSet<String> ids = new TreeSet<>();
      t.tablets().forEach(x -> ids.add(x.tabletId()));
      tablets.put(t.name(), ids);
    }
    assertThat(tablets).isEqualTo(expectedTablets);

    int blocks = 0;
    for (TabletMeta t : dir.tablets()) {
      assertThat(t.dataState()).isEqualTo(TabletDataState.READY);
      assertThat(t.rowsets()).as("tablet %s: one DiskRowSet per flushed wave", t.tabletId())
          .isNotEmpty();
      for (RowSetMeta rs : t.rowsets()) {
        assertThat(dir.blocks().blockIds()).containsAll(rs.blocks());
        blocks += rs.blocks().size();
        checkBlocks(dir, t, rs);
      }
    }
    assertThat(blocks).isGreaterThan(100);

    for (KuduTable table : dir.tables()) {
      List<String> ours = new ArrayList<>();
      JsonNode expected = JSON.readTree(gen.resolve("expected").resolve(table.name()
          + ".asof-w2.json").toFile());
      List<String> names = new ArrayList<>();
      expected.get("schema").forEach(c -> names.add(c.get("name").asText()));
      for (TabletMeta t : table.tablets()) {
        try (TabletReader r = dir.openTablet(t.tabletId())) {
          ours.addAll(rows(r, names));
        }
      }
      List<String> theirs = new ArrayList<>();
      for (JsonNode row : expected.get("rows")) {
        theirs.add(expectedRow(row, expected.get("schema")));
      }
      assertThat(ours).as("table %s: flushed rows against Kudu's scan at asof-w2", table.name())
          .containsExactlyInAnyOrderElementsOf(theirs);
      assertThat(ours).as("table %s", table.name()).hasSizeGreaterThan(10);
    }
  }

  /**
   * Flushed rows and the write-ahead log together: every table's rows, across its tablets,
   * are exactly those Kudu's own scan returned just before the server was killed, including
   * the last wave, which only the logs hold (updates and deletes of flushed rows, inserts,
   * upserts, reinserts, failed and ignored operations, non-unique keys).
   */
  @ParameterizedTest
  @ValueSource(strings = {"log", "file"})
  void readsTheRowsTheServerHeldWhenKilled(String blockManager) throws Exception {
    Path gen = KuduTabletDirs.get(blockManager);
    KuduServerDir dir = KuduServerDir.open(gen.resolve("tserver"), List.of());
    for (KuduTable table : dir.tables()) {
      JsonNode expected = JSON.readTree(gen.resolve("expected").resolve(table.name()
          + ".json").toFile());
      List<String> names = new ArrayList<>();
      expected.get("schema").forEach(c -> names.add(c.get("name").asText()));
      List<String> ours = new ArrayList<>();
      List<String> flushedOnly = new ArrayList<>();
      for (TabletMeta t : table.tablets()) {
        try (io.colfile.kudu.tablet.LiveTablet r = dir.openLiveTablet(t.tabletId())) {
          ours.addAll(rows(r, names));
        }
        try (TabletReader r = dir.openTablet(t.tabletId())) {
          flushedOnly.addAll(rows(r, names));
        }
      }
      List<String> theirs = new ArrayList<>();
      for (JsonNode row : expected.get("rows")) {
        theirs.add(expectedRow(row, expected.get("schema")));
      }
      assertThat(ours).as("table %s: rows against Kudu's scan before the kill", table.name())
          .containsExactlyInAnyOrderElementsOf(theirs);
      // the last wave is in the logs only: without them the rows differ
      assertThat(flushedOnly).as("table %s", table.name())
          .doesNotContainSequence(theirs).isNotEqualTo(theirs);
    }
  }

  /**
   * As of each point the generator recorded (inside and between the waves, the last inside the
   * wave only the logs hold): every table's rows equal Kudu's own snapshot scan at that time,
   * flushed data rolled back through its UNDO deltas and the logs replayed up to it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"log", "file"})
  void readsTheRowsAsOfEachSnapshot(String blockManager) throws Exception {
    Path gen = KuduTabletDirs.get(blockManager);
    JsonNode manifest = JSON.readTree(gen.resolve("manifest.json").toFile());
    KuduServerDir dir = KuduServerDir.open(gen.resolve("tserver"), List.of());
    int points = 0;
    for (JsonNode point : manifest.get("asof_points")) {
      long micros = point.get("micros").asLong();
      for (KuduTable table : dir.tables()) {
        JsonNode expected = JSON.readTree(gen.resolve("expected").resolve(table.name()
            + point.get("file_suffix").asText()).toFile());
        List<String> names = new ArrayList<>();
        expected.get("schema").forEach(c -> names.add(c.get("name").asText()));
        List<String> ours;
        try (io.colfile.kudu.tablet.TableReader r = dir.openTable(table.name(), micros)) {
          ours = rows(r, names);
        }
        List<String> theirs = new ArrayList<>();
        for (JsonNode row : expected.get("rows")) {
          theirs.add(expectedRow(row, expected.get("schema")));
        }
        assertThat(ours).as("table %s as of %s (%s)", table.name(),
            point.get("name").asText(), point.get("when").asText())
            .containsExactlyInAnyOrderElementsOf(theirs);
      }
      points++;
    }
    assertThat(points).isGreaterThanOrEqualTo(4);
  }

  /** Opens and reads every block of one rowset. */
  private static void checkBlocks(KuduServerDir dir, TabletMeta t, RowSetMeta rs)
      throws IOException {
    try (RowSetReader r = dir.openRowSet(t, rs); BatchReader rows = r.read(ReadOptions
        .defaults())) {
      ColumnBatch b = rows.newBatch();
      long n = 0;
      while (rows.next(b)) {
        b.validate();
        n += b.size;
      }
      assertThat(n).isEqualTo(r.numberOfRows());
      if (rs.liveRowCount() >= 0) {
        assertThat(rs.liveRowCount()).as("live_row_count of rowset %d of tablet %s", rs.id(),
            t.tabletId()).isLessThanOrEqualTo(r.baseRows());
      }
    }
    for (long undo : rs.undoBlocks()) {
      try (DeltaFile d = DeltaFile.open(dir.blocks().open(undo))) {
        DeltaFile.Iterator it = d.iterator();
        while (it.next()) {
          it.changes();
        }
      }
    }
    if (rs.bloomBlock() != null) {
      BloomFile.open(dir.blocks().open(rs.bloomBlock())).close();
    }
    if (rs.adhocIndexBlock() != null) {
      CFile.open(dir.blocks().open(rs.adhocIndexBlock())).close();
    }
  }

  /** The rows of {@code r}, each as the text of its cells in the order of {@code names}. */
  private static List<String> rows(io.colfile.core.FileReader r, List<String> names)
      throws IOException {
    List<String> out = new ArrayList<>();
    try (BatchReader rows = r.read(ReadOptions.defaults().withColumns(names))) {
      ColumnBatch b = rows.newBatch();
      List<Type> types = b.schema().children();
      while (rows.next(b)) {
        for (int i = 0; i < b.size; i++) {
          List<String> cells = new ArrayList<>();
          for (int c = 0; c < b.cols.length; c++) {
            cells.add(cell(b.cols[c], types.get(c), i));
          }
          out.add(String.join(" | ", cells));
        }
      }
    }
    return out;
  }

  private static String cell(ColumnVector v, Type type, int row) {
    if (!v.noNulls && v.isNull[row]) {
      return "null";
    }
    int i = row;
    return switch (type.kind()) {
      case BOOLEAN -> ((LongVector) v).vector[i] != 0 ? "true" : "false";
      case BYTE, SHORT, INT, LONG -> Long.toString(((LongVector) v).vector[i]);
      case FLOAT, DOUBLE -> Double.toString(((DoubleVector) v).vector[i]);
      case DATE -> LocalDate.ofEpochDay(((LongVector) v).vector[i]).toString();
      case TIMESTAMP, TIMESTAMP_INSTANT -> Long.toString(
          ((TimestampVector) v).seconds[i] * 1_000_000L
              + ((TimestampVector) v).nanos[i] / 1000);
      case DECIMAL -> ((DecimalVector) v).get(i).toPlainString();
      case BINARY -> HexFormat.of().formatHex(((BytesVector) v).get(i));
      case STRING, VARCHAR, CHAR -> new String(((BytesVector) v).get(i),
          StandardCharsets.UTF_8);
      default -> throw new AssertionError("type " + type);
    };
  }

  private static String expectedRow(JsonNode row, JsonNode schema) {
    List<String> cells = new ArrayList<>();
    for (int c = 0; c < row.size(); c++) {
      JsonNode v = row.get(c);
      String kuduType = schema.get(c).get("kudu_type").asText();
      if (v.isNull()) {
        cells.add("null");
      } else if ((kuduType.equals("float") || kuduType.equals("double")) && v.isNumber()) {
        cells.add(Double.toString(v.doubleValue()));
      } else {
        cells.add(v.asText());
      }
    }
    return String.join(" | ", cells);
  }
}
