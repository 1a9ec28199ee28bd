package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every byte of a CFile is accounted for ({@link CFileLayout}): the header, each data block
 * (reached through the positional index, or the value index's leaves), each index block (both
 * trees walked block by block), the dictionary block and the footer tile the file with no gap
 * and no overlap; and they come in the order Kudu writes them (cfile.md section 3.6: data
 * blocks in ordinal order, then the rest of the positional index, then of the value index, then
 * the dictionary, then the footer). For every CFile of the Kudu corpus and for files colfile
 * writes of every kind, with trees of several levels.
 */
@ExtendWith(TestSeed.class)
class CFileRoundTripLayoutTest {
  static Stream<String> corpus() throws IOException {
    return CFileRoundTripCorruptionTest.corpus();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void corpusFilesAreTiled(String name) throws IOException {
    check(name, Files.readAllBytes(KuduSharedData.cfiles().resolve(name)));
  }

  /** Files of every kind and (type, encoding), in tiny data and index blocks. */
  static Stream<Object[]> generated() {
    List<Object[]> out = new ArrayList<>();
    int i = 0;
    for (Object[] p : CFileRoundTripTest.pairs()) {
      KuduType t = (KuduType) p[0];
      i++;
      boolean key = t.canBeKey();
      out.add(new Object[] {t, p[1], i % 2 == 0 && !key, key && i % 3 != 0,
          CFileRoundTripTest.COMPRESSIONS[i % 4], i % 2 == 0});
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1} nullable={2} validx={3} {4} crc={5}")
  @MethodSource("generated")
  void generatedFilesAreTiled(KuduType t, KuduEncoding e, boolean nullable, boolean validx,
      KuduCompression c, boolean crc) throws IOException {
    java.util.Random r = TestSeed.random("layout " + t + e + nullable + validx + c, 0);
    int n = 300 + r.nextInt(1500);
    byte[][] cells = validx ? CFileRoundTripSeekTest.sortedValues(t, r, n, r.nextBoolean())
        : ColumnGen.column(t, r, n, nullable);
    for (int i = 0; i < cells.length; i++) {
      cells[i] = CellModel.throughVector(t, cells[i]);
    }
    CFileWriterOptions o = CFileWriterOptions.builder(t).encoding(e).nullable(nullable)
        .compression(c).checksums(crc).blockSize(64).indexBlockSize(64 + r.nextInt(64))
        .valueIndex(validx).build();
    byte[] file = CFiles.writeVectors(o, cells, r);
    CFileLayout layout = check(t + " " + e, file);
    if (layout.dataBlocks().size() > 16) {
      try (CFile reader = CFile.open(InputFile.of("f", file))) {
        assertThat(reader.positionalIndex().depth()).as("posidx levels").isGreaterThan(1);
      }
    }
  }

  @Test
  void otherKindsAreTiled() throws IOException {
    for (CFileRoundTripCorruptionTest.Spec s : CFileRoundTripCorruptionTest.specs()) {
      check(s.toString(), s.build());
    }
  }

  /** The check itself: a file with bytes no structure claims, and made-up overlaps. */
  @Test
  void gapsAndOverlapsAreFound() throws IOException {
    CFileRoundTripCorruptionTest.Spec s = new CFileRoundTripCorruptionTest.Spec("int32",
        KuduType.INT32, KuduEncoding.PLAIN, KuduCompression.NONE, false, false, 64, 100);
    byte[] file = s.build();
    CFileLayout good = CFileLayout.of("f", file);
    assertThat(good.gapsAndOverlaps()).isEmpty();
    // 7 stray bytes between the last block and the footer: still readable, not tiled
    long footer = good.ofKind("footer").get(0).offset();
    byte[] gap = new byte[file.length + 7];
    System.arraycopy(file, 0, gap, 0, (int) footer);
    System.arraycopy(file, (int) footer, gap, (int) footer + 7, (int) (file.length - footer));
    try (CFile r = CFile.open(InputFile.of("gap", gap))) {
      CFiles.checkRead(r, readAll(file), new java.util.Random(1), "file with a gap");
    }
    assertThat(CFileLayout.of("gap", gap).gapsAndOverlaps()).singleElement().asString()
        .startsWith("gap of 7 bytes at " + footer);
    List<CFileLayout.Region> regions = new ArrayList<>(good.regions());
    CFileLayout.Region last = regions.get(regions.size() - 2);
    regions.add(regions.size() - 1, new CFileLayout.Region(last.offset() + 1, 2, "data", "x"));
    assertThat(new CFileLayout(good.fileLength(), regions, good.dataBlocks(), good.posidxKeys())
        .gapsAndOverlaps()).isNotEmpty();
  }

  private static byte[][] readAll(byte[] file) throws IOException {
    try (CFile r = CFile.open(InputFile.of("f", file))) {
      CFileCursor c = r.newCursor();
      c.seekToFirst();
      byte[] cells = new byte[4 * (int) r.numValues()];
      boolean[] nulls = new boolean[(int) r.numValues()];
      c.readCells(cells, nulls, nulls.length);
      byte[][] out = new byte[nulls.length][];
      for (int i = 0; i < out.length; i++) {
        out[i] = nulls[i] ? null : java.util.Arrays.copyOfRange(cells, 4 * i, 4 * i + 4);
      }
      return out;
    }
  }

  /** Tiling, and Kudu's order of structures. */
  private static CFileLayout check(String name, byte[] file) throws IOException {
    CFileLayout layout = CFileLayout.of(name, file);
    assertThat(layout.gapsAndOverlaps()).as("%s: %s", name, layout.regions()).isEmpty();
    List<CFileLayout.Region> regions = layout.regions();
    assertThat(regions.get(0).kind()).isEqualTo("header");
    assertThat(regions.get(regions.size() - 1).kind()).isEqualTo("footer");
    // data blocks in ordinal order: their offsets rise in leaf order
    long previous = -1;
    for (var p : layout.dataBlocks()) {
      assertThat(p.offset()).as("%s: data blocks in order", name).isGreaterThan(previous);
      previous = p.offset();
    }
    List<Long> keys = layout.posidxKeys();
    for (int i = 0; i < keys.size(); i++) {
      assertThat(keys.get(i)).as("%s: posidx keys", name)
          .isGreaterThan(i == 0 ? -1 : keys.get(i - 1));
    }
    if (!keys.isEmpty()) {
      assertThat(keys.get(0)).isZero();
    }
    // after the last data block the positional index's root, then the value index's, then
    // the dictionary, then the footer
    long lastData = layout.dataBlocks().isEmpty() ? -1
        : layout.dataBlocks().get(layout.dataBlocks().size() - 1).offset();
    try (CFile r = CFile.open(InputFile.of(name, file))) {
      long pos = r.footer().posIndexRoot() == null ? -1 : r.footer().posIndexRoot().offset();
      long val = r.footer().valueIndexRoot() == null ? -1 : r.footer().valueIndexRoot().offset();
      assertThat(Math.max(pos, val)).as("%s: an index root", name).isGreaterThan(lastData);
      if (pos >= 0) {
        assertThat(pos).as("%s: posidx root after the data", name).isGreaterThan(lastData);
      }
      if (val >= 0) {
        assertThat(val).as("%s: validx root after the data and posidx root", name)
            .isGreaterThan(Math.max(lastData, pos));
      }
      List<CFileLayout.Region> dict = layout.ofKind("dict");
      if (!dict.isEmpty()) {
        assertThat(regions.get(regions.size() - 2)).as("%s: dictionary last", name)
            .isEqualTo(dict.get(0));
      }
    }
    return layout;
  }
}
