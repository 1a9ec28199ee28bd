package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads column files, on every format (ORC, Trevni, a Kudu rowset directory
 * and one of its CFiles), and on what goes wrong: a missing file, a directory where a file is
 * needed, a file of no format, a damaged file, and bad arguments. Exit status 0 ok, 1 bad data
 * or I/O, 2 bad usage; an error is one line on stderr naming the file.
 */
class CommandMatrixTest {
  @TempDir static Path dir;

  private static final Path ORDERS = Path.of("../testdata/csv/orders.csv");
  private static final Map<String, Path> FILES = new LinkedHashMap<>();

  /** A command: its arguments for an input file and a fresh output path. */
  private record Command(String name, BiFunction<Path, Path, List<String>> args,
      boolean takesDirectories) {
    String[] on(Path in, Path out) {
      return args.apply(in, out).toArray(new String[0]);
    }
  }

  private static final List<Command> COMMANDS = List.of(
      new Command("cat", (in, out) -> List.of("cat", in.toString()), false),
      new Command("schema", (in, out) -> List.of("schema", in.toString()), false),
      new Command("meta", (in, out) -> List.of("meta", in.toString()), true),
      new Command("stats", (in, out) -> List.of("stats", in.toString()), true),
      new Command("layout", (in, out) -> List.of("layout", in.toString()), true),
      new Command("sizes", (in, out) -> List.of("sizes", in.toString()), true),
      new Command("count", (in, out) -> List.of("count", in.toString()), true),
      new Command("check", (in, out) -> List.of("check", in.toString()), true),
      new Command("convert", (in, out) -> List.of("convert", in.toString(), out.toString()),
          false),
      new Command("salvage", (in, out) -> List.of("salvage", in.toString(),
          out.resolveSibling(out.getFileName() + "." + in.getFileName()).toString()), false),
      new Command("merge", (in, out) -> List.of("merge", out.toString(), in.toString()),
          true));

  @BeforeAll
  static void files() throws IOException {
    convert("orders.orc", "orc");
    convert("orders.trevni", "trevni");
    Path rowset = convert("rowset", "kudu");
    FILES.put("CFile", rowset.resolve("amount.cfile"));
  }

  private static Path convert(String name, String format) {
    Path out = dir.resolve(name);
    Cli.Result r = Cli.run("convert", ORDERS.toString(), out.toString(), "--format", format);
    assertThat(r.status()).as(r.err()).isZero();
    FILES.put(format, out);
    return out;
  }

  private int outputs;

  private Path freshOutput() {
    return dir.resolve("out-" + outputs++ + ".orc");
  }

  @Test
  void everyCommandReadsEveryFormat() {
    for (Command c : COMMANDS) {
      for (Map.Entry<String, Path> f : FILES.entrySet()) {
        Cli.Result r = Cli.run(c.on(f.getValue(), freshOutput()));
        String what = c.name() + " on " + f.getKey();
        if (c.name().equals("merge") && !f.getKey().equals("orc")) {
          // merge concatenates ORC files: the others are named as what they are
          assertThat(r.status()).as(what + ": " + r.err()).isIn(1, 2);
          assertThat(r.errLines()).as(what).hasSize(2);
          assertThat(r.errLines()[0]).as(what).startsWith("colfile: ").contains("ORC");
          continue;
        }
        if (c.name().equals("salvage") && f.getKey().equals("kudu")) {
          // salvage copies ORC, Trevni and CFiles; a rowset's rows are salvaged by cat/convert
          oneLineError(r, what, 2, f.getValue(), "--salvage");
          continue;
        }
        assertThat(r.status()).as(what + ": " + r.err()).isZero();
        // convert and salvage write a file; the others print what they found
        assertThat(r.out().isEmpty() && !List.of("convert", "salvage").contains(c.name()))
            .as(what + " prints").isFalse();
      }
    }
  }

  private static void oneLineError(Cli.Result r, String what, int status, Path file,
      String... contains) {
    assertThat(r.status()).as(what + ": " + r.err()).isEqualTo(status);
    assertThat(r.errLines()).as(what).hasSize(2);
    assertThat(r.errLines()[0]).as(what).startsWith("colfile: " + file + ": ")
        .contains(contains);
  }

  @Test
  void aMissingFileIsStatus1NamingIt() {
    Path missing = dir.resolve("absent.orc");
    for (Command c : COMMANDS) {
      Cli.Result r = Cli.run(c.on(missing, freshOutput()));
      if (c.name().equals("check")) {
        // check reports every file it was given, the missing one as damaged
        assertThat(r.status()).as(c.name()).isEqualTo(1);
        assertThat(r.out()).as(c.name()).startsWith("DAMAGED  " + missing + ": ")
            .contains("no such file");
      } else {
        oneLineError(r, c.name(), 1, missing, "no such file");
        assertThat(r.out()).as(c.name()).isEmpty();
      }
    }
  }

  @Test
  void anEmptyDirectoryIsStatus1() throws IOException {
    Path plain = Files.createDirectories(dir.resolve("plain"));
    for (Command c : COMMANDS) {
      // commands that walk directories say there was nothing to walk
      // salvage copies one file: a directory is a usage error there
      oneLineError(Cli.run(c.on(plain, freshOutput())), c.name(),
          c.name().equals("salvage") ? 2 : 1, plain,
          c.takesDirectories() ? FileArgs.NO_FILES : "is a directory");
    }
  }

  @Test
  void aFileOfNoFormatIsStatus1() throws IOException {
    Path text = Files.writeString(dir.resolve("notes.bin"), "just some text, no magic here\n");
    for (Command c : COMMANDS) {
      Cli.Result r = Cli.run(c.on(text, freshOutput()));
      if (c.name().equals("merge")) {
        oneLineError(r, c.name(), 1, text, "not an ORC file"); // merge reads ORC only
      } else if (c.name().equals("check")) {
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.out()).contains("not a file of any format");
      } else {
        oneLineError(r, c.name(), 1, text, "not a file of any format");
      }
    }
  }

  @Test
  void aDamagedFileOfEveryFormatIsStatus1NamingWhere() throws IOException {
    for (Map.Entry<String, Path> f : FILES.entrySet()) {
      if (Files.isDirectory(f.getValue())) {
        continue; // its CFile stands for it
      }
      byte[] b = Files.readAllBytes(f.getValue());
      Path cut = dir.resolve("cut-" + f.getValue().getFileName());
      Files.write(cut, Arrays.copyOf(b, b.length * 2 / 3));
      for (Command c : COMMANDS) {
        Cli.Result r = Cli.run(c.on(cut, freshOutput()));
        String what = c.name() + " on a cut " + f.getKey();
        if (c.name().equals("merge") && !f.getKey().equals("orc")) {
          oneLineError(r, what, 1, cut, "ORC"); // merge reads ORC only
        } else if (c.name().equals("check")) {
          assertThat(r.status()).as(what).isEqualTo(1);
          assertThat(r.out()).as(what).startsWith("DAMAGED  " + cut);
        } else if (r.status() == 0) {
          // a Trevni file keeps its metadata in its header: schema and meta need no data
          assertThat(f.getKey() + " " + c.name()).as(what).isIn("trevni schema", "trevni meta");
        } else {
          oneLineError(r, what, 1, cut, "file offset");
        }
      }
    }
  }

  @Test
  void badArgumentsAreStatus2() {
    Path orc = FILES.get("orc");
    for (Command c : COMMANDS) {
      List<String[]> cases = new ArrayList<>();
      cases.add(new String[] {c.name(), "--no-such-option", orc.toString()});
      cases.add(new String[] {c.name()});
      for (String[] args : cases) {
        Cli.Result r = Cli.run(args);
        String what = String.join(" ", args);
        assertThat(r.status()).as(what + ": " + r.err()).isEqualTo(2);
        assertThat(r.out()).as(what).isEmpty();
        assertThat(r.errLines()[0]).as(what).startsWith("colfile: ");
      }
      Cli.Result help = Cli.run(c.name(), "--help");
      assertThat(help.status()).as(c.name() + " --help").isZero();
      assertThat(help.out()).as(c.name() + " --help").contains("Usage: colfile " + c.name());
    }
  }
}
