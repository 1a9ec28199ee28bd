package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.FileReader;
import io.colfile.kudu.tablet.KuduServerDir;
import io.colfile.kudu.tablet.KuduTable;
import io.colfile.kudu.tablet.TabletMeta;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A stopped Kudu tablet server's directory ({@link DirArchive}): its {@code instance}, the data
 * directory's {@code block_manager_instance} and log block containers ({@code <id>.metadata},
 * protobuf containers of block records, and {@code <id>.data}), the tablet superblocks of {@code
 * tablet-meta/} and the write-ahead log of {@code wals/}, any of them damaged. Opened as {@code
 * colfile} opens a server, described, and each table and tablet read whole: as it stopped
 * (flushed rows plus the log replayed), as of a time, and salvaged around damage.
 */
class KuduTabletServerFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu tablet server directory", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    Path dir = DirArchive.unpack(bytes);
    try {
      KuduServerDir server = KuduServerDir.open(dir, List.of());
      server.skipped();
      try {
        server.describe();
      } catch (IOException refused) {
        // the next step still runs
      }
      for (KuduTable t : server.tables()) {
        for (long micros : new long[] {-1, 1_700_000_000_000_000L}) {
          for (boolean salvage : new boolean[] {false, true}) {
            try (FileReader r = server.openTable(t.name(), micros, salvage)) {
              FileSteps.read(r);
            } catch (IOException refused) {
              // the next step still runs
            }
          }
        }
      }
      for (TabletMeta m : server.tablets()) {
        try (FileReader r = server.openTablet(m.tabletId())) {
          FileSteps.read(r);
        } catch (IOException refused) {
          // the next tablet
        }
      }
    } finally {
      DirArchive.delete(dir);
    }
  }
}
