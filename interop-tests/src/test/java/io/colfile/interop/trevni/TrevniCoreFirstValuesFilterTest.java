package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.ComparisonOp;
import io.colfile.core.filter.Literal;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.trevni.FirstValueUse;
import io.colfile.trevni.TrevniReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.ColumnFileWriter;
import org.apache.trevni.ColumnMetaData;
import org.apache.trevni.ValueType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters on files Apache Avro's trevni-core wrote with first values ({@code hasIndexValues})
 * on sorted columns: long, double (with -0.0, infinities and NaN, which Java sorts last),
 * strings (ASCII, accented, beyond the BMP, private use: Java's UTF-16 order is not UTF-8's) and
 * bytes (Java's signed order is not the predicates' unsigned one), beside an unsorted column, an
 * unsorted column with first values (sorted but for a few outliers) and an array column. colfile
 * returns exactly the rows a full read filtered by {@link ReferenceEvaluator} holds, while the
 * first values of the sorted columns let it skip blocks: by default once the blocks to skip are
 * read in that column and found within their first values (trevni-core's files do not declare
 * their columns sorted), with {@code FirstValueUse.TRUSTED} unread. The outliers' column is
 * found out and not used.
 */
@ExtendWith(TestSeed.class)
class TrevniCoreFirstValuesFilterTest {
  private static final int ROWS = 30_000;
  /** Where column v's outliers start: beyond every row number. */
  private static final int OUTLIERS = 1_000_000;

  @TempDir Path dir;

  private record Sorted(String name, ValueType type, Function<Random, Object> value,
      Comparator<Object> javaOrder) {}

  private static final String[] WORDS = {"a", "b", "k", "z", "é", "ü", "日本", "\uD83D\uDE00",
    "\uE000", "\uFFFD"};
  /** The first WORDS, all ASCII. */
  private static final int ASCII_WORDS = 4;

  private static final List<Sorted> SORTED = List.of(
      new Sorted("k", ValueType.LONG, r -> r.nextLong() >> r.nextInt(16),
          Comparator.comparing(o -> (Long) o)),
      new Sorted("d", ValueType.DOUBLE, TrevniCoreFirstValuesFilterTest::aDouble,
          (a, b) -> Double.compare((Double) a, (Double) b)),
      // mostly ASCII first words, so that blocks of the sorted column start with an ASCII prefix
      // that bounds them (FirstValueOrder cuts bounds at the first other character)
      new Sorted("s", ValueType.STRING, r -> WORDS[r.nextInt(4) == 0 ? r.nextInt(WORDS.length)
          : r.nextInt(ASCII_WORDS)] + WORDS[r.nextInt(WORDS.length)] + r.nextInt(100),
          Comparator.comparing(o -> (String) o)),
      new Sorted("b", ValueType.BYTES, TrevniCoreFirstValuesFilterTest::someBytes,
          Comparator.comparing(o -> (ByteBuffer) o)));

  private static Object aDouble(Random r) {
    double[] edges = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
    return r.nextInt(50) == 0 ? edges[r.nextInt(edges.length)] : r.nextGaussian() * 1000;
  }

  private static Object someBytes(Random r) {
    byte[] b = new byte[1 + r.nextInt(6)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (r.nextBoolean() ? r.nextInt(256) : 'a' + r.nextInt(4));
    }
    return ByteBuffer.wrap(b);
  }

  /** {@code column = } the value in the middle row: a point lookup inside one block. */
  private static Predicate middleValue(TrevniReader reader, List<Object> all, String column) {
    Object v = ((List<?>) all.get(ROWS / 2)).get(reader.schema().fieldIndex(column));
    Literal literal = v instanceof Long l ? Literal.of(BigDecimal.valueOf(l))
        : v instanceof Double d ? Literal.of(new BigDecimal(d))
        : Literal.of(StandardCharsets.UTF_8.decode(((ByteBuffer) v).duplicate()).toString());
    return new Predicate.Compare(ColumnPath.of(column), ComparisonOp.EQ, literal);
  }

  private Path write(Random r) throws IOException {
    List<ColumnMetaData> cols = new ArrayList<>();
    List<List<Object>> sorted = new ArrayList<>();
    for (Sorted s : SORTED) {
      cols.add(new ColumnMetaData(s.name, s.type).hasIndexValues(true));
      List<Object> values = new ArrayList<>();
      while (values.size() < ROWS) {
        Object v = s.value.apply(r);
        for (int k = r.nextInt(5) == 0 ? 1 + r.nextInt(500) : 1; k > 0; k--) {
          values.add(v);
        }
      }
      values = new ArrayList<>(values.subList(0, ROWS));
      values.sort(s.javaOrder);
      sorted.add(values);
    }
    cols.add(new ColumnMetaData("u", ValueType.INT));
    cols.add(new ColumnMetaData("v", ValueType.INT).hasIndexValues(true));
    cols.add(new ColumnMetaData("a", ValueType.STRING).isArray(true));
    ColumnFileWriter w = new ColumnFileWriter(new ColumnFileMetaData().setCodec("deflate"),
        cols.toArray(new ColumnMetaData[0]));
    int n = SORTED.size();
    for (int row = 0; row < ROWS; row++) {
      w.startRow();
      for (int c = 0; c < n; c++) {
        w.writeValue(sorted.get(c).get(row), c);
      }
      w.writeValue(r.nextInt(1000), n);
      w.writeValue(r.nextInt(400) == 0 ? OUTLIERS + r.nextInt(1000) : row, n + 1);
      int len = r.nextInt(3);
      w.writeLength(len, n + 2);
      for (int k = 0; k < len; k++) {
        w.writeValue("x" + r.nextInt(10), n + 2);
      }
      w.endRow();
    }
    Path p = dir.resolve("core-first-values.trv");
    w.writeTo(p.toFile());
    return p;
  }

  @Test
  void filtersOnSortedColumnsSkipBlocksAndReturnExactlyTheMatchingRows() throws IOException {
    Random r = TestSeed.random("trevni-core first values", 0);
    Path file = write(r);
    try (TrevniReader reader = TrevniReader.open(InputFile.local(file))) {
      List<Object> all = Rows.readAll(reader.read(ReadOptions.defaults()));
      RandomPredicates gen = new RandomPredicates(r, reader.schema(), all);
      for (Sorted s : SORTED) {
        int blocks = reader.file().blocks(reader.file().columnIndex(s.name)).size();
        assertThat(blocks).as(s.name).isGreaterThan(s.type == ValueType.BYTES ? 1 : 2);
        long skipped = 0;
        for (int i = 0; i < 8; i++) {
          Predicate p = i == 0 ? middleValue(reader, all, s.name)
              : i % 4 == 3 ? Predicate.and(gen.leaf(List.of(s.name)), gen.next(1))
              : gen.leaf(List.of(s.name));
          List<Object> expected = ReferenceEvaluator.filter(p, reader.schema(), all);
          long checked;
          try (BatchReader rows = reader.read(ReadOptions.defaults().withFilter(p))) {
            assertThat(Rows.readAll(rows)).as("%s: %s", TestSeed.replay(), p)
                .isEqualTo(expected);
            checked = rows.report().counts("blocks").skipped();
            assertThat(rows.report().notes()).as("%s: %s", TestSeed.replay(), p)
                .anySatisfy(n -> assertThat(n).startsWith("column '" + s.name
                    + "': first values used, ").doesNotContain("colfile.sorted"));
          }
          skipped += checked;
          if (p.columns().stream().noneMatch(c -> c.names().equals(List.of("v")))) {
            // the caller's word for the sorted columns (not for v): the same skips, unread
            try (BatchReader rows = reader.read(ReadOptions.defaults().withFilter(p),
                FirstValueUse.TRUSTED)) {
              assertThat(Rows.readAll(rows)).as("%s: %s, trusted", TestSeed.replay(), p)
                  .isEqualTo(expected);
              assertThat(rows.report().counts("blocks").skipped())
                  .as("%s: %s, trusted", TestSeed.replay(), p).isEqualTo(checked);
            }
          }
        }
        if (s.type != ValueType.BYTES) {
          // signed bytes bound blocks loosely: with random bytes, maybe not at all
          assertThat(skipped).as("%s: blocks of %s skipped", TestSeed.replay(), s.name)
              .isPositive();
        }
      }
      // v: sorted but for outliers, which blocks skipped on its first values would lose
      List<Object> outliers = new ArrayList<>();
      int v = reader.schema().fieldIndex("v");
      for (Object row : all) {
        long x = ((Number) ((List<?>) row).get(v)).longValue();
        if (x >= OUTLIERS) {
          outliers.add(x);
        }
      }
      assertThat(outliers).isNotEmpty();
      for (int i = 0; i < 6; i++) {
        Predicate p = i < 3 ? Predicate.parse("v = " + outliers.get(r.nextInt(outliers.size())))
            : i == 3 ? Predicate.parse("v >= " + OUTLIERS) : gen.leaf(List.of("v"));
        try (BatchReader rows = reader.read(ReadOptions.defaults().withFilter(p))) {
          List<Object> got = Rows.readAll(rows);
          assertThat(got).as("%s: %s", TestSeed.replay(), p)
              .isEqualTo(ReferenceEvaluator.filter(p, reader.schema(), all));
          if (i <= 3) { // outliers, which only skipped blocks may hold
            assertThat(got).isNotEmpty();
            assertThat(rows.report().notes()).as("%s: %s", TestSeed.replay(), p).anySatisfy(
                n -> assertThat(n).startsWith("column 'v': first values not used"));
          }
        }
      }
    }
    Files.delete(file);
  }
}
