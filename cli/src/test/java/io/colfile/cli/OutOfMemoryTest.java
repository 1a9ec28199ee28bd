package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that runs out of heap says so in one line and exits 1, rather than ending in the
 * JVM's stack trace: {@code meta} of an ORC file of 30,000 stripes in a child JVM with a 10 MiB
 * heap. With 24 MiB, {@code meta}, {@code stats} and {@code cat --where} of that file work: the
 * stripes' statistics are parsed one stripe at a time and printed as they are made.
 */
class OutOfMemoryTest {
  private static final int STRIPES = 30_000;

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void write() throws Exception {
    Type schema = Type.parse("struct<id:bigint,s:string>");
    file = dir.resolve("stripes.orc");
    OrcWriterOptions oneRowStripes =
        OrcWriterOptions.builder().stripeRowCount(1).memoryCheckRows(1).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(file), schema, oneRowStripes)) {
      ColumnBatch b = new ColumnBatch(schema, 1);
      byte[] s = "x".getBytes(StandardCharsets.UTF_8);
      for (int i = 0; i < STRIPES; i++) {
        ((LongVector) b.cols[0]).vector[0] = i;
        ((BytesVector) b.cols[1]).setRef(0, s, 0, 1);
        b.size = 1;
        w.write(b);
      }
    }
  }

  /** Runs the command in a child JVM of {@code heap}; its exit status, stdout and stderr. */
  private static String[] run(String heap, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
        "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    cmd.addAll(List.of(args));
    Path out = dir.resolve("out.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new String[] {Integer.toString(p.exitValue()), java.nio.file.Files.readString(out),
        err};
  }

  @Test
  void runningOutOfHeapIsOneLine() throws Exception {
    String[] r = run("-Xmx10m", "meta", file.toString());
    assertThat(r[0]).as(r[2]).isEqualTo("1");
    assertThat(r[2].strip()).startsWith("colfile: out of memory").contains("-Xmx")
        .doesNotContain("\n").doesNotContain("\tat ");
  }

  @Test
  void statisticsOfManyStripesFitASmallHeap() throws Exception {
    String[] meta = run("-Xmx24m", "meta", "--json", file.toString());
    assertThat(meta[0]).as(meta[2]).isEqualTo("0");
    com.fasterxml.jackson.databind.JsonNode stripes =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(meta[1]).get("stripes");
    assertThat(stripes.size()).isEqualTo(STRIPES);
    assertThat(stripes.get(STRIPES - 1).get("statistics").get(1).get("max").asLong())
        .isEqualTo(STRIPES - 1);
    String[] stats = run("-Xmx24m", "stats", file.toString());
    assertThat(stats[0]).as(stats[2]).isEqualTo("0");
    assertThat(stats[1]).contains("stripe: " + (STRIPES - 1));
    String[] where = run("-Xmx24m", "cat", "--where", "id = " + (STRIPES - 2), file.toString());
    assertThat(where[0]).as(where[2]).isEqualTo("0");
    assertThat(where[1].strip()).contains(Integer.toString(STRIPES - 2)).doesNotContain("\n");
  }
}
