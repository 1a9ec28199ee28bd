package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The ORC example files, read through the same path as {@code colfile cat} (format detection,
 * batches, the JSON-lines printer), against Apache ORC's expected readings. The expected files
 * were made with TZ=America/Los_Angeles, which files without a writer time zone are read in.
 */
class GoldenFilesTest {
  static final ZoneId EXPECTED_ZONE = ZoneId.of("America/Los_Angeles");

  @TestFactory
  Stream<DynamicTest> everyExpectedReadingMatches() throws IOException {
    Path dir = SharedData.orcExamples();
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir.resolve("expected"))) {
      files.sorted().forEach(expected -> {
        String name = expected.getFileName().toString().replace(".jsn.gz", ".orc");
        tests.add(DynamicTest.dynamicTest(name, () -> {
          String want = gunzip(expected);
          String got = cat(dir.resolve(name), ReadOptions.defaults());
          assertSameLines(name, got, want);
        }));
      });
    }
    assertThat(tests).hasSizeGreaterThanOrEqualTo(20);
    return tests.stream();
  }

  /** demo-11 (RLE v1) and demo-12 (RLE v2) hold the same 1,920,800 rows. */
  @Test
  void demo11AndDemo12ReadTheSame() throws IOException {
    Path dir = SharedData.orcExamples();
    CountingDigest v11 = new CountingDigest();
    catTo(dir.resolve("demo-11-zlib.orc"), ReadOptions.defaults(), v11);
    CountingDigest v12 = new CountingDigest();
    catTo(dir.resolve("demo-12-zlib.orc"), ReadOptions.defaults(), v12);
    assertThat(v11.lines).isEqualTo(1_920_800);
    assertThat(v12.lines).isEqualTo(1_920_800);
    assertThat(v11.digest()).as("demo-11 and demo-12 read the same").isEqualTo(v12.digest());
  }

  @Test
  void filesWithoutExpectedReadingsReadCompletely() throws IOException {
    Path dir = SharedData.orcExamples();
    for (String name : new String[] {"TestVectorOrcFile.testZstd.0.12.orc",
        "bad_bloom_filter_1.6.0.orc", "bad_bloom_filter_1.6.11.orc", "decimal64_v2.orc",
        "orc_no_format.orc", "version1999.orc", "TestOrcFile.testSargSkipPickupGroupWithoutIndexCPlusPlus.orc",
        "TestOrcFile.testSargSkipPickupGroupWithoutIndexJava.orc"}) {
      try (FileReader r = ColFile.open(InputFile.local(dir.resolve(name)))) {
        String text = cat(dir.resolve(name), ReadOptions.defaults());
        long lines = text.isEmpty() ? 0 : text.split("\n", -1).length - 1;
        assertThat(lines).as(name).isEqualTo(r.numberOfRows());
      }
    }
  }

  @Test
  void sameValuesAsTheLz4FileInZstd() throws IOException {
    // testZstd.0.12.orc has no expected reading upstream; it holds the rows of testLz4.orc.
    Path dir = SharedData.orcExamples();
    assertThat(cat(dir.resolve("TestVectorOrcFile.testZstd.0.12.orc"), ReadOptions.defaults()))
        .isEqualTo(gunzip(dir.resolve("expected/TestVectorOrcFile.testLz4.jsn.gz")));
  }

  @Test
  void decimal64FileReadsAsOrcDoes() throws IOException {
    Path dir = SharedData.orcExamples();
    String text = cat(dir.resolve("decimal64_v2.orc"), ReadOptions.defaults());
    assertThat(text).startsWith(
        "{\"a\": 17292380420, \"b\": 24, \"c\": 36164.16, \"d\": 0.03, \"e\": 0.01}\n");
  }

  @Test
  void encryptedColumnsReadAsTheirMaskedCopies() throws IOException {
    Path dir = SharedData.orcExamples();
    assertThat(cat(dir.resolve("encrypted/sample1.orc"), ReadOptions.defaults())).isEqualTo(
        "{\"ssn\": null, \"email\": "
            + "\"841626795E7D351555B835A002E3BF10669DE9B81C95A3D59E10865AC37EA7C3\", "
            + "\"name\": \"Dongjoon Hyun\"}\n");
  }

  @Test
  void projectionReadsOnlyTheNamedColumns() throws IOException {
    Path dir = SharedData.orcExamples();
    String text = cat(dir.resolve("TestOrcFile.test1.orc"), ReadOptions.columns("string1", "int1"));
    assertThat(text).isEqualTo("{\"string1\": \"hi\", \"int1\": 65536}\n"
        + "{\"string1\": \"bye\", \"int1\": 65536}\n");
  }

  @Test
  void corruptExamplesAreReportedAsCorrupt() {
    Path dir = SharedData.orcExamples();
    for (String name : new String[] {"corrupt/missing_length_stream_in_string_dict.orc",
        "corrupt/stripe_footer_bad_column_encodings.orc", "zero.orc"}) {
      assertThatThrownBy(() -> cat(dir.resolve(name), ReadOptions.defaults()))
          .as(name).isInstanceOf(CorruptFileException.class)
          .hasMessageContaining(name.substring(name.indexOf('/') + 1));
    }
  }

  @Test
  void zeroByteFileIsAnEmptyOrcFileWhenOpenedAsOrc() throws IOException {
    Path dir = SharedData.orcExamples();
    try (OrcReader r = OrcReader.open(InputFile.local(dir.resolve("zero.orc")))) {
      assertThat(r.numberOfRows()).isZero();
      assertThat(r.schema().toString()).isEqualTo("struct<>");
    }
  }

  static String cat(Path file, ReadOptions options) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    catTo(file, options, bytes);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  static void catTo(Path file, ReadOptions options, OutputStream sink) throws IOException {
    JsonLinesWriter out = new JsonLinesWriter(sink);
    try (FileReader r = ColFile.open(InputFile.local(file));
         BatchReader rows = r.read(options.withDefaultZone(EXPECTED_ZONE))) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        batch.validate();
        out.write(batch);
      }
    }
    out.flush();
  }

  /** Counts lines and hashes what is written, so big outputs need no memory. */
  static final class CountingDigest extends OutputStream {
    private final MessageDigest sha;
    long lines;

    CountingDigest() {
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public void write(int b) {
      sha.update((byte) b);
      if (b == '\n') {
        lines++;
      }
    }

    @Override
    public void write(byte[] b, int off, int len) {
      sha.update(b, off, len);
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          lines++;
        }
      }
    }

    String digest() {
      return HexFormat.of().formatHex(sha.digest());
    }
  }

  static String gunzip(Path file) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static void assertSameLines(String name, String got, String want) {
    String[] g = got.split("\n", -1);
    String[] w = want.split("\n", -1);
    for (int i = 0; i < Math.min(g.length, w.length); i++) {
      if (!g[i].equals(w[i])) {
        throw new AssertionError(name + ": line " + (i + 1) + " differs\n  expected: " + w[i]
            + "\n  actual:   " + g[i]);
      }
    }
    assertThat(g.length).as(name + ": number of lines").isEqualTo(w.length);
  }
}
