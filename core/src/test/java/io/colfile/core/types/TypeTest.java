package io.colfile.core.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TypeTest {
  @ParameterizedTest
  @ValueSource(strings = {
      "boolean", "tinyint", "smallint", "int", "bigint", "float", "double", "string",
      "binary", "date", "timestamp", "timestamp with local time zone", "char(10)",
      "varchar(255)", "decimal(38,10)", "decimal(0,0)", "array<int>", "map<string,double>",
      "uniontype<int,string,array<date>>", "struct<>",
      "struct<a:int,b:map<string,array<double>>,c:struct<d:uniontype<int,string>>>",
      "struct<`a b`:int,`x``y`:string,1st:bigint,`a.b`:int>"
  })
  void printsWhatItParses(String text) {
    Type t = Type.parse(text);
    assertThat(t.toString()).isEqualTo(text);
    assertThat(Type.parse(t.toString())).isEqualTo(t);
  }

  @Test
  void parsesLooseSpellings() {
    assertThat(Type.parse(" STRUCT < a : INT , b : Decimal ( 5 , 2 ) > "))
        .isEqualTo(Type.structBuilder().field("a", Type.INT).field("b", Type.decimal(5, 2))
            .build());
    assertThat(Type.parse("decimal")).isEqualTo(Type.decimal(38, 10));
    assertThat(Type.parse("struct<1st:int>").fieldNames()).containsExactly("1st");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "", "int>", "struct<a:int", "struct<a int>", "map<int>", "array<>", "char(0)",
      "decimal(39,2)", "decimal(5,6)", "varchar", "foo", "struct<`a:int>", "uniontype<>",
      "int int", "char(99999999999)"
  })
  void rejectsBadStrings(String text) {
    assertThatThrownBy(() -> Type.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void numbersColumnsInPreOrder() {
    Type t = Type.parse("struct<a:int,b:map<string,array<double>>,c:string>");
    List<Type> flat = t.flatten();
    assertThat(flat).hasSize(7);
    assertThat(t.columnCount()).isEqualTo(7);
    assertThat(flat.get(2).kind()).isEqualTo(TypeKind.MAP);
    assertThat(flat.get(5).kind()).isEqualTo(TypeKind.DOUBLE);
    assertThat(flat.get(6).kind()).isEqualTo(TypeKind.STRING);
    assertThat(t.fieldIndex("c")).isEqualTo(2);
    assertThat(t.fieldIndex("z")).isEqualTo(-1);
  }

  @Test
  void childrenAreNullableUnlessSaidOtherwise() {
    Type t = Type.parse(
        "struct<a:int,l:array<string>,m:map<string,double>,u:uniontype<int,date>>");
    for (int i = 0; i < 4; i++) {
      assertThat(t.isChildNullable(i)).isTrue();
    }
    assertThat(t.child(1).isChildNullable(0)).isTrue();
    assertThat(t.child(2).isChildNullable(0)).as("map keys are never null").isFalse();
    assertThat(t.child(2).isChildNullable(1)).isTrue();
    assertThat(t.child(3).isChildNullable(1)).isTrue();
    assertThat(Type.structBuilder().field("a", Type.INT).build())
        .isEqualTo(Type.parse("struct<a:int>"))
        .isEqualTo(Type.struct(List.of("a"), List.of(Type.INT)));
    assertThat(t.allNullable()).isSameAs(t);
  }

  @Test
  void nonNullChildrenAreMadeReadAndPrinted() {
    Type t = Type.structBuilder()
        .field("id", Type.LONG, false)
        .field("tags", Type.list(Type.STRING, false), true)
        .field("m", Type.map(Type.STRING, Type.INT, false), false)
        .field("s", Type.structBuilder().field("x", Type.DATE, false).build())
        .build();
    String text = "struct<id:bigint not null,tags:array<string not null>,"
        + "m:map<string,int not null> not null,s:struct<x:date not null>>";
    assertThat(t.toString()).isEqualTo(text);
    assertThat(Type.parse(text)).isEqualTo(t);
    assertThat(Type.parse(" STRUCT< id : BIGINT  Not  NULL , tags:array<string NOT NULL>,"
        + "m:map<string not null,int not null> not null,s:struct<x:date not null>>"))
        .isEqualTo(t);
    assertThat(t.isChildNullable(0)).isFalse();
    assertThat(t.isChildNullable(1)).isTrue();
    assertThat(t.child(1).isChildNullable(0)).isFalse();
    assertThat(t.isChildNullable(2)).isFalse();
    assertThat(t.child(2).isChildNullable(1)).isFalse();
    assertThat(t.child(3).isChildNullable(0)).isFalse();
  }

  @Test
  void nullabilityTakesPartInEqualityAndAllNullableIgnoresIt() {
    Type strict = Type.parse("struct<a:int not null,b:array<struct<c:string not null>>>");
    Type loose = Type.parse("struct<a:int,b:array<struct<c:string>>>");
    assertThat(strict).isNotEqualTo(loose);
    assertThat(strict.allNullable()).isEqualTo(loose).hasSameHashCodeAs(loose);
    assertThat(strict.allNullable().toString()).isEqualTo(loose.toString());
    assertThat(Type.parse("array<int not null>")).isNotEqualTo(Type.parse("array<int>"));
    assertThat(Type.parse("map<int,int not null>")).isNotEqualTo(Type.parse("map<int,int>"));
    // the children themselves are the same types: nullability belongs to the parent
    assertThat(strict.child(0)).isSameAs(Type.INT);
    assertThat(Type.struct(List.of("a"), List.of(Type.INT), List.of(false)))
        .isEqualTo(Type.structBuilder().field("a", Type.INT, false).build());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "uniontype<int not null,string>", "struct<a:int not>", "struct<a:int not nul>",
      "array<int null>", "int not null", "struct<a:int not null not null>"
  })
  void rejectsMisplacedNotNull(String text) {
    assertThatThrownBy(() -> Type.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStructNeedsOneNullabilityPerField() {
    assertThatThrownBy(() -> Type.struct(List.of("a"), List.of(Type.INT), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
