package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.ReadOptions;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.Predicate;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import java.math.BigDecimal;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How reader schemas meet files: which scalar conversions exist (Apache ORC's table, restated
 * here), the errors for those that do not, and matching through nesting: fields added and
 * dropped at any depth, lists, maps and unions of converted values, by position at the top only,
 * names case included.
 */
class SchemaMatchTest {
  private static final List<String> SCALARS = List.of("boolean", "tinyint", "smallint", "int",
      "bigint", "float", "double", "decimal(10,2)", "string", "varchar(5)", "char(5)", "binary",
      "date", "timestamp", "timestamp with local time zone");
  private static final Set<String> NUMBERS = Set.of("boolean", "tinyint", "smallint", "int",
      "bigint", "float", "double", "decimal(10,2)");
  private static final Set<String> TEXT = Set.of("string", "varchar(5)", "char(5)");
  private static final Set<String> TIMES = Set.of("timestamp", "timestamp with local time zone");

  /** orc-core's ConvertTreeReaderFactory.canConvert, for different scalar types. */
  private static boolean orcConverts(String from, String to) {
    if (NUMBERS.contains(from)) {
      return !to.equals("binary") && !to.equals("date");
    }
    if (TEXT.contains(from)) {
      return true;
    }
    if (TIMES.contains(from)) {
      return !to.equals("binary");
    }
    if (from.equals("date")) {
      return TEXT.contains(to) || TIMES.contains(to);
    }
    return TEXT.contains(to); // binary
  }

  @Test
  void everyScalarPairConvertsExactlyWhenApacheOrcDoes() {
    int allowed = 0;
    for (String from : SCALARS) {
      for (String to : SCALARS) {
        Type file = Type.parse("struct<v:" + from + ">");
        ReadOptions options = ReadOptions.defaults().withSchema(Type.parse("struct<v:" + to
            + ">"));
        if (from.equals(to) || orcConverts(from, to)) {
          assertThat(ReadPlan.create(file, options).schema().child(0).toString()).isEqualTo(to);
          allowed++;
        } else {
          assertThatThrownBy(() -> ReadPlan.create(file, options), from + " -> " + to)
              .isInstanceOf(IllegalArgumentException.class)
              .hasMessage("cannot read column v (" + from + " in the file) as " + to);
        }
      }
    }
    assertThat(allowed).isEqualTo(15 + 8 * 12 + 3 * 14 + 2 * 13 + 5 + 3);
  }

  @Test
  void compoundTypesMustMeetTheirOwnKind() {
    Type file = Type.parse("struct<s:struct<a:int>,l:array<binary>,m:map<int,string>,"
        + "u:uniontype<int,string>>");
    assertThatThrownBy(() -> plan(file, "struct<s:int>"))
        .hasMessage("cannot read column s (struct<a:int> in the file) as int");
    assertThatThrownBy(() -> plan(file, "struct<s:struct<a:date>>"))
        .hasMessage("cannot read column s.a (int in the file) as date");
    assertThatThrownBy(() -> plan(file, "struct<l:array<int>>"))
        .hasMessage("cannot read column l[] (binary in the file) as int");
    assertThatThrownBy(() -> plan(file, "struct<l:map<int,int>>"))
        .hasMessage("cannot read column l (array<binary> in the file) as map<int,int>");
    assertThatThrownBy(() -> plan(file, "struct<m:map<date,string>>"))
        .hasMessage("cannot read column m.key (int in the file) as date");
    assertThatThrownBy(() -> plan(file, "struct<u:uniontype<int>>"))
        .hasMessage("cannot read column u (uniontype<int,string> in the file) as uniontype<int>:"
            + " the unions have different variants");
    assertThatThrownBy(() -> plan(file, "struct<u:uniontype<date,date>>"))
        .hasMessage("cannot read column u.0 (int in the file) as date");
    assertThatThrownBy(() -> plan(file, "int")).hasMessageContaining("cannot read rows of");
  }

  private static ReadPlan plan(Type file, String reader) {
    return ReadPlan.create(file, ReadOptions.defaults().withSchema(Type.parse(reader)));
  }

  private static final Type NESTED = Type.parse("struct<id:int,st:struct<x:string,"
      + "z:struct<q:double,w:int>>,l:array<struct<m:int,n:string>>,mp:map<int,string>,"
      + "u:uniontype<int,string>>");

  private static List<Object> nestedRows() {
    return List.of(
        Arrays.asList(1, Arrays.asList("12", Arrays.asList(1.5, 7)),
            List.of(Arrays.asList(3, "x"), Arrays.asList(300, "4")),
            List.of(entry(1, "10"), entry(2, "no")), new Rows.Variant(0, 300)),
        Arrays.asList(2, null, List.of(), List.of(), new Rows.Variant(1, "2.5")),
        Arrays.asList(3, Arrays.asList(null, null), null, null, null));
  }

  private static Map.Entry<Object, Object> entry(Object k, Object v) {
    return new SimpleImmutableEntry<>(k, v);
  }

  @Test
  void nestedFieldsAreAddedDroppedAndConvertedAtAnyDepth() {
    MemoryFile file = ValueBatches.file(NESTED, nestedRows());
    Type reader = Type.parse("struct<u:uniontype<tinyint,decimal(4,1)>,"
        + "mp:map<bigint,int>,l:array<struct<n:int,m:tinyint,o:date>>,"
        + "st:struct<z:struct<w:string,v:int>,x:smallint>,new:string>");
    assertThat(ValueBatches.read(file, ReadOptions.defaults().withSchema(reader))).containsExactly(
        Arrays.asList(new Rows.Variant(0, null), List.of(entry(1L, 10L), entry(2L, null)),
            List.of(Arrays.asList(null, 3L, null), Arrays.asList(4L, null, null)),
            Arrays.asList(Arrays.asList("7", null), 12L), null),
        Arrays.asList(new Rows.Variant(1, new BigDecimal("2.5")), List.of(), List.of(), null,
            null),
        Arrays.asList(null, null, null, Arrays.asList(null, null), null));
    assertThat(ReadPlan.create(NESTED, ReadOptions.defaults().withSchema(reader))
        .fileProjection().toString()).isEqualTo("struct<st:struct<x:string,z:struct<w:int>>,"
            + "l:array<struct<m:int,n:string>>,mp:map<int,string>,u:uniontype<int,string>>");
  }

  @Test
  void positionIsForTheTopLevelOnlyAndNamesKeepTheirCase() {
    MemoryFile file = ValueBatches.file(NESTED, nestedRows());
    Type reader = Type.parse("struct<a:bigint,b:struct<X:string,x:string,z:struct<q:int>>>");
    assertThat(ValueBatches.read(file, ReadOptions.defaults().withSchema(reader)
        .withMatchByPosition(true))).containsExactly(
            Arrays.asList(1L, Arrays.asList(null, "12", Arrays.asList(1L))),
            Arrays.asList(2L, null),
            Arrays.asList(3L, Arrays.asList(null, null, null)));
    // by name, "ID" is not "id"
    assertThat(ValueBatches.read(file, ReadOptions.defaults()
        .withSchema(Type.parse("struct<ID:int,id:string>"))))
        .containsExactly(Arrays.asList(null, "1"), Arrays.asList(null, "2"),
            Arrays.asList(null, "3"));
  }

  @Test
  void hiveNamesMatchByPositionWithoutBeingAsked() {
    Type hive = Type.parse("struct<_col0:int,_col1:struct<a:string>>");
    MemoryFile file = ValueBatches.file(hive, List.of(Arrays.asList(5, Arrays.asList("6"))));
    assertThat(ValueBatches.read(file, ReadOptions.defaults()
        .withSchema(Type.parse("struct<id:string,s:struct<_col0:int,a:int>,extra:int>"))))
        .containsExactly(Arrays.asList("5", Arrays.asList(null, 6L), null));
  }

  @Test
  void filtersAndProjectionsSeeConvertedValues() {
    MemoryFile file = ValueBatches.file(NESTED, nestedRows());
    ReadOptions options = ReadOptions.defaults()
        .withSchema(Type.parse("struct<id:string,st:struct<x:int>>"))
        .withFilter(Predicate.parse("st.x >= 10 OR id = '3'"))
        .withColumns(List.of("id"));
    assertThat(ValueBatches.read(file, options)).containsExactly(List.of("1"), List.of("3"));
    ReadPlan plan = ReadPlan.create(NESTED, options);
    assertThat(plan.pushdown()).isInstanceOf(BoundPredicate.Or.class);
    assertThat(plan.pushdown().toString()).contains("read through a conversion");
  }
}
