package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.WideFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Trevni file of 10,000 columns (half bigint, half string, some NULLs) written and read back,
 * every value checked ({@link WideFiles}), in a child JVM of a 96 MiB heap: the writer's heap
 * grows with the blocks it holds, not with columns times a block's size, and codecs are shared
 * by the columns (a writer that gave every column its own compressor and scratch array needed
 * 117 MiB to write this file; the reader 55 MiB, 65 MiB with a decompressor per column).
 */
class WideFileHeapTest {
  @TempDir Path dir;

  @Test
  void tenThousandColumnsInASmallHeap() throws Exception {
    Path file = dir.resolve("wide.trv");
    Process p = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx96m",
        "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), WideFiles.class.getName(), "trevni",
        file.toString(), "10000", "200", "both", "100", "ZLIB"))
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("exit status (3: out of heap, 4: a wrong value); " + out)
        .isZero();
    assertThat(out).contains("10000 columns x 200 rows");
  }
}
