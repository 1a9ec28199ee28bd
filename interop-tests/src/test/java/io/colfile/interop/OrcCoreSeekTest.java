package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.OrcReader;
import io.colfile.orc.StripeInformation;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.orc.CompressionKind;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's {@code seekToRow} on files orc-core wrote: a file with a column of every type under
 * each of orc-core's codecs (several stripes, row groups of 1000, small chunks), and the random
 * files of {@link GeneratedFile} (random schemas, strides including 0, RLE v1 and v2,
 * decimal64, bloom filters). The rows after a seek to an edge (first and last row of each stripe
 * and row group and their neighbours, the end and past it) or a random row, in random order,
 * equal the rows a read from the start gives from that row on.
 */
@ExtendWith(TestSeed.class)
class OrcCoreSeekTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(value = CompressionKind.class, names = {"NONE", "ZLIB", "SNAPPY", "LZ4", "ZSTD"})
  void everyTypeUnderEveryCodec(CompressionKind codec) throws IOException {
    Random r = TestSeed.random("orc-core-seek-every-type", codec.ordinal());
    TypeDescription schema = RandomSchemas.everyType(r);
    OrcCoreOptions options = OrcCoreOptions.everyReaderPath(r, codec);
    List<Object> rows = new RandomValues(r, options.writerZone()).rows(schema, 4000);
    Path path = dir.resolve("every-type-" + codec + ".orc");
    OrcCoreFiles.write(path, schema, rows, options, r);
    checkSeeks(path, r, "every type, " + options + "; " + TestSeed.replay());
  }

  static IntStream cases() {
    return IntStream.range(1, TestSeed.exhaustive() ? 60 : 11);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void randomFiles(int index) throws IOException {
    GeneratedFile f = GeneratedFile.write(dir, index, true);
    checkSeeks(f.path(), TestSeed.random("orc-core-seek", index), f.describe());
  }

  private static void checkSeeks(Path path, Random r, String what) throws IOException {
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      ReadOptions options = ReadOptions.defaults()
          .withBatchSize(1 + r.nextInt(r.nextBoolean() ? 100 : 3000));
      List<Object> all = Rows.readAll(orc.read(options));
      assertThat((long) all.size()).as(what).isEqualTo(orc.numberOfRows());
      if (orc.stripes().size() > 1 || orc.rowIndexStride() > 0 && all.size() > 1000) {
        what += " (" + orc.stripes().size() + " stripes)";
      }
      List<Long> targets = new ArrayList<>(targets(orc, r));
      Collections.shuffle(targets, r);
      try (BatchReader rows = orc.read(options)) {
        ColumnBatch batch = rows.newBatch();
        for (long target : targets) {
          rows.seekToRow(target);
          int from = (int) Math.min(target, all.size());
          int want = Math.min(1 + r.nextInt(1200), all.size() - from);
          List<Object> got = new ArrayList<>();
          while (got.size() < want && rows.next(batch)) {
            Rows.addAll(batch, got);
          }
          if (want == 0) {
            assertThat(rows.next(batch)).as("rows after seeking to %d of %d in %s", target,
                all.size(), what).isFalse();
            continue;
          }
          assertThat(got.size()).as("rows after seeking to %d in %s", target, what)
              .isGreaterThanOrEqualTo(want);
          for (int i = 0; i < want; i++) {
            assertThat(got.get(i)).as("row %d after seeking to %d in %s", from + i, target,
                what).isEqualTo(all.get(from + i));
          }
        }
      }
    }
  }

  /** Every stripe's and row group's first and last rows and their neighbours, random rows. */
  private static TreeSet<Long> targets(OrcReader orc, Random r) {
    TreeSet<Long> rows = new TreeSet<>();
    long total = orc.numberOfRows();
    long first = 0;
    int stride = orc.rowIndexStride();
    for (StripeInformation s : orc.stripes()) {
      for (long g = first; g < first + s.numberOfRows(); g += stride > 0 ? stride : total + 1) {
        for (long d = -1; d <= 1; d++) {
          rows.add(Math.max(0, g + d));
        }
      }
      first += s.numberOfRows();
      rows.add(Math.max(0, first - 1));
    }
    for (int i = 0; i < 12; i++) {
      rows.add((long) r.nextInt((int) total + 1));
    }
    rows.add(total);
    rows.add(total + 5);
    if (rows.size() > 60) { // large files: a random sample
      List<Long> all = new ArrayList<>(rows);
      Collections.shuffle(all, r);
      rows = new TreeSet<>(all.subList(0, 60));
    }
    return rows;
  }
}
