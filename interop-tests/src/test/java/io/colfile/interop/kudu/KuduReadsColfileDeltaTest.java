package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.OutputFile;
import io.colfile.testkit.TestSeed;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaCell;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kudu 1.17.1 reads colfile's DeltaFiles (cfile.md section 11): REDO and UNDO files of seeded
 * mutations (UPDATEs of one to four columns of nine types, NULLs among the values, DELETEs, and
 * REINSERTs of every non-key column) over rows with ordinals and timestamps of every
 * memcmp-varint length, written with Kudu's defaults (LZ4, 32 KiB blocks, checksums) and with
 * 1 KiB blocks and no checksums. {@code kudu fs dump cfile} walks the value index (a DeltaFile
 * has no positional index) and must print every cell, a BINARY value, as exactly the bytes
 * {@code DeltaKey | RowChangeList} colfile encoded, and the footer colfile wrote, whose {@code
 * deltafilestats} must hold the counts and timestamps this test counts itself.
 */
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KuduReadsColfileDeltaTest {
  /** Column id to type: the non-key columns of the imagined table (ids need not be dense). */
  private static final Map<Integer, KuduType> COLUMNS = new TreeMap<>(Map.of(
      1, KuduType.INT32, 2, KuduType.STRING, 3, KuduType.DOUBLE, 4, KuduType.BOOL,
      5, KuduType.DECIMAL128, 7, KuduType.DATE, 8, KuduType.UNIXTIME_MICROS,
      12, KuduType.BINARY, 300, KuduType.INT8));

  record DeltaCase(ColfileCFiles.Written file, DeltaType type, List<DeltaCell> deltas) {}

  private final List<DeltaCase> cases = new ArrayList<>();
  private final Map<Long, KuduDump> dumps = new LinkedHashMap<>();

  @BeforeAll
  void writeAndDump(@TempDir Path dir) throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    int rows = TestSeed.exhaustive() ? 20_000 : 2_000;
    for (DeltaType type : DeltaType.values()) {
      for (boolean defaults : new boolean[] {true, false}) {
        String name = type + (defaults ? "/kudu-defaults" : "/1KiB-blocks/no-checksums");
        Random r = TestSeed.random(name, 0);
        List<DeltaCell> deltas = deltas(type, rows, r);
        Path p = dir.resolve(cases.size() + ".delta");
        try (DeltaFileWriter w = defaults
            ? DeltaFileWriter.create(OutputFile.local(p), type, true)
            : DeltaFileWriter.create(OutputFile.local(p), type, false, KuduCompression.LZ4,
                1024)) {
          for (DeltaCell d : deltas) {
            w.append(d.key(), d.changes());
          }
        }
        List<byte[]> cells = new ArrayList<>();
        for (DeltaCell d : deltas) {
          cells.add(d.encode());
        }
        // The options the file must have been written with, for ColfileCFiles.problems.
        io.colfile.kudu.CFileWriterOptions expected = io.colfile.kudu.CFileWriterOptions
            .builder(KuduType.BINARY).encoding(KuduEncoding.PLAIN)
            .compression(KuduCompression.LZ4).checksums(defaults).positionalIndex(false)
            .valueIndex(true).build();
        ColfileCFiles.Written file = new ColfileCFiles.Written(name, cases.size() + 1, expected,
            cells, Files.readAllBytes(p));
        cases.add(new DeltaCase(file, type, deltas));
        fs.put(file.blockId(), file.bytes());
      }
    }
    Map<Long, List<String>> blocks = new LinkedHashMap<>();
    cases.forEach(c -> blocks.put(c.file().blockId(), List.of()));
    dumps.putAll(fs.dumpAll(blocks));
  }

  /**
   * Mutations of {@code rows} rows (ordinals with gaps, up to about 2^17, so 1 to 4 byte
   * varints), each row 1 to 5 mutations at increasing timestamps (real HybridTimes, 9-byte
   * varints, and for some rows small ones of 1 to 8 bytes), in the file's order.
   */
  private static List<DeltaCell> deltas(DeltaType type, int rows, Random r) {
    Map<KuduType, List<byte[]>> pools = new java.util.EnumMap<>(KuduType.class);
    for (KuduType t : COLUMNS.values()) {
      pools.put(t, t.physical().isFixedWidth() ? TrickyCells.fixed(t, r) : TrickyCells.binary(r));
    }
    List<DeltaCell> out = new ArrayList<>();
    long ordinal = 0;
    for (int i = 0; i < rows; i++) {
      ordinal += 1 + (r.nextInt(10) == 0 ? r.nextInt(300) : r.nextInt(3));
      long ts = r.nextInt(8) == 0 ? SMALL_TIMESTAMPS[r.nextInt(SMALL_TIMESTAMPS.length)]
          : DeltaKey.hybridTime(1_700_000_000_000_000L + r.nextInt(1 << 30), r.nextInt(4096));
      boolean alive = true;
      List<DeltaCell> row = new ArrayList<>();
      for (int k = 1 + r.nextInt(5); k > 0; k--) {
        RowChangeList change;
        if (!alive) {
          change = RowChangeList.reinsert(reinsert(r, pools));
          alive = true;
        } else if (r.nextInt(4) == 0) {
          change = RowChangeList.delete();
          alive = false;
        } else {
          change = RowChangeList.update(update(r, pools));
        }
        row.add(new DeltaCell(new DeltaKey(ordinal, ts), change));
        ts += 1 + r.nextInt(1 << 20);
      }
      if (type == DeltaType.UNDO) {
        java.util.Collections.reverse(row); // newest first
      }
      out.addAll(row);
    }
    return out;
  }

  private static final long[] SMALL_TIMESTAMPS = {0, 1, 240, 241, 2287, 2288, 67823, 67824,
      (1L << 24) - 5, (1L << 32) - 5, (1L << 40) - 5, (1L << 48) - 5, (1L << 56) - 5_000_000};

  private static List<ColumnUpdate> update(Random r, Map<KuduType, List<byte[]>> pools) {
    List<Integer> ids = new ArrayList<>(COLUMNS.keySet());
    java.util.Collections.shuffle(ids, r);
    List<ColumnUpdate> out = new ArrayList<>();
    for (int id : ids.subList(0, 1 + r.nextInt(4))) {
      out.add(value(id, r, pools));
    }
    return out;
  }

  private static List<ColumnUpdate> reinsert(Random r, Map<KuduType, List<byte[]>> pools) {
    List<ColumnUpdate> out = new ArrayList<>();
    for (int id : COLUMNS.keySet()) {
      out.add(value(id, r, pools));
    }
    return out;
  }

  /** A new value of column {@code id}: NULL one time in six, else a tricky cell of its type. */
  private static ColumnUpdate value(int id, Random r, Map<KuduType, List<byte[]>> pools) {
    if (r.nextInt(6) == 0) {
      return ColumnUpdate.setNull(id);
    }
    List<byte[]> pool = pools.get(COLUMNS.get(id));
    return ColumnUpdate.of(id, pool.get(r.nextInt(pool.size())));
  }

  @TestFactory
  Stream<DynamicTest> kuduPrintsEveryDeltaAsColfileEncodedIt() {
    assertThat(cases).isNotEmpty();
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.file().name(), () -> check(c)));
  }

  private void check(DeltaCase c) throws IOException {
    KuduDump dump = dumps.get(c.file().blockId());
    assertThat(ColfileCFiles.problems(c.file(), dump))
        .as("%s, %s", c.file().name(), TestSeed.replay()).isEmpty();
    KuduProto.CFileFooterPB footer = dump.footer();
    assertThat(footer.hasPosidxInfo()).as("a positional index").isFalse();
    assertThat(footer.hasValidxInfo()).as("a value index").isTrue();
    assertThat(footer.getMetadataList()).extracting(KuduProto.FileMetadataPairPB::getKey)
        .containsExactly("deltafilestats");
    KuduProto.DeltaStatsPB stats =
        KuduProto.DeltaStatsPB.parseFrom(footer.getMetadata(0).getValue());
    long deletes = 0;
    long reinserts = 0;
    long min = -1;
    long max = 0;
    Map<Integer, Long> updates = new TreeMap<>();
    for (DeltaCell d : c.deltas()) {
      switch (d.changes().type()) {
        case DELETE -> deletes++;
        case REINSERT -> reinserts++;
        default -> { }
      }
      for (ColumnUpdate u : d.changes().updates()) {
        updates.merge(u.columnId(), 1L, Long::sum);
      }
      min = Long.compareUnsigned(d.key().timestamp(), min) < 0 ? d.key().timestamp() : min;
      max = Long.compareUnsigned(d.key().timestamp(), max) > 0 ? d.key().timestamp() : max;
    }
    Map<Integer, Long> printed = new TreeMap<>();
    stats.getColumnStatsList().forEach(s -> printed.put(s.getColId(), s.getUpdateCount()));
    assertThat(List.of(stats.getDeleteCount(), stats.getReinsertCount(),
        stats.getMinTimestamp(), stats.getMaxTimestamp(), printed))
        .as("deltafilestats (deletes, reinserts, min and max timestamp, updates per column)")
        .isEqualTo(List.of(deletes, reinserts, min, max, updates));
    assertThat(stats.hasReinsertCount()).as("reinsert_count is written, as Kudu does").isTrue();
    try (io.colfile.kudu.CFile reader = io.colfile.kudu.CFile.open(
        io.colfile.core.io.InputFile.of(c.file().name(), c.file().bytes()))) {
      assertThat(ColfileCFiles.leafPointers(reader.valueIndex())).as("data blocks")
          .hasSizeGreaterThanOrEqualTo(c.file().name().contains("1KiB") ? 10 : 1);
    }
  }
}
