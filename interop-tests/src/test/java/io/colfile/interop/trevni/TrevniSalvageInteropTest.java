package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.SalvageReport;
import io.colfile.testkit.TestSeed;
import io.colfile.trevni.BlockInfo;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniFile;
import io.colfile.trevni.TrevniSalvage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * colfile salvages Trevni files trevni-avro wrote (deflate, CRC-32), cut short or with a block
 * damaged, and trevni-avro reads the salvaged file: the original's records before the first
 * block of any column that is cut or damaged (from the original's block layout), in order, and
 * the same Avro schema.
 */
@ExtendWith(TestSeed.class)
class TrevniSalvageInteropTest {
  private static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\","
      + "\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
      + "{\"name\":\"name\",\"type\":\"string\"},"
      + "{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"items\":\"int\"}}]}");
  private static final int ROWS = 60_000;

  @TempDir Path dir;

  private static List<Object> records() {
    List<Object> out = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      GenericData.Record rec = new GenericData.Record(SCHEMA);
      rec.put("id", (long) i);
      rec.put("name", "name-" + (i * 7919L % 100_003));
      List<Integer> tags = new ArrayList<>();
      for (int t = 0; t < i % 4; t++) {
        tags.add(i + t);
      }
      rec.put("tags", tags);
      out.add(rec);
    }
    return out;
  }

  @Test
  void trevniAvroReadsWhatSalvageKeeps() throws IOException {
    List<Object> records = records();
    Path original = dir.resolve("avro.trv");
    AvroFiles.writeJava(original, SCHEMA, records,
        new AvroFiles.Settings(TrevniCodec.DEFLATE, TrevniChecksum.CRC32, true, true));
    byte[] bytes = Files.readAllBytes(original);
    List<long[]> blocks = new ArrayList<>(); // {first row, start, end with the checksum}
    try (TrevniFile f = TrevniFile.open(InputFile.of("avro.trv", bytes))) {
      for (int c = 0; c < f.columnCount(); c++) {
        for (BlockInfo b : f.blocks(c)) {
          blocks.add(new long[] {b.firstRow(), b.offset(),
              b.offset() + b.compressedSize() + f.checksum(c).size()});
        }
      }
    }
    assertThat(blocks.size()).as("blocks").isGreaterThan(6);
    long headerEnd = blocks.stream().mapToLong(b -> b[1]).min().orElseThrow();
    Random r = TestSeed.random("trevni-salvage", 0);
    int partial = 0;
    for (int i = 0; i < 8; i++) {
      byte[] damaged;
      long expected = ROWS;
      String what;
      if (i % 2 == 0) {
        int cut = (int) (headerEnd + r.nextInt((int) (bytes.length - headerEnd)));
        damaged = Arrays.copyOf(bytes, cut);
        for (long[] b : blocks) {
          if (b[2] > cut) {
            expected = Math.min(expected, b[0]);
          }
        }
        what = "cut at " + cut;
      } else {
        long[] b = blocks.get(r.nextInt(blocks.size()));
        damaged = bytes.clone();
        damaged[(int) (b[1] + r.nextInt((int) (b[2] - b[1])))] ^= (byte) (1 + r.nextInt(255));
        expected = b[0];
        what = "block at " + b[1] + " damaged";
      }
      Path out = dir.resolve("salvaged-" + i + ".trv");
      SalvageReport report = TrevniSalvage.salvage(InputFile.of("damaged.trv", damaged),
          OutputFile.local(out));
      what += ", " + TestSeed.replay() + ": " + report.summary();
      assertThat(report.rowsKept()).as(what).isEqualTo(expected);
      AvroFiles.assertJavaReads(out, null, records.subList(0, (int) expected), SCHEMA, what);
      if (expected > 0 && expected < ROWS) {
        partial++;
      }
    }
    assertThat(partial).as("salvaged files that kept some rows and lost others, "
        + TestSeed.replay()).isPositive();
  }
}
