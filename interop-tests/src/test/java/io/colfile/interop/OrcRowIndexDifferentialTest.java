package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.orc.OrcReader;
import io.colfile.orc.index.BloomFilterIndex;
import io.colfile.orc.index.ColumnBloomFilter;
import io.colfile.orc.index.RowIndex;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.proto.StatisticsMessages;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.OrcIndex;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.orc.util.BloomFilterUtf8;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's row index reading against orc-core's ({@code RecordReaderImpl.readRowIndex}): for
 * seeded random files written by orc-core and the same rows written by colfile, every column's
 * row-group positions (typed by colfile, flattened back to numbers) and statistics (as the
 * bytes colfile's model serializes to) must equal what orc-core reads, and the bloom filters
 * must answer every probe as orc-core's do.
 */
@ExtendWith(TestSeed.class)
class OrcRowIndexDifferentialTest {
  private static Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 60 : 8);
  }

  @BeforeAll
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("colfile-row-index");
  }

  @AfterAll
  static void removeDir() throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Collections.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void rowIndexesAreReadAsOrcCoreReadsThem(int index) throws IOException {
    GeneratedFile f = GeneratedFile.write(dir, index, true);
    Path ours = dir.resolve("colfile-" + index + ".orc");
    OrcWriterDifferentialTest.writeWithColfile(ours, f.schema(), f.rows(), f.options(),
        f.path(), TestSeed.random("row-index-batches", index));
    Random r = TestSeed.random("row-index-probes", index);
    int a = compare("orc-core's " + f.describe(), f.path(), f.schema(), r);
    int b = compare("colfile's " + f.describe(), ours, f.schema(), r);
    if (f.options().rowIndexStride() > 0 && !f.rows().isEmpty()) {
      assertThat(a).as("entries compared in %s", f.describe()).isPositive();
      // the writers may cut stripes at other rows, so the counts may differ
      assertThat(b).as("entries compared in colfile's %s", f.describe()).isPositive();
    }
  }

  /** Compares every stripe's index; returns how many entries were compared. */
  private static int compare(String what, Path path, TypeDescription schema, Random r)
      throws IOException {
    int compared = 0;
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(path.toUri()),
             OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
         RecordReaderImpl theirs = (RecordReaderImpl) reader.rows();
         OrcReader ours = OrcReader.open(InputFile.local(path))) {
      if (reader.getRowIndexStride() == 0) {
        return 0;
      }
      boolean compressed = reader.getCompressionKind() != CompressionKind.NONE;
      boolean[] all = new boolean[schema.getMaximumId() + 1];
      Arrays.fill(all, true);
      for (int s = 0; s < reader.getStripes().size(); s++) {
        OrcIndex index = theirs.readRowIndex(s, all, all);
        StripeIndex mine = ours.stripeIndex(s);
        for (int c = 0; c < all.length; c++) {
          String at = what + ": stripe " + s + " column " + c;
          compared += compareRowIndex(at, index.getRowGroupIndex()[c], mine.rowIndex(c),
              compressed);
          compareBloomFilters(at, index.getBloomFilterIndex()[c], mine, c, r);
        }
      }
    }
    return compared;
  }

  private static int compareRowIndex(String what, OrcProto.RowIndex theirs, RowIndex mine,
      boolean compressed) {
    if (theirs == null) {
      assertThat(mine).as(what).isNull();
      return 0;
    }
    assertThat(mine).as(what).isNotNull();
    assertThat(mine.entries()).as(what + ": entries").hasSize(theirs.getEntryCount());
    for (int g = 0; g < theirs.getEntryCount(); g++) {
      OrcProto.RowIndexEntry e = theirs.getEntry(g);
      long[] expected = e.getPositionsList().stream().mapToLong(Long::longValue).toArray();
      assertThat(mine.entry(g).positions().toArray(compressed))
          .as("%s row group %d positions (%s)", what, g, mine.entry(g).positions())
          .containsExactly(expected);
      String expectedStats = HexFormat.of().formatHex(e.getStatistics().toByteArray());
      String actualStats = HexFormat.of().formatHex(
          StatisticsMessages.toBytes(mine.entry(g).statistics()));
      assertThat(actualStats).as("%s row group %d statistics %s", what, g,
          e.getStatistics()).isEqualTo(expectedStats);
    }
    return theirs.getEntryCount();
  }

  /** Filters colfile trusts answer random probes (and zero) exactly as orc-core's do. */
  private static void compareBloomFilters(String what, OrcProto.BloomFilterIndex theirs,
      StripeIndex mine, int column, Random r) throws IOException {
    BloomFilterIndex ours = mine.bloomFilters(column);
    if (theirs == null || ours == null) {
      assertThat(ours).as(what + " bloom filters (%s)", mine.bloomFilterReason(column))
          .isNull();
      return;
    }
    assertThat(ours.filters()).as(what).hasSize(theirs.getBloomFilterCount());
    for (int g = 0; g < theirs.getBloomFilterCount(); g++) {
      OrcProto.BloomFilter p = theirs.getBloomFilter(g);
      long[] words = new long[p.getUtf8Bitset().size() / 8];
      ByteBuffer.wrap(p.getUtf8Bitset().toByteArray()).order(ByteOrder.LITTLE_ENDIAN)
          .asLongBuffer().get(words);
      BloomFilterUtf8 ref = new BloomFilterUtf8(words, p.getNumHashFunctions());
      ColumnBloomFilter f = ours.filter(g);
      for (int k = 0; k < 50; k++) {
        long v = k == 0 ? 0 : r.nextInt(3) == 0 ? r.nextInt(100) : r.nextLong();
        assertThat(f.mightContainLong(v)).as("%s group %d long %d", what, g, v)
            .isEqualTo(ref.testLong(v));
        double d = k == 0 ? 0.0 : r.nextDouble() * 100;
        assertThat(f.mightContainDouble(d)).as(what).isEqualTo(ref.testDouble(d));
        byte[] b = RandomText.string(r, 8).getBytes(StandardCharsets.UTF_8);
        assertThat(f.mightContainBytes(b, 0, b.length)).as(what).isEqualTo(ref.test(b));
      }
    }
  }
}
