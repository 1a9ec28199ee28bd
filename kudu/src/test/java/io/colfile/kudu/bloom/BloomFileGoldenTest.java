package io.colfile.kudu.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.kudu.KuduSharedData;
import io.colfile.kudu.RowsetKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The BloomFiles of the Kudu 1.17 corpus: every key of the rowset probes "may contain" through
 * the file's value index, and colfile's writer, given the same keys in the same order, writes
 * the very same file, byte for byte.
 */
class BloomFileGoldenTest {
  @TempDir Path tmp;

  @Test
  void kuduBloomFilesKnowEveryKeyAndColfileWritesThemIdentically() throws Exception {
    int files = 0;
    for (KuduSharedData.Table t : KuduSharedData.tables()) {
      for (int rs = 0; Files.exists(t.file("rs" + rs + ".bloom.cfile")); rs++) {
        Path kudu = t.file("rs" + rs + ".bloom.cfile");
        List<byte[]> keys = RowsetKeys.kuduKeys(t, rs);
        try (BloomFile r = BloomFile.open(InputFile.local(kudu))) {
          for (byte[] key : keys) {
            assertThat(r.mayContain(key)).as("%s key %s", kudu, key).isTrue();
          }
        }
        Path ours = tmp.resolve(t.name() + "-" + rs + ".bloom.cfile");
        try (BloomFileWriter w = BloomFileWriter.create(OutputFile.local(ours), true)) {
          for (byte[] key : keys) {
            w.add(key);
          }
        }
        assertThat(Files.readAllBytes(ours)).as(kudu.toString())
            .isEqualTo(Files.readAllBytes(kudu));
        files++;
      }
    }
    assertThat(files).isEqualTo(21);
  }
}
