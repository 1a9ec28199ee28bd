package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.colfile.testkit.TestSeed;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The test cases of trevni-avro ({@code lang/java/trevni/avro/src/test/cases}: {@code enum} and
 * {@code dremel} with its {@code sub1} projection) and the shredding shapes of its {@code
 * TestShredder}, re-created here (trevni.md §11.6). trevni-avro and colfile each write them; both
 * files must have exactly the columns (names, types, parents, array flags) and block bodies the
 * notes list, be byte-identical, and read back as the input through colfile and through
 * trevni-avro.
 */
@ExtendWith(TestSeed.class)
class TrevniAvroCasesTest {
  @TempDir
  Path dir;

  static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }

  /** Records from Avro's JSON encoding, as TestCases reads input.json. */
  static List<Object> fromJson(Schema schema, String json) throws IOException {
    List<Object> out = new ArrayList<>();
    Decoder d = DecoderFactory.get().jsonDecoder(schema, json);
    GenericDatumReader<Object> reader = new GenericDatumReader<>(schema);
    try {
      while (true) {
        out.add(reader.read(null, d));
      }
    } catch (EOFException e) {
      return out;
    }
  }

  /** Both writers' files; asserts they are byte-identical and returns the parsed parts. */
  private TrevniFileParts writeBoth(String name, Schema schema, List<Object> records)
      throws IOException {
    Path a = dir.resolve(name + "-java.trv");
    Path b = dir.resolve(name + "-colfile.trv");
    AvroFiles.writeJava(a, schema, records, AvroFiles.Settings.defaults());
    AvroFiles.writeColfile(b, schema, records, AvroFiles.Settings.defaults(), 1, 3, 100);
    List<List<Object>> expected = AvroFiles.normRows(schema, records);
    AvroFiles.assertColfileReads(a, schema, null, expected, 2, name + ", Java's file");
    AvroFiles.assertJavaReads(b, null, records, schema, name + ", colfile's file");
    TrevniFileParts java = TrevniFileParts.parse(Files.readAllBytes(a));
    TrevniFileParts colfile = TrevniFileParts.parse(Files.readAllBytes(b));
    TrevniFileParts.assertSameAsJava(java, colfile, name);
    return colfile;
  }

  private static void assertColumns(TrevniFileParts f, String what, Object[][] expected) {
    List<String> shapes = new ArrayList<>();
    for (Object[] e : expected) {
      shapes.add((String) e[0]);
    }
    TrevniFileParts.assertShape(f, shapes, what);
    for (int i = 0; i < expected.length; i++) {
      TrevniFileParts.Column c = f.columns.get(i);
      assertEquals(1, c.blocks().size(), what + ", column '" + c.name() + "': blocks");
      assertEquals((Integer) expected[i][1], c.blocks().get(0).rows(),
          what + ", column '" + c.name() + "': rows of its block");
      TrevniFileParts.assertBytes(body((String) expected[i][2]), c.blocks().get(0).raw(),
          what + ", column '" + c.name() + "': block body");
    }
  }

  /** Hex bytes and "quoted" text, as the notes write block bodies. */
  static byte[] body(String spec) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (String tok : spec.trim().split(" (?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)")) {
      if (tok.startsWith("\"")) {
        out.writeBytes(tok.substring(1, tok.length() - 1).getBytes(StandardCharsets.UTF_8));
      } else if (!tok.isEmpty()) {
        out.write(Integer.parseInt(tok, 16));
      }
    }
    return out.toByteArray();
  }

  // ---- enum ---------------------------------------------------------------------------------

  static final String ENUM_SCHEMA = "{\"type\":\"record\",\"name\":\"Test\",\"fields\":[{\"name\":"
      + "\"kind\",\"type\":[\"null\",{\"type\":\"enum\",\"name\":\"Kind\",\"symbols\":"
      + "[\"X\",\"Y\",\"Z\"]}]}]}";
  static final String ENUM_INPUT = """
      {"kind":null}
      {"kind":{"Kind":"X"}}
      {"kind":{"Kind":"Y"}}
      {"kind":{"Kind":"Z"}}
      """;

  @Test
  void enumCase() throws IOException {
    Schema schema = parse(ENUM_SCHEMA);
    List<Object> records = fromJson(schema, ENUM_INPUT);
    TrevniFileParts f = writeBoth("enum", schema, records);
    assertColumns(f, "enum", new Object[][] {
        {"kind/Kind int array", 4, "00 02 00 02 02 02 04"}});
    // and colfile's values are the symbols, a null first
    AvroFiles.assertColfileReads(dir.resolve("enum-colfile.trv"), schema, null,
        List.of(row((Object) null), row("X"), row("Y"), row("Z")), 3, "enum, colfile's file");
  }

  private static List<Object> row(Object... fields) {
    List<Object> out = new ArrayList<>();
    for (Object f : fields) {
      out.add(f);
    }
    return out;
  }

  // ---- dremel -------------------------------------------------------------------------------

  static final String DREMEL_SCHEMA = """
      {"type":"record","name":"Document","fields":[
        {"name":"DocId","type":"long"},
        {"name":"Links","type":["null",{"name":"Links","type":"record","fields":[
          {"name":"Backward","type":{"type":"array","items":"long"}},
          {"name":"Forward","type":{"type":"array","items":"long"}}]}]},
        {"name":"Name","type":{"type":"array","items":{"name":"Name","type":"record","fields":[
          {"name":"Language","type":{"type":"array","items":{"name":"Language","type":"record",
            "fields":[{"name":"Code","type":"string"},
                      {"name":"Country","type":["null","string"]}]}}},
          {"name":"Url","type":["null","string"]}]}}}]}
      """;
  static final String DREMEL_INPUT = """
      {"DocId":10,"Links":{"Links":{"Backward":[],"Forward":[20,40,60]}},
       "Name":[{"Language":[{"Code":"en-us","Country":{"string":"us"}},
                            {"Code":"en","Country":null}],
                "Url":{"string":"http://A"}},
               {"Language":[],"Url":{"string":"http://B"}},
               {"Language":[{"Code":"en-gb","Country":{"string":"gb"}}],"Url":null}]}
      {"DocId":20,"Links":{"Links":{"Backward":[10,30],"Forward":[80]}},
       "Name":[{"Language":[],"Url":{"string":"http://C"}}]}
      """;
  static final String SUB1_SCHEMA = """
      {"type":"record","name":"Document","fields":[
        {"name":"DocId","type":"long"},
        {"name":"Name","type":{"type":"array","items":{"name":"Name","type":"record","fields":[
          {"name":"Language","type":{"type":"array","items":{"name":"Language","type":"record",
            "fields":[{"name":"Country","type":["null","string"]}]}}}]}}}]}
      """;
  static final String SUB1_OUTPUT = """
      {"DocId":10,"Name":[{"Language":[{"Country":{"string":"us"}},{"Country":null}]},
                          {"Language":[]},{"Language":[{"Country":{"string":"gb"}}]}]}
      {"DocId":20,"Name":[{"Language":[]}]}
      """;

  @Test
  void dremelCase() throws IOException {
    Schema schema = parse(DREMEL_SCHEMA);
    List<Object> records = fromJson(schema, DREMEL_INPUT);
    TrevniFileParts f = writeBoth("dremel", schema, records);
    assertColumns(f, "dremel", new Object[][] {
        {"DocId long", 2, "14 28"},
        {"Links/Links null array", 2, "03"},
        {"Links/Links#Backward[] long array parent Links/Links", 2, "00 04 14 3c"},
        {"Links/Links#Forward[] long array parent Links/Links", 2, "06 28 50 78 02 a0 01"},
        {"Name[] null array", 2, "06 02"},
        {"Name[]#Language[] null array parent Name[]", 2, "04 00 02 00"},
        {"Name[]#Language[]#Code string parent Name[]#Language[]", 2,
            "0a \"en-us\" 04 \"en\" 0a \"en-gb\""},
        {"Name[]#Language[]#Country/string string array parent Name[]#Language[]", 2,
            "02 04 \"us\" 00 02 04 \"gb\""},
        {"Name[]#Url/string string array parent Name[]", 2,
            "02 10 \"http://A\" 02 10 \"http://B\" 00 02 10 \"http://C\""}});
  }

  /**
   * sub1 drops Links, Code and Url. trevni-avro reads both files with that schema; colfile,
   * whose projection is by top-level field, reads DocId and Name, which hold sub1's values once
   * Code and Url are left out.
   */
  @Test
  void dremelSub1Projection() throws IOException {
    Schema schema = parse(DREMEL_SCHEMA);
    Schema sub = parse(SUB1_SCHEMA);
    List<Object> records = fromJson(schema, DREMEL_INPUT);
    List<Object> subRecords = fromJson(sub, SUB1_OUTPUT);
    writeBoth("dremel", schema, records);
    for (String which : List.of("java", "colfile")) {
      Path file = dir.resolve("dremel-" + which + ".trv");
      AvroFiles.assertJavaReads(file, sub, subRecords, sub, "sub1 by trevni-avro, " + which
          + "'s file");
      List<List<Object>> full = AvroFiles.normRows(schema, records);
      List<List<Object>> projected = new ArrayList<>();
      for (List<Object> r : full) {
        projected.add(row(r.get(0), r.get(2)));
      }
      AvroFiles.assertColfileReads(file, schema, List.of("DocId", "Name"), projected, 1,
          "DocId and Name by colfile, " + which + "'s file");
      List<List<Object>> want = AvroFiles.normRows(sub, subRecords);
      List<List<Object>> got = new ArrayList<>();
      for (List<Object> r : projected) {
        got.add(row(r.get(0), withoutCodeAndUrl(r.get(1))));
      }
      assertEquals(want, got, "sub1's values in what colfile read from " + which + "'s file");
    }
  }

  @SuppressWarnings("unchecked")
  private static Object withoutCodeAndUrl(Object names) {
    List<Object> out = new ArrayList<>();
    for (Object n : (List<Object>) names) {
      List<Object> name = (List<Object>) n;               // [Language, Url]
      List<Object> langs = new ArrayList<>();
      for (Object l : (List<Object>) name.get(0)) {
        langs.add(row(((List<Object>) l).get(1)));        // [Code, Country] -> [Country]
      }
      out.add(row(langs));
    }
    return out;
  }

  // ---- enums and fixed in arrays (trevni.md §13.10) ------------------------------------------

  static final String ARRAY_ENUM_FIXED = s("{\"name\":\"e\",\"type\":{\"type\":\"array\","
      + "\"items\":{\"type\":\"enum\",\"name\":\"E\",\"symbols\":[\"X\",\"Y\",\"Z\"]}}},"
      + "{\"name\":\"f\",\"type\":{\"type\":\"array\",\"items\":{\"type\":\"fixed\","
      + "\"name\":\"F\",\"size\":2}}}");

  /**
   * trevni-avro returns array&lt;enum&gt; elements as Integer ordinals and array&lt;fixed&gt;
   * elements as ByteBuffer; colfile's file reads that way in trevni-avro too, and colfile itself
   * gives the symbols and the bytes.
   */
  @Test
  void enumsAndFixedInArrays() throws IOException {
    Schema schema = parse(ARRAY_ENUM_FIXED);
    List<Object> records = fromJson(schema, """
        {"e":["Z","X","Y"],"f":["\\u0001\\u0002","\\u00ff\\u0000"]}
        {"e":[],"f":[]}
        """);
    TrevniFileParts f = writeBoth("arrays", schema, records);
    TrevniFileParts.assertShape(f, List.of("e[] int array", "f[] bytes array"), "arrays");
    for (String which : List.of("java", "colfile")) {
      Path file = dir.resolve("arrays-" + which + ".trv");
      try (org.apache.trevni.avro.AvroColumnReader<org.apache.avro.generic.GenericRecord> r =
          new org.apache.trevni.avro.AvroColumnReader<>(
              new org.apache.trevni.avro.AvroColumnReader.Params(file.toFile()))) {
        org.apache.avro.generic.GenericRecord first = r.next();
        List<Object> e = new ArrayList<>((List<?>) first.get("e"));
        List<?> fx = (List<?>) first.get("f");
        assertThat(e).as(which + "'s file: trevni-avro's enum array elements")
            .containsExactly((Object) 2, 0, 1);
        assertThat(fx.get(0)).as(which + "'s file: trevni-avro's fixed array elements")
            .isInstanceOf(java.nio.ByteBuffer.class);
      }
      AvroFiles.assertColfileReads(file, schema, null, List.of(
          row(List.of("Z", "X", "Y"), List.of(new AvroRows.Bin("0102"), new AvroRows.Bin("ff00"))),
          row(List.of(), List.of())), 5, "arrays, colfile reading " + which + "'s file");
    }
  }

  // ---- TestShredder's shapes ---------------------------------------------------------------

  static final String R = "{\"type\":\"record\",\"name\":\"R\",\"fields\":["
      + "{\"name\":\"x\",\"type\":\"int\"},{\"name\":\"y\",\"type\":\"string\"}]}";
  static final String RECORD_ARRAY = "{\"type\":\"array\",\"items\":" + R + "}";
  static final String UNION = "[\"null\",\"int\"," + R + "]";

  static String s(String fields) {
    return "{\"type\":\"record\",\"name\":\"S\",\"fields\":[" + fields + "]}";
  }

  static Stream<Arguments> shapes() {
    return Stream.of(
        Arguments.of("null", "\"null\"", List.of("null null")),
        Arguments.of("boolean", "\"boolean\"", List.of("boolean boolean")),
        Arguments.of("int", "\"int\"", List.of("int int")),
        Arguments.of("long", "\"long\"", List.of("long long")),
        Arguments.of("float", "\"float\"", List.of("float float")),
        Arguments.of("double", "\"double\"", List.of("double double")),
        Arguments.of("bytes", "\"bytes\"", List.of("bytes bytes")),
        Arguments.of("string", "\"string\"", List.of("string string")),
        Arguments.of("enum", "{\"type\":\"enum\",\"name\":\"E\",\"symbols\":[\"X\",\"Y\",\"Z\"]}",
            List.of("E int")),
        Arguments.of("fixed", "{\"type\":\"fixed\",\"name\":\"F\",\"size\":5}",
            List.of("F bytes")),
        Arguments.of("simpleRecord", R, List.of("x int", "y string")),
        Arguments.of("nestedRecord", s("{\"name\":\"x\",\"type\":\"int\"},{\"name\":\"R\","
            + "\"type\":" + R + "},{\"name\":\"y\",\"type\":\"string\"}"),
            List.of("x int", "R#x int", "R#y string", "y string")),
        Arguments.of("namedRecord", s("{\"name\":\"R1\",\"type\":" + R + "},"
            + "{\"name\":\"R2\",\"type\":\"R\"}"),
            List.of("R1#x int", "R1#y string", "R2#x int", "R2#y string")),
        Arguments.of("simpleArray", "{\"type\":\"array\",\"items\":\"long\"}",
            List.of("[] long array")),
        Arguments.of("array", RECORD_ARRAY,
            List.of("[] null array", "[]#x int parent []", "[]#y string parent []")),
        Arguments.of("simpleUnion", "[\"int\",\"string\"]",
            List.of("int int array", "string string array")),
        Arguments.of("simpleOptional", "[\"null\",\"string\"]", List.of("string string array")),
        Arguments.of("union", UNION, List.of("int int array", "R null array",
            "R#x int parent R", "R#y string parent R")),
        Arguments.of("nestedArray", s("{\"name\":\"x\",\"type\":\"int\"},{\"name\":\"A\","
            + "\"type\":" + RECORD_ARRAY + "},{\"name\":\"y\",\"type\":\"string\"}"),
            List.of("x int", "A[] null array", "A[]#x int parent A[]",
                "A[]#y string parent A[]", "y string")),
        Arguments.of("nestedUnion", s("{\"name\":\"x\",\"type\":\"int\"},{\"name\":\"u\","
            + "\"type\":" + UNION + "},{\"name\":\"y\",\"type\":\"string\"}"),
            List.of("x int", "u/int int array", "u/R null array", "u/R#x int parent u/R",
                "u/R#y string parent u/R", "y string")),
        Arguments.of("unionInArray", s("{\"name\":\"a\",\"type\":{\"type\":\"array\","
            + "\"items\":" + UNION + "}}"),
            List.of("a[] null array", "a[]/int int array parent a[]",
                "a[]/R null array parent a[]", "a[]/R#x int parent a[]/R",
                "a[]/R#y string parent a[]/R")),
        Arguments.of("arrayInUnion", s("{\"name\":\"a\",\"type\":[\"int\"," + RECORD_ARRAY
            + "]}"),
            List.of("a/int int array", "a/array null array",
                "a/array[] null array parent a/array", "a/array[]#x int parent a/array[]",
                "a/array[]#y string parent a/array[]")),
        Arguments.of("simpleMap", "{\"type\":\"map\",\"values\":\"long\"}",
            List.of("> null array", ">key string parent >", ">value long parent >")),
        Arguments.of("map", "{\"type\":\"map\",\"values\":" + R + "}",
            List.of("> null array", ">key string parent >", ">value#x int parent >",
                ">value#y string parent >")),
        // §11.2: union branches are named by full name, namespace included
        Arguments.of("namespacedBranches", s("{\"name\":\"u\",\"type\":[\"null\","
            + "{\"type\":\"record\",\"name\":\"R\",\"namespace\":\"ns\",\"fields\":["
            + "{\"name\":\"x\",\"type\":\"int\"}]},{\"type\":\"enum\",\"name\":\"E\","
            + "\"namespace\":\"ns\",\"symbols\":[\"A\",\"B\"]},{\"type\":\"map\",\"values\":"
            + "\"int\"}]}"),
            List.of("u/ns.R null array", "u/ns.R#x int parent u/ns.R", "u/ns.E int array",
                "u/map null array", "u/map> null array parent u/map",
                "u/map>key string parent u/map>", "u/map>value int parent u/map>")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shapes")
  void shreddingShapes(String name, String json, List<String> columns) throws IOException {
    Schema schema = parse(json);
    Random r = TestSeed.random("trevni-avro-shapes", name.hashCode());
    AvroGen gen = new AvroGen(r, 3);
    List<Object> records = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      records.add(gen.datum(schema, 0));
    }
    Path a = dir.resolve(name + "-java.trv");
    AvroFiles.writeJava(a, schema, records, AvroFiles.Settings.defaults());
    TrevniFileParts.assertShape(TrevniFileParts.parse(Files.readAllBytes(a)), columns,
        name + ", trevni-avro's file");
    TrevniFileParts colfile = writeBoth(name, schema, records);
    TrevniFileParts.assertShape(colfile, columns, name + ", colfile's file");
    assertThat(colfile.rowCount).isEqualTo(60);
  }
}
