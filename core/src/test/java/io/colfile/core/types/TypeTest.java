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
}
