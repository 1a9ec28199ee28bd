package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit status 1 for the file's problems, 2 for bad usage; one line on stderr either way. */
class ErrorsTest {
  @TempDir
  Path dir;

  @Test
  void missingFileIsOneLineAndStatus1() {
    Path f = dir.resolve("absent.orc");
    for (String command : new String[] {"cat", "schema", "meta"}) {
      Cli.Result r = Cli.run(command, f.toString());
      assertThat(r.status()).as(command).isEqualTo(1);
      assertThat(r.out()).isEmpty();
      assertThat(r.errLines()).as(command).containsExactly("colfile: " + f + ": no such file", "");
    }
  }

  @Test
  void notAColumnFileIsStatus1() throws IOException {
    Path f = dir.resolve("notes.txt");
    Files.writeString(f, "just some text, no magic here\n");
    Cli.Result r = Cli.run("cat", f.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()).hasSize(2);
    assertThat(r.errLines()[0]).startsWith("colfile: " + f + ": not a file of any format");
  }

  @Test
  void emptyFileAndDirectoryAreStatus1() throws IOException {
    Path empty = Files.createFile(dir.resolve("empty"));
    assertThat(Cli.run("schema", empty.toString()).status()).isEqualTo(1);
    Cli.Result r = Cli.run("cat", dir.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()[0]).isEqualTo("colfile: " + dir + ": is a directory, and not a "
        + "dataset of any format colfile reads as a directory");
  }

  @Test
  void badUsageIsStatus2() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=1");
    String[][] cases = {
        {"cat", "--frob", f.toString()},
        {"cat"},
        {"schema"},
        {"meta", "--json"},
        {"cat", f.toString(), "extra"},
        {"cat", "--batch", "0", f.toString()},
        {"cat", "--batch", "many", f.toString()},
        {"cat", "--timezone", "Mars/Olympus", f.toString()},
        {"cat", "--columns", "nope", f.toString()},
        {"cat", "--columns", "id,id", f.toString()},
        {"frobnicate"},
        {},
    };
    for (String[] args : cases) {
      Cli.Result r = Cli.run(args);
      String what = String.join(" ", args);
      assertThat(r.status()).as(what).isEqualTo(2);
      assertThat(r.out()).as(what).isEmpty();
      assertThat(r.errLines()).as(what).hasSize(2);
      assertThat(r.errLines()[0]).as(what).startsWith("colfile: ");
    }
  }

  @Test
  void unknownColumnNamesTheFileAndTheColumns() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=1");
    Cli.Result r = Cli.run("cat", "--columns", "id,nope", f.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.errLines()).containsExactly(
        "colfile: " + f + ": no column 'nope'; the columns are id, name, score", "");
  }

  @Test
  void readerBugsAreStatus1WithoutAStackTraceUnlessVerbose() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=5 crashAt=0");
    Cli.Result quiet = Cli.run("cat", f.toString());
    assertThat(quiet.status()).isEqualTo(1);
    assertThat(quiet.errLines()).hasSize(2);
    assertThat(quiet.errLines()[0]).contains("internal error")
        .contains("IllegalStateException: reader bug at row 0");

    Cli.Result verbose = Cli.run("--verbose", "cat", f.toString());
    assertThat(verbose.status()).isEqualTo(1);
    assertThat(verbose.errLines()[0]).isEqualTo(quiet.errLines()[0]);
    assertThat(verbose.err()).contains("\tat io.colfile.cli.TestFormat");

    Cli.Result after = Cli.run("cat", f.toString(), "--verbose");
    assertThat(after.errLines()[0]).isEqualTo(quiet.errLines()[0]);
    assertThat(after.err()).contains("\tat io.colfile.cli.TestFormat");
  }

  @Test
  void versionAndHelpSucceed() {
    Cli.Result version = Cli.run("--version");
    assertThat(version.status()).isZero();
    assertThat(version.out()).startsWith("colfile ");
    // which implementation serves each codec, one line each
    assertThat(version.out()).contains("codecs (read / write):",
        "  zstd    " + io.colfile.core.codec.CodecImplementations.decompressor(
            io.colfile.core.codec.CompressionCodec.ZSTD),
        "  zlib    JDK zlib (native)\n", "  lzo     ",
        "  snappy  " + io.colfile.core.codec.CodecImplementations.decompressor(
            io.colfile.core.codec.CompressionCodec.SNAPPY),
        "  brotli  " + io.colfile.core.codec.CodecImplementations.decompressor(
            io.colfile.core.codec.CompressionCodec.BROTLI),
        // Kudu's Snappy and LZ4 blocks are written by colfile's ports of Kudu's versions
        "Kudu: colfile's Snappy 1.1.8 (pure Java))\n", "Kudu: colfile's LZ4 1.9.3 (pure Java))\n");
    Cli.Result help = Cli.run("--help");
    assertThat(help.status()).isZero();
    assertThat(help.out()).contains("cat", "schema", "meta", "--verbose", "--quiet", "Kudu",
        "Exit status");
    // every command is listed with what it does
    for (String command : Main.commandLine(new java.io.ByteArrayOutputStream(),
        System.err).getSubcommands().keySet()) {
      assertThat(help.out()).as(command).containsPattern("(?m)^  " + command + " +\\S");
    }
    Cli.Result catHelp = Cli.run("cat", "--help");
    assertThat(catHelp.status()).isZero();
    assertThat(catHelp.out()).contains("--columns", "--timezone", "--batch");
  }
}
