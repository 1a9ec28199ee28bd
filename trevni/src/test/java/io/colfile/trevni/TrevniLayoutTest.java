package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.encoding.Endian;
import io.colfile.core.io.InputFile;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import io.colfile.core.types.Type;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TrevniFile#layout()} on seeded random files colfile writes (column API and records,
 * every codec, with and without checksums, small blocks): the spans tile the file with no
 * UNKNOWN byte, the header comes first, and every column is its block count and descriptors
 * followed by its blocks, each where the descriptors put it (worked out here from the raw
 * descriptors for columns without first values) and as long as its compressed size and checksum
 * (empty blocks have no bytes and no span).
 */
@ExtendWith(TestSeed.class)
class TrevniLayoutTest {
  @TempDir Path dir;

  @Test
  void columnFilesAreTiledByHeaderDescriptorsAndBlocks() throws IOException {
    for (int round = 0; round < (TestSeed.exhaustive() ? 100 : 10); round++) {
      Random r = TestSeed.random("layoutColumns", round);
      byte[] file = RandomColumnFiles.write(r, 1 + r.nextInt(1500), RandomColumnFiles.options(r),
          dir);
      check(file);
    }
  }

  @Test
  void recordFilesAreTiledByHeaderDescriptorsAndBlocks() throws IOException {
    for (int round = 0; round < (TestSeed.exhaustive() ? 50 : 6); round++) {
      Random r = TestSeed.random("layoutRecords", round);
      Type schema = RandomRecordFiles.schema(r, 6);
      byte[] file = RandomRecordFiles.write(r, schema, r.nextInt(1500),
          RandomColumnFiles.options(r), dir);
      check(file);
    }
  }

  private static void check(byte[] bytes) throws IOException {
    try (TrevniReader reader = TrevniReader.open(InputFile.of("t.trv", bytes))) {
      FileLayout l = reader.layout();
      TrevniFile f = reader.file();
      assertThat(l.format()).isEqualTo("Trevni");
      assertThat(l.rows()).isEqualTo(f.rowCount());
      assertThat(l.fileLength()).isEqualTo(bytes.length);
      assertThat(l.spans()).as(TestSeed.replay()).noneMatch(s -> s.role() == SpanRole.UNKNOWN);
      List<LayoutSpan> spans = l.spans();
      assertThat(spans.get(0).structure()).isEqualTo("header");
      assertThat(spans.get(0).length()).isEqualTo(f.headerLength());
      int at = 1;
      for (int c = 0; c < f.columnCount(); c++) {
        LayoutSpan table = spans.get(at++);
        assertThat(table.role()).isEqualTo(SpanRole.INDEX);
        assertThat(table.offset()).as(TestSeed.replay()).isEqualTo(f.columnStart(c));
        assertThat(table.column()).isEqualTo(c);
        assertThat(table.columnName()).isEqualTo(f.column(c).name());
        int count = Endian.getIntLE(bytes, (int) f.columnStart(c));
        assertThat(table.details().get("blocks")).isEqualTo(count);
        long offset = f.columnStart(c) + 4;
        if (!f.column(c).hasFirstValues()) {
          assertThat(table.length()).isEqualTo(4 + 12L * count);
        }
        long blockAt = table.end();
        int crc = f.checksum(c) == null ? 0 : f.checksum(c).size();
        List<BlockInfo> blocks = f.blocks(c);
        for (int b = 0; b < count; b++) {
          if (blocks.get(b).compressedSize() + crc == 0) {
            offset += 12; // an empty block without a checksum has no bytes to show
            continue;
          }
          LayoutSpan block = spans.get(at++);
          assertThat(block.role()).isEqualTo(SpanRole.DATA);
          assertThat(block.path()).containsExactly("column '" + f.column(c).name() + "'",
              "block " + b);
          assertThat(block.offset()).as(TestSeed.replay()).isEqualTo(blockAt)
              .isEqualTo(blocks.get(b).offset());
          if (!f.column(c).hasFirstValues()) {
            // descriptor b: rowCount, uncompressedSize, compressedSize (little-endian fixed32)
            int rows = Endian.getIntLE(bytes, (int) offset);
            int uncompressed = Endian.getIntLE(bytes, (int) offset + 4);
            int compressed = Endian.getIntLE(bytes, (int) offset + 8);
            offset += 12;
            assertThat(block.length()).isEqualTo((long) compressed + crc);
            assertThat(block.details().get("rows")).isEqualTo(rows);
            assertThat(block.details().get("uncompressed")).isEqualTo(uncompressed);
          }
          if (crc > 0 && f.codec(c) == TrevniCodec.NULL) {
            // the checksum at the span's end is the CRC-32 of the bytes before it
            CRC32 sum = new CRC32();
            sum.update(bytes, (int) block.offset(), (int) block.length() - 4);
            assertThat(Endian.getIntBE(bytes, (int) block.end() - 4))
                .isEqualTo((int) sum.getValue());
          }
          blockAt = block.end();
        }
      }
      assertThat(at).isEqualTo(spans.size());
    }
  }

  @Test
  void aColumnWhoseDescriptorsAreDamagedIsOneUnknownSpan() throws IOException {
    Random r = TestSeed.random("layoutDamaged", 0);
    byte[] bytes = RandomColumnFiles.write(r, 200, RandomColumnFiles.options(r), dir);
    long start;
    try (TrevniFile f = TrevniFile.open(InputFile.of("t.trv", bytes))) {
      start = f.columnStart(0);
    }
    Endian.putIntLE(bytes, (int) start, Integer.MAX_VALUE); // a block count past the file
    try (TrevniFile f = TrevniFile.open(InputFile.of("t.trv", bytes))) {
      FileLayout l = f.layout();
      LayoutSpan bad = l.spans().stream().filter(s -> s.role() == SpanRole.UNKNOWN)
          .findFirst().orElseThrow();
      assertThat(bad.offset()).isEqualTo(start);
      assertThat(bad.column()).isEqualTo(0);
      assertThat((String) bad.details().get("problem")).contains("block count");
    }
  }
}
