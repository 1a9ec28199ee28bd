package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.orc.CompressionKind;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.OrcCodecPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * orc-core 2.3+ compresses LZ4 with lz4-java unless told otherwise (ORC-2075); the build tells it
 * otherwise ({@code orc.compress.lz4.impl=aircompressor}, see this module's pom) so that the
 * writer tests compare bytes with the LZ4 orc-core wrote before and colfile writes. Here orc-core
 * writes with its default, and colfile reads those files; also Snappy, which orc-core 2.3 writes
 * with snappy-java (ORC-2083).
 */
@ExtendWith(TestSeed.class)
class OrcCoreLz4JavaTest {
  private static final String PROPERTY = "orc.compress.lz4.impl";
  private static final String SNAPPY_PROPERTY = "orc.compress.snappy.impl";

  @TempDir
  Path dir;

  @Test
  void colfileReadsOrcCoresDefaultLz4AndSnappy() throws IOException {
    String saved = System.getProperty(PROPERTY);
    String savedSnappy = System.getProperty(SNAPPY_PROPERTY);
    System.clearProperty(PROPERTY);
    System.clearProperty(SNAPPY_PROPERTY);
    OrcCodecPool.clear(); // pooled codecs were made under the property
    try {
      for (CompressionKind codec : List.of(CompressionKind.LZ4, CompressionKind.SNAPPY)) {
        Random r = TestSeed.random("lz4-java-" + codec, 0);
        TypeDescription schema = RandomSchemas.everyType(r);
        OrcCoreOptions o = OrcCoreOptions.everyReaderPath(r, codec);
        List<Object> rows = new RandomValues(r, o.writerZone()).rows(schema, 4000);
        Path file = dir.resolve(codec + ".orc");
        OrcCoreFiles.write(file, schema, rows, o, r);
        assertThat(ColfileReader.readWithColfile(file, null))
            .as(codec + " " + TestSeed.replay())
            .isEqualTo(ExpectedJson.lines(schema, rows));
      }
    } finally {
      if (saved != null) {
        System.setProperty(PROPERTY, saved);
      }
      if (savedSnappy != null) {
        System.setProperty(SNAPPY_PROPERTY, savedSnappy);
      }
      OrcCodecPool.clear();
    }
  }
}
