package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Domain;
import io.colfile.core.filter.Predicate;
import io.colfile.core.filter.Pruner;
import io.colfile.core.filter.UnitStatistics;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Core's filtering (binding, {@code RowFilter}, {@code ReadPlan}) and pruning ({@code Pruner})
 * against {@link ReferenceEvaluator} on random rows of every type: NULLs, NaN, infinities,
 * -0.0, empty strings, decimals, timestamps before 1970, structs.
 */
@ExtendWith(TestSeed.class)
class FilterAgainstReferenceTest {
  private static final Type SCHEMA = Type.parse(
      "struct<b:boolean,t:tinyint,s:smallint,i:int,l:bigint,f:float,d:double,str:string,"
          + "vc:varchar(7),ch:char(3),bin:binary,d1:decimal(10,2),d2:decimal(18,4),"
          + "d3:decimal(38,10),dt:date,ts:timestamp,tl:timestamp with local time zone,"
          + "st:struct<x:bigint,y:string,z:struct<q:double>>,arr:array<int>>");

  @Test
  void filteredReadsEqualTheReferenceFilter() throws IOException {
    for (int round = 0; round < 6; round++) {
      Random r = TestSeed.random("filteredReads", round);
      MemoryFile file = new MemoryFile(SCHEMA, r.nextLong(),
          MemoryFile.randomSizes(r, 1 + r.nextInt(3000)));
      List<Object> all = Rows.readAll(file.read(ReadOptions.defaults()));
      RandomPredicates gen = new RandomPredicates(r, SCHEMA, all);
      for (int i = 0; i < 60; i++) {
        Predicate p = gen.next(3);
        List<Object> expected = ReferenceEvaluator.filter(p, SCHEMA, all);
        List<Object> actual =
            Rows.readAll(file.read(ReadOptions.defaults().withFilter(p)));
        assertThat(actual).as("%s: %s", TestSeed.replay(), p).isEqualTo(expected);
      }
    }
  }

  @Test
  void filterColumnsNeedNotBeRead() throws IOException {
    Random r = TestSeed.random("filterColumns", 0);
    MemoryFile file = new MemoryFile(SCHEMA, r.nextLong(), MemoryFile.randomSizes(r, 2000));
    List<Object> all = Rows.readAll(file.read(ReadOptions.defaults()));
    RandomPredicates gen = new RandomPredicates(r, SCHEMA, all);
    for (int i = 0; i < 40; i++) {
      Predicate p = gen.next(2);
      List<Object> expected = new ArrayList<>();
      for (Object row : ReferenceEvaluator.filter(p, SCHEMA, all)) {
        List<?> fields = (List<?>) row;
        List<?> st = (List<?>) fields.get(SCHEMA.fieldIndex("st"));
        expected.add(Arrays.asList(fields.get(SCHEMA.fieldIndex("l")),
            st == null ? null : Arrays.asList(st.get(1))));
      }
      List<Object> actual = Rows.readAll(file.read(
          ReadOptions.columns("l", "st.y").withFilter(p)));
      assertThat(actual).as("%s: %s", TestSeed.replay(), p).isEqualTo(expected);
    }
  }

  @Test
  void textFormParsesBackToTheSameMeaning() throws IOException {
    Random r = TestSeed.random("textForm", 0);
    MemoryFile file = new MemoryFile(SCHEMA, r.nextLong(), MemoryFile.randomSizes(r, 1500));
    List<Object> all = Rows.readAll(file.read(ReadOptions.defaults()));
    RandomPredicates gen = new RandomPredicates(r, SCHEMA, all).textOnly();
    for (int i = 0; i < 300; i++) {
      Predicate p = gen.next(3);
      Predicate back = Predicate.parse(p.toString());
      assertThat(back.toString()).as(TestSeed.replay()).isEqualTo(p.toString());
      assertThat(ReferenceEvaluator.filter(back, SCHEMA, all)).as("%s: %s", TestSeed.replay(), p)
          .isEqualTo(ReferenceEvaluator.filter(p, SCHEMA, all));
    }
  }

  /**
   * Each batch is a unit with exact statistics, then with looser ones: whenever the pruner
   * rules a unit out, no row of it matches; with exact statistics, point lookups of a value in
   * neither a range nor a bloom filter rule the unit out.
   */
  @Test
  void prunerNeverRulesOutAMatchingUnit() throws IOException {
    for (int round = 0; round < 4; round++) {
      Random r = TestSeed.random("pruner", round);
      MemoryFile file = new MemoryFile(SCHEMA, r.nextLong(),
          MemoryFile.randomSizes(r, 1 + r.nextInt(4000)));
      List<ColumnBatch> batches = file.batches();
      List<Object> all = Rows.readAll(file.read(ReadOptions.defaults()));
      RandomPredicates gen = new RandomPredicates(r, SCHEMA, all);
      int ruledOut = 0;
      for (int i = 0; i < 150; i++) {
        Predicate p = gen.next(3);
        BoundPredicate bound = BoundPredicate.bind(p, SCHEMA);
        for (ColumnBatch b : batches) {
          List<Object> rows = new ArrayList<>();
          Rows.addAll(b, rows);
          boolean matches = !ReferenceEvaluator.filter(p, SCHEMA, rows).isEmpty();
          for (boolean loose : new boolean[] {false, true}) {
            UnitStatistics stats = statistics(rows, loose, r);
            Pruner.Verdict v = Pruner.evaluate(bound, stats);
            if (!v.mayMatch()) {
              ruledOut++;
              assertThat(matches).as("%s: %s ruled out a unit with a match: %s",
                  TestSeed.replay(), p, v.reason()).isFalse();
              assertThat(v.reason()).isNotEmpty();
            }
          }
        }
      }
      assertThat(ruledOut).as("the pruner rules something out at all").isPositive();
      // with exact statistics, a value beyond a unit's range rules it out, nulls or not
      for (ColumnBatch b : batches) {
        List<Object> rows = new ArrayList<>();
        Rows.addAll(b, rows);
        UnitStatistics exact = statistics(rows, false, r);
        ColumnRange l = exact.range(SCHEMA.fieldIndex("l") + 1);
        if (l != null && l.max() != null && (Long) l.max() < Long.MAX_VALUE) {
          Predicate beyond = Predicate.parse("l = " + ((Long) l.max() + 1) + " OR l < "
              + l.min());
          assertThat(Pruner.evaluate(BoundPredicate.bind(beyond, SCHEMA), exact).mayMatch())
              .as("%s: %s on %s", TestSeed.replay(), beyond, l).isFalse();
        }
      }
    }
  }

  /** Literals whose digits would fill the memory cost nothing, through a whole read. */
  @Test
  void hugeAndTinyLiteralsReadAtOnce() {
    MemoryFile file = new MemoryFile(SCHEMA, 5, 300, 300);
    for (String lit : new String[] {"1e1000000000", "-1e1000000000", "1e-1000000000"}) {
      java.math.BigDecimal v = new java.math.BigDecimal(lit);
      for (String column : new String[] {"l", "d", "d1", "d3", "st.x"}) {
        Predicate p = Predicate.or(Predicate.compare(column, io.colfile.core.filter.ComparisonOp.GT,
            v), Predicate.not(Predicate.in(column, v, 1)));
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(20), () -> {
              List<Object> all = Rows.readAll(file.read(ReadOptions.defaults()));
              assertThat(Rows.readAll(file.read(ReadOptions.defaults().withFilter(p))))
                  .as("%s", p).isEqualTo(ReferenceEvaluator.filter(p, SCHEMA, all));
              assertThat(p.toString()).hasSizeLessThan(200);
            });
      }
    }
  }

  /** Statistics of every scalar column of the rows; loose ones widen ranges, drop some. */
  private static UnitStatistics statistics(List<Object> rows, boolean loose, Random r) {
    Map<Integer, ColumnRange> ranges = new HashMap<>();
    int[] id = {0};
    collect(SCHEMA, new ArrayList<>(), rows, ranges, id, loose, r);
    return column -> ranges.get(column);
  }

  private static void collect(Type t, List<String> path, List<Object> rows,
      Map<Integer, ColumnRange> out, int[] id, boolean loose, Random r) {
    int myId = id[0]++;
    if (t.kind() == TypeKind.STRUCT) {
      for (int i = 0; i < t.children().size(); i++) {
        List<String> p = new ArrayList<>(path);
        p.add(t.fieldNames().get(i));
        collect(t.child(i), p, rows, out, id, loose, r);
      }
      return;
    }
    if (t.kind().isCompound()) {
      id[0] += t.columnCount() - 1;
      return;
    }
    Domain d = Domain.of(t);
    Object min = null;
    Object max = null;
    boolean hasNull = false;
    boolean nan = false;
    long count = 0;
    for (Object row : rows) {
      Object v = Rows.at(SCHEMA, row, path);
      if (v == null) {
        hasNull = true;
        continue;
      }
      count++;
      Object x = domainValue(t, v);
      if (x instanceof Double dbl && dbl.isNaN()) {
        nan = true;
        continue;
      }
      if (min == null || d.compare(x, min) < 0) {
        min = x;
      }
      if (max == null || d.compare(x, max) > 0) {
        max = x;
      }
    }
    if (loose && r.nextInt(4) == 0) {
      return; // no statistics for this column
    }
    if (loose && min != null && d == Domain.LONG) {
      long lo = (Long) min;
      long hi = (Long) max;
      min = lo > Long.MIN_VALUE + 2 ? lo - r.nextInt(3) : lo;
      max = hi < Long.MAX_VALUE - 2 ? hi + r.nextInt(3) : hi;
    }
    out.put(myId, new ColumnRange(min, max, hasNull || (loose && r.nextBoolean()),
        loose && r.nextBoolean() ? -1 : count, nan || (loose && r.nextBoolean())));
  }

  private static Object domainValue(Type t, Object v) {
    switch (t.kind()) {
      case BOOLEAN: return (Boolean) v ? 1L : 0L;
      case STRING: case VARCHAR: case CHAR: case BINARY: {
        ByteBuffer b = (ByteBuffer) v;
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
      }
      case DECIMAL: return (BigDecimal) v;
      default: return v; // Long, Double, Instant
    }
  }

  @Test
  void readingWithoutFilterIsTheFileItself() throws IOException {
    Random r = TestSeed.random("noFilter", 0);
    MemoryFile file = new MemoryFile(SCHEMA, r.nextLong(), 10, 20);
    try (FileReader f = file) {
      assertThat(f.read(ReadOptions.defaults()).schema()).isEqualTo(SCHEMA);
    }
  }
}
