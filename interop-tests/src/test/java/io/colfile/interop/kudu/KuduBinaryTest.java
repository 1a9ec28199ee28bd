package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness's own plumbing: the binary the build unpacked, block paths, missing blocks. */
class KuduBinaryTest {
  @TempDir Path dir;

  @Test
  void theUnpackedBinaryIsKudu1171AndExecutable() {
    KuduBinary kudu = KuduBinary.get();
    assertThat(kudu.version()).startsWith("kudu 1.17.1");
    assertThat(Files.isExecutable(kudu.home().resolve("bin").resolve("kudu"))).isTrue();
  }

  @Test
  void blockPathsFollowTheFileBlockManager() {
    Path root = Path.of("fs");
    // cfile.md section 12.3's example
    assertThat(KuduFs.blockPath(root, 97494292028857L))
        .isEqualTo(Path.of("fs", "data", "58", "ab", "a8", "0097494292028857"));
    assertThat(KuduFs.blockPath(root, 1)).isEqualTo(Path.of("fs", "data", "00", "00", "00",
        "0000000000000001"));
    assertThatThrownBy(() -> KuduFs.blockPath(root, 1L << 48))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aMissingBlockIsAReportedFailure() throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    KuduDump dump = fs.dump(42);
    assertThat(dump.ok()).isFalse();
    assertThat(dump.stderr()).startsWith("Not found: ").contains("0000000000000042");
    assertThat(dump.values()).isEmpty();
  }
}
