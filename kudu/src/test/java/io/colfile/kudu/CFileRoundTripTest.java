package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.kudu.meta.CFileFooter;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile CFile → colfile, over every Kudu type × every encoding Kudu allows for it and AUTO ×
 * compression × nullability × checksums × block size (the full product under {@code
 * -Dtests.exhaustive=true}; by default four combinations per type and encoding that between them
 * take every compression, both nullabilities, both checksum settings and every block size).
 * Each case writes the same generated column twice, through {@link CFileWriter#append} and
 * through {@link CFileWriter#appendCells} (binary types: through differently batched vectors),
 * and reads each file back with {@link CFileCursor#read}, {@link CFileCursor#readCells} and
 * colfile's common API; checks the footer and that the file's structures tile it.
 */
@ExtendWith(TestSeed.class)
class CFileRoundTripTest {
  static final boolean EXHAUSTIVE = TestSeed.exhaustive();
  static final KuduCompression[] COMPRESSIONS = {KuduCompression.NONE, KuduCompression.SNAPPY,
      KuduCompression.LZ4, KuduCompression.ZLIB};
  static final int[] BLOCK_SIZES = {64, 512, CFileWriterOptions.DEFAULT_BLOCK_SIZE};

  /** What a case's data looks like. */
  enum Scenario {
    /** 0, 1 or 2 rows. */
    TINY,
    /** Every edge value of the type, and an all-NULL column where nullable. */
    EDGES,
    /** Mixed shapes of a size on a boundary (7/8/9, 511/512/513, ...) or random. */
    MIXED,
    /** About one to three blocks; NULL runs placed exactly where blocks end. */
    BLOCK_BOUNDARIES
  }

  record Case(KuduType type, KuduEncoding encoding, KuduCompression compression,
      boolean nullable, boolean checksums, int blockSize, Scenario scenario) {
    CFileWriterOptions options() {
      return CFileWriterOptions.builder(type).nullable(nullable).encoding(encoding)
          .compression(compression).checksums(checksums).blockSize(blockSize).build();
    }

    @Override
    public String toString() {
      return type + " " + encoding + " " + compression + (nullable ? " nullable" : " non-null")
          + (checksums ? " crc" : " no-crc") + " bs=" + blockSize + " " + scenario;
    }
  }

  /** Every (type, encoding) pair: the type's encodings and AUTO. */
  static List<Object[]> pairs() {
    List<Object[]> out = new ArrayList<>();
    for (KuduType t : KuduType.values()) {
      out.add(new Object[] {t, KuduEncoding.AUTO});
      for (KuduEncoding e : t.encodings()) {
        out.add(new Object[] {t, e});
      }
    }
    return out;
  }

  static Stream<Case> cases() {
    List<Case> out = new ArrayList<>();
    List<Object[]> pairs = pairs();
    for (int i = 0; i < pairs.size(); i++) {
      KuduType t = (KuduType) pairs.get(i)[0];
      KuduEncoding e = (KuduEncoding) pairs.get(i)[1];
      if (EXHAUSTIVE) {
        int k = 0;
        for (KuduCompression c : COMPRESSIONS) {
          for (boolean nullable : new boolean[] {false, true}) {
            for (boolean crc : new boolean[] {true, false}) {
              for (int bs : BLOCK_SIZES) {
                out.add(new Case(t, e, c, nullable, crc, bs, Scenario.values()[k++ % 4]));
              }
            }
          }
        }
      } else {
        // four cases per pair: every compression, both nullabilities and checksum settings,
        // the three block sizes in turn, each scenario once
        for (int k = 0; k < 4; k++) {
          out.add(new Case(t, e, COMPRESSIONS[(i + k) % 4], (i + k) % 2 == 0,
              (i + k / 2) % 2 == 0, BLOCK_SIZES[(i + k) % 3], Scenario.values()[k]));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void roundTrip(Case c) throws IOException {
    Random r = TestSeed.random(c.toString(), 0);
    CFileWriterOptions o = c.options();
    byte[][] cells = data(c, o, r);
    boolean fixed = c.type().physical().isFixedWidth();

    byte[][] expected = new byte[cells.length][];
    for (int i = 0; i < cells.length; i++) {
      expected[i] = CellModel.throughVector(c.type(), cells[i]);
    }
    byte[] viaVectors = CFiles.writeVectors(o, expected, r);
    check(c, viaVectors, "append", expected, r);

    byte[] second = fixed ? CFiles.writeCells(o, cells, r) : CFiles.writeVectors(o, cells, r);
    check(c, second, fixed ? "appendCells" : "append again", cells, r);
    if (fixed) {
      // cells that survive a double unchanged give the same bytes either way
      if (Arrays.deepEquals(expected, cells)) {
        assertThat(second).as("appendCells and append of the same values").isEqualTo(viaVectors);
      }
    }
  }

  /** One case per (type, encoding) pair, every compression in turn, for {@link #version1}. */
  static Stream<Case> version1Cases() {
    List<Case> out = new ArrayList<>();
    List<Object[]> pairs = pairs();
    for (int i = 0; i < pairs.size(); i++) {
      for (int k = 0; k < (EXHAUSTIVE ? 4 : 1); k++) {
        out.add(new Case((KuduType) pairs.get(i)[0], (KuduEncoding) pairs.get(i)[1],
            COMPRESSIONS[(i + k) % 4], (i + k) % 2 == 0, (i + k) % 3 == 0,
            BLOCK_SIZES[(i + k) % 2], Scenario.MIXED));
      }
    }
    return out.stream();
  }

  /**
   * CFiles as Kudu 1.2 and older wrote them (cfile.md section 3.5: {@code kuducfil}, a header
   * message with the version numbers, compressed blocks framed with both sizes and always codec
   * output, no checksums), made from colfile's v2 files by {@link CFileRewriter}, read back the
   * same three ways.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("version1Cases")
  void version1(Case c) throws IOException {
    Random r = TestSeed.random("v1 " + c, 0);
    byte[][] cells = data(c, c.options(), r);
    for (int i = 0; i < cells.length; i++) {
      cells[i] = CellModel.throughVector(c.type(), cells[i]);
    }
    byte[] v2 = CFiles.writeVectors(c.options(), cells, r);
    CFileRewriter.Edits toV1 = new CFileRewriter.Edits();
    toV1.version1 = true;
    byte[] v1 = CFileRewriter.rewrite("v2", v2, toV1);
    String what = c + " as v1";
    try (CFile reader = CFile.open(InputFile.of(what, v1))) {
      assertThat(reader.version()).isEqualTo(1);
      assertThat(reader.header().majorVersion()).isEqualTo(1);
      assertThat(reader.header().minorVersion()).isZero();
      assertThat(reader.footer().hasChecksums()).isFalse();
      assertThat(reader.footer().encoding()).isEqualTo(c.options().encoding());
      assertThat(reader.compression()).isEqualTo(c.compression());
      CFileLayout layout = CFileLayout.of(reader, v1);
      assertThat(layout.gapsAndOverlaps()).as("%s: layout %s", what, layout.regions()).isEmpty();
      CFiles.checkRead(reader, cells, r, what);
      if (c.type().physical().isFixedWidth()) {
        CFiles.checkReadCells(reader, cells, r, what);
      }
    }
    CFiles.checkCommonApi(v1, what, cells, c.type(), r);
  }

  private static void check(Case c, byte[] file, String how, byte[][] expected, Random r)
      throws IOException {
    String what = c + " via " + how;
    try (CFile reader = CFile.open(InputFile.of(what, file))) {
      checkFooter(c, reader, expected.length);
      CFileLayout layout = CFileLayout.of(reader, file);
      assertThat(layout.gapsAndOverlaps()).as("%s: layout %s", what, layout.regions()).isEmpty();
      checkBlocks(c, layout, expected, what);
      CFiles.checkRead(reader, expected, r, what);
      if (c.type().physical().isFixedWidth()) {
        CFiles.checkReadCells(reader, expected, r, what);
      }
    }
    CFiles.checkCommonApi(file, what, expected, c.type(), r);
  }

  private static void checkFooter(Case c, CFile r, int n) {
    CFileFooter f = r.footer();
    assertThat(r.version()).isEqualTo(2);
    assertThat(f.dataType()).isEqualTo(c.type());
    assertThat(f.encoding()).isEqualTo(c.encoding() == KuduEncoding.AUTO
        ? autoEncoding(c.type()) : c.encoding());
    assertThat(f.compression()).isEqualTo(c.compression());
    assertThat(f.nullable()).isEqualTo(c.nullable());
    assertThat(f.numValues()).isEqualTo(n);
    assertThat(f.hasChecksums()).isEqualTo(c.checksums());
    assertThat(f.incompatibleFeatures()).isEqualTo(c.checksums() ? 1 : 0);
    assertThat(f.posIndexRoot()).isNotNull();
    assertThat(f.valueIndexRoot()).isNull();
    assertThat(f.dictionaryBlock() != null).isEqualTo(f.encoding() == KuduEncoding.DICT);
    assertThat(r.header().length()).isEqualTo(c.checksums() ? 16 : 12);
  }

  /** cfile.md section 7 and pitfall 14, written out rather than asked of {@link KuduType}. */
  static KuduEncoding autoEncoding(KuduType t) {
    return switch (t) {
      case BOOL -> KuduEncoding.RLE;
      case STRING, BINARY, VARCHAR -> KuduEncoding.DICT;
      default -> KuduEncoding.BIT_SHUFFLE;
    };
  }

  /**
   * The positional index: one entry per data block, keys the blocks' first ordinals from 0 up;
   * an all-NULL column is one block; in BLOCK_BOUNDARIES cases every block starts with a NULL.
   */
  private static void checkBlocks(Case c, CFileLayout layout, byte[][] expected, String what) {
    List<Long> keys = layout.posidxKeys();
    assertThat(keys.size()).isEqualTo(layout.dataBlocks().size());
    if (expected.length == 0) {
      assertThat(keys).as(what).isEmpty();
      return;
    }
    assertThat(keys.get(0)).as(what).isZero();
    for (int i = 1; i < keys.size(); i++) {
      assertThat(keys.get(i)).as(what).isGreaterThan(keys.get(i - 1));
    }
    assertThat(keys.get(keys.size() - 1)).isLessThan(expected.length);
    if (Arrays.stream(expected).allMatch(x -> x == null)) {
      assertThat(keys).as("%s: an all-NULL column is one block", what).hasSize(1);
    }
    // Not for DICT: once its dictionary is full a block ends where the writer's batch ends
    // (Kudu's AddCodeWords), and NULLs split batches, so the boundaries move with them.
    if (c.scenario() == Scenario.BLOCK_BOUNDARIES && c.nullable()
        && c.options().encoding() != KuduEncoding.DICT) {
      for (long k : keys) {
        assertThat(expected[(int) k]).as("%s: block at ordinal %d starts with NULL", what, k)
            .isNull();
      }
    }
  }

  /** The column of a case. */
  private static byte[][] data(Case c, CFileWriterOptions o, Random r) throws IOException {
    KuduType t = c.type();
    switch (c.scenario()) {
      case TINY -> {
        return ColumnGen.column(t, r, r.nextInt(3), c.nullable());
      }
      case EDGES -> {
        if (c.nullable() && r.nextBoolean()) {
          return new byte[1 + r.nextInt(3000)][]; // all NULL
        }
        List<byte[]> e = new ArrayList<>(ColumnGen.edges(t));
        byte[][] more = ColumnGen.column(t, r, r.nextInt(100), c.nullable());
        e.addAll(Arrays.asList(more));
        java.util.Collections.shuffle(e, r);
        return e.toArray(new byte[0][]);
      }
      case MIXED -> {
        int[] sizes = {7, 8, 9, 63, 64, 65, 127, 128, 129, 511, 512, 513, 1000, 2047, 2048, 2049};
        int n = r.nextInt(4) == 0 ? r.nextInt(EXHAUSTIVE ? 20000 : 5000)
            : sizes[r.nextInt(sizes.length)];
        return ColumnGen.column(t, r, n, c.nullable());
      }
      default -> {
        return boundaryColumn(c, o, r);
      }
    }
  }

  /**
   * One to three blocks of values; for nullable columns, a run of NULLs at the start, at every
   * place a block ends (found by writing the values alone first: NULLs never fill a block) and
   * at the end.
   */
  private static byte[][] boundaryColumn(Case c, CFileWriterOptions o, Random r)
      throws IOException {
    KuduType t = c.type();
    int w = Math.max(1, t.physical().width());
    int perBlock = c.blockSize() / w;
    int limit = EXHAUSTIVE ? 300_000 : 20_000;
    int n = perBlock * (1 + r.nextInt(3)) + r.nextInt(3) - 1;
    if (t.physical() == PhysicalType.BINARY || n > limit || n < 1) {
      n = 1 + r.nextInt(Math.min(limit, 3000));
    }
    byte[][] values = ColumnGen.values(t, r, n);
    if (!c.nullable()) {
      return values;
    }
    CFileWriterOptions probeOptions = CFileWriterOptions.builder(t).encoding(c.encoding())
        .compression(KuduCompression.NONE).checksums(false).blockSize(c.blockSize()).build();
    byte[] probe = CFiles.writeVectors(probeOptions, values, r);
    List<Long> starts = CFileLayout.of("probe", probe).posidxKeys();
    List<byte[]> out = new ArrayList<>();
    int next = 0;
    for (int i = 0; i <= n; i++) {
      if (i == n || (next < starts.size() && starts.get(next) == i)) {
        int run = 1 + r.nextInt(r.nextBoolean() ? 3 : 70);
        for (int k = 0; k < run; k++) {
          out.add(null);
        }
        next++;
      }
      if (i < n) {
        out.add(values[i]);
      }
    }
    return out.toArray(new byte[0][]);
  }
}
