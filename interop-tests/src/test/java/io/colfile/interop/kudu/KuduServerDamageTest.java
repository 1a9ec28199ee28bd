package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.fs.FileBlockStore;
import io.colfile.kudu.tablet.KuduServerDir;
import io.colfile.kudu.tablet.KuduTable;
import io.colfile.kudu.tablet.LiveTablet;
import io.colfile.kudu.tablet.RowSetMeta;
import io.colfile.kudu.tablet.TableReader;
import io.colfile.kudu.tablet.TabletMeta;
import io.colfile.kudu.wal.LogSegment;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged copies of a killed Kudu tablet server's directory: a damaged column block, a log
 * segment cut short or damaged inside, a missing log container. Each gives a clear error
 * naming what is damaged, or with salvage the rows of the undamaged parts and a note of what
 * was left out.
 */
class KuduServerDamageTest {
  @TempDir Path tmp;

  /** A sparse-aware copy of the generator's server directory. */
  private Path copy(String blockManager) throws Exception {
    Path from = KuduTabletDirs.get(blockManager).resolve("tserver");
    Path to = tmp.resolve("tserver-" + blockManager);
    Process p = new ProcessBuilder("cp", "-a", "--sparse=always", from.toString(), to.toString())
        .inheritIO().start();
    assertThat(p.waitFor()).isZero();
    return to;
  }

  private static long rows(TableReader r) throws IOException {
    long n = 0;
    try (BatchReader b = r.read(ReadOptions.defaults())) {
      ColumnBatch batch = b.newBatch();
      while (b.next(batch)) {
        n += batch.size;
      }
    }
    return n;
  }

  @Test
  void aDamagedColumnBlockIsNamedOrSalvagedAround() throws Exception {
    Path server = copy("file");
    KuduServerDir clean = KuduServerDir.open(server, List.of());
    long all;
    try (TableReader t = clean.openTable("alltypes")) {
      all = rows(t);
    }
    TabletMeta tablet = clean.tables().stream().filter(t -> t.name().equals("alltypes"))
        .findFirst().orElseThrow().tablets().get(0);
    RowSetMeta rs = tablet.rowsets().get(0);
    long block = rs.columnBlocks().values().iterator().next();
    Path file = ((FileBlockStore) clean.blocks()).blockPath(block);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(f.length() - 1); // the footer's magic
      int b = f.read();
      f.seek(f.length() - 1);
      f.write(b ^ 0x20);
    }
    KuduServerDir dir = KuduServerDir.open(server, List.of());
    assertThatThrownBy(() -> {
      try (TableReader t = dir.openTable("alltypes")) {
        rows(t);
      }
    }).hasMessageContaining(Long.toUnsignedString(block));
    try (TableReader t = dir.openTable("alltypes", -1, true)) {
      assertThat(t.damage()).singleElement().asString()
          .contains("rowset " + rs.id() + " left out").contains(Long.toUnsignedString(block));
      long salvaged = rows(t);
      assertThat(salvaged).isLessThan(all).isGreaterThan(all / 2);
    }
  }

  @Test
  void aLogCutShortEndsCleanlyAndADamagedEntryIsNamedOrSalvaged() throws Exception {
    Path server = copy("file");
    KuduServerDir dir = KuduServerDir.open(server, List.of());
    KuduTable table = dir.tables().stream().filter(t -> t.name().equals("strkey"))
        .findFirst().orElseThrow();
    String id = table.tablets().get(0).tabletId();
    Path segment;
    try (Stream<Path> s = Files.list(server.resolve("wals").resolve(id))) {
      segment = s.filter(p -> p.getFileName().toString().startsWith("wal-")).sorted()
          .findFirst().orElseThrow();
    }
    LogSegment whole = LogSegment.read(InputFile.local(segment));
    long end = Long.parseLong(whole.end().replaceAll("\\D+(\\d+).*", "$1"));

    // cut inside the last entry, as a crash mid-write leaves it: the log ends cleanly there
    byte[] bytes = Files.readAllBytes(segment);
    Files.write(segment, java.util.Arrays.copyOf(bytes, (int) end - 5));
    try (LiveTablet t = dir.openLiveTablet(id)) {
      assertThat(t.describe().get("log end").toString()).contains("torn entry");
      assertThat(t.numberOfRows()).isPositive();
    }

    // a flipped byte inside the first entry, valid entries after it: damage, named
    byte[] damaged = bytes.clone();
    int first = 12 + (int) Integer.toUnsignedLong(
        java.nio.ByteBuffer.wrap(bytes, 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt());
    damaged[first + 20] ^= 0x55;
    Files.write(segment, damaged);
    assertThatThrownBy(() -> dir.openLiveTablet(id).close())
        .hasMessageContaining(segment.getFileName().toString())
        .hasMessageContaining("file offset " + first);
    try (LiveTablet t = dir.openLiveTablet(id, -1, true)) {
      assertThat(t.damage()).singleElement().asString()
          .contains("damaged entry at offset " + first);
    }
  }

  @Test
  void aMissingLogContainerIsNamedOrSalvagedAround() throws Exception {
    Path server = copy("log");
    Path data;
    try (Stream<Path> s = Files.list(server.resolve("data"))) {
      data = s.filter(p -> p.getFileName().toString().endsWith(".data")).sorted()
          .findFirst().orElseThrow();
    }
    Files.delete(data);
    KuduServerDir dir = KuduServerDir.open(server, List.of());
    int failed = 0;
    for (KuduTable table : dir.tables()) {
      try (TableReader t = dir.openTable(table.name())) {
        rows(t);
      } catch (IOException | RuntimeException e) {
        assertThat(e).hasMessageContaining(data.getFileName().toString());
        failed++;
        try (TableReader t = dir.openTable(table.name(), -1, true)) {
          assertThat(t.damage()).isNotEmpty().allMatch(d -> d.contains("left out"));
          rows(t);
        }
      }
    }
    assertThat(failed).as("a table with blocks in " + data).isPositive();
  }
}
