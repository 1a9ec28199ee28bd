package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit status and message of convert's and cat's failures: 1 bad data or I/O, 2 bad usage. */
class TextIoErrorsTest {
  private static final Path SAMPLE_ORC =
      Path.of(System.getProperty("user.dir")).getParent().resolve("testdata/orc/sample.orc");

  @TempDir Path dir;

  private Path csv() throws IOException {
    Path in = dir.resolve("in.csv");
    Files.writeString(in, "a,b\n1,x\n");
    return in;
  }

  private static void fails(Cli.Result r, int status, String message) {
    assertThat(r.status()).as(r.err()).isEqualTo(status);
    assertThat(r.errLines()).hasSize(2); // one line and the final newline
    assertThat(r.err()).startsWith("colfile: ").contains(message);
  }

  @Test
  void convertBadUsage() throws IOException {
    String in = csv().toString();
    String out = dir.resolve("out.orc").toString();
    fails(Cli.run("convert", in, out, "--separator", ";;"), 2,
        "--separator must be one character, not ';;'");
    fails(Cli.run("convert", in, out, "--quote", ""), 2, "--quote must be one character");
    fails(Cli.run("convert", in, out, "--separator", ",", "--quote", ","), 2,
        "the separator, quote and escape characters must differ");
    fails(Cli.run("convert", in, out, "--header", "--no-header"), 2,
        "--header and --no-header exclude each other");
    fails(Cli.run("convert", in, out, "--no-header"), 2,
        "--no-header needs --schema to name the columns");
    fails(Cli.run("convert", in, out, "--timestamp-format", "yyyy-MM-dd {"), 2,
        "colfile: " + in + ": --timestamp-format: bad pattern 'yyyy-MM-dd {'");
    fails(Cli.run("convert", in, out, "--timezone", "Mars/Olympus"), 2,
        "unknown time zone 'Mars/Olympus'");
    fails(Cli.run("convert", in, out, "--input-format", "xml"), 2,
        "--input-format must be json, csv, file or auto, not 'xml'");
    fails(Cli.run("convert", in), 2, "(see 'colfile convert --help')");
    fails(Cli.run("convert", in, out, "--schema", "struct<a:int,b:array<int>>"), 2,
        "--schema: CSV cannot hold the nested type array<int>");
    Path json = dir.resolve("in.jsonl");
    Files.writeString(json, "{\"a\": 1}\n");
    fails(Cli.run("convert", json.toString(), out, "--separator", ";"), 2,
        "are for CSV input; " + json + " is JSON lines");
    fails(Cli.run("convert", SAMPLE_ORC.toString(), out, "--timezone", "UTC"), 2,
        "--timestamp-format and --timezone are for text input; " + SAMPLE_ORC
            + " is a column file");
    assertThat(Path.of(out)).doesNotExist();
  }

  @Test
  void convertBadInput() throws IOException {
    String out = dir.resolve("out.orc").toString();
    fails(Cli.run("convert", dir.resolve("missing.csv").toString(), out), 1,
        "colfile: " + dir.resolve("missing.csv") + ": no such file");
    fails(Cli.run("convert", dir.resolve("missing").toString(), out), 1,
        "colfile: " + dir.resolve("missing") + ": no such file");
    Path sub = Files.createDirectory(dir.resolve("sub"));
    fails(Cli.run("convert", sub.toString(), out), 1, "colfile: " + sub + ": is a directory");
    Path binary = dir.resolve("noise.bin");
    Files.write(binary, new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    fails(Cli.run("convert", binary.toString(), out), 1,
        "colfile: " + binary + ": not a file of any format colfile reads");
    byte[] orc = Files.readAllBytes(SAMPLE_ORC);
    Path cut = dir.resolve("cut.orc");
    Files.write(cut, Arrays.copyOf(orc, orc.length - 10));
    Cli.Result corrupt = Cli.run("convert", cut.toString(), out);
    assertThat(corrupt.status()).as(corrupt.err()).isEqualTo(1);
    assertThat(corrupt.err()).startsWith("colfile: " + cut + ": ").contains("file offset");
    Path csv = dir.resolve("bad.csv");
    Files.writeString(csv, "a,b\n1,x\n\"\",y\n");
    fails(Cli.run("convert", csv.toString(), out, "--schema", "struct<a:int,b:string>"), 1,
        "colfile: " + csv + ": line 3, column a: an empty quoted value is not a int");
    Files.writeString(csv, "a,b\n1,\"x\n");
    fails(Cli.run("convert", csv.toString(), out), 1,
        "colfile: " + csv + ": line 2, column #2: malformed CSV: a quoted field is never closed");
    Path empty = dir.resolve("empty.jsonl");
    Files.writeString(empty, "\n");
    fails(Cli.run("convert", empty.toString(), out), 1,
        "colfile: " + empty + ": line 1: no rows to infer a schema from; give --schema");
    Path gz = dir.resolve("bad.csv.gz");
    Files.write(gz, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0});
    fails(Cli.run("convert", gz.toString(), out), 1,
        "colfile: " + gz + ": the gzip data is cut short");
    Files.write(gz, new byte[] {0x1f, (byte) 0x8b, 7, 0, 0, 0, 0, 0, 0, 0, 1, 2});
    fails(Cli.run("convert", gz.toString(), out), 1,
        "colfile: " + gz + ": damaged gzip data: ");
    assertThat(Path.of(out)).doesNotExist();
  }

  @Test
  void aFailedConversionLeavesTheOldOutput() throws IOException {
    Path out = dir.resolve("out.orc");
    Files.writeString(out, "precious");
    Path csv = dir.resolve("bad.csv");
    Files.writeString(csv, "a\n1\nx\n");
    Cli.Result r = Cli.run("convert", csv.toString(), out.toString(), "--schema",
        "struct<a:int>");
    assertThat(r.status()).isEqualTo(1);
    assertThat(Files.readString(out)).isEqualTo("precious");
  }

  @Test
  void catBadUsageAndBadFiles() throws IOException {
    String f = SAMPLE_ORC.toString();
    fails(Cli.run("cat", f, "--output", "xml"), 2,
        "--output must be json, csv or table, not 'xml'");
    fails(Cli.run("cat", f, "--output", "table", "--max-width", "1"), 2,
        "--max-width must be at least 2, not 1");
    fails(Cli.run("cat", dir.resolve("missing.orc").toString(), "--output", "csv"), 1,
        "no such file");
    Path sub = Files.createDirectory(dir.resolve("sub"));
    fails(Cli.run("cat", sub.toString(), "--output", "table"), 1,
        "colfile: " + sub + ": is a directory");
    Path text = csv();
    fails(Cli.run("cat", text.toString(), "--output", "csv"), 1,
        "colfile: " + text + ": not a file of any format colfile reads");
  }
}
