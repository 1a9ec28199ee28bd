package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaAndMetaTest {
  @TempDir
  Path dir;

  @Test
  void schemaPrintsTheTypeString() throws IOException {
    Cli.Result r = Cli.run("schema", Cli.testFile(dir, "t.col", "rows=3").toString());
    assertThat(r.status()).isZero();
    assertThat(r.out()).isEqualTo("struct<id:bigint,name:string,score:double>\n");
  }

  @Test
  void metaPrintsTheFormatNeutralFacts() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=3");
    Cli.Result text = Cli.run("meta", f.toString());
    assertThat(text.status()).isZero();
    assertThat(text.out()).isEqualTo(
        "format: TEST\nschema: struct<id:bigint,name:string,score:double>\nrows: 3\n");

    Cli.Result json = Cli.run("meta", "--json", f.toString());
    assertThat(json.status()).isZero();
    JsonNode tree = new ObjectMapper().readTree(json.out());
    assertThat(tree.get("format").asText()).isEqualTo("TEST");
    assertThat(tree.get("schema").asText()).isEqualTo(TestFormat.SCHEMA.toString());
    assertThat(tree.get("rows").asLong()).isEqualTo(3);
  }

  /** A format's details (its FileReader.describe()) follow the neutral facts. */
  @Test
  void formatDetailsFromDescribe() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=3 details=true");
    Cli.Result text = Cli.run("meta", f.toString());
    assertThat(text.status()).isZero();
    assertThat(text.out()).isEqualTo("format: TEST\n"
        + "schema: struct<id:bigint,name:string,score:double>\n"
        + "rows: 3\n"
        + "version: 0.12\n"
        + "stripes:\n"
        + "  - offset: 3\n"
        + "  - offset: 300\n"
        + "userMetadata: {}\n"
        + "note: \"two\\nlines\"\n"
        + "nan: NaN\n");
    Cli.Result json = Cli.run("meta", "--json", f.toString());
    assertThat(json.status()).isZero();
    JsonNode tree = new ObjectMapper()
        .enable(com.fasterxml.jackson.core.JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS)
        .readTree(json.out());
    assertThat(tree.get("stripes").get(1).get("offset").asInt()).isEqualTo(300);
    assertThat(tree.get("nan").isDouble()).isTrue();
    assertThat(tree.get("note").asText()).isEqualTo("two\nlines");
  }

  @Test
  void nestedTextLayout() throws IOException {
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("column", 0);
    inner.put("min", -1);
    Map<String, Object> stripe = new LinkedHashMap<>();
    stripe.put("stripe", 0);
    stripe.put("statistics", List.of(inner));
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("stripes", List.of(stripe));
    meta.put("tags", List.of("a", "b"));
    meta.put("empty", List.of());
    meta.put("user", Map.of("k", ""));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    MetaPrinter.text(meta, out);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("stripes:\n"
        + "  - stripe: 0\n"
        + "    statistics:\n"
        + "      - column: 0\n"
        + "        min: -1\n"
        + "tags:\n"
        + "  - a\n"
        + "  - b\n"
        + "empty: []\n"
        + "user:\n"
        + "  k: \"\"\n");
  }
}
