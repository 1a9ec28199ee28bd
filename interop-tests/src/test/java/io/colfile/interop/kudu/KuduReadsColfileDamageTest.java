package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.testkit.TestSeed;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * colfile's CRC-32Cs are the ones Kudu 1.17.1 checks: in files colfile wrote with checksums on,
 * one flipped byte in a data block (four encodings and compressions), the dictionary block, a
 * positional index block, or the stored header or footer checksum makes {@code kudu fs dump
 * cfile} fail with exactly the checksum error it should: for a block, the offset and size
 * colfile's pointer gives, the CRC-32C of the damaged bytes and the CRC colfile stored; for a
 * damaged header or footer CRC, the CRC colfile had stored is the one Kudu computes. The same
 * cells written with checksums off, one
 * byte of a PLAIN value flipped, are read without complaint: Kudu prints colfile's values with
 * just that one changed.
 */
@ExtendWith(TestSeed.class)
class KuduReadsColfileDamageTest {
  @TempDir Path dir;

  /** A damaged file and the text Kudu's error must contain. */
  record Damage(String name, byte[] bytes, String error) {}

  @Test
  void aFlippedByteIsAChecksumErrorWithChecksumsAndAChangedValueWithout() throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    Path scratch = Files.createDirectories(dir.resolve("colfile")).resolve("f.cfile");
    Random r = TestSeed.random("damage", 0);
    List<Damage> damages = new ArrayList<>();
    for (Object[] c : new Object[][] {
        {KuduType.INT32, KuduEncoding.PLAIN, KuduCompression.NONE, false},
        {KuduType.STRING, KuduEncoding.DICT, KuduCompression.LZ4, true},
        {KuduType.DOUBLE, KuduEncoding.BIT_SHUFFLE, KuduCompression.ZLIB, false},
        {KuduType.BOOL, KuduEncoding.RLE, KuduCompression.SNAPPY, true}}) {
      KuduType type = (KuduType) c[0];
      CFileWriterOptions o = CFileWriterOptions.builder(type).encoding((KuduEncoding) c[1])
          .compression((KuduCompression) c[2]).nullable((Boolean) c[3]).blockSize(512).build();
      byte[] file = ColfileCFiles.write(scratch, o, KuduCells.column(type, o.nullable(),
          type == KuduType.BOOL ? 20_000 : 2_000, r), r);
      String name = type.kuduName() + "/" + o.encoding().kuduName() + "/"
          + o.compression().kuduName();
      try (CFile reader = CFile.open(InputFile.of(name, file))) {
        List<BlockPointer> data = ColfileCFiles.leafPointers(reader.positionalIndex());
        assertThat(data).as(name + " data blocks").hasSizeGreaterThanOrEqualTo(3);
        BlockPointer block = data.get(1 + r.nextInt(data.size() - 1));
        damages.add(blockDamage(name + " data block", file, block, r));
        if (o.encoding() == KuduEncoding.DICT) {
          damages.add(blockDamage(name + " dictionary block", file,
              reader.footer().dictionaryBlock(), r));
        }
        if (type == KuduType.INT32) {
          damages.add(blockDamage(name + " posidx root", file,
              reader.footer().posIndexRoot(), r));
          // header: magic, PB length 0, CRC at bytes 12..15
          damages.add(crcDamage(name + " header checksum", file, 12));
          // footer: its CRC sits just before the footer PB, magic and length
          int footerLength = ByteBuffer.wrap(file, file.length - 4, 4)
              .order(ByteOrder.LITTLE_ENDIAN).getInt();
          damages.add(crcDamage(name + " footer checksum", file,
              file.length - 12 - footerLength - 4));
        }
      }
    }
    Map<Long, List<String>> blocks = new LinkedHashMap<>();
    long first = 1;
    long id = first;
    for (Damage d : damages) {
      fs.put(id, d.bytes());
      blocks.put(id++, List.of());
    }

    // checksums off: the same kind of PLAIN INT32 file, one byte of one value flipped
    CFileWriterOptions plain = CFileWriterOptions.builder(KuduType.INT32)
        .encoding(KuduEncoding.PLAIN).checksums(false).blockSize(512).build();
    List<byte[]> cells = KuduCells.column(KuduType.INT32, false, 2_000, r);
    byte[] unchecked = ColfileCFiles.write(scratch, plain, cells, r);
    int row;
    byte[] damaged;
    try (CFile reader = CFile.open(InputFile.of("unchecked", unchecked))) {
      List<BlockPointer> data = ColfileCFiles.leafPointers(reader.positionalIndex());
      BlockPointer block = data.get(1 + r.nextInt(data.size() - 1));
      ByteBuffer header = ByteBuffer.wrap(unchecked, (int) block.offset(), 8)
          .order(ByteOrder.LITTLE_ENDIAN);
      int count = header.getInt(); // PLAIN: count, then the block's first ordinal
      int ordinal = header.getInt();
      int i = r.nextInt(count);
      row = ordinal + i;
      damaged = ColfileCFiles.flip(unchecked, (int) block.offset() + 8 + 4 * i + 1);
    }
    long uncheckedId = id;
    fs.put(uncheckedId, damaged);
    blocks.put(uncheckedId, List.of());
    Map<Long, KuduDump> dumps = fs.dumpAll(blocks);

    List<String> problems = new ArrayList<>();
    for (int k = 0; k < damages.size(); k++) {
      Damage d = damages.get(k);
      KuduDump dump = dumps.get(first + k);
      String expected = d.error().replace("%BLOCK%", String.format("%016d", first + k));
      if (dump.ok() || !dump.stderr().contains(expected)) {
        problems.add(d.name() + ": expected a checksum error containing <" + expected
            + ">, got " + dump.describe());
      }
    }
    assertThat(problems).as(TestSeed.replay()).isEmpty();

    KuduDump dump = dumps.get(uncheckedId).requireOk();
    List<String> expected = new ArrayList<>(KuduCells.lines(KuduType.INT32, cells));
    byte[] changed = cells.get(row).clone();
    changed[1] ^= (byte) 0xff;
    expected.set(row, KuduCells.line(KuduType.INT32, changed));
    assertThat(dump.stderr()).isEmpty();
    assertThat(dump.values()).as("row %d changed, %s", row, TestSeed.replay())
        .isEqualTo(expected).isNotEqualTo(KuduCells.lines(KuduType.INT32, cells));
  }

  /**
   * {@code file} with a byte inside {@code block} (not its CRC) flipped, and Kudu's error: the
   * block at colfile's offset and size, the CRC-32C of the damaged bytes against the one colfile
   * stored after them (Kudu prints both as unsigned decimals).
   */
  private static Damage blockDamage(String name, byte[] file, BlockPointer block, Random r) {
    int start = (int) block.offset();
    int stored = block.size() - 4;
    byte[] damaged = ColfileCFiles.flip(file, start + r.nextInt(stored));
    return new Damage(name, damaged, "checksum error on CFile block %BLOCK% at offset="
        + block.offset() + " size=" + block.size() + ": checksum does not match: "
        + crc32c(damaged, start, stored) + " vs expected " + u32(damaged, start + stored));
  }

  /**
   * {@code file} with a byte of the header or footer CRC at {@code at} flipped: Kudu must
   * compute the CRC colfile had stored there and find the damaged one.
   */
  private static Damage crcDamage(String name, byte[] file, int at) {
    byte[] damaged = ColfileCFiles.flip(file, at + 1);
    return new Damage(name, damaged, "failed to init CFileReader for block %BLOCK%: checksum "
        + "does not match: " + u32(file, at) + " vs expected " + u32(damaged, at));
  }

  private static long crc32c(byte[] b, int off, int len) {
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(b, off, len);
    return crc.getValue();
  }

  private static long u32(byte[] b, int at) {
    return ByteBuffer.wrap(b, at, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
  }
}
