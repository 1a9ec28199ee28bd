package io.colfile.kudu;

import io.colfile.core.io.OutputFile;
import io.colfile.kudu.CFileRoundTripRowSetTest.Table;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.RowSetFiles;
import io.colfile.kudu.rowset.RowSetManifest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random REDO DeltaFiles for a rowset of {@link CFileRoundTripRowSetTest}'s model: UPDATEs and
 * DELETEs of live rows, REINSERTs of deleted ones, with increasing timestamps, spread over one
 * to three files, each in REDO order; and the rows a scan at the latest time returns.
 */
final class RandomRedo {
  private RandomRedo() {}

  /** The REDO files written (in a random order: timestamps, not the list, order them). */
  record Written(List<String> files, List<byte[][]> live) {}

  /** Writes REDO files into {@code dir} for the rowset of {@code sorted} rows (key order). */
  static Written write(Path dir, Table table, List<byte[][]> sorted, Random r)
      throws IOException {
    List<KuduColumn> cols = table.columns();
    List<Integer> valueCols = new ArrayList<>();
    for (int c = 0; c < cols.size(); c++) {
      if (!cols.get(c).key()) {
        valueCols.add(c);
      }
    }
    int files = 1 + r.nextInt(3);
    List<List<Object[]>> perFile = new ArrayList<>(); // {DeltaKey, RowChangeList}
    for (int f = 0; f < files; f++) {
      perFile.add(new ArrayList<>());
    }
    List<byte[][]> expected = new ArrayList<>();
    for (int row = 0; row < sorted.size(); row++) {
      byte[][] now = sorted.get(row).clone();
      boolean live = true;
      if (r.nextInt(3) == 0) {
        int mutations = 1 + r.nextInt(4);
        long ts = DeltaKey.hybridTime(1_600_000_000_000_000L + r.nextInt(1 << 20), 0);
        for (int m = 0; m < mutations; m++) {
          ts += 1 + r.nextInt(1 << 16);
          RowChangeList change;
          if (!live) {
            List<ColumnUpdate> all = new ArrayList<>();
            for (int c : valueCols) {
              now[c] = CFileRoundTripRowSetTest.cell(cols.get(c), r);
              all.add(update(cols.get(c), now[c]));
            }
            change = RowChangeList.reinsert(all);
            live = true;
          } else if (valueCols.isEmpty() || r.nextInt(3) == 0) {
            change = RowChangeList.delete();
            live = false;
          } else {
            List<Integer> pick = new ArrayList<>(valueCols);
            Collections.shuffle(pick, r);
            List<ColumnUpdate> some = new ArrayList<>();
            for (int c : pick.subList(0, 1 + r.nextInt(pick.size()))) {
              now[c] = CFileRoundTripRowSetTest.cell(cols.get(c), r);
              some.add(update(cols.get(c), now[c]));
            }
            change = RowChangeList.update(some);
          }
          perFile.get(r.nextInt(files)).add(new Object[] {new DeltaKey(row, ts), change});
        }
      }
      if (live) {
        expected.add(now);
      }
    }
    List<String> names = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      List<Object[]> cells = perFile.get(f);
      cells.sort((a, b) -> DeltaType.REDO.compare((DeltaKey) a[0], (DeltaKey) b[0]));
      String name = "redo." + f + ".cfile";
      names.add(name);
      try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(dir.resolve(name)),
          DeltaType.REDO, r.nextBoolean(), CFileRoundTripTest.COMPRESSIONS[r.nextInt(4)],
          new int[] {64, 1024, DeltaFileWriter.DEFAULT_BLOCK_SIZE}[r.nextInt(3)])) {
        for (Object[] c : cells) {
          w.append((DeltaKey) c[0], (RowChangeList) c[1]);
        }
      }
    }
    Collections.shuffle(names, r);
    return new Written(names, expected);
  }

  /** Lists {@code redo} in the rowset.json of {@code dir}. */
  static void list(Path dir, List<String> redo) throws IOException {
    RowSetManifest.Contents m;
    try (InputStream in = Files.newInputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      m = RowSetManifest.read(in, "rowset.json");
    }
    RowSetFiles files = new RowSetFiles(m.files().columns(), m.files().bloom(),
        m.files().adhocIndex(), redo, List.of());
    try (OutputStream out = Files.newOutputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      RowSetManifest.write(new RowSetManifest.Contents(m.schema(), files, m.rows()), out);
    }
  }

  private static ColumnUpdate update(KuduColumn c, byte[] cell) {
    return cell == null ? ColumnUpdate.setNull(c.id()) : ColumnUpdate.of(c.id(), cell);
  }
}
