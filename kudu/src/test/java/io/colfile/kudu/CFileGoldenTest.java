package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.meta.CFileFooter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every CFile of the Kudu 1.17 corpus but the BloomFiles (data columns of every type, encoding,
 * compression and nullability, the ad-hoc indexes, REDO and UNDO DeltaFiles) reads with colfile
 * to exactly the values {@code kudu fs dump cfile} printed, line for line in Kudu's own text
 * ({@link KuduValueText}), with the footer Kudu printed; and seeks by ordinal (and, where the
 * file has a value index, by value) land where a scan says they should.
 */
class CFileGoldenTest {
  static Stream<String> files() throws IOException {
    Path root = KuduSharedData.cfiles();
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> p.toString().endsWith(".cfile"))
          .filter(p -> !p.toString().endsWith(".bloom.cfile"))
          .map(p -> root.relativize(p).toString()).sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @MethodSource("files")
  void readsWhatKuduPrinted(String name) throws IOException {
    Path file = KuduSharedData.cfiles().resolve(name);
    KuduDump dump = KuduDump.read(
        file.resolveSibling(file.getFileName().toString().replace(".cfile", ".dump.txt")));
    try (CFile r = CFile.open(InputFile.local(file))) {
      checkFooter(r.footer(), dump);
      List<String> values = readAll(r);
      assertThat(values).as(name).containsExactlyElementsOf(dump.values());
      checkSeeks(r, values);
      if (r.footer().valueIndexRoot() != null) {
        checkValueSeeks(r);
      }
    }
  }

  /**
   * Seeks through the value index to every value's key (a DeltaFile's: its DeltaKey with
   * timestamp 0, so the row's first mutation) and to the keys just after them: the cursor must
   * land on the first value whose key is at or after the target, as a search over the scanned
   * keys says.
   */
  private static void checkValueSeeks(CFile r) throws IOException {
    boolean deltas = r.footer().metadata("deltafilestats") != null;
    List<byte[]> keys = new ArrayList<>();
    CFileCursor scan = r.newCursor();
    scan.seekToFirst();
    int width = r.dataType().physical().width();
    if (width < 0) {
      BytesVector v = new BytesVector(100);
      int n;
      while ((n = scan.read(v, 0, 100)) > 0) {
        for (int i = 0; i < n; i++) {
          keys.add(Arrays.copyOfRange(v.vector[i], v.start[i], v.start[i] + v.length[i]));
        }
        v.reset();
      }
    } else {
      byte[] cells = new byte[width];
      boolean[] isNull = new boolean[1];
      while (scan.readCells(cells, isNull, 1) == 1) {
        KeyBuffer k = new KeyBuffer();
        KeyEncoder.encodeCell(r.dataType().physical(), cells, 0, k);
        keys.add(k.toByteArray());
      }
    }
    CFileCursor c = r.newCursor();
    for (int i = 0; i < keys.size(); i += Math.max(1, keys.size() / 97)) {
      byte[] target = keys.get(i);
      if (deltas) {
        try {
          DeltaKey k = DeltaKey.decode(target, 0, DeltaKey.lengthAt(target, 0, target.length));
          target = new DeltaKey(k.rowOrdinal(), 0).encode();
        } catch (MalformedInputException e) {
          throw new AssertionError(e);
        }
      }
      for (byte[] t : List.of(target, Arrays.copyOf(target, target.length + 1))) {
        int expected = 0;
        while (expected < keys.size() && Arrays.compareUnsigned(keys.get(expected), t) < 0) {
          expected++;
        }
        boolean exact = c.seekAtOrAfter(t);
        assertThat(c.ordinal()).as("%s: seek to the key of value %d", r.name(), i)
            .isEqualTo(expected);
        assertThat(exact).isEqualTo(expected < keys.size() && Arrays.equals(keys.get(expected), t));
      }
    }
  }

  /** Every cell in Kudu's text. */
  static List<String> readAll(CFile r) throws IOException {
    CFileCursor c = r.newCursor();
    c.seekToFirst();
    List<String> out = new ArrayList<>();
    int width = r.dataType().physical().width();
    if (width < 0) {
      BytesVector v = new BytesVector(100);
      int n;
      while ((n = c.read(v, 0, 100)) > 0) {
        for (int i = 0; i < n; i++) {
          out.add(v.isNull(i) ? KuduValueText.NULL_TEXT : text(KuduValueText.formatBinary(
              r.dataType(), v.vector[i], v.start[i], v.length[i])));
        }
        v.reset();
      }
    } else {
      byte[] cells = new byte[100 * width];
      boolean[] nulls = new boolean[100];
      int n;
      while ((n = c.readCells(cells, nulls, 100)) > 0) {
        for (int i = 0; i < n; i++) {
          out.add(nulls[i] ? KuduValueText.NULL_TEXT
              : text(KuduValueText.format(r.dataType(), cells, i * width)));
        }
      }
    }
    assertThat(c.hasNext()).isFalse();
    return out;
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  private static void checkFooter(CFileFooter f, KuduDump dump) {
    assertThat(f.dataType()).isEqualTo(dump.dataType());
    assertThat(f.encoding().kuduName()).isEqualTo(dump.footerField("encoding"));
    assertThat(Long.toString(f.numValues())).isEqualTo(dump.footerField("num_values"));
    assertThat(f.compression().kuduName()).isEqualTo(dump.footerField("compression"));
    assertThat(Boolean.toString(f.nullable())).isEqualTo(dump.footerField("is_type_nullable"));
    assertThat(Integer.toString(f.incompatibleFeatures()))
        .isEqualTo(dump.footerField("incompatible_features"));
    String footer = String.join("\n", dump.footer());
    assertThat(footer.contains("posidx_info")).isEqualTo(f.posIndexRoot() != null);
    assertThat(footer.contains("validx_info")).isEqualTo(f.valueIndexRoot() != null);
    assertThat(footer.contains("dict_block_ptr")).isEqualTo(f.dictionaryBlock() != null);
    for (BlockPointer p : new BlockPointer[] {f.posIndexRoot(), f.valueIndexRoot(),
        f.dictionaryBlock()}) {
      if (p != null) {
        assertThat(footer).containsPattern("offset: " + p.offset() + "\\s+size: " + p.size());
      }
    }
    for (String key : List.of("min_key", "max_key", "deltafilestats")) {
      assertThat(f.metadata(key)).as(key).isEqualTo(dump.metadata(key));
    }
  }

  /** Seeks to random ordinals and, in files with a value index, to every tenth value. */
  private static void checkSeeks(CFile r, List<String> values) throws IOException {
    Random random = new Random(values.size());
    CFileCursor c = r.newCursor();
    for (int i = 0; i < 20 && !values.isEmpty(); i++) {
      int ord = random.nextInt(values.size());
      assertThat(c.seekToOrdinal(ord)).isTrue();
      assertThat(c.ordinal()).isEqualTo(ord);
      assertThat(next(r, c)).as("value at ordinal %d", ord).isEqualTo(values.get(ord));
    }
    assertThat(c.seekToOrdinal(values.size())).isFalse();
    assertThat(c.hasNext()).isFalse();
  }

  private static String next(CFile r, CFileCursor c) throws IOException {
    int width = r.dataType().physical().width();
    if (width < 0) {
      BytesVector v = new BytesVector(1);
      assertThat(c.read(v, 0, 1)).isEqualTo(1);
      return v.isNull(0) ? KuduValueText.NULL_TEXT
          : text(KuduValueText.formatBinary(r.dataType(), v.vector[0], v.start[0], v.length[0]));
    }
    byte[] cell = new byte[width];
    boolean[] isNull = new boolean[1];
    assertThat(c.readCells(cell, isNull, 1)).isEqualTo(1);
    return isNull[0] ? KuduValueText.NULL_TEXT : text(KuduValueText.format(r.dataType(), cell, 0));
  }
}
