package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFileReader;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetReader;
import io.colfile.kudu.rowset.RowSetWriter;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kudu's files cannot be split ({@link ReadOptions#withSplit}): a CFile, a DeltaFile and a
 * rowset directory return all their rows to a split that holds byte 0, and to any other none,
 * in batches of the schema the read would have had.
 */
@ExtendWith(TestSeed.class)
class SplitReadTest {
  @TempDir Path dir;

  @Test
  void aCFileIsOneSplit() throws IOException {
    Random r = TestSeed.random("kudu split cfile", 0);
    KuduType type = KuduType.INT64;
    byte[][] cells = ColumnGen.column(type, r, 1 + r.nextInt(3000), true);
    CFileWriterOptions o = CFileWriterOptions.builder(type).nullable(true)
        .blockSize(new int[] {64, 512, 4096}[r.nextInt(3)]).build();
    byte[] file = CFiles.writeVectors(o, cells, r);
    try (FileReader f = ColFile.open(InputFile.of("split.cfile", file))) {
      checkSplits(f, ReadOptions.defaults(), r, "CFile of " + cells.length + " cells");
    }
  }

  @Test
  void aDeltaFileIsOneSplit() throws IOException {
    Random r = TestSeed.random("kudu split delta", 0);
    MemoryOutput out = new MemoryOutput("redo.cfile");
    try (DeltaFileWriter w = DeltaFileWriter.create(out, DeltaType.REDO, r.nextBoolean(),
        CFileRoundTripTest.COMPRESSIONS[r.nextInt(4)], 64)) {
      for (int row = 0; row < 500; row += 1 + r.nextInt(3)) {
        w.append(new DeltaKey(row, DeltaKey.hybridTime(1_600_000_000_000_000L + row, 0)),
            RowChangeList.update(ColumnUpdate.of(r.nextInt(5), new byte[] {(byte) row})));
      }
    }
    try (FileReader f = DeltaFileReader.open(InputFile.of("redo.cfile", out.bytes()))) {
      checkSplits(f, ReadOptions.columns("row", "updates"), r, "DeltaFile");
    }
  }

  @Test
  void aRowsetDirectoryIsOneSplit() throws IOException {
    Random r = TestSeed.random("kudu split rowset", 0);
    KuduSchema schema = new KuduSchema(List.of(
        KuduColumn.of("k", 0, KuduType.INT64, false, true),
        KuduColumn.of("v", 1, KuduType.INT64, true, false)), List.of("k"));
    Path rs = dir.resolve("rs");
    int rows = 20 + r.nextInt(2000); // some match k >= 10
    try (RowSetWriter w = RowSetWriter.create(rs, schema, RowSetWriterOptions.defaults())) {
      ColumnBatch b = new ColumnBatch(schema.rowType(), rows);
      for (int i = 0; i < rows; i++) {
        ((LongVector) b.cols[0]).vector[i] = i;
        ((LongVector) b.cols[1]).vector[i] = r.nextLong();
      }
      b.size = rows;
      w.write(b);
    }
    try (FileReader f = RowSetReader.openDirectory(rs)) {
      checkSplits(f, ReadOptions.columns("v").withFilter(Predicate.parse("k >= 10")), r,
          "rowset of " + rows + " rows");
    }
  }

  /** Splits holding byte 0 read everything; others, nothing, of the same schema. */
  static void checkSplits(FileReader f, ReadOptions options, Random r, String what)
      throws IOException {
    List<Object> all;
    try (BatchReader whole = f.read(options)) {
      all = Rows.readAll(whole);
    }
    assertThat(all).as(what).isNotEmpty();
    try (BatchReader first = f.read(options.withSplit(0, 1 + r.nextInt(1 << 20)))) {
      assertThat(Rows.readAll(first)).as("%s, split at 0; %s", what, TestSeed.replay())
          .isEqualTo(all);
    }
    long[][] others = {{1 + r.nextInt(1 << 20), 1 + r.nextInt(1 << 20)}, {0, 0}};
    for (long[] split : others) {
      try (BatchReader whole = f.read(options);
           BatchReader none = f.read(options.withSplit(split[0], split[1]))) {
        String at = what + ", split [" + split[0] + ", +" + split[1] + "); " + TestSeed.replay();
        assertThat(none.schema()).as(at).isEqualTo(whole.schema());
        assertThat(Rows.readAll(none)).as(at).isEmpty();
        none.seekToRow(0);
        assertThat(Rows.readAll(none)).as(at).isEmpty();
      }
    }
  }
}
