package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.testkit.TestSeed;
import io.colfile.interop.kudu.ColfileCFiles.Written;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.index.IndexTreeReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kudu 1.17.1 reads colfile's multi-level index trees (cfile.md section 8): files of 20 000 rows
 * (100 000 with {@code -Pexhaustive}) in blocks of 128 to 512 bytes, with 256-byte index blocks,
 * so colfile writes positional indexes and value indexes of two or more levels (checked with
 * colfile's reader) and Kudu must print every value.
 *
 * <p>{@code kudu fs dump cfile} scans a file from its first entry: through the positional index
 * when the file has one, otherwise through the value index (CFileIterator::SeekToFirst), leaf
 * after leaf. So each value-index case (sorted INT64 keys; sorted STRING keys that share a long
 * prefix, in PLAIN, PREFIX and DICT) is written twice: as Kudu writes a single-column key (both
 * indexes; Kudu walks the positional one and prints the footer with the value index's root), and
 * with the value index alone, which Kudu's dump then walks. The tool has no way to seek by value
 * or ordinal: no {@code kudu} subcommand reads a CFile from a key or an offset without a tablet's
 * metadata around it.
 */
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KuduReadsColfileIndexTest {
  private static final int INDEX_BLOCK_SIZE = 256;

  /** A file and the depths its trees must at least have (0: no such tree). */
  record IndexCase(Written file, int minPosidxDepth, int minValidxDepth) {}

  private final List<IndexCase> cases = new ArrayList<>();
  private final Map<Long, KuduDump> dumps = new LinkedHashMap<>();

  @BeforeAll
  void writeAndDump(@TempDir Path dir) throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    Path scratch = Files.createDirectories(dir.resolve("colfile")).resolve("f.cfile");
    int rows = TestSeed.exhaustive() ? 100_000 : 20_000;

    // positional indexes over many small blocks
    positional(scratch, "posidx/int32/bitshuffle", KuduType.INT32, KuduEncoding.BIT_SHUFFLE,
        KuduCompression.NONE, false, 512, rows, 2);
    positional(scratch, "posidx/int64/plain/lz4/nullable", KuduType.INT64, KuduEncoding.PLAIN,
        KuduCompression.LZ4, true, 256, rows, 2);
    positional(scratch, "posidx/double/plain/snappy/128-byte-blocks", KuduType.DOUBLE,
        KuduEncoding.PLAIN, KuduCompression.SNAPPY, false, 128, rows, 3);
    positional(scratch, "posidx/string/plain/zlib/nullable", KuduType.STRING,
        KuduEncoding.PLAIN, KuduCompression.ZLIB, true, 512, rows, 2);
    positional(scratch, "posidx/bool/plain", KuduType.BOOL, KuduEncoding.PLAIN,
        KuduCompression.NONE, true, 64, rows * 4, 2);

    // value indexes over sorted keys
    Random r = TestSeed.random("validx/int64", 0);
    List<byte[]> longs = sortedLongs(rows, r);
    for (boolean posidx : new boolean[] {true, false}) {
      for (KuduEncoding e : List.of(KuduEncoding.BIT_SHUFFLE, KuduEncoding.PLAIN,
          KuduEncoding.RLE)) {
        keyed(scratch, "validx/int64/" + e.kuduName() + (posidx ? "/with-posidx" : "/alone"),
            KuduType.INT64, e, KuduCompression.LZ4, posidx, 512, longs, r);
      }
    }
    r = TestSeed.random("validx/string", 0);
    List<byte[]> strings = sortedStrings(rows, r);
    for (boolean posidx : new boolean[] {true, false}) {
      for (KuduEncoding e : List.of(KuduEncoding.PLAIN, KuduEncoding.PREFIX, KuduEncoding.DICT)) {
        keyed(scratch, "validx/string/" + e.kuduName() + (posidx ? "/with-posidx" : "/alone"),
            KuduType.STRING, e, e == KuduEncoding.PLAIN ? KuduCompression.NONE
                : KuduCompression.ZLIB, posidx, 2048, strings, r);
      }
    }
    Map<Long, List<String>> blocks = new LinkedHashMap<>();
    for (IndexCase c : cases) {
      fs.put(c.file().blockId(), c.file().bytes());
      blocks.put(c.file().blockId(), List.of());
    }
    dumps.putAll(fs.dumpAll(blocks));
  }

  private void positional(Path scratch, String name, KuduType type, KuduEncoding encoding,
      KuduCompression compression, boolean nullable, int blockSize, int rows, int minDepth)
      throws IOException {
    Random r = TestSeed.random(name, 0);
    CFileWriterOptions o = CFileWriterOptions.builder(type).encoding(encoding)
        .compression(compression).nullable(nullable).blockSize(blockSize)
        .indexBlockSize(INDEX_BLOCK_SIZE).build();
    List<byte[]> cells = KuduCells.column(type, nullable, rows, r);
    cases.add(new IndexCase(new Written(name, cases.size() + 1, o, cells,
        ColfileCFiles.write(scratch, o, cells, r)), minDepth, 0));
  }

  private void keyed(Path scratch, String name, KuduType type, KuduEncoding encoding,
      KuduCompression compression, boolean posidx, int blockSize, List<byte[]> cells, Random r)
      throws IOException {
    CFileWriterOptions o = CFileWriterOptions.builder(type).encoding(encoding)
        .compression(compression).blockSize(blockSize).indexBlockSize(INDEX_BLOCK_SIZE)
        .positionalIndex(posidx).valueIndex(true).build();
    cases.add(new IndexCase(new Written(name, cases.size() + 1, o, cells,
        ColfileCFiles.write(scratch, o, cells, r)), posidx ? 2 : 0, 2));
  }

  /** Distinct ascending INT64 cells from Long.MIN_VALUE to Long.MAX_VALUE, runs of neighbours. */
  private static List<byte[]> sortedLongs(int rows, Random r) {
    TreeSet<Long> keys = new TreeSet<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L));
    while (keys.size() < rows) {
      long start = r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(1_000_000) - 500_000;
      for (int k = r.nextInt(200); k >= 0 && keys.size() < rows; k--) {
        keys.add(start + k * (1 + r.nextInt(3)));
      }
    }
    List<byte[]> out = new ArrayList<>();
    for (long k : keys) {
      out.add(TrickyCells.le(8, k));
    }
    return out;
  }

  /**
   * Distinct ascending byte strings (unsigned order, as Kudu compares keys): a few long
   * prefixes (200 to 400 bytes) shared by thousands of keys, so the value index's separators are
   * long and its 256-byte blocks hold two or three entries; the empty string and bytes from 0x80
   * among them.
   */
  private static List<byte[]> sortedStrings(int rows, Random r) {
    TreeSet<byte[]> keys = new TreeSet<>(Arrays::compareUnsigned);
    keys.add(new byte[0]);
    keys.add(new byte[] {(byte) 0xff, (byte) 0xfe});
    List<byte[]> prefixes = new ArrayList<>();
    for (int p = 0; p < 4; p++) {
      byte[] prefix = new byte[200 + r.nextInt(201)];
      for (int i = 0; i < prefix.length; i++) {
        prefix[i] = (byte) (i % 50 == 49 ? 0xc3 : 'a' + r.nextInt(26));
      }
      prefixes.add(prefix);
    }
    while (keys.size() < rows) {
      byte[] prefix = prefixes.get(r.nextInt(prefixes.size()));
      byte[] suffix = String.format("/%08d%s", r.nextInt(100_000_000),
          r.nextBoolean() ? "" : "/x").getBytes(StandardCharsets.US_ASCII);
      byte[] key = Arrays.copyOf(prefix, prefix.length + suffix.length);
      System.arraycopy(suffix, 0, key, prefix.length, suffix.length);
      keys.add(key);
    }
    return new ArrayList<>(keys);
  }

  @TestFactory
  Stream<DynamicTest> kuduReadsEveryValueThroughTheIndexes() {
    assertThat(cases).isNotEmpty();
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.file().name(), () -> check(c)));
  }

  private void check(IndexCase c) throws IOException {
    Written w = c.file();
    try (CFile r = CFile.open(InputFile.of(w.name(), w.bytes()))) {
      IndexTreeReader posidx = r.positionalIndex();
      IndexTreeReader validx = r.valueIndex();
      int posDepth = posidx == null ? 0 : posidx.depth();
      int valDepth = validx == null ? 0 : validx.depth();
      System.out.printf("%s: %d values, posidx depth %d, validx depth %d%n", w.name(),
          w.cells().size(), posDepth, valDepth);
      assertThat(posDepth).as("posidx depth of " + w.name())
          .isGreaterThanOrEqualTo(c.minPosidxDepth());
      assertThat(valDepth).as("validx depth of " + w.name())
          .isGreaterThanOrEqualTo(c.minValidxDepth());
      if (validx != null && posidx != null) {
        assertThat(ColfileCFiles.leafPointers(validx))
            .as("both trees of " + w.name() + " list the same data blocks")
            .isEqualTo(ColfileCFiles.leafPointers(posidx));
      }
    }
    assertThat(ColfileCFiles.problems(w, dumps.get(w.blockId())))
        .as("%s, %s", w.name(), TestSeed.replay()).isEmpty();
  }
}
