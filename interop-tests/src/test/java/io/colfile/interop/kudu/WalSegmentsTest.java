package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.wal.LogEntry;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.tablet.KuduServerDir;
import io.colfile.kudu.wal.LogSegment;
import io.colfile.kudu.wal.RowOperations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The write-ahead logs of a tablet server the real Kudu wrote and was killed in (SIGKILL, its
 * last wave of writes only in the logs): every segment reads, entries pass their checksums, each
 * commit answers a replicated write, the logs end at Kudu's preallocated space, and they hold
 * exactly the row operations the generator says it sent to each table, failed ones included.
 */
class WalSegmentsTest {
  @Test
  void theLogsHoldEveryRowOperationSent() throws Exception {
    Path out = KuduTabletDirs.get("file");
    JsonNode manifest = new ObjectMapper().readTree(out.resolve("manifest.json").toFile());
    Path wals = out.resolve("tserver/wals");
    for (JsonNode table : manifest.get("tables")) {
      long expectedOps = 0;
      long expectedFailed = 0;
      for (JsonNode wave : manifest.get("waves")) {
        for (Iterator<Map.Entry<String, JsonNode>> it =
            wave.get("ops").get(table.get("table").asText()).fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          if (e.getKey().equals("failed")) { // a sum of the kinds that fail, not a kind
            expectedFailed += e.getValue().asLong();
          } else {
            expectedOps += e.getValue().asLong();
          }
        }
      }
      long ops = 0;
      long failed = 0;
      for (JsonNode tablet : table.get("tablets")) {
        String id = tablet.get("tablet_id").asText();
        List<LogSegment> segments = segments(wals.resolve(id));
        assertThat(segments).as(id).isNotEmpty();
        Map<LogEntry.OpId, Integer> written = new java.util.HashMap<>();
        long lastSequence = -1;
        for (LogSegment s : segments) {
          assertThat(s.header().tabletId()).isEqualTo(id);
          assertThat(s.header().sequenceNumber()).isGreaterThan(lastSequence);
          lastSequence = s.header().sequenceNumber();
          for (LogEntry e : s.entries()) {
            if (e instanceof LogEntry.Replicate r && r.opType() == LogEntry.WRITE_OP) {
              assertThat(r.write().tabletId()).isEqualTo(id);
              assertThat(r.micros()).isBetween(1_600_000_000_000_000L, 2_000_000_000_000_000L);
              // the rows decode in the schema the client sent, every key column set
              String where = s.name() + " / op " + r.id();
              KuduSchema client = KuduServerDir.clientSchema(r.write().schema(), where);
              List<RowOperations.Op> rows = RowOperations.decode(r.write().rows(),
                  r.write().indirectData(), client.columns(), where);
              for (RowOperations.Op op : rows) {
                for (int k = 0; k < client.keys().size(); k++) {
                  if (client.keys().get(k).name().equals("auto_incrementing_id")
                      && op.type() == RowOperations.Type.INSERT) {
                    continue; // a non-unique key's counter: the server assigns it on insert
                  }
                  int i = client.columns().indexOf(client.keys().get(k));
                  assertThat(op.isSet(i)).as("%s: key %s of %s", where,
                      client.keys().get(k).name(), op).isTrue();
                }
              }
              written.put(r.id(), rows.size());
            }
            if (e instanceof LogEntry.Commit c && c.opType() == LogEntry.WRITE_OP) {
              assertThat(written).as("commit of %s in %s", c.committed(), s.name())
                  .containsKey(c.committed());
              // one result per row operation of the write
              assertThat(c.results()).hasSize(written.get(c.committed()));
              ops += c.results().size();
              failed += c.results().stream().filter(LogEntry.OpResult::failed).count();
            }
          }
        }
        // killed while writing: the last segment is open and ends at its preallocated space
        LogSegment last = segments.get(segments.size() - 1);
        assertThat(last.footer()).isNull();
        assertThat(last.end()).startsWith("preallocated space");
      }
      assertThat(ops).as(table.get("table").asText()).isEqualTo(expectedOps);
      assertThat(failed).as(table.get("table").asText()).isEqualTo(expectedFailed);
    }
  }

  private static List<LogSegment> segments(Path dir) throws Exception {
    List<LogSegment> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("wal-"))
          .sorted().toList()) {
        out.add(LogSegment.read(InputFile.local(f)));
      }
    }
    return out;
  }
}
