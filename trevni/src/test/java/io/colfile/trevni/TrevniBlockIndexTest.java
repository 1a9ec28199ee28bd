package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * First values as a block index: on a sorted column a point lookup reads the one block that can
 * hold the value, a range the blocks it overlaps, and the report says which blocks were skipped
 * and by which first values, and on what the column's first values were trusted (declared
 * sorted, or verified by reading the blocks to skip in that column alone); on a column that is
 * not sorted every matching row is still found, unless the caller vouched for it.
 */
@ExtendWith(TestSeed.class)
class TrevniBlockIndexTest {
  private static final int ROWS = 20_000;

  @TempDir Path dir;

  /**
   * Columns k ({@code key}, first values, declared sorted if {@code sorted}), s (string), a
   * (array) and a#c (child).
   */
  private byte[] file(IntUnaryOperator key, boolean sorted) {
    ColumnSpec k = ColumnSpec.of("k", ValueType.LONG);
    List<ColumnSpec> cols = List.of(sorted ? k.sorted() : k.withFirstValues(),
        ColumnSpec.of("s", ValueType.STRING), ColumnSpec.of("a", ValueType.NULL).asArray(),
        ColumnSpec.of("a#c", ValueType.INT).withParent("a"));
    return TrevniFiles.write(dir, cols, TrevniWriterOptions.builder().blockSize(2000)
        .codec(TrevniCodec.DEFLATE).build(), w -> {
          for (int row = 0; row < ROWS; row++) {
            w.startRow();
            w.writeLong(0, key.applyAsInt(row));
            w.writeString(1, "s" + row);
            w.writeLength(2, row % 3);
            for (int e = 0; e < row % 3; e++) {
              w.writeNull(2);
              w.writeInt(3, row * 10 + e);
            }
            w.endRow();
          }
        });
  }

  private record Read(List<Object> rows, ScanReport report) {}

  private static Read read(TrevniReader r, String where) throws IOException {
    return read(r, where, FirstValueUse.CHECKED);
  }

  private static Read read(TrevniReader r, String where, FirstValueUse use) throws IOException {
    try (BatchReader rows = r.read(ReadOptions.defaults().withFilter(Predicate.parse(where)),
        use)) {
      List<Object> out = Rows.readAll(rows);
      return new Read(out, rows.report());
    }
  }

  private static List<Object> expected(TrevniReader r, String where) throws IOException {
    return ReferenceEvaluator.filter(Predicate.parse(where), r.schema(),
        Rows.readAll(r.read(ReadOptions.defaults())));
  }

  @Test
  void aPointLookupReadsOneBlockOfADeclaredSortedColumn() throws IOException {
    try (TrevniReader r = TrevniReader.open(InputFile.of("sorted.trv",
        file(row -> row * 2, true)))) {
      assertThat(r.file().column(0).isSorted()).isTrue();
      List<BlockInfo> blocks = r.file().blocks(0);
      assertThat(blocks.size()).isGreaterThan(10);
      BlockInfo b = blocks.get(5);
      long inside = (Long) b.firstValue().orElseThrow() + 4; // not a first value: one block
      CountingInputFile counted = new CountingInputFile(InputFile.of("sorted.trv",
          file(row -> row * 2, true)));
      try (TrevniReader c = TrevniReader.open(counted)) {
        c.file().blocks(0);
        counted.forget();
        Read got = read(c, "k = " + inside);
        assertThat(got.rows).isEqualTo(expected(r, "k = " + inside)).hasSize(1);
        assertThat(got.report.counts("blocks"))
            .isEqualTo(new ScanReport.Counts(1, blocks.size() - 1));
        assertThat(got.report.counts("rows"))
            .isEqualTo(new ScanReport.Counts(b.rowCount(), ROWS - b.rowCount()));
        assertThat(got.report.notes()).contains("column 'k': first values used, declared sorted"
            + " (colfile.sorted: its writer refused values out of order); rows read are checked"
            + " against them");
        assertThat(got.report.notes()).anySatisfy(n -> assertThat(n).startsWith(
            "column 'k' block 6 (rows " + blocks.get(6).firstRow() + " to ").contains(
                "skipped, k = " + inside + ": values in [" + blocks.get(6).firstValue().get())
            .contains("(first value " + blocks.get(6).firstValue().get() + ", next block's "));
        // of column k, only block 5 was read: nothing else to trust the others
        assertThat(TrevniFiles.bytesRead(counted, c.file(), "k"))
            .isEqualTo(b.compressedSize());
      }
      // a first value itself may also end the block before it: two blocks at most
      long first = (Long) b.firstValue().orElseThrow();
      Read edge = read(r, "k = " + first);
      assertThat(edge.rows).isEqualTo(expected(r, "k = " + first));
      assertThat(edge.report.counts("blocks").read()).isEqualTo(2);
      // absent values: none read at all
      Read none = read(r, "k = 3");
      assertThat(none.rows).isEmpty();
      assertThat(none.report.counts("blocks").read()).isLessThanOrEqualTo(1);
      Read below = read(r, "k < -5");
      assertThat(below.rows).isEmpty();
      assertThat(below.report.counts("blocks")).isEqualTo(new ScanReport.Counts(0,
          blocks.size()));
    }
  }

  @Test
  void aSortedColumnNotDeclaredSoIsVerifiedOnceThenSkipsLikeADeclaredOne() throws IOException {
    byte[] bytes = file(row -> row * 2, false);
    CountingInputFile counted = new CountingInputFile(InputFile.of("undeclared.trv", bytes));
    try (TrevniReader r = TrevniReader.open(counted)) {
      assertThat(r.file().column(0).isSorted()).isFalse();
      List<BlockInfo> blocks = r.file().blocks(0);
      BlockInfo b = blocks.get(5);
      long inside = (Long) b.firstValue().orElseThrow() + 4;
      counted.forget();
      Read got = read(r, "k = " + inside);
      long readOfK = TrevniFiles.bytesRead(counted, r.file(), "k");
      assertThat(got.rows).isEqualTo(expected(r, "k = " + inside)).hasSize(1);
      // the rows of one block read, the others skipped after their k values were checked
      assertThat(got.report.counts("blocks"))
          .isEqualTo(new ScanReport.Counts(1, blocks.size() - 1));
      assertThat(got.report.notes()).contains("column 'k': first values used, verified: the "
          + (blocks.size() - 1) + " blocks holding rows the filter skips hold only values within"
          + " their first values (Java's order), checked by reading them in this column alone ("
          + (blocks.size() - 1) + " now, 0 by earlier reads)");
      long allOfK = blocks.stream().mapToLong(BlockInfo::compressedSize).sum();
      assertThat(readOfK).isEqualTo(allOfK);
      // the next lookup on the open file reads what a declared column would
      counted.forget();
      long other = (Long) blocks.get(8).firstValue().orElseThrow() + 6;
      Read again = read(r, "k = " + other);
      readOfK = TrevniFiles.bytesRead(counted, r.file(), "k");
      assertThat(again.rows).isEqualTo(expected(r, "k = " + other)).hasSize(1);
      assertThat(again.report.counts("blocks"))
          .isEqualTo(new ScanReport.Counts(1, blocks.size() - 1));
      assertThat(again.report.notes()).anySatisfy(n -> assertThat(n)
          .contains("checked by reading them in this column alone (1 now, "
              + (blocks.size() - 2) + " by earlier reads)"));
      // block 5, read for rows before, is checked now; block 8 is read for its rows
      assertThat(readOfK)
          .isEqualTo(blocks.get(5).compressedSize() + blocks.get(8).compressedSize());
    }
  }

  @Test
  void aRangeSkipsTheBlocksOutsideIt() throws IOException {
    for (boolean declared : new boolean[] {true, false}) {
      try (TrevniReader r = TrevniReader.open(InputFile.of("sorted.trv",
          file(row -> row / 7, declared)))) {
        List<BlockInfo> blocks = r.file().blocks(0);
        long lo = (Long) blocks.get(3).firstValue().orElseThrow() + 1;
        long hi = (Long) blocks.get(8).firstValue().orElseThrow() - 1;
        for (String where : List.of("k BETWEEN " + lo + " AND " + hi,
            "k >= " + lo + " AND k <= " + hi + " AND s != 'x'",
            "NOT (k < " + lo + " OR k > " + hi + ")")) {
          Read got = read(r, where);
          assertThat(got.rows).as(where).isEqualTo(expected(r, where));
          assertThat(got.report.counts("blocks")).as(where)
              .isEqualTo(new ScanReport.Counts(5, blocks.size() - 5));
        }
        // a condition on another column keeps the blocks an OR may need
        String either = "k = " + lo + " OR s = 's5'";
        Read or = read(r, either);
        assertThat(or.rows).isEqualTo(expected(r, either));
        assertThat(or.report.counts("blocks").skipped()).isZero();
        if (!declared) {
          assertThat(or.report.notes()).contains("column 'k': first values used, though not "
              + "declared sorted: the filter rules out no block, so none is checked");
        }
        // and seeking: the matching rows from there on
        try (BatchReader rows = r.read(ReadOptions.defaults().withFilter(
            Predicate.parse("k BETWEEN " + lo + " AND " + hi)))) {
          long from = blocks.get(6).firstRow() + 3;
          rows.seekToRow(from);
          List<Object> all = Rows.readAll(r.read(ReadOptions.defaults()));
          assertThat(Rows.readAll(rows)).isEqualTo(ReferenceEvaluator.filter(Predicate.parse(
              "k BETWEEN " + lo + " AND " + hi), r.schema(), all.subList((int) from, ROWS)));
        }
      }
    }
  }

  @Test
  void firstValuesOutOfOrderAreNotUsed() throws IOException {
    try (TrevniReader r = TrevniReader.open(InputFile.of("unsorted.trv",
        file(row -> (row * 7919) % 1000, false)))) {
      for (FirstValueUse use : FirstValueUse.values()) {
        Read got = read(r, "k = 17", use);
        assertThat(got.rows).isEqualTo(expected(r, "k = 17")).isNotEmpty();
        assertThat(got.report.counts("blocks").total()).isZero();
        assertThat(got.report.counts("rows")).isEqualTo(new ScanReport.Counts(ROWS, 0));
        assertThat(got.report.notes()).anySatisfy(n -> assertThat(n).startsWith(
            "column 'k': first values not used, ").contains(use == FirstValueUse.NONE
                ? "as asked (FirstValueUse.NONE)" : "out of order"));
      }
    }
  }

  @Test
  void rowsOutsideTheirBlocksFirstValuesAreFoundUnlessTheCallerVouchedForTheColumn()
      throws IOException {
    // first values in order, but some rows inside blocks fall below: what skips rely on
    byte[] bytes = file(row -> row % 1000 == 333 ? -1 : row * 10, false);
    try (TrevniReader r = TrevniReader.open(InputFile.of("liar.trv", bytes))) {
      List<BlockInfo> blocks = r.file().blocks(0);
      List<Object> firsts = new ArrayList<>();
      blocks.forEach(b -> firsts.add(b.firstValue().orElseThrow()));
      assertThat(firsts).isSortedAccordingTo((a, b) -> Long.compare((Long) a, (Long) b));
      // by default every matching row, the -1s of skipped blocks included
      for (String where : List.of("k >= " + firsts.get(firsts.size() - 4), "k = -1",
          "k < 0 OR k = " + firsts.get(3))) {
        Read got = read(r, where);
        assertThat(got.rows).as(where).isEqualTo(expected(r, where)).isNotEmpty();
        assertThat(got.report.notes()).as(where).anySatisfy(n -> assertThat(n).startsWith(
            "column 'k': first values not used, not trusted: not declared sorted, and block ")
            .contains("holds -1 (row ").endsWith("the column is not sorted"));
        assertThat(got.report.counts("rows").skipped()).isZero();
      }
      // the caller's promise skips blocks unread: rows read outside their bounds fail the read
      String where = "k >= " + firsts.get(firsts.size() - 4);
      assertThatThrownBy(() -> read(r, where, FirstValueUse.TRUSTED))
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("column 'k' / block")
          .hasMessageContaining("outside its block's first values")
          .hasMessageContaining("trusted to be sorted (FirstValueUse.TRUSTED) but is not");
      // ... and rows of blocks it skips are lost: the promise was the caller's
      Read lost = read(r, "k = -1", FirstValueUse.TRUSTED);
      assertThat(lost.rows).hasSizeLessThan(expected(r, "k = -1").size());
      // without the index every row is read and filtered
      Read plain = read(r, where, FirstValueUse.NONE);
      assertThat(plain.rows).isEqualTo(expected(r, where)).isNotEmpty();
      assertThat(plain.report.counts("rows").skipped()).isZero();
      // when the index skips nothing it relies on nothing: no check, every row
      Read all = read(r, "k >= -5", FirstValueUse.TRUSTED);
      assertThat(all.rows).hasSize(ROWS);
    }
  }

  @Test
  void aColumnDeclaredSortedThatIsNotFailsTheRead() throws IOException {
    // a forged file: colfile's writer refuses such a column, so the key is patched in
    ColumnSpec k = ColumnSpec.of("k", ValueType.LONG).withFirstValues()
        .withMetadata("colfile.sortex", "");
    byte[] bytes = TrevniFiles.write(dir, List.of(k, ColumnSpec.of("s", ValueType.STRING)),
        TrevniWriterOptions.builder().blockSize(2000).build(), w -> {
          for (int row = 0; row < ROWS; row++) {
            w.startRow();
            w.writeLong(0, row % 1000 == 333 ? -1 : row * 10);
            w.writeString(1, "s" + row);
            w.endRow();
          }
        });
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    int at = text.indexOf("colfile.sortex");
    bytes[at + "colfile.sorte".length()] = 'd';
    try (TrevniReader r = TrevniReader.open(InputFile.of("forged.trv", bytes))) {
      assertThat(r.file().column(0).isSorted()).isTrue();
      List<BlockInfo> blocks = r.file().blocks(0);
      String where = "k >= " + blocks.get(blocks.size() - 4).firstValue().orElseThrow();
      assertThatThrownBy(() -> read(r, where)).isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("outside its block's first values")
          .hasMessageContaining("declared sorted (colfile.sorted) but is not");
      assertThat(read(r, where, FirstValueUse.NONE).rows).isEqualTo(expected(r, where));
    }
  }

  /**
   * The defect this guards against: an unsorted column with first values (legal; Avro writes
   * them when asked) whose blocks' first values happen to be in order, and a row that only a
   * skipped block holds.
   */
  @Test
  void anUnsortedColumnWithFirstValuesLosesNoRow() throws IOException {
    byte[] bytes = TrevniFiles.write(dir, List.of(ColumnSpec.of("x", ValueType.INT)
        .withFirstValues()), TrevniWriterOptions.builder().blockSize(64).build(), w -> {
          for (int row = 0; row < 2000; row++) {
            w.startRow();
            w.writeInt(0, row == 1 ? 1_000_000 : row);
            w.endRow();
          }
        });
    try (TrevniReader r = TrevniReader.open(InputFile.of("repro.trv", bytes))) {
      Read got = read(r, "x = 1000000");
      assertThat(got.rows).isEqualTo(expected(r, "x = 1000000")).hasSize(1);
      assertThat(got.report.notes()).contains("column 'x': first values not used, not trusted:"
          + " not declared sorted, and block 0 holds 1000000 (row 1), outside its first values"
          + " (0 to " + r.file().blocks(0).get(1).firstValue().orElseThrow()
          + "): the column is not sorted");
      // the column is known unsorted from then on: no block is read again to find it out
      Read again = read(r, "x BETWEEN 500 AND 510");
      assertThat(again.rows).isEqualTo(expected(r, "x BETWEEN 500 AND 510")).hasSize(11);
      assertThat(again.report.counts("rows").skipped()).isZero();
    }
  }

  @Test
  void randomFilesWithUnsortedFirstValueColumnsLoseNoRow() throws IOException {
    for (int round = 0; round < 12; round++) {
      Random r = TestSeed.random("unsortedFirstValues", round);
      int rows = 1 + r.nextInt(3000);
      int kind = round % 3; // 0: random, 1: sorted but a few outliers, 2: sorted runs reversed
      long[] x = new long[rows];
      for (int i = 0; i < rows; i++) {
        x[i] = kind == 0 ? r.nextInt(500) - 250 : i * 3L;
      }
      for (int i = 0; kind == 1 && i < 1 + rows / 300; i++) {
        x[r.nextInt(rows)] = r.nextInt(20_000) - 10_000;
      }
      for (int i = 0; kind == 2 && i + 50 <= rows; i += 100) {
        for (int a = i, b = i + 49; a < b; a++, b--) {
          long t = x[a];
          x[a] = x[b];
          x[b] = t;
        }
      }
      byte[] bytes = TrevniFiles.write(dir, List.of(ColumnSpec.of("x", ValueType.LONG)
          .withFirstValues(), ColumnSpec.of("y", ValueType.INT).withFirstValues(),
          ColumnSpec.of("s", ValueType.STRING)), TrevniWriterOptions.builder()
          .blockSize(16 + r.nextInt(300)).build(), w -> {
            for (int i = 0; i < rows; i++) {
              w.startRow();
              w.writeLong(0, x[i]);
              w.writeInt(1, i / 10); // sorted, not declared: verified
              w.writeString(2, "s" + (i % 17));
              w.endRow();
            }
          });
      try (TrevniReader reader = TrevniReader.open(InputFile.of("random.trv", bytes))) {
        List<Object> all = Rows.readAll(reader.read(ReadOptions.defaults()));
        RandomPredicates gen = new RandomPredicates(r, reader.schema(), all);
        for (int i = 0; i < 20; i++) {
          Predicate p = i % 2 == 0 ? gen.leaf(List.of("x")) : gen.next(3);
          try (BatchReader got = reader.read(ReadOptions.defaults().withFilter(p)
              .withBatchSize(1 + r.nextInt(700)))) {
            assertThat(Rows.readAll(got)).as("%s: %s\n%s", TestSeed.replay(), p,
                got.report().lines()).isEqualTo(ReferenceEvaluator.filter(p, reader.schema(),
                    all));
          }
        }
      }
    }
  }
}
