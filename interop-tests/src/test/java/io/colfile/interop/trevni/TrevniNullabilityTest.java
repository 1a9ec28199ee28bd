package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.trevni.TrevniReader;
import io.colfile.trevni.TrevniWriter;
import io.colfile.trevni.TrevniWriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Required and optional fields between colfile and trevni-avro: a file colfile writes from a
 * colfile type with non-null fields has them required in its Avro schema (trevni-avro reads that
 * schema and the values), and a file trevni-avro writes with required fields reads into colfile
 * with those fields non-null.
 */
class TrevniNullabilityTest {
  @TempDir Path dir;

  private static final Type TYPE = Type.parse("struct<id:bigint not null,name:string,"
      + "tags:array<string not null> not null,m:map<string,int not null>,"
      + "st:struct<a:int not null,b:string> not null,u:uniontype<int,string> not null>");

  /** The Avro schema colfile derives from TYPE: required fields plain, optional ones unions. */
  private static final Schema AVRO = TrevniAvroCasesTest.parse("""
      {"type":"record","name":"Row","fields":[
        {"name":"id","type":"long"},
        {"name":"name","type":["null","string"],"default":null},
        {"name":"tags","type":{"type":"array","items":"string"}},
        {"name":"m","type":["null",{"type":"map","values":"int"}],"default":null},
        {"name":"st","type":{"type":"record","name":"Row_st","fields":[
          {"name":"a","type":"int"},{"name":"b","type":["null","string"],"default":null}]}},
        {"name":"u","type":["int","string"]}]}
      """);

  private static final String ROWS = """
      {"id":1,"name":{"string":"a"},"tags":["x","y"],"m":{"map":{"k":3}},"st":{"a":1,"b":null},"u":{"string":"s"}}
      {"id":2,"name":null,"tags":[],"m":null,"st":{"a":2,"b":{"string":"b"}},"u":{"int":7}}
      {"id":-3,"name":{"string":""},"tags":[""],"m":{"map":{}},"st":{"a":0,"b":{"string":""}},"u":{"int":0}}
      """;

  @Test
  void theTestsOwnReadingOfAvroSchemasAgrees() {
    assertThat(AvroRows.rowType(AVRO)).isEqualTo(TYPE);
  }

  @Test
  void trevniAvroReadsRequiredFieldsColfileWroteFromAType() throws IOException {
    List<Object> records = TrevniAvroCasesTest.fromJson(AVRO, ROWS);
    Path file = dir.resolve("colfile.trv");
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(file), TYPE,
        TrevniWriterOptions.builder().build())) {
      w.write(AvroRows.batch(AVRO, records, 0, records.size()));
    }
    AvroFiles.assertJavaReads(file, null, records, AVRO, "colfile from a type");
    try (TrevniReader r = TrevniReader.open(InputFile.local(file))) {
      assertThat(r.schema()).isEqualTo(TYPE);
    }
  }

  @Test
  void requiredFieldsTrevniAvroWroteAreNonNullInColfile() throws IOException {
    // names and namespaces of trevni-avro's choosing: nullability does not depend on them
    // (the map's keys are read as String, which trevni-avro's writer wants)
    Schema schema = TrevniAvroCasesTest.parse("""
        {"type":"record","name":"User","namespace":"org.example","fields":[
          {"name":"id","type":"int"},
          {"name":"email","type":["string","null"]},
          {"name":"address","type":{"type":"record","name":"Address","fields":[
            {"name":"city","type":"string"},{"name":"zip","type":["null","int"]}]}},
          {"name":"phones","type":{"type":"array","items":["null","string"]}},
          {"name":"attrs","type":["null",{"type":"map","values":"long",
            "avro.java.string":"String"}]}]}
        """);
    List<Object> records = TrevniAvroCasesTest.fromJson(schema, """
        {"id":1,"email":{"string":"a@b"},"address":{"city":"X","zip":null},"phones":[null,{"string":"1"}],"attrs":{"map":{"k":5}}}
        {"id":2,"email":null,"address":{"city":"","zip":{"int":12}},"phones":[],"attrs":null}
        """);
    Path file = dir.resolve("java.trv");
    AvroFiles.writeJava(file, schema, records, AvroFiles.Settings.defaults());
    try (TrevniReader r = TrevniReader.open(InputFile.local(file))) {
      assertThat(r.schema()).hasToString("struct<id:int not null,email:string,"
          + "address:struct<city:string not null,zip:int> not null,phones:array<string> not null,"
          + "attrs:map<string,bigint not null>>");
    }
    AvroFiles.assertColfileReads(file, schema, null, AvroFiles.normRows(schema, records), 1,
        "trevni-avro's required fields");
    AvroFiles.assertColfileReads(file, schema, List.of("address", "id"),
        AvroFiles.normRows(schema, records).stream()
            .map(row -> List.of(row.get(2), row.get(0))).toList(), 2,
        "trevni-avro's required fields, projected");
  }
}
