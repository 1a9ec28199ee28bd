package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.JsonLinesWriter;
import io.colfile.text.convert.JsonLinesSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@code colfile cat} prints for real ORC files reads back through {@link JsonLinesSource}
 * with the file's schema into batches that print the very same bytes: the reading half of
 * {@code cat | convert | cat}. The example files cover every type, old writers, Hive 0.11
 * decimals, timestamps around 1900 and 2038, nulls at every depth; the last case is the
 * repository's sample.
 */
class CatTextRoundTripTest {
  static Stream<String> files() {
    return Stream.of("TestOrcFile.test1.orc", "TestOrcFile.testDate1900.orc",
        "TestOrcFile.testDate2038.orc", "TestOrcFile.testTimestamp.orc", "decimal.orc",
        "orc-file-11-format.orc", "nulls-at-end-snappy.orc", "TestOrcFile.metaData.orc",
        "TestOrcFile.testStringAndBinaryStatistics.orc", "TestOrcFile.testSnappy.orc",
        "TestOrcFile.columnProjection.orc", "TestStringDictionary.testRowIndex.orc",
        "TestVectorOrcFile.testLz4.orc", "orc_index_int_string.orc", "orc_split_elim.orc",
        "TestOrcFile.testPredicatePushdown.orc", "TestOrcFile.emptyFile.orc",
        "decimal64_v2.orc", "TestOrcFile.testMemoryManagementV11.orc", "testdata/orc/sample.orc");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void catTextReadsBackToTheSameText(String name) throws IOException {
    Path f = name.startsWith("testdata/")
        ? Path.of(System.getProperty("user.dir")).getParent().resolve(name)
        : Path.of(System.getProperty("colfile.shared.dir", "../../shared"), "orc-examples", name);
    Assumptions.assumeTrue(Files.exists(f), f + " is missing (../shared is absent)");
    ReadOptions options = ReadOptions.defaults().withDefaultZone(
        ZoneId.of("America/Los_Angeles"));
    byte[] text;
    Type schema;
    try (FileReader reader = ColFile.open(InputFile.local(f));
         BatchReader rows = reader.read(options)) {
      schema = reader.schema();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JsonLinesWriter w = new JsonLinesWriter(out);
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        w.write(b);
      }
      w.flush();
      text = out.toByteArray();
    }
    try (JsonLinesSource source = new JsonLinesSource(name, new ByteArrayInputStream(text),
        Type.parse(schema.toString()))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JsonLinesWriter w = new JsonLinesWriter(out);
      ColumnBatch b = new ColumnBatch(schema, 1000);
      while (source.next(b)) {
        b.validate();
        w.write(b);
      }
      w.flush();
      assertThat(new String(out.toByteArray(), StandardCharsets.ISO_8859_1))
          .isEqualTo(new String(text, StandardCharsets.ISO_8859_1));
    }
  }
}
