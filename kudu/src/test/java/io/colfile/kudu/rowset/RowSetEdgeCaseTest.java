package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rowsets at their edges: column names that clash with colfile's own file names, a failed
 * write, manifests that lie, REDO deltas that no Kudu would write, and block files where a
 * tablet keeps them.
 */
class RowSetEdgeCaseTest {
  @TempDir Path dir;

  private static final KuduSchema THREE = new KuduSchema(List.of(
      KuduColumn.of("k", 0, KuduType.INT32, false, true),
      KuduColumn.of("column-2", 1, KuduType.INT32, true, false),
      KuduColumn.of("a b", 2, KuduType.INT32, true, false)), List.of("k"));

  @Test
  void everyColumnGetsItsOwnFileWhateverItsName() throws IOException {
    Path rs = dir.resolve("rs");
    write(rs, THREE, new long[][] {{1, 10, 100}, {2, 20, 200}});
    try (var files = Files.list(rs)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
          "k.cfile", "column-2.cfile", "column-2-2.cfile", "bloom.cfile", "rowset.json");
    }
    assertThat(read(RowSetReader.openDirectory(rs))).containsExactly(
        List.of(1L, 10L, 100L), List.of(2L, 20L, 200L));
  }

  @Test
  void aFailedWriteGivesTheRowsetUp() throws IOException {
    KuduSchema s = new KuduSchema(List.of(KuduColumn.of("id", 0, KuduType.INT64, false, true),
        KuduColumn.of("small", 1, KuduType.INT8, true, false)), List.of("id"));
    Path rs = dir.resolve("rs");
    RowSetWriter w = RowSetWriter.create(rs, s, RowSetWriterOptions.defaults());
    ColumnBatch b = new ColumnBatch(s.rowType(), 4);
    ((LongVector) b.cols[0]).vector[0] = 1;
    ((LongVector) b.cols[1]).vector[0] = 10;
    ((LongVector) b.cols[0]).vector[1] = 2;
    ((LongVector) b.cols[1]).vector[1] = 1000;
    b.size = 2;
    assertThatThrownBy(() -> w.write(b)).hasMessage("row 2, column small: 1000 does not fit int8");
    assertThatThrownBy(() -> w.write(b)).isInstanceOf(IllegalStateException.class);
    w.close();
    assertThat(rs).doesNotExist();
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void manifestsThatLieAreCorrupt() throws IOException {
    Path rs = dir.resolve("rs");
    write(rs, THREE, new long[][] {{1, 10, 100}});
    String good = Files.readString(rs.resolve("rowset.json"));
    String[][] lies = {
        {"\"rows\" : 1", "\"rows\" : 1.5", "holds a value colfile never writes"},
        {"\"rows\" : 1,", "", "\"rows\" is not a row count"},
        {"\"key\" : [ \"k\" ]", "\"key\" : [ 1 ]", "\"key\" lists something other than names"},
        {"\"type\" : \"int32\"", "\"type\" : \"nested\"", "unknown Kudu type \"nested\""},
        {"\"block_size\" : 0", "\"block_size\" : 0, \"precision\" : 40, \"scale\" : 50",
            "cannot have precision 40 and scale 50"},
        {"\"block_size\" : 0", "\"block_size\" : 0, \"read_default_hex\" : \"00\"",
            "default is 4 bytes, not 1"},
        {"\"file\" : \"k.cfile\"", "\"file\" : \"../k.cfile\"", "not a plain name"},
    };
    for (String[] lie : lies) {
      assertThat(good).contains(lie[0]);
      Files.writeString(rs.resolve("rowset.json"), good.replaceFirst(
          java.util.regex.Pattern.quote(lie[0]), java.util.regex.Matcher.quoteReplacement(
              lie[1])));
      assertThatThrownBy(() -> RowSetReader.openDirectory(rs).close()).as(lie[1])
          .isInstanceOf(CorruptFileException.class).hasMessageContaining(lie[2]);
    }
  }

  @Test
  void deltasThatNullAKeyOrANonNullableColumnAreCorrupt() throws IOException {
    KuduSchema s = new KuduSchema(List.of(KuduColumn.of("id", 0, KuduType.INT64, false, true),
        KuduColumn.of("v", 1, KuduType.INT64, false, false)), List.of("id"));
    Path rs = dir.resolve("rs");
    write(rs, s, new long[][] {{1, 10}, {2, 20}});
    Map<Integer, String> columns = Map.of(0, "id.cfile", 1, "v.cfile");
    ColumnUpdate[][] bad = {{ColumnUpdate.setNull(1)}, {ColumnUpdate.of(0, new byte[8])}};
    for (ColumnUpdate[] u : bad) {
      Path redo = dir.resolve("redo" + u[0].columnId() + ".cfile");
      try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(redo), DeltaType.REDO,
          true)) {
        w.append(new DeltaKey(1, 5), RowChangeList.update(u));
      }
      RowSetFiles files = new RowSetFiles(columns, "bloom.cfile", null,
          List.of(redo.toString()), List.of());
      assertThatThrownBy(() -> RowSetReader.open(s, files, rs).close())
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining(u[0].columnId() == 0 ? "updates key column id"
              : "sets column v, which is not nullable, to NULL");
    }
  }

  @Test
  void blockFilesMayLieWhereATabletKeepsThem() throws IOException {
    Path rs = dir.resolve("rs");
    write(rs, THREE, new long[][] {{7, 70, 700}});
    Path data = Files.createDirectories(dir.resolve("fs/data/00/00/00"));
    Files.copy(rs.resolve("k.cfile"), data.resolve("0000000000000011"));
    Files.copy(rs.resolve("column-2.cfile"), data.resolve("0000000000000012"));
    RowSetFiles files = new RowSetFiles(Map.of(0, "data/00/00/00/0000000000000011",
        1, "data/00/00/00/0000000000000012", 2, rs.resolve("column-2-2.cfile").toString()),
        null, null, List.of(), List.of());
    assertThat(read(RowSetReader.open(THREE, files, dir.resolve("fs"))))
        .containsExactly(List.of(7L, 70L, 700L));
  }

  private static void write(Path rs, KuduSchema s, long[][] rows) throws IOException {
    try (RowSetWriter w = RowSetWriter.create(rs, s, RowSetWriterOptions.defaults())) {
      ColumnBatch b = new ColumnBatch(s.rowType(), rows.length);
      for (int r = 0; r < rows.length; r++) {
        for (int c = 0; c < rows[r].length; c++) {
          ((LongVector) b.cols[c]).vector[r] = rows[r][c];
        }
      }
      b.size = rows.length;
      w.write(b);
    }
  }

  private static List<List<Long>> read(RowSetReader reader) throws IOException {
    List<List<Long>> out = new ArrayList<>();
    try (reader; BatchReader rows = reader.read(ReadOptions.defaults())) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        for (int r = 0; r < b.size; r++) {
          List<Long> row = new ArrayList<>();
          for (int c = 0; c < b.cols.length; c++) {
            row.add(((LongVector) b.cols[c]).vector[r]);
          }
          out.add(row);
        }
      }
    }
    return out;
  }

}
