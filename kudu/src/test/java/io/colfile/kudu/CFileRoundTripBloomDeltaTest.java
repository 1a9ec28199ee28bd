package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.bloom.BloomFileWriter;
import io.colfile.kudu.bloom.BloomFilterSizing;
import io.colfile.kudu.delta.ChangeType;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFile;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaStats;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * BloomFile and DeltaFile round trips. BloomFiles: every key added is found by {@link
 * BloomFile#mayContain}, one filter block per 1710 keys, and absent keys are rarely taken
 * for present ones (Kudu sizes each 4 KiB block for a 0.0001 false-positive rate; the bound here
 * is ten times that). DeltaFiles, REDO and UNDO: the reader iterates the cells written, in
 * order; {@link DeltaFile#iteratorFrom} starts at the first mutation of the first row at
 * or after the one asked for; the footer statistics are what was written; the writer refuses
 * mutations out of the file's order.
 */
@ExtendWith(TestSeed.class)
class CFileRoundTripBloomDeltaTest {
  private static final boolean EXHAUSTIVE = CFileRoundTripTest.EXHAUSTIVE;
  private static final int PER_BLOCK = BloomFilterSizing.TABLET.expectedCount();

  static Stream<Object[]> bloomCases() {
    List<Object[]> out = new ArrayList<>();
    int[] sizes = {0, 1, 2, PER_BLOCK - 1, PER_BLOCK, PER_BLOCK + 1, 2 * PER_BLOCK,
        2 * PER_BLOCK + 1, 20_000};
    List<List<KuduType>> keys = List.of(List.of(KuduType.INT64), List.of(KuduType.STRING),
        List.of(KuduType.STRING, KuduType.INT32), List.of(KuduType.INT8, KuduType.DECIMAL128));
    int i = 0;
    for (int n : sizes) {
      for (int k = 0; k < (EXHAUSTIVE ? keys.size() : 1); k++, i++) {
        out.add(new Object[] {n, keys.get((i + k) % keys.size()), i % 2 == 0});
      }
    }
    if (EXHAUSTIVE) {
      out.add(new Object[] {200_000, List.of(KuduType.INT64), true});
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} keys of {1}, checksums {2}")
  @MethodSource("bloomCases")
  void bloomFile(int n, List<KuduType> keyTypes, boolean checksums) throws IOException {
    Random r = TestSeed.random("bloom " + n + keyTypes + checksums, 0);
    KeyEncoder enc = new KeyEncoder(keyTypes);
    TreeSet<byte[]> set = new TreeSet<>(Arrays::compareUnsigned);
    while (set.size() < n) {
      set.add(randomKey(enc, r));
    }
    List<byte[]> keys = new ArrayList<>(set); // rowsets add their keys in key order
    MemoryOutput out = new MemoryOutput("bloom.cfile");
    try (BloomFileWriter w = BloomFileWriter.create(out, checksums)) {
      for (byte[] k : keys) {
        w.add(k);
      }
    }
    byte[] file = out.bytes();
    CFileLayout layout = CFileLayout.of("bloom.cfile", file);
    assertThat(layout.gapsAndOverlaps()).isEmpty();
    assertThat(layout.dataBlocks()).hasSize((n + PER_BLOCK - 1) / PER_BLOCK);
    try (BloomFile b = BloomFile.open(out.input())) {
      CFile f = b.file();
      assertThat(f.dataType()).isEqualTo(KuduType.BINARY);
      assertThat(f.encoding()).isEqualTo(KuduEncoding.PLAIN);
      assertThat(f.compression()).isEqualTo(KuduCompression.NONE);
      assertThat(f.numValues()).isZero();
      assertThat(f.footer().posIndexRoot()).isNull();
      assertThat(f.footer().valueIndexRoot()).isNotNull();
      assertThat(f.footer().hasChecksums()).isEqualTo(checksums);
      for (byte[] k : keys) {
        assertThat(b.mayContain(k)).as("key %s", java.util.HexFormat.of().formatHex(k)).isTrue();
      }
      // a BloomFile has no cells: its blocks are filters (the common API reads no rows)
      try (FileReader cells = ColFile.open(out.input());
          BatchReader rows = cells.read(ReadOptions.defaults())) {
        assertThat(cells.numberOfRows()).isZero();
        assertThat(rows.next(rows.newBatch())).isFalse();
      }
      if (n == 0 || keys.get(0).length > 0) {
        assertThat(b.mayContain(new byte[0])).as("a key before every block").isFalse();
      }
      if (n == 0) {
        assertThat(b.mayContain(randomKey(enc, r))).isFalse();
        return;
      }
      int probes = 0;
      int positives = 0;
      // distinct keys only: the generator repeats its edge values, and one false positive
      // probed many times is not many false positives
      TreeSet<byte[]> probed = new TreeSet<>(Arrays::compareUnsigned);
      byte[] first = keys.get(0);
      byte[] last = keys.get(n - 1);
      for (int i = 0; i < (EXHAUSTIVE ? 200_000 : 30_000); i++) {
        byte[] k = randomKey(enc, r);
        if (set.contains(k) || Arrays.compareUnsigned(k, first) < 0
            || Arrays.compareUnsigned(k, last) > 0 || !probed.add(k)) {
          continue; // only absent keys that reach a filter
        }
        probes++;
        positives += b.mayContain(k) ? 1 : 0;
      }
      if (probes >= 1000) {
        assertThat((double) positives / probes).as("false positives among %d absent keys",
            probes).isLessThan(0.001);
      }
    }
  }

  private static byte[] randomKey(KeyEncoder enc, Random r) {
    KeyBuffer buf = new KeyBuffer();
    for (int c = 0; c < enc.columnCount(); c++) {
      KuduType t = enc.type(c);
      byte[] v = r.nextInt(10) == 0 ? ColumnGen.edge(t, r) : ColumnGen.random(t, r);
      if (t.physical() == PhysicalType.BINARY) {
        enc.appendBinary(buf, c, v, 0, v.length);
      } else {
        enc.appendCell(buf, c, v, 0);
      }
    }
    return buf.toByteArray();
  }

  static Stream<Object[]> deltaCases() {
    List<Object[]> out = new ArrayList<>();
    int i = 0;
    for (DeltaType type : DeltaType.values()) {
      for (int k = 0; k < (EXHAUSTIVE ? 16 : 4); k++, i++) {
        out.add(new Object[] {type, CFileRoundTripTest.COMPRESSIONS[i % 4],
            new int[] {64, 256, DeltaFileWriter.DEFAULT_BLOCK_SIZE}[i % 3], i % 2 == 0, k});
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1} bs={2} checksums {3} #{4}")
  @MethodSource("deltaCases")
  void deltaFile(DeltaType type, KuduCompression compression, int blockSize, boolean checksums,
      int index) throws IOException {
    Random r = TestSeed.random("delta " + type + compression + blockSize + checksums, index);
    List<Delta> deltas = deltas(type, r, index == 0 ? r.nextInt(3)
        : 1 + r.nextInt(EXHAUSTIVE ? 20_000 : 3_000));
    MemoryOutput out = new MemoryOutput(type + ".cfile");
    DeltaStats written;
    try (DeltaFileWriter w = DeltaFileWriter.create(out, type, checksums, compression,
        blockSize)) {
      for (Delta d : deltas) {
        w.append(d.key(), d.changes());
      }
      written = w.stats();
    }
    byte[] file = out.bytes();
    assertThat(CFileLayout.of(type + ".cfile", file).gapsAndOverlaps()).isEmpty();
    try (DeltaFile reader = DeltaFile.open(out.input())) {
      assertThat(reader.count()).isEqualTo(deltas.size());
      assertThat(reader.file().compression()).isEqualTo(compression);
      checkStats(reader.stats(), deltas);
      checkStats(written, deltas);
      assertThat(reader.stats()).isEqualTo(written);
      assertThat(readAll(reader.iterator())).isEqualTo(deltas);

      TreeSet<Long> rows = new TreeSet<>();
      deltas.forEach(d -> rows.add(d.key().rowOrdinal()));
      List<Long> targets = new ArrayList<>(List.of(0L, DeltaKey.MAX_ROW_ORDINAL));
      for (long row : rows) {
        if (targets.size() > (EXHAUSTIVE ? 5000 : 100)) {
          break;
        }
        targets.add(row);
        targets.add(Math.min(row + 1, DeltaKey.MAX_ROW_ORDINAL));
        if (row > 0) {
          targets.add(row - 1);
        }
      }
      for (int i = 0; i < 20; i++) {
        targets.add(r.nextLong(DeltaKey.MAX_ROW_ORDINAL + 1));
      }
      for (long target : targets) {
        int from = 0;
        while (from < deltas.size() && deltas.get(from).key().rowOrdinal() < target) {
          from++;
        }
        List<Delta> got = readSome(reader.iteratorFrom(target), 1 + r.nextInt(40));
        List<Delta> want = deltas.subList(from, Math.min(deltas.size(), from + got.size()));
        assertThat(got).as("iteratorFrom(%d)", target).isEqualTo(want);
        assertThat(got.isEmpty()).as("iteratorFrom(%d) at the end", target)
            .isEqualTo(from == deltas.size());
      }
    }
  }

  @Test
  void deltaStatsThatDisagreeWithTheMutationsAreCorrupt() throws IOException {
    Random r = TestSeed.random("deltaStatsThatDisagree", 0);
    List<Delta> deltas = deltas(DeltaType.REDO, r, 200);
    MemoryOutput out = new MemoryOutput("stats.cfile");
    try (DeltaFileWriter w = DeltaFileWriter.create(out, DeltaType.REDO, true)) {
      for (Delta d : deltas) {
        w.append(d.key(), d.changes());
      }
    }
    DeltaStats fewer = new DeltaStats(); // the stats of all but the first mutation
    for (Delta d : deltas.subList(1, deltas.size())) {
      fewer.add(d.key().timestamp(), d.changes());
    }
    CFileRewriter.Edits edits = new CFileRewriter.Edits();
    edits.footer = f -> f.getMetadataBuilderList().stream()
        .filter(m -> m.getKey().equals("deltafilestats")).forEach(m -> m.setValue(
            com.google.protobuf.ByteString.copyFrom(fewer.toBytes())));
    byte[] file = CFileRewriter.rewrite("stats.cfile", out.bytes(), edits);
    try (DeltaFile reader = DeltaFile.open(InputFile.of("stats.cfile", file))) {
      assertThat(reader.stats()).isEqualTo(fewer);
      // a read from a row on uses the stats as they are; a read of all is held against them
      assertThat(readSome(reader.iteratorFrom(1), 5)).isNotEmpty();
      assertThatThrownBy(() -> readAll(reader.iterator()))
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("disagree with the file's mutations")
          .hasMessageContaining("footer / deltafilestats, file offset");
    }
  }

  @Test
  void writerRefusesDeltasOutOfOrder() throws IOException {
    for (DeltaType type : DeltaType.values()) {
      long t1 = DeltaKey.hybridTime(1_700_000_000_000_000L, 0);
      long t2 = DeltaKey.hybridTime(1_700_000_000_000_001L, 0);
      DeltaKey[][] bad = {
          {new DeltaKey(5, t1), new DeltaKey(4, t1)},                  // rows going back
          type == DeltaType.REDO
              ? new DeltaKey[] {new DeltaKey(5, t2), new DeltaKey(5, t1)}   // REDO: time back
              : new DeltaKey[] {new DeltaKey(5, t1), new DeltaKey(5, t2)}}; // UNDO: time forward
      for (DeltaKey[] pair : bad) {
        DeltaFileWriter w = DeltaFileWriter.create(new MemoryOutput("x"), type, true);
        w.append(pair[0], RowChangeList.delete());
        assertThatThrownBy(() -> w.append(pair[1], RowChangeList.delete()))
            .as("%s: %s after %s", type, pair[1], pair[0])
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("out of order");
        w.abort();
      }
      // and the same keys the right way round are taken
      DeltaFileWriter w = DeltaFileWriter.create(new MemoryOutput("x"), type, true);
      w.append(new DeltaKey(4, t1), RowChangeList.delete());
      w.append(new DeltaKey(5, type == DeltaType.REDO ? t1 : t2), RowChangeList.delete());
      w.append(new DeltaKey(5, type == DeltaType.REDO ? t2 : t1), RowChangeList.delete());
      w.abort();
    }
  }

  record Delta(DeltaKey key, RowChangeList changes) {}

  /**
   * {@code n} mutations in the file's order: row ordinals and timestamps on memcmp-varint length
   * boundaries and in between, UPDATEs of one to four columns (ids of one to three varint bytes,
   * values empty, fixed-width, long, or NULL), DELETEs and REINSERTs.
   */
  static List<Delta> deltas(DeltaType type, Random r, int n) {
    long[] edgeRows = {0, 1, 240, 241, 2287, 2288, 67823, 67824, (1 << 24) - 1, 1 << 24,
        DeltaKey.MAX_ROW_ORDINAL};
    long[] edgeTimes = {0, 1, 240, 2288, 1L << 32, 1L << 56, -1L,
        DeltaKey.hybridTime(1_700_000_000_000_000L, 4095)};
    TreeSet<Long> rows = new TreeSet<>();
    int distinctRows = Math.min(n, 1 + n / (1 + r.nextInt(4)));
    while (rows.size() < distinctRows) {
      rows.add(r.nextInt(8) == 0 ? edgeRows[r.nextInt(edgeRows.length)]
          : (long) r.nextInt(Math.max(1, 3 * n)));
    }
    List<Delta> out = new ArrayList<>();
    List<Long> rowList = new ArrayList<>(rows);
    for (int i = 0; i < n; i++) {
      long row = rowList.get(i < rowList.size() ? i : r.nextInt(rowList.size()));
      long ts = r.nextInt(10) == 0 ? edgeTimes[r.nextInt(edgeTimes.length)]
          : DeltaKey.hybridTime(1_600_000_000_000_000L + r.nextInt(1 << 30), r.nextInt(4096));
      out.add(new Delta(new DeltaKey(row, ts), changes(r)));
    }
    out.sort((a, b) -> type.compare(a.key(), b.key()));
    return out;
  }

  private static RowChangeList changes(Random r) {
    int[] ids = {1, 2, 3, 127, 128, 16384, 70000};
    switch (r.nextInt(5)) {
      case 0 -> {
        return RowChangeList.delete();
      }
      case 1 -> {
        List<ColumnUpdate> u = new ArrayList<>();
        int k = r.nextInt(4);
        for (int i = 0; i < k; i++) {
          u.add(update(ids[i], r));
        }
        return RowChangeList.reinsert(u);
      }
      default -> {
        List<ColumnUpdate> u = new ArrayList<>();
        int k = 1 + r.nextInt(4);
        int first = r.nextInt(ids.length - k + 1);
        for (int i = 0; i < k; i++) {
          u.add(update(ids[first + i], r));
        }
        return RowChangeList.update(u);
      }
    }
  }

  private static ColumnUpdate update(int id, Random r) {
    if (r.nextInt(5) == 0) {
      return ColumnUpdate.setNull(id);
    }
    int[] lengths = {0, 1, 4, 8, 16, 3, 200};
    byte[] v = new byte[r.nextInt(50) == 0 ? 3000 : lengths[r.nextInt(lengths.length)]];
    r.nextBytes(v);
    return ColumnUpdate.of(id, v);
  }

  /** The statistics Kudu keeps, counted from the model. */
  private static void checkStats(DeltaStats s, List<Delta> deltas) {
    long deletes = 0;
    long reinserts = 0;
    long min = -1L;
    long max = 0;
    Map<Integer, Long> updates = new HashMap<>();
    for (Delta d : deltas) {
      deletes += d.changes().type() == ChangeType.DELETE ? 1 : 0;
      reinserts += d.changes().type() == ChangeType.REINSERT ? 1 : 0;
      for (ColumnUpdate u : d.changes().updates()) {
        updates.merge(u.columnId(), 1L, Long::sum);
      }
      long ts = d.key().timestamp();
      min = Long.compareUnsigned(ts, min) < 0 ? ts : min;
      max = Long.compareUnsigned(ts, max) > 0 ? ts : max;
    }
    assertThat(s.deleteCount()).isEqualTo(deletes);
    assertThat(s.reinsertCount()).isEqualTo(reinserts);
    assertThat(s.minTimestamp()).isEqualTo(min);
    assertThat(s.maxTimestamp()).isEqualTo(max);
    assertThat(s.updateCounts()).isEqualTo(updates);
  }

  private static List<Delta> readAll(DeltaFile.Iterator it) throws IOException {
    return readSome(it, Integer.MAX_VALUE);
  }

  private static List<Delta> readSome(DeltaFile.Iterator it, int max) throws IOException {
    List<Delta> out = new ArrayList<>();
    while (out.size() < max && it.next()) {
      out.add(new Delta(it.key(), it.changes()));
    }
    return out;
  }
}
