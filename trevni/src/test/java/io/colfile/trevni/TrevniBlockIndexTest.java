package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * First values as a block index: on a sorted column a point lookup reads the one block that can
 * hold the value, a range the blocks it overlaps, and the report says which blocks were skipped
 * and by which first values; on a column whose first values lie the reader says so or fails.
 */
class TrevniBlockIndexTest {
  private static final int ROWS = 20_000;

  @TempDir Path dir;

  /** Columns k (sorted by {@code key}, first values), s (string), a (array) and a#c (child). */
  private byte[] file(IntUnaryOperator key) {
    List<ColumnSpec> cols = List.of(ColumnSpec.of("k", ValueType.LONG).withFirstValues(),
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

  private static Read read(TrevniReader r, String where, boolean index) throws IOException {
    try (BatchReader rows = r.read(ReadOptions.defaults().withFilter(Predicate.parse(where)),
        index)) {
      List<Object> out = Rows.readAll(rows);
      return new Read(out, rows.report());
    }
  }

  private static List<Object> expected(TrevniReader r, String where) throws IOException {
    return ReferenceEvaluator.filter(Predicate.parse(where), r.schema(),
        Rows.readAll(r.read(ReadOptions.defaults())));
  }

  @Test
  void aPointLookupReadsOneBlockOfTheSortedColumn() throws IOException {
    try (TrevniReader r = TrevniReader.open(InputFile.of("sorted.trv", file(row -> row * 2)))) {
      List<BlockInfo> blocks = r.fileReader().blocks(0);
      assertThat(blocks.size()).isGreaterThan(10);
      BlockInfo b = blocks.get(5);
      long inside = (Long) b.firstValue().orElseThrow() + 4; // not a first value: one block
      Read got = read(r, "k = " + inside, true);
      assertThat(got.rows).isEqualTo(expected(r, "k = " + inside)).hasSize(1);
      assertThat(got.report.counts("blocks"))
          .isEqualTo(new ScanReport.Counts(1, blocks.size() - 1));
      assertThat(got.report.counts("rows"))
          .isEqualTo(new ScanReport.Counts(b.rowCount(), ROWS - b.rowCount()));
      assertThat(got.report.notes()).anySatisfy(n -> assertThat(n).startsWith(
          "column 'k' block 6 (rows " + blocks.get(6).firstRow() + " to ").contains(
              "skipped, k = " + inside + ": values in [" + blocks.get(6).firstValue().get())
          .contains("(first value " + blocks.get(6).firstValue().get() + ", next block's "));
      // a first value itself may also end the block before it: two blocks at most
      long first = (Long) b.firstValue().orElseThrow();
      Read edge = read(r, "k = " + first, true);
      assertThat(edge.rows).isEqualTo(expected(r, "k = " + first));
      assertThat(edge.report.counts("blocks").read()).isEqualTo(2);
      // absent values: none read at all
      Read none = read(r, "k = 3", true);
      assertThat(none.rows).isEmpty();
      assertThat(none.report.counts("blocks").read()).isLessThanOrEqualTo(1);
      Read below = read(r, "k < -5", true);
      assertThat(below.rows).isEmpty();
      assertThat(below.report.counts("blocks")).isEqualTo(new ScanReport.Counts(0,
          blocks.size()));
    }
  }

  @Test
  void aRangeSkipsTheBlocksOutsideIt() throws IOException {
    try (TrevniReader r = TrevniReader.open(InputFile.of("sorted.trv", file(row -> row / 7)))) {
      List<BlockInfo> blocks = r.fileReader().blocks(0);
      long lo = (Long) blocks.get(3).firstValue().orElseThrow() + 1;
      long hi = (Long) blocks.get(8).firstValue().orElseThrow() - 1;
      for (String where : List.of("k BETWEEN " + lo + " AND " + hi,
          "k >= " + lo + " AND k <= " + hi + " AND s != 'x'",
          "NOT (k < " + lo + " OR k > " + hi + ")")) {
        Read got = read(r, where, true);
        assertThat(got.rows).as(where).isEqualTo(expected(r, where));
        assertThat(got.report.counts("blocks")).as(where)
            .isEqualTo(new ScanReport.Counts(5, blocks.size() - 5));
      }
      // a condition on another column keeps the blocks an OR may need
      String either = "k = " + lo + " OR s = 's5'";
      Read or = read(r, either, true);
      assertThat(or.rows).isEqualTo(expected(r, either));
      assertThat(or.report.counts("blocks").skipped()).isZero();
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

  @Test
  void firstValuesOutOfOrderAreNotUsed() throws IOException {
    try (TrevniReader r = TrevniReader.open(InputFile.of("unsorted.trv",
        file(row -> (row * 7919) % 1000)))) {
      Read got = read(r, "k = 17", true);
      assertThat(got.rows).isEqualTo(expected(r, "k = 17")).isNotEmpty();
      assertThat(got.report.counts("blocks").total()).isZero();
      assertThat(got.report.counts("rows")).isEqualTo(new ScanReport.Counts(ROWS, 0));
      assertThat(got.report.notes()).anySatisfy(n -> assertThat(n)
          .contains("column 'k': first values out of order").contains("not used"));
    }
  }

  @Test
  void rowsOutsideTheirBlocksFirstValuesFailTheRead() throws IOException {
    // first values in order, but some rows inside blocks fall below: what skips rely on
    byte[] bytes = file(row -> row % 1000 == 333 ? -1 : row * 10);
    try (TrevniReader r = TrevniReader.open(InputFile.of("liar.trv", bytes))) {
      List<BlockInfo> blocks = r.fileReader().blocks(0);
      List<Object> firsts = new ArrayList<>();
      blocks.forEach(b -> firsts.add(b.firstValue().orElseThrow()));
      assertThat(firsts).isSortedAccordingTo((a, b) -> Long.compare((Long) a, (Long) b));
      String where = "k >= " + firsts.get(firsts.size() - 4);
      assertThatThrownBy(() -> read(r, where, true)).isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("column 'k' / block")
          .hasMessageContaining("outside its block's first values")
          .hasMessageContaining("not sorted");
      // without the index every row is read and filtered
      Read plain = read(r, where, false);
      assertThat(plain.rows).isEqualTo(expected(r, where)).isNotEmpty();
      assertThat(plain.report.counts("rows").skipped()).isZero();
      // when the index skips nothing it relies on nothing: no check, every row
      Read all = read(r, "k >= -5", true);
      assertThat(all.rows).hasSize(ROWS);
    }
  }
}
