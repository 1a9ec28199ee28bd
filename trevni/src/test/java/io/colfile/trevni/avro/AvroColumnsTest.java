package io.colfile.trevni.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.trevni.ColumnSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Shredding: column names, types, parents, array flags and widths as trevni-avro makes them. */
class AvroColumnsTest {
  private static List<String> describe(String schema) {
    AvroColumns c = AvroColumns.of(AvroSchema.parse(schema));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      ColumnSpec s = c.specs().get(i);
      out.add(s + " w" + c.width(i));
    }
    return out;
  }

  @Test
  void dremelDocument() {
    String links = "{\"type\":\"record\",\"name\":\"Links\",\"fields\":["
        + "{\"name\":\"Backward\",\"type\":{\"type\":\"array\",\"items\":\"long\"}},"
        + "{\"name\":\"Forward\",\"type\":{\"type\":\"array\",\"items\":\"long\"}}]}";
    String language = "{\"type\":\"record\",\"name\":\"Language\",\"fields\":["
        + "{\"name\":\"Code\",\"type\":\"string\"},"
        + "{\"name\":\"Country\",\"type\":[\"null\",\"string\"]}]}";
    String name = "{\"type\":\"record\",\"name\":\"Name\",\"fields\":["
        + "{\"name\":\"Language\",\"type\":{\"type\":\"array\",\"items\":" + language + "}},"
        + "{\"name\":\"Url\",\"type\":[\"null\",\"string\"]}]}";
    String document = "{\"type\":\"record\",\"name\":\"Document\",\"fields\":["
        + "{\"name\":\"DocId\",\"type\":\"long\"},"
        + "{\"name\":\"Links\",\"type\":[\"null\"," + links + "]},"
        + "{\"name\":\"Name\",\"type\":{\"type\":\"array\",\"items\":" + name + "}}]}";
    assertThat(describe(document)).containsExactly(
        "DocId long w1",
        "Links/Links null array w3",
        "Links/Links#Backward[] long array parent Links/Links w1",
        "Links/Links#Forward[] long array parent Links/Links w1",
        "Name[] null array w5",
        "Name[]#Language[] null array parent Name[] w3",
        "Name[]#Language[]#Code string parent Name[]#Language[] w1",
        "Name[]#Language[]#Country/string string array parent Name[]#Language[] w1",
        "Name[]#Url/string string array parent Name[] w1");
  }

  @Test
  void enumInANullableUnion() {
    assertThat(describe("{\"type\":\"record\",\"name\":\"Test\",\"fields\":[{\"name\":\"kind\","
        + "\"type\":[\"null\",{\"type\":\"enum\",\"name\":\"Kind\",\"symbols\":[\"X\",\"Y\","
        + "\"Z\"]}]}]}")).containsExactly("kind/Kind int array w1");
  }

  @Test
  void shapesFromAvrosShredderTests() {
    String r = "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"x\",\"type\":"
        + "\"int\"},{\"name\":\"y\",\"type\":\"string\"}]}";
    assertThat(describe("[\"null\",\"string\"]")).containsExactly("string string array w1");
    assertThat(describe("[\"null\",\"int\"," + r + "]")).containsExactly(
        "int int array w1", "R null array w3", "R#x int parent R w1", "R#y string parent R w1");
    assertThat(describe("{\"type\":\"record\",\"name\":\"S\",\"fields\":[{\"name\":\"a\","
        + "\"type\":{\"type\":\"array\",\"items\":[\"int\"," + r + "]}}]}")).containsExactly(
        "a[] null array w5", "a[]/int int array parent a[] w1",
        "a[]/R null array parent a[] w3", "a[]/R#x int parent a[]/R w1",
        "a[]/R#y string parent a[]/R w1");
    assertThat(describe("{\"type\":\"record\",\"name\":\"S\",\"fields\":[{\"name\":\"a\","
        + "\"type\":[\"int\",{\"type\":\"array\",\"items\":" + r + "}]}]}")).containsExactly(
        "a/int int array w1", "a/array null array w4",
        "a/array[] null array parent a/array w3", "a/array[]#x int parent a/array[] w1",
        "a/array[]#y string parent a/array[] w1");
  }

  @Test
  void mapsAndTopLevelSchemas() {
    assertThat(describe("{\"type\":\"map\",\"values\":\"long\"}")).containsExactly(
        "> null array w3", ">key string parent > w1", ">value long parent > w1");
    assertThat(describe("{\"type\":\"record\",\"name\":\"S\",\"fields\":[{\"name\":\"m\","
        + "\"type\":{\"type\":\"map\",\"values\":{\"type\":\"array\",\"items\":\"int\"}}}]}"))
        .containsExactly("m> null array w3", "m>key string parent m> w1",
            "m>value[] int array parent m> w1");
    assertThat(describe("\"int\"")).containsExactly("int int w1");
    assertThat(describe("{\"type\":\"array\",\"items\":\"double\"}"))
        .containsExactly("[] double array w1");
    assertThat(describe("{\"type\":\"fixed\",\"name\":\"F\",\"namespace\":\"ns\",\"size\":2}"))
        .containsExactly("ns.F bytes w1");
  }

  @Test
  void recursiveSchemasAreRefused() {
    AvroSchema list = AvroSchema.parse("{\"type\":\"record\",\"name\":\"L\",\"fields\":["
        + "{\"name\":\"v\",\"type\":\"int\"},{\"name\":\"next\",\"type\":[\"null\",\"L\"]}]}");
    assertThatThrownBy(() -> AvroColumns.of(list)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("recursive");
  }
}
