package io.colfile.kudu.bloom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduSharedData;
import io.colfile.kudu.RawCFile;
import io.colfile.kudu.RowsetKeys;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * The bloom files of the corpus (every rowset of every table): each block Kudu wrote says "may
 * contain" for each primary key that went into it, and a filter built here from the same keys,
 * 1710 per block in row order, has the identical bytes, header included. The keys come from the
 * key column dumps, encoded by {@link io.colfile.kudu.key.KeyEncoder}, or, for composite keys,
 * from the ad-hoc index.
 */
class BloomGoldenTest {
  @Test
  void everyBloomBlockMatchesItsKeys() throws IOException, MalformedInputException {
    int blocks = 0;
    int keysChecked = 0;
    for (KuduSharedData.Table t : KuduSharedData.tables()) {
      for (int rs : t.rowsets()) {
        String name = t.name() + "/rs" + rs + ".bloom.cfile";
        RawCFile file = RawCFile.read(t.file("rs" + rs + ".bloom.cfile"));
        KuduProto.CFileFooterPB footer = file.footer();
        // cfile.md 10.1: BINARY, PLAIN, never compressed, no values, a value index.
        assertEquals(12, footer.getDataType(), name);
        assertEquals(1, footer.getEncoding(), name);
        assertEquals(1, footer.getCompression(), name);
        assertEquals(0, footer.getNumValues(), name);
        assertTrue(file.checksums(), name);

        List<byte[]> keys = RowsetKeys.kuduKeys(t, rs);
        int perBlock = BloomFilterSizing.TABLET.expectedCount();
        int numBlocks = (keys.size() + perBlock - 1) / perBlock;
        int blockLen = 4 + 2 + 4096;
        int onDisk = blockLen + 4; // the CRC-32C after each block
        // The blocks sit back to back after the header; the value index follows the last one.
        assertEquals(file.headerEnd() + (long) numBlocks * onDisk,
            footer.getValidxInfo().getRootBlock().getOffset(), name + " value index offset");

        byte[] bytes = file.bytes();
        for (int b = 0; b < numBlocks; b++) {
          int at = file.headerEnd() + b * onDisk;
          CRC32C crc = new CRC32C();
          crc.update(bytes, at, blockLen);
          assertEquals((int) crc.getValue(), Endian.getIntLE(bytes, at + blockLen),
              name + " block " + b + " checksum");

          BloomFilter kudus = BloomFilter.fromBlock(bytes, at, blockLen);
          assertEquals(13, kudus.numHashes(), name);
          BloomFilter ours = new BloomFilter(BloomFilterSizing.TABLET);
          List<byte[]> group =
              keys.subList(b * perBlock, Math.min(keys.size(), (b + 1) * perBlock));
          for (byte[] key : group) {
            assertTrue(kudus.mayContain(key), name + " block " + b + " lacks a key");
            ours.add(key);
            keysChecked++;
          }
          assertEquals(group.size(), ours.count());
          assertArrayEquals(Arrays.copyOfRange(bytes, at, at + blockLen), ours.toBlock(),
              name + " block " + b + " differs from the filter built from its keys");
          blocks++;
        }
      }
    }
    // 21 rowsets, s_bigindex's 2800 keys in two blocks.
    assertEquals(22, blocks, "bloom blocks checked");
    assertTrue(keysChecked >= 13_000, keysChecked + " keys");
  }
}
