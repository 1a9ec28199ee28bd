package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import io.colfile.core.ReadOptions;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatCommandTest {
  @TempDir
  Path dir;

  @Test
  void printsEveryRowAsAJsonLine() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=3");
    Cli.Result r = Cli.run("cat", f.toString());
    assertThat(r.status()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).isEqualTo("{\"id\": 0, \"name\": \"n0\", \"score\": 0}\n"
        + "{\"id\": 1, \"name\": \"n1\", \"score\": 0.25}\n"
        + "{\"id\": 2, \"name\": \"n2\", \"score\": 0.5}\n");
  }

  @Test
  void noRowsPrintNothing() throws IOException {
    Cli.Result r = Cli.run("cat", Cli.testFile(dir, "t.col", "rows=0").toString());
    assertThat(r.status()).isZero();
    assertThat(r.out()).isEmpty();
  }

  @Test
  void columnsChooseAndOrderTheFields() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=2");
    Cli.Result r = Cli.run("cat", "--columns", "score,id", f.toString());
    assertThat(r.status()).isZero();
    assertThat(r.out()).isEqualTo("{\"score\": 0, \"id\": 0}\n{\"score\": 0.25, \"id\": 1}\n");
  }

  @Test
  void batchSizeDoesNotChangeTheOutput() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=2500");
    String whole = Cli.run("cat", f.toString()).out();
    assertThat(whole.split("\n")).hasSize(2500);
    for (String batch : new String[] {"1", "7", "1024", "5000"}) {
      Cli.Result r = Cli.run("cat", "--batch", batch, f.toString());
      assertThat(r.status()).isZero();
      assertThat(r.out()).as("--batch " + batch).isEqualTo(whole);
    }
  }

  @Test
  void optionsGoBeforeOrAfterTheFile() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=1");
    Cli.Result r = Cli.run("cat", f.toString(), "--timezone", "America/Los_Angeles",
        "--columns", "name");
    assertThat(r.status()).isZero();
    assertThat(r.out()).isEqualTo("{\"name\": \"n0\"}\n");
  }

  @Test
  void optionsReachTheReader() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=1");
    assertThat(Cli.run("cat", "--timezone", "Asia/Shanghai", "--batch", "17", "--columns",
        "name,id", f.toString()).status()).isZero();
    ReadOptions o = TestFormat.lastOptions;
    assertThat(o.defaultZone()).isEqualTo(ZoneId.of("Asia/Shanghai"));
    assertThat(o.batchSize()).isEqualTo(17);
    assertThat(o.columns()).contains(List.of("name", "id"));

    assertThat(Cli.run("cat", f.toString()).status()).isZero();
    assertThat(TestFormat.lastOptions.defaultZone()).isEqualTo(ZoneId.systemDefault());
    assertThat(TestFormat.lastOptions.batchSize()).isEqualTo(1024);
    assertThat(TestFormat.lastOptions.columns()).isEmpty();
  }

  /** The rows before the damage are printed, then one line says what went wrong. */
  @Test
  void corruptionMidwayKeepsTheRowsBeforeIt() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=10 failAt=2");
    Cli.Result r = Cli.run("cat", f.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).isEqualTo("{\"id\": 0, \"name\": \"n0\", \"score\": 0}\n"
        + "{\"id\": 1, \"name\": \"n1\", \"score\": 0.25}\n");
    assertThat(r.errLines()).containsExactly(
        "colfile: " + f + ": bad bytes at row 2 [block 1 / column 2, byte 7]", "");
  }
}
