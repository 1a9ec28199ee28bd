package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/**
 * The commands on real ORC files from ../shared/orc-examples (skipped, saying why, where that
 * directory is absent; the build passes its place as -Dcolfile.shared.dir).
 */
class OrcExamplesCliTest {
  @Test
  void catSchemaAndMetaOfAnOrcFile() {
    Path f = examples().resolve("TestOrcFile.test1.orc");
    Cli.Result cat = Cli.run("cat", "--columns", "string1,int1", f.toString());
    assertThat(cat.status()).isZero();
    assertThat(cat.out()).isEqualTo(
        "{\"string1\": \"hi\", \"int1\": 65536}\n{\"string1\": \"bye\", \"int1\": 65536}\n");
    Cli.Result schema = Cli.run("schema", f.toString());
    assertThat(schema.out()).startsWith("struct<boolean1:boolean,byte1:tinyint,");
    Cli.Result meta = Cli.run("meta", f.toString());
    assertThat(meta.status()).isZero();
    assertThat(meta.out()).startsWith("format: ORC\n")
        .contains("\nrows: 2\n", "\nschema: struct<boolean1:boolean,", "\nstripes:\n");
  }

  @Test
  void corruptExampleIsStatus1() {
    Path f = examples().resolve("corrupt/stripe_footer_bad_column_encodings.orc");
    Cli.Result r = Cli.run("cat", f.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()).hasSize(2);
    assertThat(r.errLines()[0]).startsWith("colfile: " + f + ": ");
  }

  private static Path examples() {
    String prop = System.getProperty("colfile.shared.dir");
    Path base = prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
    Path dir = base.resolve("orc-examples");
    assumeTrue(Files.isDirectory(dir), "skipped: the ORC example files are not at " + dir
        + " (they live in ../shared beside the checkout; set -Dcolfile.shared.dir)");
    return dir;
  }
}
