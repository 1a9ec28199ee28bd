package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.testkit.TestSeed;
import io.colfile.kudu.CFile;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.bloom.BloomFileWriter;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kudu 1.17.1 reads colfile's BloomFiles (cfile.md section 10): the encoded keys of 5 000 rows
 * (three filter blocks of 1710 keys), with and without checksums. Kudu's tool cannot print a
 * BloomFile's blocks (they are raw filter bits, not BINARY blocks), so, as the corpus dumps of
 * Kudu's own BloomFiles are made, they are dumped with {@code --noprint_rows}: Kudu must read and
 * print the footer colfile wrote. Dumped with rows, Kudu follows the value index to the first
 * filter block, verifies its checksum, and only then fails to decode it as a string block, the
 * way it fails on a BloomFile it wrote itself; with that block damaged it reports a checksum
 * error instead. (Whether Kudu's probes find the keys is not something a tool shows: the bits
 * are checked against Kudu's own BloomFiles in the kudu module's golden tests.)
 */
@ExtendWith(TestSeed.class)
class KuduReadsColfileBloomTest {
  private static final int KEYS = 5_000;

  @TempDir Path dir;

  @Test
  void kuduReadsTheFooterAndTheFirstBlockOfColfilesBloomFiles() throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    Random r = TestSeed.random("bloom", 0);
    TreeSet<byte[]> keys = new TreeSet<>(Arrays::compareUnsigned);
    while (keys.size() < KEYS) { // composite keys (STRING, INT32): escaped string, 00 00, BE int
      byte[] s = new byte[r.nextInt(12)];
      r.nextBytes(s);
      keys.add(KuduKeys.stringInt32(s, r.nextInt()));
    }
    Map<Long, byte[]> files = new LinkedHashMap<>();
    for (boolean checksums : new boolean[] {true, false}) {
      Path p = dir.resolve("bloom-" + checksums);
      try (BloomFileWriter w = BloomFileWriter.create(OutputFile.local(p), checksums)) {
        for (byte[] k : keys) {
          w.add(k);
        }
      }
      files.put(checksums ? 1L : 2L, Files.readAllBytes(p));
    }
    byte[] damaged = firstBlockDamaged(files.get(1L));
    Map<Long, List<String>> flags = new LinkedHashMap<>();
    for (Map.Entry<Long, byte[]> f : files.entrySet()) {
      fs.put(f.getKey(), f.getValue());
      fs.put(f.getKey() + 10, f.getValue());
      flags.put(f.getKey(), List.of("--noprint_rows"));
      flags.put(f.getKey() + 10, List.of());
    }
    fs.put(21, damaged);
    flags.put(21L, List.of());
    Map<Long, KuduDump> dumps = fs.dumpAll(flags);

    for (long id : List.of(1L, 2L)) {
      byte[] file = files.get(id);
      KuduDump dump = dumps.get(id).requireOk();
      KuduProto.CFileFooterPB footer = ColfileCFiles.footer(file);
      assertThat(dump.footer()).as("block %d", id).isEqualTo(footer);
      assertThat(dump.values()).isEmpty();
      assertThat(List.of(footer.getDataType(), footer.getEncoding(), footer.getCompression(),
          footer.getNumValues(), footer.hasPosidxInfo(), footer.hasValidxInfo(),
          footer.getIncompatibleFeatures()))
          .as("BINARY, PLAIN, NO_COMPRESSION, 0 values, value index only, checksums")
          .isEqualTo(List.of(KuduType.BINARY.wireId(), KuduEncoding.PLAIN.wireId(),
              KuduCompression.NONE.wireId(), 0L, false, true, id == 1 ? 1 : 0));
      try (CFile reader = CFile.open(InputFile.of("bloom", file))) {
        assertThat(ColfileCFiles.leafPointers(reader.valueIndex())).as("filter blocks")
            .hasSize((KEYS + 1709) / 1710);
      }

      KuduDump withRows = dumps.get(id + 10);
      assertThat(withRows.ok()).as("Kudu decodes a filter block as strings").isFalse();
      assertThat(withRows.stderr()).as("block %d", id + 10)
          .contains("unable to decode data block header").doesNotContain("checksum");
    }
    KuduDump bad = dumps.get(21L);
    assertThat(bad.ok()).isFalse();
    assertThat(bad.stderr()).contains("checksum error on CFile block 0000000000000021");
  }

  /** The file with a byte in the middle of its first filter block flipped. */
  private static byte[] firstBlockDamaged(byte[] file) throws IOException {
    try (CFile reader = CFile.open(InputFile.of("bloom", file))) {
      var first = ColfileCFiles.leafPointers(reader.valueIndex()).get(0);
      return ColfileCFiles.flip(file, (int) first.offset() + first.size() / 2);
    }
  }
}
