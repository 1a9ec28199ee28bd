package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.kudu.CFileRoundTripRowSetTest.Table;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Filtered reads and seeks of random rowsets ({@link CFileRoundTripRowSetTest}'s tables: single
 * and composite keys of every key type, NULLs in value columns, varied encodings and block
 * sizes), with REDO deltas that update and delete rows in half of them: the rows a filter
 * returns are always {@link ReferenceEvaluator}'s filtering of the full read, for random
 * predicates ({@link RandomPredicates}) and predicates aimed at the key ({@link
 * KeyPredicates}), whatever the key ranges, bloom filter and index seeks skipped; and a seek to
 * any row, with or without a filter, reads what the full read has from that row on. A read
 * with {@link ReadOptions#withParallelism} (2 to 4 threads, the reader's own or a one-thread
 * executor) gives exactly the single-threaded read's batches and report, seeks included.
 */
@ExtendWith(TestSeed.class)
class RowSetFilterTest {
  private static final boolean EXHAUSTIVE = CFileRoundTripTest.EXHAUSTIVE;

  @TempDir Path tmp;

  static Stream<Integer> cases() {
    return IntStream.range(0, EXHAUSTIVE ? 80 : 12).boxed();
  }

  /** A written rowset: its table, its directory and its rows as a full read gives. */
  private record Written(Table table, Path dir, List<Object> all) {
    Type type() {
      return table.schema().rowType();
    }

    KeyPredicates onKey(Random r) {
      return new KeyPredicates(r, type(), table.schema().keyColumns(), all);
    }
  }

  private Written rowset(Random r, int index) throws IOException {
    Table table = CFileRoundTripRowSetTest.table(r, index);
    int n = index < 2 ? index : 1 + r.nextInt(EXHAUSTIVE ? 10_000 : 1500);
    List<byte[][]> rows = CFileRoundTripRowSetTest.rows(table, r, n);
    RowSetWriterOptions o = RowSetWriterOptions.defaults().withChecksums(r.nextBoolean())
        .withDefaultBlockSize(new int[] {64, 512, 4096, 256 << 10}[r.nextInt(4)]);
    Path dir = tmp.resolve("rs" + index);
    CFileRoundTripRowSetTest.write(dir, table, rows, o, r);
    if (!rows.isEmpty() && r.nextBoolean()) {
      List<byte[][]> sorted = CFileRoundTripRowSetTest.sortedByKey(table, rows);
      RandomRedo.list(dir, RandomRedo.write(dir, table, sorted, r).files());
    }
    List<Object> all;
    try (FileReader reader = ColFile.openDirectory(dir)) {
      all = Rows.readAll(reader.read(ReadOptions.defaults()));
    }
    return new Written(table, dir, all);
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void filteredReadsEqualTheReference(int index) throws IOException {
    Random r = TestSeed.random("rowset filter", index);
    Written w = rowset(r, index);
    Type schema = w.type();
    RandomPredicates random = new RandomPredicates(r, schema, w.all());
    KeyPredicates onKey = w.onKey(r);
    long skipped = 0;
    try (FileReader reader = ColFile.openDirectory(w.dir())) {
      for (int i = 0; i < 60; i++) {
        Predicate p = r.nextInt(3) == 0 ? random.next(3) : onKey.next();
        List<Integer> projection = projection(schema, r);
        List<Object> expected = project(ReferenceEvaluator.filter(p, schema, w.all()),
            projection);
        ReadOptions options = ReadOptions.defaults().withFilter(p)
            .withBatchSize(CFiles.batch(r));
        if (projection != null) {
          options = options.withColumns(projection.stream().map(
              c -> schema.fieldNames().get(c)).toList());
        }
        try (BatchReader rows = reader.read(options)) {
          List<Object> actual = Rows.readAll(rows);
          ScanReport report = rows.report();
          assertThat(actual).as("%s: %s, rowset #%d %s\n%s", TestSeed.replay(), p, index,
              w.table().schema(), String.join("\n", report.lines())).isEqualTo(expected);
          skipped += report.counts("base rows").skipped();
        }
      }
    }
    if (w.all().size() >= 20) {
      assertThat(skipped).as("rows skipped through the key, %s", TestSeed.replay())
          .isPositive();
    }
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void seekToRowEqualsDroppingRows(int index) throws IOException {
    Random r = TestSeed.random("rowset seek", index);
    Written w = rowset(r, index);
    List<Object> all = w.all();
    KeyPredicates onKey = w.onKey(r);
    try (FileReader reader = ColFile.openDirectory(w.dir())) {
      for (int i = 0; i < 12; i++) {
        Predicate p = r.nextBoolean() ? null : onKey.next();
        ReadOptions options = ReadOptions.defaults().withBatchSize(CFiles.batch(r));
        try (BatchReader rows = reader.read(p == null ? options : options.withFilter(p))) {
          if (r.nextBoolean()) {
            rows.next(rows.newBatch()); // seek after reading some
          }
          for (int seek = 0; seek < 3; seek++) {
            long to = r.nextInt(5) == 0 ? all.size() + r.nextInt(3) : r.nextInt(all.size() + 1);
            rows.seekToRow(to);
            List<Object> rest = all.subList((int) Math.min(to, all.size()), all.size());
            List<Object> expected = p == null ? rest
                : ReferenceEvaluator.filter(p, w.type(), rest);
            List<Object> got = new ArrayList<>();
            if (seek < 2 && r.nextBoolean()) {
              var batch = rows.newBatch(); // read a little, then seek again
              if (rows.next(batch)) {
                Rows.addAll(batch, got);
              }
              assertThat(got).as("%s: seek to %d, %s", TestSeed.replay(), to, p)
                  .isEqualTo(expected.subList(0, got.size()));
              continue;
            }
            got = Rows.readAll(rows);
            assertThat(got).as("%s: seek to %d of %d, %s", TestSeed.replay(), to, all.size(), p)
                .isEqualTo(expected);
          }
        }
      }
    }
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void parallelReadsGiveTheSingleThreadedBatches(int index) throws IOException {
    Random r = TestSeed.random("rowset parallel", index);
    Written w = rowset(r, index);
    Type schema = w.type();
    KeyPredicates onKey = w.onKey(r);
    ExecutorService one = Executors.newSingleThreadExecutor();
    try (FileReader reader = ColFile.openDirectory(w.dir())) {
      for (int i = 0; i < 10; i++) {
        ReadOptions options = ReadOptions.defaults().withBatchSize(CFiles.batch(r));
        if (r.nextBoolean()) {
          options = options.withFilter(r.nextInt(3) == 0
              ? new RandomPredicates(r, schema, w.all()).next(3) : onKey.next());
        }
        List<Integer> projection = projection(schema, r);
        if (projection != null) {
          options = options.withColumns(projection.stream().map(
              c -> schema.fieldNames().get(c)).toList());
        }
        long steps = r.nextLong();
        String single = batches(reader, options, new Random(steps), w.all().size());
        ReadOptions parallel = options.withParallelism(2 + r.nextInt(3));
        if (r.nextInt(4) == 0) {
          parallel = parallel.withExecutor(one);
        }
        String got = batches(reader, parallel, new Random(steps), w.all().size());
        assertThat(got).as("%s: rowset #%d, %d threads, %s", TestSeed.replay(), index,
            parallel.parallelism(), options.filter().map(Object::toString).orElse("no filter"))
            .isEqualTo(single);
      }
    } finally {
      one.shutdown();
    }
  }

  /**
   * The batches of a read, one per line with its size, then the report: reading, now and then
   * a seek to a random row ({@code steps} decides, so that two reads can do the same) or a
   * larger batch.
   */
  private static String batches(FileReader reader, ReadOptions options, Random steps,
      int rows) throws IOException {
    StringBuilder out = new StringBuilder();
    try (BatchReader read = reader.read(options)) {
      var batch = read.newBatch();
      var other = new io.colfile.core.vector.ColumnBatch(read.schema(),
          options.batchSize() + 1 + steps.nextInt(50));
      for (int k = 0; k < 10_000; k++) {
        int step = steps.nextInt(12);
        if (step == 0) {
          long to = steps.nextInt(rows + 2);
          read.seekToRow(to);
          out.append("seek ").append(to).append('\n');
          continue;
        }
        var into = step == 1 ? other : batch;
        if (!read.next(into)) {
          break;
        }
        List<Object> got = new ArrayList<>();
        Rows.addAll(into, got);
        out.append(into.size).append(": ").append(got).append('\n');
      }
      out.append(String.join("\n", read.report().lines()));
    }
    return out.toString();
  }

  /** A random subset of the columns in a random order, or null for all. */
  private static List<Integer> projection(Type schema, Random r) {
    if (r.nextInt(3) != 0) {
      return null;
    }
    List<Integer> out = new ArrayList<>(IntStream.range(0, schema.children().size()).boxed()
        .toList());
    Collections.shuffle(out, r);
    return out.subList(0, 1 + r.nextInt(out.size()));
  }

  static List<Object> project(List<Object> rows, List<Integer> projection) {
    if (projection == null) {
      return rows;
    }
    List<Object> out = new ArrayList<>();
    for (Object row : rows) {
      List<Object> fields = new ArrayList<>();
      for (int c : projection) {
        fields.add(((List<?>) row).get(c));
      }
      out.add(fields);
    }
    return out;
  }
}
