package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Projections, reader schemas and their errors, through {@link ReadPlan} on a memory file. */
@ExtendWith(TestSeed.class)
class ReadPlanTest {
  private static final Type SCHEMA = Type.parse("struct<a:int,b:string,"
      + "st:struct<x:bigint,y:string,z:struct<q:double,w:int>>,l:array<struct<m:int,n:int>>>");

  private final MemoryFile file = new MemoryFile(SCHEMA, TestSeed.seed(), 300, 1, 700);
  private final List<Object> all = read(ReadOptions.defaults());

  private List<Object> read(ReadOptions options) {
    try (BatchReader r = file.read(options)) {
      return Rows.readAll(r);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static Object field(Object row, String... path) {
    return Rows.at(SCHEMA, row, List.of(path));
  }

  @Test
  void nestedPathsKeepOnlyTheirFieldsInTheOrderNamed() {
    ReadOptions options = ReadOptions.columns("st.z.q", "a", "st.x");
    assertThat(ReadPlan.create(SCHEMA, options).schema().toString())
        .isEqualTo("struct<st:struct<z:struct<q:double>,x:bigint>,a:int>");
    assertThat(ReadPlan.create(SCHEMA, options).fileProjection().toString())
        .isEqualTo("struct<a:int,st:struct<x:bigint,z:struct<q:double>>>");
    List<Object> expected = new ArrayList<>();
    for (Object row : all) {
      Object st = field(row, "st");
      Object z = field(row, "st", "z");
      expected.add(Arrays.asList(st == null ? null : Arrays.asList(
          z == null ? null : Arrays.asList(field(row, "st", "z", "q")), field(row, "st", "x")),
          field(row, "a")));
    }
    assertThat(read(options)).isEqualTo(expected);
  }

  @Test
  void aSplitWithoutTheFirstByteReadsNoRowsOfTheSameSchema() throws IOException {
    ReadOptions options = ReadOptions.columns("st.z.q", "a")
        .withSchema(Type.parse("struct<a:bigint,st:struct<z:struct<q:double>>,added:int>"))
        .withFilter(Predicate.parse("a IS NOT NULL"));
    List<Object> expected = read(options);
    assertThat(expected).isNotEmpty();
    assertThat(read(options.withSplit(0, 1))).isEqualTo(expected);
    for (ReadOptions split : List.of(options.withSplit(1, 1000), options.withSplit(0, 0))) {
      try (BatchReader whole = file.read(options); BatchReader none = file.read(split)) {
        assertThat(none.schema()).isEqualTo(whole.schema());
        assertThat(none.newBatch().capacity()).isEqualTo(whole.newBatch().capacity());
        none.seekToRow(0);
        assertThat(Rows.readAll(none)).isEmpty();
        assertThat(none.report().lines()).anyMatch(l -> l.contains("not read"));
      }
    }
  }

  @Test
  void columnsByIndexAreTheColumnsByName() {
    ReadOptions byIndex = ReadOptions.defaults().withColumnIndexes(3, 0);
    assertThat(ReadPlan.create(SCHEMA, byIndex).schema().toString())
        .isEqualTo("struct<l:array<struct<m:int,n:int>>,a:int>");
    assertThat(read(byIndex)).isEqualTo(read(ReadOptions.columns("l", "a")));
    // of the reader schema when there is one
    ReadOptions reader = byIndex.withSchema(Type.parse("struct<added:int,a:bigint>"))
        .withColumnIndexes(1);
    assertThat(ReadPlan.create(SCHEMA, reader).schema().toString()).isEqualTo("struct<a:bigint>");
    // names given later replace the indexes, and the other way round
    assertThat(ReadPlan.create(SCHEMA, byIndex.withColumns(List.of("b"))).schema().toString())
        .isEqualTo("struct<b:string>");
    assertThat(ReadPlan.create(SCHEMA, ReadOptions.columns("b").withColumnIndexes(1)).schema()
        .toString()).isEqualTo("struct<b:string>");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA, ReadOptions.defaults()
        .withColumnIndexes(4))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no column 4").hasMessageContaining("0 to 3");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA, ReadOptions.defaults()
        .withColumnIndexes(1, 1))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("twice");
  }

  @Test
  void includedColumnsFollowTheProjection() {
    boolean[] included = ReadPlan.create(SCHEMA, ReadOptions.columns("st.z.w")).includedColumns();
    // 0 root, 1 a, 2 b, 3 st, 4 x, 5 y, 6 z, 7 q, 8 w, 9 l, 10 element, 11 m, 12 n
    assertThat(included).containsExactly(true, false, false, true, false, false, true, false,
        true, false, false, false, false);
  }

  @Test
  void includedColumnsFollowPruningInsideLists() {
    // l: array<struct<m,n>> read as array<struct<n>>: m is not read
    ReadPlan plan = ReadPlan.create(SCHEMA, ReadOptions.defaults()
        .withSchema(Type.parse("struct<l:array<struct<n:int,added:string>>>")));
    assertThat(plan.fileProjection().toString()).isEqualTo("struct<l:array<struct<n:int>>>");
    assertThat(plan.includedColumns()).containsExactly(true, false, false, false, false, false,
        false, false, false, true, true, false, true);
    ReadPlan none = ReadPlan.create(SCHEMA, ReadOptions.defaults()
        .withSchema(Type.parse("struct<l:array<struct<added:string>>>")));
    assertThat(none.fileProjection().toString()).isEqualTo("struct<l:array<struct<>>>");
    assertThat(none.includedColumns()).containsExactly(true, false, false, false, false, false,
        false, false, false, true, true, false, false);
  }

  @Test
  void badColumnsAreRefusedBeforeReading() {
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA, ReadOptions.columns("nope")))
        .hasMessage("no column 'nope'; the columns are a, b, st, l");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA, ReadOptions.columns("st.nope")))
        .hasMessage("no column 'st.nope'; st has fields x, y, z");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA, ReadOptions.columns("a.b")))
        .hasMessage("no column 'a.b': a is int, not a struct");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA, ReadOptions.columns("a", "a")))
        .hasMessage("column 'a' is listed twice");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA,
        ReadOptions.defaults().withFilter(Predicate.parse("l = 1"))))
        .hasMessageContaining("predicates apply to scalar columns only");
  }

  @Test
  void rowsOfABareValueHaveOneColumnToChooseAndFilter() {
    MemoryFile bare = new MemoryFile(Type.INT, TestSeed.seed(), 400, 3, 250);
    List<Object> values = readFrom(bare, ReadOptions.defaults());
    assertThat(values).hasSize(653);
    String column = ReadOptions.BARE_VALUE_COLUMN;
    assertThat(readFrom(bare, ReadOptions.columns(column))).isEqualTo(values);
    assertThat(readFrom(bare, ReadOptions.defaults().withColumnIndexes(0))).isEqualTo(values);
    assertThat(ReadPlan.create(Type.INT, ReadOptions.columns(column)).schema())
        .isEqualTo(Type.INT);
    // filtered exactly, NULL never TRUE; through a reader schema's conversion too
    // above the smallest value: some rows and not all, whatever the generated values are
    long least = values.stream().filter(v -> v != null).mapToLong(v -> (Long) v).min()
        .orElse(0);
    Predicate positive = Predicate.parse(column + " > " + least);
    List<Object> expected = values.stream().filter(v -> v != null && (Long) v > least).toList();
    assertThat(expected).hasSizeLessThan(values.size());
    assertThat(readFrom(bare, ReadOptions.defaults().withFilter(positive))).isEqualTo(expected);
    assertThat(readFrom(bare, ReadOptions.defaults().withSchema(Type.LONG).withFilter(positive)))
        .isEqualTo(expected);
    assertThat(readFrom(bare, ReadOptions.defaults().withFilter(Predicate.parse(column
        + " IS NULL")))).hasSize((int) values.stream().filter(v -> v == null).count());
    // no other column
    assertThatThrownBy(() -> ReadPlan.create(Type.INT, ReadOptions.columns("value")))
        .hasMessage("no column 'value'; the columns are _col0");
    assertThatThrownBy(() -> ReadPlan.create(Type.INT, ReadOptions.defaults()
        .withColumnIndexes(1))).hasMessageContaining("no column 1");
    assertThatThrownBy(() -> ReadPlan.create(Type.INT, ReadOptions.defaults()
        .withColumnIndexes())).hasMessageContaining("cannot be left out");
    assertThatThrownBy(() -> ReadPlan.create(Type.INT, ReadOptions.defaults()
        .withFilter(Predicate.parse("value = 1")))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("value");
  }

  private static List<Object> readFrom(MemoryFile f, ReadOptions options) {
    try (BatchReader r = f.read(options)) {
      return Rows.readAll(r);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void readerSchemaMatchesByNameAndReadsMissingFieldsAsNull() {
    Type reader = Type.parse("struct<b:string,extra:double,a:bigint,st:struct<y:string,x:int>>");
    List<Object> rows = read(ReadOptions.defaults().withSchema(reader));
    List<Object> expected = new ArrayList<>();
    for (Object row : all) {
      Object st = field(row, "st");
      Long x = (Long) field(row, "st", "x");
      Object a = field(row, "a");
      expected.add(Arrays.asList(field(row, "b"), null, a,
          st == null ? null : Arrays.asList(field(row, "st", "y"),
              x != null && x == (int) (long) x ? x : null)));
    }
    assertThat(rows).isEqualTo(expected);
    ReadPlan plan = ReadPlan.create(SCHEMA, ReadOptions.defaults().withSchema(reader));
    assertThat(plan.fileProjection().toString())
        .isEqualTo("struct<a:int,b:string,st:struct<x:bigint,y:string>>");
  }

  @Test
  void readerSchemaByPositionAndHiveNames() {
    Type reader = Type.parse("struct<one:int,two:string>");
    List<Object> rows = read(ReadOptions.defaults().withSchema(reader).withMatchByPosition(true));
    List<Object> expected = new ArrayList<>();
    for (Object row : all) {
      expected.add(Arrays.asList(field(row, "a"), field(row, "b")));
    }
    assertThat(rows).isEqualTo(expected);

    Type hive = Type.parse("struct<_col0:int,_col1:string>");
    MemoryFile hiveFile = new MemoryFile(hive, 7, 50);
    try (BatchReader plain = hiveFile.read(ReadOptions.defaults());
         BatchReader named = hiveFile.read(ReadOptions.defaults().withSchema(
             Type.parse("struct<id:int,name:string,more:int>")))) {
      List<Object> want = new ArrayList<>();
      for (Object r : Rows.readAll(plain)) {
        want.add(Arrays.asList(((List<?>) r).get(0), ((List<?>) r).get(1), null));
      }
      assertThat(Rows.readAll(named)).isEqualTo(want);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void filtersNameTheReaderSchemasColumns() {
    Type reader = Type.parse("struct<renamed:int,b:string>");
    Predicate p = Predicate.parse("renamed > 0 OR b IS NULL");
    List<Object> rows = read(ReadOptions.defaults().withSchema(reader).withMatchByPosition(true)
        .withFilter(p).withColumns(List.of("b")));
    List<Object> expected = new ArrayList<>();
    for (Object row : all) {
      Integer a = field(row, "a") == null ? null : (int) (long) (Long) field(row, "a");
      if ((a != null && a > 0) || field(row, "b") == null) {
        expected.add(Arrays.asList(field(row, "b")));
      }
    }
    assertThat(rows).isEqualTo(expected);
  }

  @Test
  void impossibleReaderSchemasAreRefused() {
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA,
        ReadOptions.defaults().withSchema(Type.parse("struct<a:struct<x:int>>"))))
        .hasMessage("cannot read column a (int in the file) as struct<x:int>");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA,
        ReadOptions.defaults().withSchema(Type.parse("struct<l:array<struct<m:int,n:binary>>>"))))
        .hasMessageContaining("cannot read column l[].n (int in the file) as binary");
    assertThatThrownBy(() -> ReadPlan.create(SCHEMA,
        ReadOptions.defaults().withSchema(Type.parse("array<int>"))))
        .hasMessageContaining("cannot read rows of");
  }

  @Test
  void pushdownKeepsWidenedIntegersAndNothingElseConverted() {
    Type reader = Type.parse("struct<a:bigint,b:int,st:struct<x:int>>");
    ReadPlan plan = ReadPlan.create(SCHEMA, ReadOptions.defaults().withSchema(reader)
        .withFilter(Predicate.parse("a > 5 AND st.x < 3 AND b = 1")));
    io.colfile.core.filter.BoundPredicate.And and =
        (io.colfile.core.filter.BoundPredicate.And) plan.pushdown();
    io.colfile.core.filter.BoundPredicate.Leaf a =
        (io.colfile.core.filter.BoundPredicate.Leaf) and.terms().get(0);
    assertThat(a.column()).isEqualTo(1);
    assertThat(a.type()).isEqualTo(Type.INT); // the file's type: its statistics decide
    assertThat(and.terms().get(1)).as("bigint read as int can become NULL")
        .isInstanceOf(io.colfile.core.filter.BoundPredicate.Opaque.class);
    assertThat(and.terms().get(2)).as("string read as int")
        .isInstanceOf(io.colfile.core.filter.BoundPredicate.Opaque.class);
  }
}
