package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.testkit.TestSeed;
import io.colfile.interop.kudu.ColfileCFiles.Written;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Kudu 1.17.1 reads every kind of CFile colfile writes: for every Kudu type, every
 * encoding Kudu allows for it, every compression, nullable or not and with checksums on or off,
 * colfile writes a column of seeded cells ({@link KuduCells}: edges, runs, repeated and
 * prefix-sharing strings, NULL runs) in small blocks (512 to 4096 bytes, at least three data
 * blocks a file), and {@code kudu fs dump cfile} must read it, print the footer colfile wrote
 * and print exactly colfile's values, line by line as {@link io.colfile.kudu.KuduValueText}
 * formats them. All files go into one Kudu filesystem and are dumped two at a time; each
 * combination is a test of its own, named type/encoding/compression/nullability/checksums.
 *
 * <p>The types only Kudu's internals use (the unsigned ones, INT128) get a reduced cross product
 * in the default tier: every encoding with every compression, and with every nullable/checksums
 * pair, 712 files in all; {@code -Pexhaustive} writes all 880 combinations (three seeds each).
 *
 * <p>Besides the matrix: DICT files whose dictionary fills part way (codeword blocks, then
 * plain-mode blocks) and one whose dictionary never fills, a file of NULLs only per type, and
 * files written with AUTO encoding and DEFAULT compression, whose footer, as Kudu prints it, must
 * name what real Kudu resolves them to (checked against the corpus of Kudu-written files where
 * it has the type). With {@code -Pexhaustive}: three seeds per combination and four times the
 * rows.
 */
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KuduReadsColfileTest {
  static final List<KuduCompression> COMPRESSIONS = List.of(KuduCompression.NONE,
      KuduCompression.SNAPPY, KuduCompression.LZ4, KuduCompression.ZLIB);
  private static final int[] BLOCK_SIZES = {512, 1024, 2048, 4096};
  /**
   * The types no Kudu table column has (tablets use them inside; Kudu's tool prints them): in the
   * default tier each of their encodings meets every compression and every nullable/checksums
   * pair, but not every triple; under {@code -Pexhaustive} they get the whole cross product.
   */
  private static final Set<KuduType> INTERNAL = EnumSet.of(KuduType.UINT8, KuduType.UINT16,
      KuduType.UINT32, KuduType.UINT64, KuduType.INT128);
  /** Every matrix file has at least this many data blocks. */
  private static final int MIN_BLOCKS = 3;

  private final List<Written> matrix = new ArrayList<>();
  private final List<Written> extras = new ArrayList<>();
  private final Map<KuduType, Written> autos = new EnumMap<>(KuduType.class);
  private final Map<Long, KuduDump> dumps = new TreeMap<>();
  private long nextBlockId = 1;

  @BeforeAll
  void writeEveryCombinationAndDumpIt(@TempDir Path dir) throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    long began = System.nanoTime();
    Path scratch = Files.createDirectories(dir.resolve("colfile"));
    int variants = TestSeed.exhaustive() ? 3 : 1;
    for (KuduType type : KuduType.values()) {
      boolean full = TestSeed.exhaustive() || !INTERNAL.contains(type);
      for (KuduEncoding encoding : type.encodings()) {
        for (KuduCompression compression : COMPRESSIONS) {
          int c = COMPRESSIONS.indexOf(compression);
          for (boolean nullable : new boolean[] {false, true}) {
            for (boolean checksums : new boolean[] {true, false}) {
              if (!full && (nullable != ((c & 1) == 1) || checksums != ((c & 2) == 0))) {
                continue; // each compression with one of the four nullable/checksums pairs
              }
              for (int v = 0; v < variants; v++) {
                String name = type.kuduName() + "/" + encoding.kuduName() + "/"
                    + compression.kuduName() + "/" + (nullable ? "nullable" : "not-null") + "/"
                    + (checksums ? "checksums" : "no-checksums") + (v == 0 ? "" : "/" + v);
                matrix.add(writeMatrixFile(scratch, name, v, type, encoding, compression,
                    nullable, checksums));
              }
            }
          }
        }
      }
      Random r = TestSeed.random("auto/" + type, 0);
      autos.put(type, write(scratch, "auto/" + type.kuduName(), r,
          CFileWriterOptions.builder(type).encoding(KuduEncoding.AUTO)
              .compression(KuduCompression.DEFAULT).nullable(r.nextBoolean()).blockSize(1024)
              .build(), null, 2000));
      extras.add(write(scratch, "all-null/" + type.kuduName(), r,
          CFileWriterOptions.builder(type).nullable(true).blockSize(512).build(),
          Collections.nCopies(700, null), 0));
    }
    for (KuduType type : List.of(KuduType.STRING, KuduType.BINARY, KuduType.VARCHAR)) {
      Random r = TestSeed.random("dict-never-full/" + type, 0);
      List<byte[]> pool = KuduCells.pool(r);
      List<byte[]> cells = new ArrayList<>();
      for (int i = 0; i < 3000; i++) {
        cells.add(i % 97 == 5 ? null : pool.get(r.nextInt(pool.size())));
      }
      extras.add(write(scratch, "dict-never-full/" + type.kuduName(), r,
          CFileWriterOptions.builder(type).encoding(KuduEncoding.DICT).nullable(true)
              .compression(KuduCompression.LZ4).blockSize(512).build(), cells, 0));
    }
    List<Written> all = new ArrayList<>(matrix);
    all.addAll(extras);
    all.addAll(autos.values());
    Map<Long, List<String>> blocks = new LinkedHashMap<>();
    for (Written w : all) {
      fs.put(w.blockId(), w.bytes());
      blocks.put(w.blockId(), List.of());
    }
    long start = System.nanoTime();
    dumps.putAll(fs.dumpAll(blocks));
    System.out.printf("KuduReadsColfileTest: %d matrix files and %d others written in %.1f s, "
        + "dumped in %.1f s%n", matrix.size(), all.size() - matrix.size(),
        (start - began) / 1e9, (System.nanoTime() - start) / 1e9);
  }

  /**
   * One matrix file: a block size from 512 to 4096 bytes (no more than 600 cells of the type's
   * width, so narrow types do not need huge columns), and rows enough for {@link #MIN_BLOCKS}
   * blocks, doubled until the file has them (runs make RLE blocks hold many cells) and, for
   * DICT with blocks of 1024 bytes or less, a plain-mode block after its dictionary filled.
   */
  private Written writeMatrixFile(Path scratch, String name, int variant, KuduType type,
      KuduEncoding encoding, KuduCompression compression, boolean nullable, boolean checksums)
      throws IOException {
    Random r = TestSeed.random(name, variant);
    int width = type.physical().isFixedWidth() ? type.physical().width() : 8;
    int sizes = 1;
    while (sizes < BLOCK_SIZES.length && BLOCK_SIZES[sizes] <= width * 600) {
      sizes++;
    }
    int blockSize = BLOCK_SIZES[r.nextInt(sizes)];
    int perBlock = type == KuduType.BOOL ? blockSize * 8 : blockSize / width;
    int rows = (MIN_BLOCKS * perBlock + 200 + r.nextInt(400)) * (TestSeed.exhaustive() ? 4 : 1);
    CFileWriterOptions options = CFileWriterOptions.builder(type).encoding(encoding)
        .compression(compression).nullable(nullable).checksums(checksums).blockSize(blockSize)
        .build();
    long seed = r.nextLong();
    for (int attempt = 0; ; attempt++) {
      Written w = write(scratch, name, new Random(seed), options, null, rows);
      // a DICT file of small blocks is also written until its dictionary fills and a
      // plain-mode block follows (seed 62A39AD314C23728: the three blocks of 512 bytes were
      // all codeword blocks; the block after the one that filled it is the first plain one)
      boolean fallsBack = encoding != KuduEncoding.DICT || blockSize > 1024
          || ColfileCFiles.dictModes(name, w.bytes()).contains(2);
      if (ColfileCFiles.dataBlocks(name, w.bytes()) >= MIN_BLOCKS && fallsBack
          || attempt == 4) {
        return w;
      }
      nextBlockId--; // written again, under the same id
      rows *= 2;
    }
  }

  /** Writes {@code cells}, or if null {@code rows} cells from {@link KuduCells}, as a file. */
  private Written write(Path scratch, String name, Random r, CFileWriterOptions options,
      List<byte[]> cells, int rows) throws IOException {
    List<byte[]> in = cells != null ? cells
        : KuduCells.column(options.type(), options.nullable(), rows, r);
    byte[] bytes = ColfileCFiles.write(scratch.resolve("f.cfile"), options, in, r);
    return new Written(name, nextBlockId++, options, in, bytes);
  }

  @TestFactory
  Stream<DynamicTest> kuduReadsEveryCombination() {
    assertThat(matrix).as("the matrix").isNotEmpty();
    return matrix.stream().map(w -> DynamicTest.dynamicTest(w.name(), () -> check(w)));
  }

  @TestFactory
  Stream<DynamicTest> kuduReadsTheOtherFiles() {
    return extras.stream().map(w -> DynamicTest.dynamicTest(w.name(), () -> check(w)));
  }

  private void check(Written w) throws IOException {
    assertThat(ColfileCFiles.problems(w, dumps.get(w.blockId())))
        .as("%s (block %d), %s", w.name(), w.blockId(), TestSeed.replay()).isEmpty();
    if (!w.name().startsWith("all-null") && !w.name().startsWith("dict-never-full")) {
      assertThat(ColfileCFiles.dataBlocks(w.name(), w.bytes()))
          .as("data blocks of %s (the test means to cross block boundaries)", w.name())
          .isGreaterThanOrEqualTo(MIN_BLOCKS);
    }
  }

  /**
   * Every DICT_ENCODING matrix file of 1024-byte or smaller blocks starts with codeword blocks
   * and falls back to plain-mode blocks when its dictionary fills (the distinct strings after the
   * first fifth fill it); the dictionary of {@code dict-never-full} never fills. Kudu reads them
   * all ({@link #kuduReadsEveryCombination}).
   */
  @Test
  void dictionariesFillAndFallBackToPlainBlocks() throws IOException {
    int fallbacks = 0;
    for (Written w : matrix) {
      if (w.options().encoding() != KuduEncoding.DICT) {
        continue;
      }
      List<Integer> modes = ColfileCFiles.dictModes(w.name(), w.bytes());
      assertThat(modes).as(w.name()).isNotEmpty().isSorted().allMatch(m -> m == 1 || m == 2);
      if (modes.contains(1) && modes.contains(2)) {
        fallbacks++;
      } else if (w.options().blockSize() <= 1024) {
        throw new AssertionError(w.name() + ": expected codeword blocks, then plain-mode blocks;"
            + " the modes are " + modes + ", " + TestSeed.replay());
      }
    }
    assertThat(fallbacks).as("DICT files that fall back").isGreaterThan(0);
    for (Written w : extras) {
      if (w.name().startsWith("dict-never-full")) {
        List<Integer> modes = ColfileCFiles.dictModes(w.name(), w.bytes());
        assertThat(modes).as(w.name()).hasSizeGreaterThanOrEqualTo(MIN_BLOCKS).containsOnly(1);
      }
    }
  }

  /**
   * AUTO_ENCODING and DEFAULT_COMPRESSION: Kudu prints the footer of colfile's file with the
   * type's default encoding (cfile.md section 7) and NO_COMPRESSION, and reads the values; where
   * the corpus of files real Kudu wrote has a column of the type that asked for AUTO and DEFAULT,
   * real Kudu resolved them the same way.
   */
  @Test
  void autoEncodingAndDefaultCompressionResolveAsKuduDoes() throws IOException {
    Map<KuduType, List<String>> kudus = corpusResolutions();
    List<String> problems = new ArrayList<>();
    for (Written w : autos.values()) {
      KuduType type = w.type();
      KuduDump dump = dumps.get(w.blockId());
      problems.addAll(ColfileCFiles.problems(w, dump));
      if (!dump.ok()) {
        continue;
      }
      String printed = KuduEncoding.ofWireId(dump.footer().getEncoding()).kuduName() + " "
          + KuduCompression.ofWireId(dump.footer().getCompression()).kuduName();
      String colfile = type.defaultEncoding().kuduName() + " NO_COMPRESSION";
      if (!printed.equals(colfile)) {
        problems.add(type + ": Kudu printed " + printed + ", the default is " + colfile);
      }
      for (String real : kudus.getOrDefault(type, List.of())) {
        if (!real.equals(printed)) {
          problems.add(type + ": real Kudu resolved AUTO/DEFAULT to " + real
              + ", colfile wrote " + printed);
        }
      }
    }
    System.out.println("AUTO/DEFAULT checked against files real Kudu wrote for " + kudus.keySet()
        + "; against cfile.md section 7 only for the others (the corpus has no such column)");
    assertThat(problems).as(TestSeed.replay()).isEmpty();
  }

  /**
   * The encoding and compression real Kudu wrote for corpus columns that asked for AUTO_ENCODING
   * and DEFAULT_COMPRESSION, by footer type; empty (with a note) when the corpus is absent.
   */
  private static Map<KuduType, List<String>> corpusResolutions() throws IOException {
    Path corpus = Path.of(System.getProperty("colfile.shared.dir", "../../shared"),
        "kudu-cfiles", "manifest.json");
    Map<KuduType, List<String>> out = new EnumMap<>(KuduType.class);
    if (!Files.isRegularFile(corpus)) {
      System.out.println("no Kudu corpus at " + corpus + ": AUTO/DEFAULT checked against "
          + "cfile.md section 7 only");
      return out;
    }
    for (JsonNode e : new ObjectMapper().readTree(corpus.toFile()).get("files")) {
      if ("AUTO_ENCODING".equals(e.path("requested_encoding").asText())
          && "DEFAULT_COMPRESSION".equals(e.path("requested_compression").asText())) {
        KuduType t = KuduType.valueOf(e.get("footer_data_type").asText());
        out.computeIfAbsent(t, k -> new ArrayList<>())
            .add(e.get("encoding").asText() + " " + e.get("compression").asText());
      }
    }
    return out;
  }
}
