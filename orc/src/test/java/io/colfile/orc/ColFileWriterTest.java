package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The format-independent way to write: {@code ColFile.writer("orc", ...)}. */
class ColFileWriterTest {
  @TempDir Path dir;

  @Test
  void writesOrcWithTheCommonOptions() throws IOException {
    Type schema = Type.parse("struct<a:bigint>");
    Path path = dir.resolve("t.orc");
    WriteOptions options = WriteOptions.defaults().withCompression(CompressionCodec.LZ4)
        .withBlockSize(1 << 20).withBloomFilterColumns(List.of("a"));
    try (FileWriter w = ColFile.writer("orc", OutputFile.local(path), schema, options)) {
      assertThat(w.formatName()).isEqualTo("ORC");
      ColumnBatch b = new ColumnBatch(schema, 10);
      for (int i = 0; i < 10; i++) {
        ((LongVector) b.cols[0]).vector[i] = i * i;
      }
      b.size = 10;
      w.write(b);
      assertThat(w.numberOfRows()).isEqualTo(10);
    }
    try (OrcReader r = OrcReader.open(InputFile.local(path))) {
      assertThat(r.numberOfRows()).isEqualTo(10);
      assertThat(r.compression()).isEqualTo(CompressionCodec.LZ4);
      assertThat(r.statistics().get(1).maximum()).isEqualTo(81L);
    }
  }

  @Test
  void unknownFormatsAreNamed() {
    assertThatThrownBy(() -> ColFile.format("parquet"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ORC");
  }
}
