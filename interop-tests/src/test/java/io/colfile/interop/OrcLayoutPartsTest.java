package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import io.colfile.core.io.InputFile;
import io.colfile.orc.OrcReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code colfile layout} of the ORC example files against the file cut up with orc-core's own
 * protobuf classes ({@link OrcFileParts}): every structure it finds (header, each stripe's
 * streams as the stripe footer lists them and the footer, metadata, footer, postscript) is a
 * span at the same offset and of the same length, compressed ones with the decompressed length
 * as {@code uncompressed}; whatever else the layout has is zero padding. Encrypted files are left
 * to colfile's own tests (OrcFileParts does not cut their encrypted statistics).
 */
class OrcLayoutPartsTest {
  @TestFactory
  Stream<DynamicTest> everyStructureOrcCoreFindsIsASpan() throws IOException {
    Path examples = Path.of(System.getProperty("colfile.shared.dir", "../../shared"),
        "orc-examples");
    assumeTrue(Files.isDirectory(examples), "skipped: no ORC examples at " + examples
        + " (set -Dcolfile.shared.dir)");
    List<Path> files = new ArrayList<>();
    try (Stream<Path> ls = Files.list(examples)) {
      ls.filter(p -> p.toString().endsWith(".orc") && p.toFile().length() > 0).sorted()
          .forEach(files::add);
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(30);
    return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(),
        () -> check(f)));
  }

  private static void check(Path f) throws IOException {
    OrcFileParts parts = OrcFileParts.read(f);
    byte[] bytes = Files.readAllBytes(f);
    try (OrcReader r = OrcReader.open(InputFile.of(f.toString(), bytes))) {
      FileLayout l = r.layout();
      List<LayoutSpan> left = new ArrayList<>(l.spans());
      for (OrcFileParts.Part p : parts.parts()) {
        if (p.stored().length == 0) {
          continue;
        }
        LayoutSpan s = left.stream().filter(x -> x.offset() == p.offset()).findFirst()
            .orElseThrow(() -> new AssertionError(f + ": no span at " + p.offset() + " for "
                + p.name()));
        left.remove(s);
        assertThat(s.length()).as("%s: %s", f, p.name()).isEqualTo(p.stored().length);
        if (p.stream() != null) {
          assertThat(s.column()).isEqualTo(p.stream().getColumn());
          assertThat(s.path().get(s.path().size() - 1)).isEqualTo(p.stream().getKind().name());
        }
        if (r.compression() != io.colfile.core.codec.CompressionCodec.NONE
            && p.content() != p.stored()) {
          assertThat(s.details().get("uncompressed")).as("%s: %s", f, p.name())
              .isEqualTo((long) p.content().length);
        }
      }
      for (LayoutSpan s : left) {
        assertThat(s.role()).as("%s: %s", f, s.structure()).isEqualTo(SpanRole.PADDING);
        for (long b = s.offset(); b < s.end(); b++) {
          assertThat(bytes[(int) b]).isZero();
        }
      }
    }
  }
}
