package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFileReader;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BatchReader#seekToRow} through colfile's common API: for a CFile of every (type,
 * encoding) pair, nullable or not, in small blocks, every type under every codec, and for a DeltaFile read as
 * mutations, a seek to a random row (the first, the last, past the end, after reading some,
 * backwards) reads exactly the rows a full read has from that row on.
 */
@ExtendWith(TestSeed.class)
class CFileSeekToRowTest {
  private static final boolean EXHAUSTIVE = CFileRoundTripTest.EXHAUSTIVE;

  /**
   * Every (type, encoding) pair, nullable and not; the codecs taken in turn within each type,
   * so that every type (four cases or more each) is sought under every codec.
   */
  static Stream<Object[]> cases() {
    List<Object[]> out = new ArrayList<>();
    java.util.Map<KuduType, Integer> perType = new java.util.EnumMap<>(KuduType.class);
    KuduCompression[] codecs = CFileRoundTripTest.COMPRESSIONS;
    for (Object[] p : CFileRoundTripTest.pairs()) {
      for (boolean nullable : new boolean[] {false, true}) {
        int k = perType.merge((KuduType) p[0], 1, Integer::sum) - 1;
        out.add(new Object[] {p[0], p[1], nullable, codecs[k % codecs.length]});
      }
    }
    return out.stream();
  }

  @Test
  void everyTypeMeetsEveryCodec() {
    java.util.Map<KuduType, java.util.Set<KuduCompression>> seen =
        new java.util.EnumMap<>(KuduType.class);
    cases().forEach(c -> seen.computeIfAbsent((KuduType) c[0],
        t -> java.util.EnumSet.noneOf(KuduCompression.class)).add((KuduCompression) c[3]));
    assertThat(CFileRoundTripTest.COMPRESSIONS).containsExactlyInAnyOrder(
        java.util.Arrays.stream(KuduCompression.values())
            .filter(c -> c != KuduCompression.DEFAULT).toArray(KuduCompression[]::new));
    assertThat(seen.keySet()).containsExactlyInAnyOrder(KuduType.values());
    seen.forEach((type, codecs) -> assertThat(codecs).as("%s", type)
        .containsExactlyInAnyOrder(CFileRoundTripTest.COMPRESSIONS));
  }

  @ParameterizedTest(name = "{0} {1} nullable={2} {3}")
  @MethodSource("cases")
  void seekToRowEqualsDroppingRows(KuduType type, KuduEncoding encoding, boolean nullable,
      KuduCompression codec) throws IOException {
    Random r = TestSeed.random("cfile seekToRow " + type + encoding + nullable, 0);
    int n = r.nextInt(5) == 0 ? r.nextInt(3) : 1 + r.nextInt(EXHAUSTIVE ? 20_000 : 1500);
    byte[][] cells = ColumnGen.column(type, r, n, nullable);
    for (int i = 0; i < n; i++) {
      cells[i] = CellModel.throughVector(type, cells[i]);
    }
    CFileWriterOptions o = CFileWriterOptions.builder(type).nullable(nullable)
        .encoding(encoding).compression(codec)
        .blockSize(new int[] {64, 100, 512, 4096}[r.nextInt(4)]).build();
    byte[] file = CFiles.writeVectors(o, cells, r);
    try (FileReader f = ColFile.open(InputFile.of(type + ".cfile", file))) {
      checkSeeks(f, r, type + " " + encoding + " nullable=" + nullable + " " + codec);
    }
  }

  @Test
  void deltaFileRowsSeekToTheNthMutation() throws IOException {
    for (int round = 0; round < 6; round++) {
      Random r = TestSeed.random("delta seekToRow", round);
      MemoryOutput out = new MemoryOutput("redo.cfile");
      int rows = r.nextInt(3000);
      try (DeltaFileWriter w = DeltaFileWriter.create(out, DeltaType.REDO, r.nextBoolean(),
          CFileRoundTripTest.COMPRESSIONS[round % 4], new int[] {64, 1024}[r.nextInt(2)])) {
        for (int row = 0; row < rows; row += 1 + r.nextInt(3)) {
          long ts = DeltaKey.hybridTime(1_600_000_000_000_000L + row, 0);
          for (int m = r.nextInt(3); m >= 0; m--) {
            ts += 1 + r.nextInt(1000);
            w.append(new DeltaKey(row, ts), r.nextInt(4) == 0 ? RowChangeList.delete()
                : RowChangeList.update(ColumnUpdate.of(r.nextInt(5), new byte[] {
                    (byte) r.nextInt(), (byte) r.nextInt(), (byte) r.nextInt(), 0})));
          }
        }
      }
      try (FileReader f = DeltaFileReader.open(InputFile.of("redo.cfile", out.bytes()))) {
        checkSeeks(f, r, "DeltaFile of " + f.numberOfRows() + " mutations");
      }
    }
  }

  private static void checkSeeks(FileReader f, Random r, String what) throws IOException {
    List<Object> all = Rows.readAll(f.read(ReadOptions.defaults()));
    assertThat(all).as(what).hasSize((int) f.numberOfRows());
    int n = all.size();
    try (BatchReader rows = f.read(ReadOptions.defaults().withBatchSize(CFiles.batch(r)))) {
      assertThatThrownBy(() -> rows.seekToRow(-1)).isInstanceOf(IllegalArgumentException.class);
      for (int i = 0; i < 12; i++) {
        long to = switch (i) {
          case 0 -> 0;
          case 1 -> Math.max(0, n - 1);
          case 2 -> n + r.nextInt(3);
          case 3 -> Long.MAX_VALUE;
          default -> r.nextInt(n + 1);
        };
        rows.seekToRow(to);
        List<Object> expected = all.subList((int) Math.min(to, n), n);
        if (r.nextBoolean()) { // read a batch, then seek again (maybe backwards)
          ColumnBatch b = rows.newBatch();
          List<Object> got = new ArrayList<>();
          if (rows.next(b)) {
            Rows.addAll(b, got);
          }
          assertThat(got).as("%s: seek to %d, %s", what, to, TestSeed.replay())
              .isEqualTo(expected.subList(0, got.size()));
          assertThat(got.isEmpty()).as(what).isEqualTo(expected.isEmpty());
          continue;
        }
        assertThat(Rows.readAll(rows)).as("%s: seek to %d of %d, %s", what, to, n,
            TestSeed.replay()).isEqualTo(expected);
      }
    }
  }
}
