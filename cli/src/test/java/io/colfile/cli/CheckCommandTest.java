package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {
  @TempDir Path dir;

  private Path orc(String name, String... options) throws Exception {
    Path out = dir.resolve(name);
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("convert",
        Path.of("../testdata/csv/orders.csv").toString(), out.toString()));
    args.addAll(java.util.List.of(options));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  @Test
  void goodFilesAreOkAndDamagedOnesNamedWithTheirPlace() throws Exception {
    // ZLIB: a flipped byte inside a deflate block breaks its structure. The default ZSTD, as
    // zstd-jni and orc-core write it, has no checksum, so a flipped literal can read as another
    // value, which no ORC reader can tell.
    Path good = orc("good.orc", "--compression", "zlib");
    Path bad = dir.resolve("bad.orc");
    byte[] b = Files.readAllBytes(good);
    b[b.length / 3] ^= 0x55; // inside the stripe's data
    Files.write(bad, b);
    Path cut = dir.resolve("cut.orc");
    Files.write(cut, java.util.Arrays.copyOf(b, 300));

    Cli.Result ok = Cli.run("check", good.toString());
    assertThat(ok.status()).isZero();
    assertThat(ok.out()).isEqualTo("ok       " + good + ": ORC, 300 rows\n");

    Cli.Result r = Cli.run("check", good.toString(), bad.toString(), cut.toString());
    assertThat(r.status()).isEqualTo(1);
    String[] lines = r.out().split("\n");
    assertThat(lines).hasSize(5);
    assertThat(lines[0]).startsWith("ok ");
    assertThat(lines[1]).isEqualTo("DAMAGED  " + bad + ": 0 rows readable of 300");
    // one damaged column, named, the others whole
    assertThat(lines[2]).startsWith("         column ").contains("stripe 0 / column")
        .contains("file offset");
    assertThat(lines[3]).isEqualTo("DAMAGED  " + cut + ": 0 rows readable");
    assertThat(lines[4]).contains("file offset");
  }

  @Test
  void aDamagedStripeLeavesTheOthersReadable() throws Exception {
    StringBuilder csv = new StringBuilder("id,name\n");
    for (int i = 0; i < 20_000; i++) {
      csv.append(i).append(",name-").append(i * 7919 % 100_003).append('\n');
    }
    Path in = dir.resolve("many.csv");
    Files.writeString(in, csv);
    Path orc = dir.resolve("many.orc");
    Cli.Result w = Cli.run("convert", in.toString(), orc.toString(), "--block-size", "16384",
        "--compression", "none");
    assertThat(w.status()).as(w.err()).isZero();
    Cli.Result meta = Cli.run("meta", orc.toString(), "--json");
    com.fasterxml.jackson.databind.JsonNode stripes =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(meta.out()).get("stripes");
    assertThat(stripes.size()).isGreaterThan(2);
    com.fasterxml.jackson.databind.JsonNode second = stripes.get(1);
    long offset = second.get("offset").asLong();
    long rows = second.get("rows").asLong();
    byte[] b = Files.readAllBytes(orc);
    // the second stripe's footer: its streams can no longer be found
    int at = (int) (offset + second.get("indexLength").asLong()
        + second.get("dataLength").asLong() + 1);
    b[at] ^= 0x7f;
    Files.write(orc, b);

    Cli.Result r = Cli.run("check", orc.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).startsWith("DAMAGED  " + orc + ": " + (20_000 - rows)
        + " rows readable of 20000");
  }

  @Test
  void directoriesAreWalkedAndJsonSaysWhere() throws Exception {
    orc("a.orc");
    Path hidden = orc("_skipped.orc");
    Files.write(hidden, new byte[] {1, 2, 3}); // damaged, but hidden: not checked
    Path sub = Files.createDirectories(dir.resolve("sub"));
    Files.write(sub.resolve("b.orc"), new byte[] {'O', 'R', 'C', 0, 0, 0});

    Cli.Result r = Cli.run("check", dir.toString(), "--json");
    assertThat(r.status()).isEqualTo(1);
    com.fasterxml.jackson.databind.JsonNode report =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
    assertThat(report.get("damaged").asInt()).isEqualTo(1);
    assertThat(report.get("files")).hasSize(2);
    assertThat(report.get("files").get(0).get("status").asText()).isEqualTo("ok");
    assertThat(report.get("files").get(1).get("file").asText()).endsWith("b.orc");
    assertThat(report.get("files").get(1).get("status").asText()).isEqualTo("damaged");
  }

  private static com.fasterxml.jackson.databind.JsonNode checkJson(Path f) throws Exception {
    Cli.Result r = Cli.run("check", f.toString(), "--json");
    return new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out()).get("files")
        .get(0);
  }

  /** A CSV of {@code rows} rows of an integer, a string and a double column. */
  private Path csv(int rows) throws Exception {
    StringBuilder csv = new StringBuilder("id,name,price\n");
    for (int i = 0; i < rows; i++) {
      csv.append(i).append(",name-").append(i * 7919 % 100_003).append(',')
          .append(i * 0.25).append('\n');
    }
    Path in = dir.resolve("rows.csv");
    Files.writeString(in, csv);
    return in;
  }

  @Test
  void aFlippedByteInAnyTrevniBlockIsFoundNamedAndCostsOnlyThatBlock() throws Exception {
    Path trevni = dir.resolve("t.trevni");
    Cli.Result w = Cli.run("convert", csv(3000).toString(), trevni.toString(), "--format",
        "trevni", "--set", "trevni.checksum=crc32", "--block-size", "2048");
    assertThat(w.status()).as(w.err()).isZero();
    byte[] clean = Files.readAllBytes(trevni);
    java.util.List<long[]> blocks = new java.util.ArrayList<>(); // offset, end, rows, column
    try (var file = io.colfile.trevni.TrevniFile.open(
        io.colfile.core.io.InputFile.local(trevni))) {
      for (int c = 0; c < file.columnCount(); c++) {
        for (io.colfile.trevni.BlockInfo b : file.blocks(c)) {
          blocks.add(new long[] {b.offset(), b.offset() + b.compressedSize() + 4, b.rowCount(),
              c});
        }
      }
    }
    assertThat(blocks.size()).as("blocks").isGreaterThan(6);
    assertThat(checkJson(trevni).get("note").asText()).contains("no checksum");
    assertThat(Cli.run("check", trevni.toString()).out()).endsWith(
        "note: " + CheckCommand.TREVNI_HEADER_NOTE + "\n");
    java.util.Random random = new java.util.Random(blocks.size());
    for (long[] b : blocks) {
      // the first byte, one inside, the checksum's last byte
      for (long at : new long[] {b[0], b[0] + 1 + random.nextInt((int) (b[1] - b[0] - 2)),
          b[1] - 1}) {
        byte[] bad = clean.clone();
        bad[(int) at] ^= (byte) (1 << random.nextInt(8));
        Files.write(trevni, bad);
        com.fasterxml.jackson.databind.JsonNode r = checkJson(trevni);
        String where = "byte " + at + " of block " + java.util.Arrays.toString(b);
        assertThat(r.get("status").asText()).as(where).isEqualTo("damaged");
        com.fasterxml.jackson.databind.JsonNode part = r.get("damaged parts").get(0);
        assertThat(r.get("damaged parts")).as(where).hasSize(1);
        assertThat(part.get("structure").asText()).as(where).contains("block");
        assertThat(part.get("file offset").asLong()).as(where).isBetween(b[0], b[1] - 1);
        assertThat(r.get("rows readable").asLong()).as(where).isEqualTo(3000 - b[2]);
      }
    }
  }

  @Test
  void aFlippedByteInAnyCFileBlockIsFoundAndNamed() throws Exception {
    Path cfile = dir.resolve("v.cfile");
    var options = io.colfile.kudu.CFileWriterOptions.builder(io.colfile.kudu.KuduType.INT64)
        .blockSize(256).indexBlockSize(64).checksums(true).build();
    int n = 5000;
    try (var w = io.colfile.kudu.CFileWriter.create(io.colfile.core.io.OutputFile.local(cfile),
        options)) {
      io.colfile.core.vector.LongVector v = new io.colfile.core.vector.LongVector(n);
      for (int i = 0; i < n; i++) {
        v.vector[i] = i * 1_000_003L;
      }
      w.append(v, 0, n);
    }
    assertThat(Cli.run("check", cfile.toString()).status()).isZero();
    byte[] clean = Files.readAllBytes(cfile);
    // every data block, found through the positional index
    java.util.List<long[]> data = new java.util.ArrayList<>(); // offset, end, first ordinal
    try (var file = io.colfile.kudu.CFile.open(io.colfile.core.io.InputFile.local(cfile))) {
      var index = file.positionalIndex();
      assertThat(index.seekToFirst()).isTrue();
      do {
        byte[] k = index.key();
        data.add(new long[] {index.pointer().offset(),
            index.pointer().offset() + index.pointer().size(),
            java.nio.ByteBuffer.wrap(k).getInt()});
      } while (index.next());
    }
    assertThat(data.size()).as("data blocks").isGreaterThan(10);
    java.util.Random random = new java.util.Random(data.size());
    for (int i = 0; i < data.size(); i++) {
      long[] b = data.get(i);
      long rows = (i + 1 < data.size() ? data.get(i + 1)[2] : n) - b[2];
      long at = b[0] + random.nextInt((int) (b[1] - b[0]));
      byte[] bad = clean.clone();
      bad[(int) at] ^= (byte) (1 << random.nextInt(8));
      Files.write(cfile, bad);
      com.fasterxml.jackson.databind.JsonNode r = checkJson(cfile);
      String where = "byte " + at + " of data block " + i;
      assertThat(r.get("status").asText()).as(where).isEqualTo("damaged");
      assertThat(r.get("damaged parts")).as(where).hasSize(1);
      com.fasterxml.jackson.databind.JsonNode part = r.get("damaged parts").get(0);
      assertThat(part.get("structure").asText()).as(where).contains("block");
      assertThat(part.get("file offset").asLong()).as(where).isBetween(b[0], b[1] - 1);
      assertThat(r.get("rows readable").asLong()).as(where).isEqualTo(n - rows);
    }
    // the header, the index blocks and the footer: the file is damaged, the place named
    java.util.Set<Long> inData = new java.util.HashSet<>();
    for (long[] b : data) {
      for (long at = b[0]; at < b[1]; at++) {
        inData.add(at);
      }
    }
    int checked = 0;
    for (int at = 0; at < clean.length; at += 7) {
      if (inData.contains((long) at)) {
        continue;
      }
      byte[] bad = clean.clone();
      bad[at] ^= 0x10;
      Files.write(cfile, bad);
      com.fasterxml.jackson.databind.JsonNode r = checkJson(cfile);
      assertThat(r.get("status").asText()).as("byte " + at).isEqualTo("damaged");
      assertThat(r.get("damaged parts").get(0).get("problem").asText()).as("byte " + at)
          .isNotEmpty();
      checked++;
    }
    assertThat(checked).isGreaterThan(10);
  }
}
