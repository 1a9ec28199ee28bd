package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a review of the toolbox commands found, each kept from coming back. */
class ToolboxEdgesTest {
  @TempDir Path dir;

  private static final Path ORDERS = Path.of("../testdata/csv/orders.csv");

  private Path orc(String name) {
    Path out = dir.resolve(name);
    Cli.Result r = Cli.run("convert", ORDERS.toString(), out.toString());
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  @Test
  void convertNeverWritesOverAnInput() throws IOException {
    Path csv = Files.copy(ORDERS, dir.resolve("c.csv"));
    byte[] before = Files.readAllBytes(csv);
    Cli.Result r = Cli.run("convert", csv.toString(), csv.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.errLines()[0]).contains("is also an input");
    Path orc = orc("a.orc");
    Cli.Result again = Cli.run("convert", orc.toString(), dir.resolve(".").resolve("a.orc")
        .toString());
    assertThat(again.status()).isEqualTo(2);
    assertThat(Files.readAllBytes(csv)).isEqualTo(before);
    assertThat(Cli.run("check", orc.toString()).status()).isZero();
  }

  @Test
  void anOutputWhereNoneCanBeIsRefusedBeforeAnythingIsRead() throws IOException {
    Path orc = orc("a.orc");
    Path nowhere = dir.resolve("no-such-dir").resolve("x.orc");
    for (String[] args : new String[][] {
        {"convert", ORDERS.toString(), nowhere.toString()},
        {"salvage", orc.toString(), nowhere.toString()},
        {"merge", nowhere.toString(), orc.toString()}}) {
      Cli.Result r = Cli.run(args);
      assertThat(r.status()).as(args[0]).isEqualTo(1);
      assertThat(r.errLines()[0]).as(args[0]).contains("OUT's directory")
          .contains("no-such-dir").doesNotContain(".tmp");
    }
    Path existing = Files.createDirectories(dir.resolve("existing"));
    Cli.Result r = Cli.run("convert", ORDERS.toString(), existing.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.errLines()[0]).contains("OUT " + existing + " is a directory");
  }

  @Test
  void aTabletServerDirectoryMetWhileWalkingIsOneUnitNotItsFiles() throws IOException {
    orc("a.orc");
    Path server = Files.createDirectories(dir.resolve("ts").resolve("tablet-meta"))
        .getParent();
    Files.writeString(server.resolve("wal-000000001"), "not a column file");
    Cli.Result count = Cli.run("count", dir.toString());
    assertThat(count.status()).isEqualTo(2); // the server is refused, the file counted
    assertThat(count.out()).contains("300  " + dir.resolve("a.orc")).doesNotContain("wal-");
    assertThat(count.errLines()[0]).startsWith("colfile: " + server + ": ");
    Cli.Result check = Cli.run("check", dir.toString());
    assertThat(check.status()).isEqualTo(2);
    assertThat(check.out()).startsWith("ok       " + dir.resolve("a.orc")).doesNotContain("wal-");
    assertThat(check.errLines()[0]).startsWith("colfile: " + server + ": ")
        .contains("tablet server");
    Cli.Result stats = Cli.run("stats", server.toString());
    assertThat(stats.status()).isEqualTo(2);
    assertThat(stats.err()).contains("tablet server's directory", "cat");
  }

  @Test
  void linksToFilesAreFollowedByEveryWalk() throws IOException {
    Path orc = orc("a.orc");
    Path sub = Files.createDirectories(dir.resolve("sub"));
    Files.createSymbolicLink(sub.resolve("link.orc"), orc);
    for (String command : new String[] {"count", "check", "sizes", "layout", "stats", "meta"}) {
      Cli.Result r = Cli.run(command, sub.toString());
      assertThat(r.status()).as(command + ": " + r.err()).isZero();
      // layout heads its output with the file's name only when there are several
      assertThat(r.out()).as(command).contains(command.equals("layout") ? "postscript"
          : "link.orc");
    }
  }

  @Test
  void mergeRefusesAnEmptyFileAsNoOrcFile() throws IOException {
    Path empty = Files.createFile(dir.resolve("empty.orc"));
    Cli.Result r = Cli.run("merge", dir.resolve("m.orc").toString(), empty.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()[0]).isEqualTo("colfile: " + empty
        + ": the file is empty: not an ORC file");
    assertThat(dir.resolve("m.orc")).doesNotExist();
  }

  @Test
  void aColumnOneOfSeveralFilesLacksFailsThatFileAlone() throws IOException {
    Path a = orc("a.orc");
    Path other = dir.resolve("b.orc");
    Path jsonl = Files.writeString(dir.resolve("b.jsonl"), "{\"x\": 1}\n");
    assertThat(Cli.run("convert", jsonl.toString(), other.toString()).status()).isZero();
    Cli.Result r = Cli.run("stats", a.toString(), other.toString(), "--columns", "amount",
        "--json");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.errLines()[0]).startsWith("colfile: " + other + ": ").contains("amount");
    JsonNode doc = new ObjectMapper().readTree(r.out());
    assertThat(doc.get("files")).hasSize(1);
    assertThat(doc.get("failed").asInt()).isEqualTo(1);
    // alone, the same request is a usage error at once
    Cli.Result alone = Cli.run("stats", other.toString(), "--columns", "amount");
    assertThat(alone.status()).isEqualTo(2);
    assertThat(alone.out()).isEmpty();
  }

  @Test
  void aFileNamedTwiceIsCountedOnce() throws IOException {
    Path orc = orc("a.orc");
    String again = dir.resolve(".").resolve("a.orc").toString();
    Cli.Result count = Cli.run("count", orc.toString(), again, dir.toString());
    assertThat(count.status()).isZero();
    assertThat(count.out()).isEqualTo("  300  " + orc + "\n  300  total\n");
    Cli.Result check = Cli.run("check", orc.toString(), again);
    assertThat(check.out().lines()).hasSize(1);
    Cli.Result sizes = Cli.run("sizes", orc.toString(), again, "--json");
    assertThat(sizes.out()).isEqualTo(Cli.run("sizes", orc.toString(), "--json").out());
  }
}
