package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.orc.OrcProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file comparison the differential tests rely on notices what it must and names it. */
class OrcFileComparisonTest {
  @TempDir Path dir;

  private Path write(String name, CompressionCodec codec) throws IOException {
    Path p = dir.resolve(name);
    Type type = Type.parse("struct<a:bigint,b:string>");
    List<Object> rows = new ArrayList<>();
    for (long i = 0; i < 5000; i++) {
      rows.add(Arrays.asList(i * i % 1009, "s" + i % 77));
    }
    try (OrcWriter w = OrcWriter.create(OutputFile.local(p), type, OrcWriterOptions.builder()
        .compression(codec).compressionBlockSize(4096).rowIndexStride(1000).build())) {
      w.write(ValueFill.batch(type, rows));
    }
    return p;
  }

  @Test
  void sameFileIsIdentical() throws IOException {
    Path a = write("a.orc", CompressionCodec.ZSTD);
    assertThat(OrcFileComparison.compare("same", a, a, false, true)).isTrue();
  }

  @Test
  void aFlippedDataByteIsNamed() throws IOException {
    Path a = write("a.orc", CompressionCodec.NONE);
    OrcFileParts.Part data = OrcFileParts.read(a).parts().stream()
        .filter(p -> p.stream() != null && p.stream().getColumn() == 1
            && p.stream().getKind() == OrcProto.Stream.Kind.DATA)
        .findFirst().orElseThrow();
    byte[] bytes = Files.readAllBytes(a);
    int at = (int) data.offset() + data.stored().length / 2;
    bytes[at] ^= 0x10;
    Path b = dir.resolve("b.orc");
    Files.write(b, bytes);
    assertThatThrownBy(() -> OrcFileComparison.compare("flipped", a, b, true, true))
        .hasMessageContaining("stripe 0 column 1 DATA")
        .hasMessageContaining("byte " + (data.stored().length / 2));
  }

  @Test
  void aDifferentFooterFieldIsNamed() throws IOException {
    Path a = write("a.orc", CompressionCodec.ZLIB);
    Path b = dir.resolve("b.orc");
    Type type = Type.parse("struct<a:bigint,b:string>");
    try (OrcWriter w = OrcWriter.create(OutputFile.local(b), type, OrcWriterOptions.builder()
        .compression(CompressionCodec.ZLIB).compressionBlockSize(4096).rowIndexStride(1000)
        .build())) {
      List<Object> rows = new ArrayList<>();
      for (long i = 0; i < 5000; i++) {
        rows.add(Arrays.asList(i * i % 1009, "s" + i % 77));
      }
      w.addUserMetadata("k", new byte[] {1});
      w.write(ValueFill.batch(type, rows));
    }
    assertThatThrownBy(() -> OrcFileComparison.compare("metadata", a, b, true, true))
        .hasMessageContaining("footer").hasMessageContaining("Footer differs");
  }
}
