package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache ORC's known timestamp quirk (specs/orc.md 8.1): instants strictly between -1 s and 0
 * are written as second 0 and read back 1 s later (-0.5 s reads as +0.5 s, -1 ms as +999 ms).
 * colfile must read such files exactly as orc-core does, quirk included.
 */
class TimestampQuirkTest {
  @Test
  void instantsJustBefore1970ReadAsOrcCoreReadsThem(@TempDir Path dir) throws IOException {
    long[] millis = {-500, -1, -999, -1000, -1001, -1500, 0, 1, 999, -86_400_000L + 1};
    Path file = dir.resolve("quirk.orc");
    TypeDescription schema = TypeDescription.fromString("struct<t:timestamp>");
    TimeZone saved = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    List<String> orcCore = new ArrayList<>();
    try {
      try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()),
          OrcFile.writerOptions(new Configuration()).setSchema(schema).useUTCTimestamp(true))) {
        VectorizedRowBatch b = schema.createRowBatch();
        TimestampColumnVector t = (TimestampColumnVector) b.cols[0];
        for (long ms : millis) {
          t.set(b.size++, new Timestamp(ms));
        }
        w.addRowBatch(b);
      }
      Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
          OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
      try (RecordReader rows = reader.rows()) {
        VectorizedRowBatch b = reader.getSchema().createRowBatch();
        while (rows.nextBatch(b)) {
          TimestampColumnVector t = (TimestampColumnVector) b.cols[0];
          for (int i = 0; i < b.size; i++) {
            orcCore.add(t.time[i] + "ms+" + (t.nanos[i] % 1_000_000) + "ns");
          }
        }
      }
    } finally {
      TimeZone.setDefault(saved);
    }
    // The quirk itself, as orc-core shows it: -500 ms comes back as +500 ms.
    assertThat(orcCore.get(0)).isEqualTo("500ms+0ns");
    assertThat(orcCore.get(1)).isEqualTo("999ms+0ns");

    List<String> colfile = new ArrayList<>();
    for (String line : ColfileReader.readWithColfile(file, null)) {
      colfile.add(line);
    }
    List<String> expected = new ArrayList<>();
    for (String ms : orcCore) {
      long time = Long.parseLong(ms.substring(0, ms.indexOf("ms")));
      StringBuilder line = new StringBuilder("{\"t\": ");
      ExpectedJson.timestamp(line, LocalDateTime.ofEpochSecond(Math.floorDiv(time, 1000),
          (int) Math.floorMod(time, 1000) * 1_000_000, ZoneOffset.UTC));
      expected.add(line.append('}').toString());
    }
    assertThat(colfile).containsExactlyElementsOf(expected);
  }
}
