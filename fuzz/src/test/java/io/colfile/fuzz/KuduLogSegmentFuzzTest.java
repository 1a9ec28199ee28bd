package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.tablet.KuduServerDir;
import io.colfile.kudu.wal.LogEntry;
import io.colfile.kudu.wal.LogSegment;
import io.colfile.kudu.wal.RowOperations;
import java.io.IOException;

/**
 * A segment of a Kudu tablet's write-ahead log ({@code wals/<tablet>/wal-NNNNNNNNN}), from
 * bytes: read as a tablet opens it and as a salvage does (stopping at a damaged entry), then
 * each write's client schema (a SchemaPB) and row operations decoded, as a replay does.
 */
class KuduLogSegmentFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu log segment", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    for (boolean salvage : new boolean[] {false, true}) {
      LogSegment s;
      try {
        s = LogSegment.read(InputFile.of("wal-000000001", bytes), salvage);
      } catch (IOException refused) {
        continue;
      }
      s.header();
      s.footer();
      s.end();
      for (LogEntry e : s.entries()) {
        if (e instanceof LogEntry.Replicate r && r.write() != null) {
          String where = s.name() + " / op " + r.id();
          try {
            KuduSchema client = KuduServerDir.clientSchema(r.write().schema(), where);
            RowOperations.decode(r.write().rows(), r.write().indirectData(), client.columns(),
                where);
          } catch (IOException refused) {
            // the next entry
          }
        }
      }
    }
  }
}
