package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --threads N} of cat and convert: the same text and files as one thread, on an ORC file
 * of many stripes (convert reads and writes on N threads) and on single Kudu CFiles of several
 * data blocks (cut into parts of whole blocks when the blocks the reader times first are worth
 * other threads: CFileParallelReadTest reads both ways); N below 1 is a usage error.
 */
class ThreadsOptionTest {
  @TempDir Path dir;

  /** An ORC file of 30,000 rows in many small stripes, written through convert. */
  private Path manyStripes() throws IOException {
    StringBuilder json = new StringBuilder();
    for (int i = 0; i < 30_000; i++) {
      json.append("{\"id\": ").append(i).append(", \"name\": \"n").append(i % 977)
          .append("\", \"x\": ").append(i % 7 == 0 ? "null" : String.valueOf(i * 0.5))
          .append("}\n");
    }
    Path in = dir.resolve("rows.jsonl");
    Files.writeString(in, json, StandardCharsets.UTF_8);
    Path orc = dir.resolve("rows.orc");
    Cli.Result r = Cli.run("convert", in.toString(), orc.toString(), "--stripe-size", "16384");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Cli.run("meta", orc.toString()).out()).contains("stripe");
    return orc;
  }

  @Test
  void catPrintsTheSameRowsOnSeveralThreads() throws IOException {
    Path orc = manyStripes();
    Cli.Result one = Cli.run("cat", orc.toString());
    assertThat(one.status()).isZero();
    assertThat(one.out().split("\n")).hasSize(30_000);
    for (String n : new String[] {"2", "4"}) {
      Cli.Result r = Cli.run("cat", "--threads", n, orc.toString());
      assertThat(r.status()).as(r.err()).isZero();
      assertThat(r.out()).as("--threads " + n).isEqualTo(one.out());
      Cli.Result where = Cli.run("cat", "--threads", n, "--where", "id >= 12345 AND x IS NULL",
          "--limit", "20", orc.toString());
      assertThat(where.out()).isEqualTo(Cli.run("cat", "--where",
          "id >= 12345 AND x IS NULL", "--limit", "20", orc.toString()).out());
      assertThat(where.out().split("\n")).hasSize(20);
    }
  }

  @Test
  void catPrintsTheSameCFileValuesOnSeveralThreads() throws IOException {
    StringBuilder json = new StringBuilder();
    for (int i = 0; i < 120_000; i++) {
      json.append("{\"id\": ").append(i * 7L % 120_011).append(", \"name\": ")
          .append(i % 11 == 0 ? "null" : "\"n" + i % 977 + "\"").append("}\n");
    }
    Path in = dir.resolve("rows.jsonl");
    Files.writeString(in, json, StandardCharsets.UTF_8);
    Path rowset = dir.resolve("rows");
    // compressed, as Kudu's own tables are
    Cli.Result w = Cli.run("convert", in.toString(), rowset.toString(), "--format", "kudu",
        "--key", "id", "--compression", "lz4");
    assertThat(w.status()).as(w.err()).isZero();
    for (String column : new String[] {"id", "name"}) {
      Path cfile = rowset.resolve(column + ".cfile");
      // 120,000 values in blocks of 256 KiB (before compression): several blocks
      String layout = Cli.run("layout", cfile.toString()).out();
      assertThat(layout.split("data block ", -1).length - 1).as(column + "'s data blocks")
          .isGreaterThan(1);
      Cli.Result one = Cli.run("cat", "--batch", "1000", cfile.toString());
      assertThat(one.status()).as(one.err()).isZero();
      assertThat(one.out().split("\n")).hasSize(120_000);
      for (String n : new String[] {"2", "3"}) {
        Cli.Result r = Cli.run("cat", "--threads", n, "--batch", "1000", cfile.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).as("%s, --threads %s", column, n).isEqualTo(one.out());
        // a single CFile's rows are a bare value, column _col0
        String[] where = {"--where", "_col0 IS NULL OR _col0 >= 'n5'", "--limit", "30000"};
        if (column.equals("id")) {
          where[1] = "_col0 < 1000 OR _col0 > 119000";
        }
        Cli.Result filtered = Cli.run(concat(new String[] {"cat", "--threads", n}, where,
            cfile.toString()));
        Cli.Result alone = Cli.run(concat(new String[] {"cat"}, where, cfile.toString()));
        assertThat(filtered.status()).as(filtered.err()).isZero();
        assertThat(filtered.out()).as("%s, --threads %s, %s", column, n, where[1])
            .isEqualTo(alone.out()).isNotEmpty();
      }
    }
  }

  private static String[] concat(String[] a, String[] b, String last) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length + 1);
    System.arraycopy(b, 0, out, a.length, b.length);
    out[out.length - 1] = last;
    return out;
  }

  @Test
  void convertWritesTheSameFileOnSeveralThreads() throws IOException {
    Path orc = manyStripes();
    Path one = dir.resolve("one.orc");
    Path two = dir.resolve("two.orc");
    assertThat(Cli.run("convert", orc.toString(), one.toString()).status()).isZero();
    Cli.Result r = Cli.run("convert", "--threads", "2", orc.toString(), two.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Files.readAllBytes(two)).isEqualTo(Files.readAllBytes(one));
    // a text input: only the ORC writer works on several threads
    Path json = dir.resolve("rows.jsonl");
    Path three = dir.resolve("three.orc");
    assertThat(Cli.run("convert", json.toString(), one.toString(), "--stripe-size", "16384",
        "--compression", "zlib").status()).isZero();
    r = Cli.run("convert", "--threads", "3", json.toString(), three.toString(),
        "--stripe-size", "16384", "--compression", "zlib");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Files.readAllBytes(three)).isEqualTo(Files.readAllBytes(one));
  }

  @Test
  void threadsReachTheReader() throws IOException {
    Path f = Cli.testFile(dir, "t.col", "rows=1");
    assertThat(Cli.run("cat", "--threads", "3", f.toString()).status()).isZero();
    assertThat(TestFormat.lastOptions.parallelism()).isEqualTo(3);
    assertThat(Cli.run("cat", f.toString()).status()).isZero();
    assertThat(TestFormat.lastOptions.parallelism()).isEqualTo(1);
  }

  @Test
  void fewerThanOneThreadIsAUsageError() throws IOException {
    Path orc = dir.resolve("x.orc");
    Files.write(orc, new byte[0]);
    for (String command : new String[] {"cat", "convert"}) {
      Cli.Result r = command.equals("cat") ? Cli.run("cat", "--threads", "0", orc.toString())
          : Cli.run("convert", "--threads", "0", orc.toString(),
              dir.resolve("y.orc").toString());
      assertThat(r.status()).as(command).isEqualTo(2);
      assertThat(r.err()).as(command).contains("--threads must be at least 1, not 0");
      assertThat(r.out()).isEmpty();
    }
    assertThat(dir.resolve("y.orc")).doesNotExist();
  }
}
