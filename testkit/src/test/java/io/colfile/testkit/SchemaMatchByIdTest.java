package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reader schemas matched to the file by the ids types carry as attributes (Iceberg's {@code
 * iceberg.id}): renamed and reordered fields at any depth, fields the file lacks, fields without
 * ids falling back to names, and the schemas refused.
 */
class SchemaMatchByIdTest {
  private static final String ID = ReadOptions.ICEBERG_ID;

  /** {@code t}'s struct fields numbered with ids in order, depth first, from {@code next}. */
  private static Type withIds(Type t, String... ids) {
    int[] next = {0};
    return number(t, ids, next);
  }

  private static Type number(Type t, String[] ids, int[] next) {
    List<Type> children = new ArrayList<>();
    for (Type c : t.children()) {
      Type n = c;
      if (t.kind() == io.colfile.core.types.TypeKind.STRUCT) {
        String id = ids[next[0]++];
        n = id == null ? c : c.withAttribute(ID, id);
      }
      children.add(number(n, ids, next));
    }
    return t.withChildren(children);
  }

  // ids in pre-order over struct fields: id=1, name=2, st=3, st.a=4, st.b=5
  private static final Type FILE = withIds(
      Type.parse("struct<id:int,name:string,st:struct<a:int,b:string>>"),
      "1", "2", "3", "4", "5");

  private static MemoryFile file() {
    return ValueBatches.file(FILE, List.of(
        Arrays.asList(1, "one", Arrays.asList(10, "x")),
        Arrays.asList(2, null, null)));
  }

  @Test
  void renamedAndReorderedFieldsReadByTheirIds() {
    // pre-order: s2=3 (s2.bb=5, s2.aa=4), label=2, key=1, added=9
    Type reader = withIds(Type.parse(
        "struct<s2:struct<bb:string,aa:bigint>,label:string,key:bigint,added:int>"),
        "3", "5", "4", "2", "1", "9");
    ReadOptions options = ReadOptions.defaults().withSchema(reader).withMatchById(ID);
    assertThat(ValueBatches.read(file(), options)).containsExactly(
        Arrays.asList(Arrays.asList("x", 10L), "one", 1L, null),
        Arrays.asList(null, null, 2L, null));
    assertThat(ReadPlan.create(FILE, options).fileProjection().toString())
        .isEqualTo("struct<id:int,name:string,st:struct<a:int,b:string>>");
    // by name the same schema finds nothing
    assertThat(ValueBatches.read(file(), ReadOptions.defaults().withSchema(reader)))
        .containsExactly(Arrays.asList(null, null, null, null),
            Arrays.asList(null, null, null, null));
  }

  @Test
  void fieldsWithoutIdsFallBackToTheirNames() {
    Type reader = withIds(Type.parse("struct<name:string,renamed:int>"), null, "1");
    assertThat(ValueBatches.read(file(), ReadOptions.defaults().withSchema(reader)
        .withMatchById(ID))).containsExactly(Arrays.asList("one", 1L), Arrays.asList(null, 2L));
  }

  @Test
  void aSchemaOfTheSameShapeWithOtherIdsIsNotReadAsItIs() {
    // the file's shape, but the ids of id and name swapped: the columns swap
    Type swapped = withIds(Type.parse("struct<id:string,name:string,st:struct<a:int,b:string>>"),
        "2", "1", "3", "4", "5");
    Type fileStrings = withIds(
        Type.parse("struct<id:string,name:string,st:struct<a:int,b:string>>"),
        "1", "2", "3", "4", "5");
    MemoryFile f = ValueBatches.file(fileStrings, List.of(
        Arrays.asList("i", "n", Arrays.asList(1, "b"))));
    assertThat(ValueBatches.read(f, ReadOptions.defaults().withSchema(swapped)
        .withMatchById(ID))).containsExactly(Arrays.asList("n", "i", Arrays.asList(1L, "b")));
    assertThat(ValueBatches.read(f, ReadOptions.defaults().withSchema(swapped)))
        .containsExactly(Arrays.asList("i", "n", Arrays.asList(1L, "b")));
  }

  @Test
  void twoFieldsWithOneIdAreRefused() {
    Type reader = withIds(Type.parse("struct<a:int,b:int>"), "1", "1");
    assertThatThrownBy(() -> ReadPlan.create(FILE, ReadOptions.defaults().withSchema(reader)
        .withMatchById(ID))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot read the rows: its fields a and b both have iceberg.id 1");
    // an id and a name reaching the same file field
    Type both = withIds(Type.parse("struct<id:int,other:int>"), null, "1");
    assertThatThrownBy(() -> ReadPlan.create(FILE, ReadOptions.defaults().withSchema(both)
        .withMatchById(ID))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot read column other: the file's field id is already read by another "
            + "field");
  }
}
