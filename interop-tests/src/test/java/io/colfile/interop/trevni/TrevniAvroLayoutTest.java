package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import io.colfile.testkit.TestSeed;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colfile layout} of Trevni files trevni-avro wrote (every codec, with and without
 * checksums, random Avro schemas): the spans tile the file with no UNKNOWN byte, and the header,
 * each column's descriptors and each block are exactly where this test's own parse of the file
 * ({@link TrevniFileParts}) finds them.
 */
@ExtendWith(TestSeed.class)
class TrevniAvroLayoutTest {
  @TempDir Path dir;

  @Test
  void trevniAvroFilesAreTiledWhereTheirDescriptorsSay() throws IOException {
    TrevniCodec[] codecs = TrevniCodec.values();
    for (int round = 0; round < (TestSeed.exhaustive() ? 60 : 12); round++) {
      Random r = TestSeed.random("trevni-avro-layout", round);
      AvroFiles.Settings settings = new AvroFiles.Settings(codecs[round % codecs.length],
          round % 2 == 0 ? TrevniChecksum.NULL : TrevniChecksum.CRC32, false, false);
      AvroGen gen = new AvroGen(r, 2 + r.nextInt(3));
      Schema schema = gen.topLevel();
      int rows = new int[] {0, 1, 40, 1200, 4000}[r.nextInt(5)];
      List<Object> records = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        records.add(gen.datum(schema, 0));
      }
      Path f = dir.resolve("round" + round + ".trv");
      AvroFiles.writeJava(f, schema, records, settings);
      check(Files.readAllBytes(f), TestSeed.replay() + " round " + round + ": " + schema);
    }
  }

  private static void check(byte[] bytes, String what) throws IOException {
    TrevniFileParts parts = TrevniFileParts.parse(bytes);
    try (TrevniReader reader = TrevniReader.open(InputFile.of("java.trv", bytes))) {
      FileLayout l = reader.layout();
      assertThat(l.fileLength()).isEqualTo(bytes.length);
      assertThat(l.rows()).isEqualTo(parts.rowCount);
      assertThat(l.spans()).as(what).noneMatch(s -> s.role() == SpanRole.UNKNOWN);
      List<LayoutSpan> spans = l.spans();
      assertThat(spans.get(0).structure()).isEqualTo("header");
      assertThat(spans.get(0).length()).isEqualTo(parts.headerLength);
      int at = 1;
      for (int c = 0; c < parts.columns.size(); c++) {
        TrevniFileParts.Column col = parts.columns.get(c);
        LayoutSpan table = spans.get(at++);
        assertThat(table.role()).isEqualTo(SpanRole.INDEX);
        assertThat(table.offset()).as(what).isEqualTo(col.start());
        assertThat(table.columnName()).isEqualTo(col.name());
        long end = col.blocks().isEmpty() ? col.start() + 4 : col.blocks().get(0).offset();
        assertThat(table.end()).as(what).isEqualTo(end);
        for (TrevniFileParts.Block b : col.blocks()) {
          long length = b.body().length + b.checksum().length;
          if (length == 0) {
            continue; // no bytes, no span
          }
          LayoutSpan block = spans.get(at++);
          assertThat(block.role()).isEqualTo(SpanRole.DATA);
          assertThat(block.offset()).as(what).isEqualTo(b.offset());
          assertThat(block.length()).as(what).isEqualTo(length);
          assertThat(block.details().get("rows")).isEqualTo(b.rows());
          assertThat(block.details().get("uncompressed")).isEqualTo(b.uncompressed());
        }
        assertThat(spans.get(at - 1).end()).isEqualTo(col.end());
      }
      assertThat(at).as(what).isEqualTo(spans.size());
    }
  }
}
