package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The renderer against the C++ printer itself: every ORC example file with an expected dump
 * (../shared/orc-examples/expected, made by Apache ORC C++), read with orc-core and rendered by
 * {@link ExpectedJson}, must give the dump exactly. The differential test trusts the renderer;
 * this is why it may.
 */
class RendererGoldenTest {
  /** The expected files were made with this process zone; it matters for files without one. */
  private static final TimeZone MADE_IN = TimeZone.getTimeZone("America/Los_Angeles");

  static Stream<String> examples() throws IOException {
    Path expected = examplesDir().resolve("expected");
    if (!Files.isDirectory(expected)) {
      return Stream.of("(none)");
    }
    try (Stream<Path> files = Files.list(expected)) {
      return files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".jsn.gz"))
          .map(n -> n.substring(0, n.length() - ".jsn.gz".length()))
          .sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void rendersOrcCoreValuesAsTheCppPrinterDid(String name) throws IOException {
    Path orc = examplesDir().resolve(name + ".orc");
    Assumptions.assumeTrue(Files.isRegularFile(orc), "no ORC examples at " + examplesDir());
    TypeDescription schema;
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(orc.toUri()),
        OrcFile.readerOptions(new Configuration()))) {
      schema = reader.getSchema();
      // Hive 0.11 wrote decimals without precision: orc-core reads them at scale 10, the C++
      // printer at scale 6 (orc.md §8.3); the generated files never have them
      Assumptions.assumeFalse(reader.getFileTail().getFooter().getTypesList().stream().anyMatch(
          t -> t.getKind() == OrcProto.Type.Kind.DECIMAL && t.getPrecision() == 0),
          "decimals without precision");
    }
    List<Object> rows;
    TimeZone saved = TimeZone.getDefault();
    TimeZone.setDefault(MADE_IN);
    try {
      rows = OrcCoreFiles.read(orc);
    } finally {
      TimeZone.setDefault(saved);
    }
    List<String> actual = ExpectedJson.lines(schema, rows);
    List<String> expected = expectedLines(examplesDir().resolve("expected/" + name + ".jsn.gz"));
    for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
      assertThat(actual.get(i)).as("%s line %d", name, i + 1).isEqualTo(expected.get(i));
    }
    assertThat(actual).hasSize(expected.size());
  }

  private static List<String> expectedLines(Path gz) throws IOException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        lines.add(line);
      }
    }
    return lines;
  }

  static Path examplesDir() {
    return Path.of(System.getProperty("colfile.shared.dir", "../../shared"), "orc-examples");
  }
}
