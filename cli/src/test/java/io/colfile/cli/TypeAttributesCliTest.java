package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcReader;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colfile schema --attributes}, and ORC type attributes kept through {@code convert}. */
class TypeAttributesCliTest {
  @TempDir
  Path dir;

  /** struct<id:bigint,tags:array<string>> with Iceberg-like attributes on most nodes. */
  static Type schema() {
    Type tags = Type.list(Type.STRING.withAttribute("iceberg.id", "3"))
        .withAttribute("iceberg.id", "2").withAttribute("iceberg.required", "false");
    return Type.structBuilder()
        .field("id", Type.LONG.withAttribute("iceberg.id", "1")
            .withAttribute("iceberg.long-type", "LONG"))
        .field("tags", tags).build();
  }

  private Path write(String name) throws IOException {
    Path f = dir.resolve(name);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(f), schema(),
        OrcWriterOptions.builder().build())) {
      w.write(ValueFill.batch(schema(), List.of(Arrays.asList(1L, List.of("a", "b")),
          Arrays.asList(2L, null))));
    }
    return f;
  }

  @Test
  void schemaPrintsEachColumnsAttributes() throws IOException {
    Path f = write("a.orc");
    Cli.Result plain = Cli.run("schema", f.toString());
    assertThat(plain.out()).isEqualTo("struct<id:bigint,tags:array<string>>\n");
    Cli.Result r = Cli.run("schema", "--attributes", f.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo("struct<id:bigint,tags:array<string>>\n"
        + "1 id: iceberg.id=1 iceberg.long-type=LONG\n"
        + "2 tags: iceberg.id=2 iceberg.required=false\n"
        + "3 tags._elem: iceberg.id=3\n");
  }

  @Test
  void convertKeepsTheAttributes() throws IOException {
    Path f = write("a.orc");
    Path out = dir.resolve("b.orc");
    Cli.Result r = Cli.run("convert", f.toString(), out.toString());
    assertThat(r.status()).as(r.err()).isZero();
    try (OrcReader orc = OrcReader.open(InputFile.local(out))) {
      assertThat(orc.schema()).isEqualTo(schema());
      assertThat(orc.schema().sameAttributes(schema())).isTrue();
    }
    assertThat(Cli.run("cat", out.toString()).out())
        .isEqualTo(Cli.run("cat", f.toString()).out());
  }
}
