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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that runs out of heap says so in one line and exits 1, rather than ending in the
 * JVM's stack trace: {@code meta} of an ORC file of 30,000 stripes (whose statistics are parsed
 * at once) in a child JVM with a 16 MiB heap.
 */
class OutOfMemoryTest {
  @TempDir Path dir;

  @Test
  void runningOutOfHeapIsOneLine() throws Exception {
    Type schema = Type.parse("struct<id:bigint,s:string>");
    Path file = dir.resolve("stripes.orc");
    OrcWriterOptions oneRowStripes =
        OrcWriterOptions.builder().stripeRowCount(1).memoryCheckRows(1).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(file), schema, oneRowStripes)) {
      ColumnBatch b = new ColumnBatch(schema, 1);
      byte[] s = "x".getBytes(StandardCharsets.UTF_8);
      for (int i = 0; i < 30_000; i++) {
        ((LongVector) b.cols[0]).vector[0] = i;
        ((BytesVector) b.cols[1]).setRef(0, s, 0, 1);
        b.size = 1;
        w.write(b);
      }
    }
    Process p = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx16m",
        "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "meta", file.toString()))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(err).isEqualTo(1);
    assertThat(err.strip()).startsWith("colfile: out of memory").contains("-Xmx")
        .doesNotContain("\n").doesNotContain("\tat ");
  }
}
