package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.JsonLinesWriter;
import io.colfile.text.convert.JsonLinesSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * colfile rows of every type through TrevniWriter and back through TrevniReader (and through
 * ColFile's format registry), compared as cat's JSON text.
 */
class TrevniRoundTripTest {
  @TempDir Path dir;

  private static final String TYPE = "struct<b:boolean,t:tinyint,s:smallint,i:int,l:bigint,"
      + "f:float,d:double,str:string,vc:varchar(5),ch:char(3),bin:binary,dec:decimal(10,2),"
      + "wide:decimal(30,4),dt:date,ts:timestamp,tsi:timestamp with local time zone,"
      + "arr:array<int>,nested:array<array<string>>,m:map<string,struct<x:int,y:array<double>>>,"
      + "st:struct<a:string,b:struct<c:bigint>>,u:uniontype<int,string,struct<q:boolean>>>";

  private static final String ROWS = """
      {"b":true,"t":-128,"s":32767,"i":-2147483648,"l":9223372036854775807,"f":1.5,"d":-0.0,"str":"héllo","vc":"abcde","ch":"xy ","bin":[0,255,7],"dec":12345678.91,"wide":-12345678901234567890123456.7890,"dt":"2024-02-29","ts":"1969-12-31 23:59:59.999999999","tsi":"2262-04-11 23:47:16.854775807","arr":[1,null,3],"nested":[["a"],[],null,[null,"b"]],"m":[{"key":"k","value":{"x":1,"y":[1.5,NaN]}},{"key":"n","value":null}],"st":{"a":"s","b":{"c":-1}},"u":{"tag":2,"value":{"q":false}}}
      {"b":null,"t":null,"s":null,"i":null,"l":null,"f":null,"d":null,"str":null,"vc":null,"ch":null,"bin":null,"dec":null,"wide":null,"dt":null,"ts":null,"tsi":null,"arr":null,"nested":null,"m":null,"st":null,"u":null}
      {"b":false,"t":0,"s":0,"i":0,"l":0,"f":-Infinity,"d":1e300,"str":"","vc":"","ch":"   ","bin":[],"dec":-0.01,"wide":0.0001,"dt":"1970-01-01","ts":"1677-09-21 00:12:43.145224192","tsi":"2000-01-01 00:00:00","arr":[],"nested":[],"m":[],"st":{"a":null,"b":null},"u":{"tag":1,"value":"x"}}
      {"b":true,"t":1,"s":2,"i":3,"l":4,"f":5,"d":6,"str":"7","vc":"8","ch":"9  ","bin":[9],"dec":1,"wide":1,"dt":"0001-01-01","ts":"2024-01-01 12:00:00.5","tsi":"2024-01-01 12:00:00.000001","arr":[7],"nested":[[null]],"m":[{"key":"","value":{"x":null,"y":null}}],"st":{"a":"a","b":{"c":null}},"u":{"tag":0,"value":5}}
      """;

  private static final String PROJECTED = """
      {"u":{"tag":2,"value":{"q":false}},"i":-2147483648}
      {"u":null,"i":null}
      {"u":{"tag":1,"value":"x"},"i":0}
      {"u":{"tag":0,"value":5},"i":3}
      """;

  /** cat's text of the rows as colfile reads them from JSON lines (its canonical form). */
  private static String canonical(Type type, String jsonLines) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    try (JsonLinesSource src = new JsonLinesSource("rows", new ByteArrayInputStream(
        jsonLines.getBytes(StandardCharsets.UTF_8)), type)) {
      ColumnBatch batch = new ColumnBatch(type, 3);
      while (src.next(batch)) {
        w.write(batch);
      }
    }
    w.flush();
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String cat(FileReader r, ReadOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    try (BatchReader rows = r.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        w.write(batch);
      }
    }
    w.flush();
    return out.toString(StandardCharsets.UTF_8);
  }

  private Path write(Type type, String jsonLines, WriteOptions options) throws IOException {
    Path p = dir.resolve("rows-" + System.nanoTime() + ".trv");
    try (FileWriter w = ColFile.writer("trevni", OutputFile.local(p), type, options);
        JsonLinesSource src = new JsonLinesSource("rows", new ByteArrayInputStream(
            jsonLines.getBytes(StandardCharsets.UTF_8)), type)) {
      ColumnBatch batch = new ColumnBatch(type, 2);
      while (src.next(batch)) {
        w.write(batch);
      }
    }
    return p;
  }

  @Test
  void everyTypeRoundTrips() throws Exception {
    Type type = Type.parse(TYPE);
    String expected = canonical(type, ROWS);
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.NONE,
        CompressionCodec.ZLIB, CompressionCodec.SNAPPY}) {
      Path p = write(type, ROWS, WriteOptions.defaults().withCompression(codec)
          .withBlockSize(64));
      try (FileReader r = ColFile.open(InputFile.local(p))) {
        assertThat(r.formatName()).isEqualTo("Trevni");
        // tinyint and smallint come back as int: Avro has no narrower integers
        assertThat(r.schema().toString()).isEqualTo(TYPE.replace("t:tinyint", "t:int")
            .replace("s:smallint", "s:int"));
        assertThat(cat(r, ReadOptions.defaults().withBatchSize(3))).isEqualTo(expected);
        assertThat(cat(r, ReadOptions.columns("u", "i"))).isEqualTo(
            canonical(Type.parse("struct<u:uniontype<int,string,struct<q:boolean>>,i:int>"),
                PROJECTED));
        assertThat(r.describe().get("rows")).isEqualTo(4L);
      }
    }
  }

  private static final String NON_NULL = "struct<id:bigint not null,name:string,"
      + "tags:array<string not null> not null,m:map<string,int not null>,"
      + "st:struct<a:int not null,b:string> not null,u:uniontype<int,string> not null>";

  @Test
  void nonNullFieldsAreRequiredInAvroAndReadBackNonNull() throws Exception {
    Type type = Type.parse(NON_NULL);
    String rows = """
        {"id":1,"name":"a","tags":["x","y"],"m":[{"key":"k","value":3}],"st":{"a":1,"b":null},"u":{"tag":1,"value":"s"}}
        {"id":2,"name":null,"tags":[],"m":null,"st":{"a":2,"b":"b"},"u":{"tag":0,"value":7}}
        """;
    Path p = write(type, rows, WriteOptions.defaults());
    try (TrevniReader r = TrevniReader.open(InputFile.local(p))) {
      assertThat(r.schema()).isEqualTo(type);
      assertThat(r.avroSchema().orElseThrow().toString()).isEqualTo(("{'type':'record',"
          + "'name':'Row','fields':[{'name':'id','type':'long'},{'name':'name','type':"
          + "['null','string'],'default':null},{'name':'tags','type':{'type':'array',"
          + "'items':'string'}},{'name':'m','type':['null',{'type':'map','values':'int'}],"
          + "'default':null},{'name':'st','type':{'type':'record','name':'Row_st','fields':"
          + "[{'name':'a','type':'int'},{'name':'b','type':['null','string'],'default':null}]}},"
          + "{'name':'u','type':['int','string']}]}").replace('\'', '"'));
      assertThat(cat(r, ReadOptions.defaults())).isEqualTo(canonical(type, rows));
      try (BatchReader b = r.read(ReadOptions.columns("st.a", "id"))) {
        assertThat(b.schema().toString())
            .isEqualTo("struct<st:struct<a:int not null> not null,id:bigint not null>");
      }
    }
  }

  @Test
  void aNullInANonNullFieldIsRefusedNamingTheColumnAndRow() {
    Type type = Type.parse(NON_NULL);
    String good = "{\"id\":1,\"tags\":[],\"st\":{\"a\":1},\"u\":{\"tag\":0,\"value\":1}}\n";
    assertThatThrownBy(() -> write(type, good + good.replace("\"id\":1", "\"id\":null"),
        WriteOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row 1, column id: null where the Avro schema has no null");
    assertThatThrownBy(() -> write(type, good.replace("[]", "[\"a\",null]"),
        WriteOptions.defaults()))
        .hasMessage("row 0, column tags[]: null where the Avro schema has no null");
    assertThatThrownBy(() -> write(type, good.replace("{\"a\":1}", "{\"a\":null}"),
        WriteOptions.defaults()))
        .hasMessage("row 0, column st.a: null where the Avro schema has no null");
    assertThatThrownBy(() -> write(type, good.replace("{\"tag\":0,\"value\":1}", "null"),
        WriteOptions.defaults()))
        .hasMessage("row 0, column u: null where the Avro union has no null branch");
    assertThat(dir.toFile().list()).as("nothing is published").isEmpty();
  }

  @Test
  void aUnionHoldingANullVariantBecomesNull() throws Exception {
    Type type = Type.parse("struct<u:uniontype<int,string>>");
    Path p = write(type, "{\"u\":{\"tag\":1,\"value\":null}}\n{\"u\":{\"tag\":1,\"value\":\"x\"}}\n",
        WriteOptions.defaults());
    try (FileReader r = ColFile.open(InputFile.local(p))) {
      assertThat(cat(r, ReadOptions.defaults()))
          .isEqualTo("{\"u\": null}\n{\"u\": {\"tag\": 1, \"value\": \"x\"}}\n");
    }
  }

  @Test
  void aUnionOfOneVariantIsStoredAsThatVariantOrNull() throws Exception {
    Type type = Type.parse("struct<u:uniontype<struct<a:int>>,v:uniontype<string>>");
    Path p = write(type, "{\"u\":{\"tag\":0,\"value\":{\"a\":5}},\"v\":{\"tag\":0,"
        + "\"value\":\"x\"}}\n{\"u\":null,\"v\":{\"tag\":0,\"value\":null}}\n",
        WriteOptions.defaults());
    try (FileReader r = ColFile.open(InputFile.local(p))) {
      // ["null", X] in Avro, which reads back as a nullable X
      assertThat(r.schema().toString()).isEqualTo("struct<u:struct<a:int>,v:string>");
      assertThat(cat(r, ReadOptions.defaults()))
          .isEqualTo("{\"u\": {\"a\": 5}, \"v\": \"x\"}\n{\"u\": null, \"v\": null}\n");
    }
  }

  @Test
  void mapsWithOtherKeysBecomeArraysOfEntriesWithTheSameText() throws Exception {
    Type type = Type.parse("struct<m:map<int,array<string>>>");
    String rows = "{\"m\":[{\"key\":1,\"value\":[\"a\"]},{\"key\":null,\"value\":null}]}\n"
        + "{\"m\":null}\n{\"m\":[]}\n";
    Path p = write(type, rows, WriteOptions.defaults());
    try (FileReader r = ColFile.open(InputFile.local(p))) {
      assertThat(r.schema().toString())
          .isEqualTo("struct<m:array<struct<key:int,value:array<string>> not null>>");
      assertThat(cat(r, ReadOptions.defaults())).isEqualTo(canonical(type, rows));
    }
  }

  @Test
  void timestampsOutsideNanosecondLongsAreRefusedByName() throws Exception {
    Type type = Type.parse("struct<ts:timestamp>");
    assertThatThrownBy(() -> write(type, "{\"ts\":\"1500-01-01 00:00:00\"}\n",
        WriteOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row 0, column ts")
        .hasMessageContaining("local-timestamp-nanos");
    try (var files = Files.list(dir)) {
      assertThat(files.toList()).isEmpty();
    }
  }

  @Test
  void typesAvroCannotHoldAreRefused() {
    assertThatThrownBy(() -> ColFile.writer("trevni", OutputFile.local(dir.resolve("x.trv")),
        Type.parse("struct<u:uniontype<int,smallint>>"), WriteOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column u");
    assertThatThrownBy(() -> ColFile.writer("trevni", OutputFile.local(dir.resolve("x.trv")),
        Type.parse("struct<`a b`:int>"), WriteOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a valid Avro name");
    assertThatThrownBy(() -> ColFile.writer("trevni", OutputFile.local(dir.resolve("x.trv")),
        Type.parse("struct<a:int>"), WriteOptions.defaults()
            .withCompression(CompressionCodec.ZSTD)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ZSTD");
  }
}
