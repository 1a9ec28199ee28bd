package io.colfile.text.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CsvSourceTest {
  private static String convert(Type schema, String csv) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    try (CsvSource src = new CsvSource("in.csv", new StringReader(csv), schema)) {
      ColumnBatch batch = new ColumnBatch(schema, 2);
      while (src.next(batch)) {
        batch.validate();
        w.write(batch);
      }
    }
    w.flush();
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void readsTypedColumnsByHeaderNameWithEmptyFieldsNull() throws IOException {
    Type t = Type.parse("struct<id:int,name:string,price:decimal(6,2),ok:boolean,day:date,"
        + "at:timestamp,x:double,missing:string>");
    String csv = "name,id,price,ok,day,at,x\n"
        + "\"Smith, J.\",1,12.5,true,2024-03-01,2024-03-01 10:11:12.5,NaN\n"
        + "\"two\nlines\",2,,FALSE,,2024-03-01T00:00:00,-1e-5\n"
        + "c,3,0.005,,1969-12-31,,\n";
    assertThat(convert(t, csv)).isEqualTo(
        "{\"id\": 1, \"name\": \"Smith, J.\", \"price\": 12.50, \"ok\": true, \"day\": "
            + "\"2024-03-01\", \"at\": \"2024-03-01 10:11:12.5\", \"x\": NaN, \"missing\": null}\n"
            + "{\"id\": 2, \"name\": \"two\\nlines\", \"price\": null, \"ok\": false, \"day\": "
            + "null, \"at\": \"2024-03-01 00:00:00.0\", \"x\": -1e-05, \"missing\": null}\n"
            + "{\"id\": 3, \"name\": \"c\", \"price\": 0.01, \"ok\": null, \"day\": "
            + "\"1969-12-31\", \"at\": null, \"x\": null, \"missing\": null}\n");
  }

  @Test
  void badRowsNameLineAndColumn() {
    Type t = Type.parse("struct<a:int,b:string>");
    assertThatThrownBy(() -> convert(t, "a,b\n1,x\n2\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(3);
          assertThat(e.getMessage()).contains("1 fields").contains("header 2");
        });
    assertThatThrownBy(() -> convert(t, "a,b\n1,x\nx,y\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(3);
          assertThat(e.column()).isEqualTo("a");
          assertThat(e.getMessage()).contains("'x' is not a int");
        });
    assertThatThrownBy(() -> convert(t, "a,c\n1,2\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.column())
            .isEqualTo("c"));
    assertThatThrownBy(() -> convert(Type.parse("struct<l:array<int>>"), "l\n1\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nested");
  }

  @Test
  void infersColumnTypes() throws IOException {
    String csv = "a,b,c,d,e,f,g\n1,1.5,true,2024-01-01,2024-01-01 00:00:00,x,\n"
        + "2,2,false,2024-01-02,2024-01-02 01:02:03.4,3,\n";
    assertThat(SchemaInference.csv("in", new StringReader(csv)).toString())
        .isEqualTo("struct<a:bigint,b:double,c:boolean,d:date,e:timestamp,f:string,g:string>");
  }
}
