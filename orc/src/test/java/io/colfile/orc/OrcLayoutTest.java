package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link OrcReader#layout()} on every ORC example file: the spans tile the file, no byte is
 * UNKNOWN, each stripe's stream spans have the lengths and order its footer lists (read here
 * on its own), the index and data areas add up to the stripe information's lengths, padding is
 * zeros, and every compressed span's {@code uncompressed} is what decompressing it gives.
 * Empty streams hold no bytes and have no span.
 */
class OrcLayoutTest {
  @TestFactory
  Stream<DynamicTest> everyExampleIsTiledByItsStructures() throws IOException {
    Path dir = SharedData.orcExamples();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> all = Files.walk(dir)) {
      all.filter(p -> p.toString().endsWith(".orc") && !p.startsWith(dir.resolve("corrupt")))
          .sorted().forEach(files::add);
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(30);
    return files.stream().map(f -> DynamicTest.dynamicTest(dir.relativize(f).toString(),
        () -> checkLayout(f)));
  }

  private static void checkLayout(Path f) throws IOException {
    byte[] bytes = Files.readAllBytes(f);
    try (OrcReader r = OrcReader.open(InputFile.of(f.toString(), bytes))) {
      FileLayout l = r.layout();
      assertThat(l.format()).isEqualTo("ORC");
      assertThat(l.fileLength()).isEqualTo(bytes.length);
      assertThat(l.rows()).isEqualTo(r.numberOfRows());
      assertTiles(l);
      assertThat(l.spans()).as("UNKNOWN spans").noneMatch(s -> s.role() == SpanRole.UNKNOWN);
      if (bytes.length == 0) {
        assertThat(l.spans()).isEmpty();
        return;
      }
      assertThat(l.spans().get(0).structure()).isEqualTo("header");
      assertThat(l.spans().get(0).length()).isEqualTo(3);
      LayoutSpan last = l.spans().get(l.spans().size() - 1);
      assertThat(last.structure()).isEqualTo("postscript length");
      assertThat(last.offset()).isEqualTo(bytes.length - 1);
      for (int i = 0; i < r.stripes().size(); i++) {
        checkStripe(r, i, l, bytes);
      }
      for (LayoutSpan s : l.spans()) {
        if (s.role() == SpanRole.PADDING) {
          for (long b = s.offset(); b < s.end(); b++) {
            assertThat(bytes[(int) b]).as("padding byte at %d", b).isZero();
          }
        }
        if (r.compression() != CompressionCodec.NONE && s.details().containsKey("uncompressed")) {
          byte[] plain = OrcTail.decompress(r.tail().region.slice(s.structure(), s.offset(),
              s.length()), bytes, (int) s.offset(), (int) s.length(), r.tail().codec,
              r.tail().blockSize);
          assertThat(s.details().get("uncompressed")).as(s.structure())
              .isEqualTo((long) plain.length);
        }
      }
    }
  }

  private static void checkStripe(OrcReader r, int i, FileLayout l, byte[] bytes)
      throws IOException {
    StripeInformation info = r.stripes().get(i);
    Stripe stripe = Stripe.read(InputFile.of("x", bytes), r.tail(), i, info);
    List<LayoutSpan> streams = new ArrayList<>();
    LayoutSpan footer = null;
    for (LayoutSpan s : l.spans()) {
      if (s.path().get(0).equals("stripe " + i)) {
        if (s.path().get(s.path().size() - 1).equals("footer")) {
          footer = s;
        } else {
          streams.add(s);
        }
      }
    }
    assertThat(footer).as("stripe %d footer", i).isNotNull();
    assertThat(footer.offset()).isEqualTo(info.offset() + info.indexLength() + info.dataLength());
    assertThat(footer.length()).isEqualTo(info.footerLength());
    assertThat(footer.details().get("rows")).isEqualTo(info.numberOfRows());
    // stream by stream as the footer lists them; an encrypted placeholder is its variants'
    // streams, which fill it exactly
    int at = 0;
    long offset = info.offset();
    long index = 0;
    long data = 0;
    for (StreamEntry e : stripe.footer.streams()) {
      if (e.kind() == StreamKind.ENCRYPTED_INDEX || e.kind() == StreamKind.ENCRYPTED_DATA) {
        long covered = 0;
        while (at < streams.size() && streams.get(at).details().containsKey("encrypted")
            && covered < e.length()) {
          assertThat(streams.get(at).offset()).isEqualTo(offset + covered);
          covered += streams.get(at++).length();
        }
        assertThat(covered).as("encrypted streams in stripe %d", i).isEqualTo(e.length());
      } else if (e.length() > 0) { // an empty stream has no bytes to show
        LayoutSpan s = streams.get(at++);
        assertThat(s.offset()).as("stream %s of stripe %d", e, i).isEqualTo(offset);
        assertThat(s.length()).as("stream %s of stripe %d", e, i).isEqualTo(e.length());
        assertThat(s.column()).isEqualTo(e.column());
        assertThat(s.path()).endsWith(e.kind().toString());
        assertThat(s.path()).contains("column " + e.column());
      }
      if (e.kind().isIndex()) {
        index += e.length();
      } else {
        data += e.length();
      }
      offset += e.length();
    }
    assertThat(at).as("stream spans of stripe %d", i).isEqualTo(streams.size());
    assertThat(index).isEqualTo(info.indexLength());
    assertThat(data).isEqualTo(info.dataLength());
    long areas = streams.stream().mapToLong(LayoutSpan::length).sum();
    assertThat(areas).isEqualTo(info.indexLength() + info.dataLength());
  }

  static void assertTiles(FileLayout l) {
    long at = 0;
    for (LayoutSpan s : l.spans()) {
      assertThat(s.offset()).as("span %s", s.structure()).isEqualTo(at);
      assertThat(s.length()).as("span %s", s.structure()).isPositive();
      at = s.end();
    }
    assertThat(at).isEqualTo(l.fileLength());
  }

  @Test
  void paddingBetweenStripesIsPadding() throws IOException {
    Path f = SharedData.orcExamples().resolve("orc_split_elim.orc");
    try (OrcReader r = OrcReader.open(InputFile.local(f))) {
      List<LayoutSpan> padding = r.layout().spans().stream()
          .filter(s -> s.role() == SpanRole.PADDING).toList();
      assertThat(padding).isNotEmpty();
      long gaps = 0;
      long end = 3;
      for (StripeInformation s : r.stripes()) {
        gaps += s.offset() - end;
        end = s.offset() + s.length();
      }
      assertThat(padding.stream().mapToLong(LayoutSpan::length).sum()).isEqualTo(gaps);
    }
  }

  @Test
  void encryptedColumnsStreamsAreLaidOutFromTheVariants() throws IOException {
    Path f = SharedData.orcExamples().resolve("encrypted/sample1.orc");
    try (OrcReader r = OrcReader.open(InputFile.local(f))) {
      List<LayoutSpan> enc = r.layout().spans().stream()
          .filter(s -> s.details().containsKey("encrypted")).toList();
      assertThat(enc).isNotEmpty();
      assertThat(enc).allMatch(s -> s.column() > 0 && s.columnName() != null);
      assertThat(enc.get(0).structure()).startsWith("stripe 0 / encrypted variant 0 / column ");
    }
  }

  @Test
  void anUnreadableStripeFooterIsOneUnknownSpanAndTheRestIsLaidOut() throws IOException {
    byte[] bytes = Files.readAllBytes(SharedData.orcExamples().resolve("TestOrcFile.test1.orc"));
    StripeInformation s;
    try (OrcReader r = OrcReader.open(InputFile.of("t", bytes))) {
      s = r.stripes().get(0);
    }
    long footer = s.offset() + s.indexLength() + s.dataLength();
    for (long b = footer; b < footer + s.footerLength(); b++) {
      bytes[(int) b] = (byte) 0xff;
    }
    try (OrcReader r = OrcReader.open(InputFile.of("t", bytes))) {
      FileLayout l = r.layout();
      assertTiles(l);
      LayoutSpan bad = l.spans().stream().filter(x -> x.role() == SpanRole.UNKNOWN)
          .findFirst().orElseThrow();
      assertThat(bad.structure()).isEqualTo("stripe 0");
      assertThat(bad.offset()).isEqualTo(s.offset());
      assertThat(bad.length()).isEqualTo(s.length());
      assertThat((String) bad.details().get("problem")).contains("stripe 0 / footer");
      assertThat(l.spans()).anyMatch(x -> x.structure().equals("footer"));
    }
  }

  @Test
  void damagedChunksAreSaidAndDoNotStopTheLayout() throws IOException {
    byte[] bytes = Files.readAllBytes(SharedData.orcExamples().resolve("TestOrcFile.test1.orc"));
    LayoutSpan data;
    try (OrcReader r = OrcReader.open(InputFile.of("t", bytes))) {
      data = r.layout().spans().stream().filter(x -> x.role() == SpanRole.DATA).findFirst()
          .orElseThrow();
    }
    // a chunk header claiming more bytes than the stream has
    bytes[(int) data.offset()] = (byte) 0xfe;
    bytes[(int) data.offset() + 1] = (byte) 0xff;
    bytes[(int) data.offset() + 2] = (byte) 0x7f;
    try (OrcReader r = OrcReader.open(InputFile.of("t", bytes))) {
      FileLayout l = r.layout();
      assertTiles(l);
      LayoutSpan same = l.spans().stream().filter(x -> x.offset() == data.offset())
          .findFirst().orElseThrow();
      assertThat(same.details()).doesNotContainKey("uncompressed");
      assertThat((String) same.details().get("problem")).contains("runs past");
    }
  }

  @Test
  void hostileStripeInformationDoesNotCrash() throws IOException {
    byte[] bytes = Files.readAllBytes(SharedData.orcExamples().resolve("TestOrcFile.test1.orc"));
    try (OrcReader r = OrcReader.open(InputFile.of("t", bytes))) {
      // stripes claimed past the end of the file, negative lengths, overlapping: tile cuts
      OrcTail t = r.tail();
      List<StripeInformation> lies = List.of(new StripeInformation(3, -5, 10, 10, 1),
          new StripeInformation(1L << 40, 10, 10, 10, 1),
          new StripeInformation(2, 100, 100, 100, 1));
      InputFile in = InputFile.of("t", bytes);
      assertThatCode(() -> OrcLayout.of(in, t, r.schema(), 1, lies, List.of()))
          .doesNotThrowAnyException();
      FileLayout l = OrcLayout.of(in, t, r.schema(), 1, lies, List.of());
      assertTiles(l);
      assertThat(l.spans()).anyMatch(x -> x.role() == SpanRole.UNKNOWN);
    }
  }
}
