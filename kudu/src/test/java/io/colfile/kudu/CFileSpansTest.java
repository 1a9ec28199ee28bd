package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.io.InputFile;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import io.colfile.kudu.meta.BlockPointer;
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
 * {@link CFile#layout()} on every CFile of the Kudu corpus (columns, BloomFiles, DeltaFiles):
 * the spans tile the file with no UNKNOWN byte, and every block is where the file's indexes say
 * (the test's own walk of the trees, {@link CFileLayout}): header, index blocks, data or bloom
 * blocks (a nullable uncompressed block split into its null bitmap and values), dictionary and
 * footer; each data block holds the values its positional index keys give, and a compressed
 * block's {@code uncompressed} is what its payload decompresses to.
 */
class CFileSpansTest {
  @TestFactory
  Stream<DynamicTest> everyCorpusFileIsTiledWhereItsIndexesSay() throws IOException {
    Path root = KuduSharedData.cfiles();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> all = Files.walk(root)) {
      all.filter(p -> p.toString().endsWith(".cfile")).sorted().forEach(files::add);
    }
    assertThat(files).hasSizeGreaterThan(100);
    return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(),
        () -> check(f.toString(), Files.readAllBytes(f))));
  }

  static void check(String name, byte[] bytes) throws IOException {
    try (CFile file = CFile.open(InputFile.of(name, bytes))) {
      FileLayout l = file.layout();
      CFileLayout want = CFileLayout.of(file, bytes);
      assertThat(want.gapsAndOverlaps()).isEmpty();
      assertThat(l.format()).isEqualTo("Kudu");
      assertThat(l.rows()).isEqualTo(file.numValues());
      assertThat(l.spans()).noneMatch(s -> s.role() == SpanRole.UNKNOWN);
      // the spans, with a block's null bitmap and values joined, are the regions of the walk
      List<long[]> got = new ArrayList<>();
      for (LayoutSpan s : l.spans()) {
        if (s.path().size() == 2 && s.path().get(1).equals("values")) {
          got.get(got.size() - 1)[1] += s.length();
        } else {
          got.add(new long[] {s.offset(), s.length()});
        }
      }
      List<long[]> regions = want.regions().stream()
          .map(g -> new long[] {g.offset(), g.length()}).toList();
      assertThat(got).as(name).usingElementComparator((a, b) -> a[0] == b[0] && a[1] == b[1]
          ? 0 : 1).containsExactlyElementsOf(regions);
      for (CFileLayout.Region g : want.regions()) {
        LayoutSpan s = at(l, g.offset());
        SpanRole role = switch (g.kind()) {
          case "header" -> SpanRole.HEADER;
          case "footer" -> SpanRole.FOOTER;
          case "posidx", "validx" -> SpanRole.INDEX;
          case "dict" -> SpanRole.DICTIONARY;
          default -> CFileDescription.role(file.footer()).equals("bloom file")
              ? SpanRole.BLOOM_FILTER
              : file.isNullable() && file.compression() == KuduCompression.NONE
                  ? SpanRole.NULLS : SpanRole.DATA;
        };
        assertThat(s.role()).as("%s: %s", name, g).isEqualTo(role);
      }
      List<BlockPointer> data = want.dataBlocks();
      List<Long> keys = want.posidxKeys();
      for (int k = 0; k < keys.size(); k++) {
        LayoutSpan values = valuesOf(l, data.get(k).offset());
        long next = k + 1 < keys.size() ? keys.get(k + 1) : file.numValues();
        assertThat(values.details().get("values")).as("%s block %d", name, k)
            .isEqualTo(next - keys.get(k));
        LayoutSpan first = at(l, data.get(k).offset());
        if (first.role() == SpanRole.NULLS) {
          // the null header starts with the block's rows, NULLs included
          ByteCursor c = new ByteCursor(bytes, (int) first.offset(), (int) first.length());
          assertThat(c.readVarLong()).isEqualTo(next - keys.get(k));
        }
      }
      if (file.compression() != KuduCompression.NONE) {
        for (BlockPointer p : data) {
          assertThat(valuesOf(l, p.offset()).details().get("uncompressed")).as(name)
              .isEqualTo((long) file.readBlock(p, "data block").length());
        }
      }
    } catch (io.colfile.core.error.MalformedInputException e) {
      throw new AssertionError(e);
    }
  }

  private static LayoutSpan at(FileLayout l, long offset) {
    return l.spans().stream().filter(s -> s.offset() == offset).findFirst().orElseThrow();
  }

  /** The span with a data block's details: the block, or its values after its null bitmap. */
  private static LayoutSpan valuesOf(FileLayout l, long offset) {
    LayoutSpan s = at(l, offset);
    return s.role() == SpanRole.NULLS ? at(l, s.end()) : s;
  }

  @Test
  void aDamagedIndexBlockIsAnUnknownSpanSayingWhy() throws IOException {
    Path f = KuduSharedData.cfiles().resolve("s_bigindex/rs0.col.k.cfile");
    byte[] bytes = Files.readAllBytes(f);
    BlockPointer root;
    try (CFile file = CFile.open(InputFile.of("k.cfile", bytes))) {
      root = file.footer().posIndexRoot();
    }
    bytes[(int) root.offset()] ^= 0x55; // the root's checksum no longer holds
    try (CFile file = CFile.open(InputFile.of("k.cfile", bytes))) {
      FileLayout l = file.layout();
      LayoutSpan bad = at(l, root.offset());
      assertThat(bad.role()).isEqualTo(SpanRole.UNKNOWN);
      assertThat(bad.structure()).isEqualTo("posidx block");
      assertThat((String) bad.details().get("problem")).contains("checksum mismatch");
      assertThat(l.spans()).anyMatch(s -> s.role() == SpanRole.FOOTER);
    }
  }
}
