package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered and projected reads of random Trevni files against {@link ReferenceEvaluator} on a
 * full read: files of Avro records (nested structs read by path) and column-API files (columns
 * with first values, sorted and declared so, sorted, or not sorted: the first two skip blocks,
 * the last must lose no row), with seeks on the way. Every read also counts
 * the bytes it asks the file for, by column: only the columns of the paths read and filtered
 * (and the columns that say whether the structs on the way are there) are touched.
 */
@ExtendWith(TestSeed.class)
class TrevniFilterTest {
  private static final boolean EXHAUSTIVE = TestSeed.exhaustive();

  @TempDir Path dir;

  @Test
  void filteredReadsOfColumnFilesEqualTheReference() throws IOException {
    long skipped = 0;
    for (int round = 0; round < (EXHAUSTIVE ? 150 : 10); round++) {
      Random r = TestSeed.random("filterColumns", round);
      byte[] file = RandomColumnFiles.write(r, 1 + r.nextInt(3000), RandomColumnFiles.options(r),
          dir);
      skipped += check(r, file, 16);
    }
    assertThat(skipped).as("%s: first values skipped some blocks", TestSeed.replay())
        .isPositive();
  }

  @Test
  void filteredReadsOfRecordFilesEqualTheReference() throws IOException {
    for (int round = 0; round < (EXHAUSTIVE ? 100 : 6); round++) {
      Random r = TestSeed.random("filterRecords", round);
      Type schema = RandomRecordFiles.schema(r, 6);
      byte[] file = RandomRecordFiles.write(r, schema, 1 + r.nextInt(1500),
          RandomColumnFiles.options(r), dir);
      check(r, file, 10);
    }
  }

  /** Random predicates and projections on one file; returns the blocks first values skipped. */
  private long check(Random r, byte[] bytes, int predicates) throws IOException {
    List<Object> all;
    Type schema;
    try (TrevniReader reader = TrevniReader.open(InputFile.of("all.trv", bytes))) {
      all = Rows.readAll(reader.read(ReadOptions.defaults()));
      schema = reader.schema();
    }
    RandomPredicates gen = new RandomPredicates(r, schema, all);
    if (!gen.hasColumns()) {
      return 0;
    }
    List<List<String>> paths = new ArrayList<>();
    scalarPaths(schema, new ArrayList<>(), paths);
    long skippedBlocks = 0;
    for (int i = 0; i < predicates; i++) {
      Predicate p = gen.next(3);
      int from = r.nextInt(4) == 0 ? r.nextInt(all.size() + 1) : 0;
      List<List<String>> columns = new ArrayList<>();
      if (r.nextBoolean()) {
        for (int k = 0, n = 1 + r.nextInt(3); k < n; k++) {
          List<String> path = r.nextBoolean() ? paths.get(r.nextInt(paths.size()))
              : List.of(schema.fieldNames().get(r.nextInt(schema.fieldNames().size())));
          List<String> cut = path.subList(0, 1 + r.nextInt(path.size()));
          if (!columns.contains(cut)) {
            columns.add(cut);
          }
        }
      }
      List<Object> expected = new ArrayList<>();
      for (Object row : ReferenceEvaluator.filter(p, schema, all.subList(from, all.size()))) {
        expected.add(columns.isEmpty() ? row : project(schema, row, columns));
      }
      ReadOptions options = ReadOptions.defaults().withFilter(p)
          .withBatchSize(1 + r.nextInt(500));
      if (!columns.isEmpty()) {
        options = options.withColumns(columns.stream()
            .map(c -> new ColumnPath(c).toString()).toList());
      }
      CountingInputFile counted = new CountingInputFile(InputFile.of("filtered.trv", bytes));
      try (TrevniReader reader = TrevniReader.open(counted)) {
        counted.forget();
        try (BatchReader rows = reader.read(options)) {
          if (from > 0) {
            rows.seekToRow(from);
          }
          List<Object> actual = Rows.readAll(rows);
          assertThat(actual).as("%s: %s, columns %s, from row %d\n%s", TestSeed.replay(), p,
              columns, from, rows.report().lines()).isEqualTo(expected);
          ScanReport report = rows.report();
          skippedBlocks += report.counts("blocks").skipped();
          assertThat(report.counts("rows").total()).isLessThanOrEqualTo(all.size() - from);
        }
        List<List<String>> needed = new ArrayList<>(columns.isEmpty()
            ? schema.fieldNames().stream().map(List::of).toList() : columns);
        p.columns().forEach(c -> needed.add(c.names()));
        Set<String> touched = TrevniFiles.columnsRead(counted, reader.file());
        for (String column : touched) {
          assertThat(needs(column, needed)).as("%s: column %s read for %s and %s",
              TestSeed.replay(), column, columns, p).isTrue();
        }
      }
    }
    return skippedBlocks;
  }

  /**
   * Whether a column holds part of the paths: its record-field path (the names before each
   * {@code #}, up to a {@code /}, {@code [} or {@code >}) leads to one, or lies within one.
   */
  private static boolean needs(String column, List<List<String>> paths) {
    List<String> fields = new ArrayList<>();
    for (String part : column.split("#")) {
      fields.add(part.split("[/\\[>]", 2)[0]);
    }
    for (List<String> p : paths) {
      int n = Math.min(p.size(), fields.size());
      if (p.subList(0, n).equals(fields.subList(0, n))) {
        return true;
      }
    }
    return false;
  }

  private static void scalarPaths(Type t, List<String> path, List<List<String>> out) {
    for (int i = 0; i < t.children().size(); i++) {
      List<String> p = new ArrayList<>(path);
      p.add(t.fieldNames().get(i));
      if (t.child(i).kind() == TypeKind.STRUCT) {
        scalarPaths(t.child(i), p, out);
      } else {
        out.add(p);
      }
    }
  }

  /**
   * A row cut down to {@code paths}, as {@code ReadOptions.withColumns} documents it: paths into
   * the same struct merge in the order first named; a NULL struct stays NULL.
   */
  static Object project(Type schema, Object row, List<List<String>> paths) {
    Map<String, Object> tree = new LinkedHashMap<>();
    for (List<String> p : paths) {
      Map<String, Object> node = tree;
      for (int k = 0; k < p.size(); k++) {
        Object next = node.get(p.get(k));
        if (next == Boolean.TRUE) {
          break; // all of it already
        }
        if (k == p.size() - 1) {
          node.put(p.get(k), Boolean.TRUE);
        } else {
          @SuppressWarnings("unchecked")
          Map<String, Object> child = next == null ? new LinkedHashMap<>()
              : (Map<String, Object>) next;
          node.put(p.get(k), child);
          node = child;
        }
      }
    }
    return cut(schema, row, tree);
  }

  @SuppressWarnings("unchecked")
  private static Object cut(Type t, Object value, Map<String, Object> tree) {
    if (value == null) {
      return null;
    }
    List<Object> out = new ArrayList<>();
    tree.forEach((name, sub) -> {
      int i = t.fieldIndex(name);
      Object v = ((List<?>) value).get(i);
      out.add(sub == Boolean.TRUE ? v : cut(t.child(i), v, (Map<String, Object>) sub));
    });
    return out;
  }


  @Test
  void projectionHelperMergesPathsInTheirOrder() {
    Type t = Type.parse("struct<a:struct<b:int,c:struct<d:int,e:int>>,f:int>");
    Object row = Arrays.asList(Arrays.asList(1, Arrays.asList(2, 3)), 4);
    assertThat(project(t, row, List.of(List.of("f"), List.of("a", "c", "e"), List.of("a", "b"))))
        .isEqualTo(Arrays.asList(4, Arrays.asList(Arrays.asList(3), 1)));
    assertThat(project(t, Arrays.asList(null, 4), List.of(List.of("a", "b"))))
        .isEqualTo(Arrays.asList((Object) null));
  }
}
