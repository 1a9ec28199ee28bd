package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.LongVector;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CFile v1 (Kudu 1.2 and older, cfile.md section 3.5): magic {@code kuducfil}, a header with
 * major version 1 and minor version 0, no feature flags, and compressed blocks framed by both
 * their sizes. Files written that way read back, through the v1 rules.
 */
class CFileVersion1Test {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(value = KuduCompression.class, names = {"NONE", "SNAPPY", "LZ4", "ZLIB"})
  void version1FilesReadBack(KuduCompression compression) throws Exception {
    Path p = dir.resolve("v1.cfile");
    int n = 5000;
    BytesVector v = new BytesVector(n);
    for (int i = 0; i < n; i++) {
      if (i % 7 == 3) {
        v.setNull(i);
      } else {
        byte[] s = ("value-" + (i % 40)).getBytes(StandardCharsets.UTF_8);
        v.setRef(i, s, 0, s.length);
      }
    }
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.STRING).nullable(true).compression(compression)
            .checksums(false).formatVersion(1).blockSize(1024).build())) {
      w.append(v, 0, n);
    }
    byte[] bytes = Files.readAllBytes(p);
    assertThat(Arrays.copyOfRange(bytes, 0, 8)).isEqualTo("kuducfil".getBytes());
    assertThat(Arrays.copyOfRange(bytes, bytes.length - 12, bytes.length - 4))
        .isEqualTo("kuducfil".getBytes());
    // header PB: major_version 1, minor_version 0
    assertThat(Endian.getIntLE(bytes, 8)).isEqualTo(4);
    assertThat(Arrays.copyOfRange(bytes, 12, 16)).containsExactly(0x08, 0x01, 0x10, 0x00);
    try (CFile r = CFile.open(InputFile.local(p))) {
      assertThat(r.version()).isEqualTo(1);
      assertThat(r.header().majorVersion()).isEqualTo(1);
      assertThat(r.header().minorVersion()).isZero();
      assertThat(r.footer().hasChecksums()).isFalse();
      assertThat(r.footer().incompatibleFeatures()).isZero();
      assertThat(r.compression()).isEqualTo(compression);
      BytesVector out = new BytesVector(n);
      CFileCursor c = r.newCursor();
      c.seekToFirst();
      assertThat(c.read(out, 0, n)).isEqualTo(n);
      for (int i = 0; i < n; i++) {
        assertThat(out.isNull(i)).isEqualTo(v.isNull(i));
        if (!v.isNull(i)) {
          assertThat(out.getString(i)).isEqualTo(v.getString(i));
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = KuduCompression.class, names = {"SNAPPY", "LZ4", "ZLIB"})
  void aVersion1BlockWhoseSizesDisagreeIsCorrupt(KuduCompression compression) throws Exception {
    Path p = dir.resolve("v1.cfile");
    LongVector v = new LongVector(100);
    for (int i = 0; i < 100; i++) {
      v.vector[i] = i;
    }
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.INT64).compression(compression).checksums(false)
            .formatVersion(1).encoding(KuduEncoding.PLAIN).build())) {
      w.append(v, 0, 100);
    }
    byte[] bytes = Files.readAllBytes(p);
    // the first block starts after the 16-byte header; its first field is the compressed size
    Endian.putIntLE(bytes, 16, Endian.getIntLE(bytes, 16) + 1);
    Files.write(p, bytes);
    try (CFile r = CFile.open(InputFile.local(p))) {
      CFileCursor c = r.newCursor();
      assertThatThrownBy(c::seekToFirst)
          .isInstanceOf(io.colfile.core.error.CorruptFileException.class)
          .hasMessageContaining("v1 block header says");
    }
  }

  @ParameterizedTest
  @EnumSource(value = KuduCompression.class, names = {"NONE"})
  void version1HasNoChecksums(KuduCompression compression) {
    assertThatThrownBy(() -> CFileWriterOptions.builder(KuduType.INT64).compression(compression)
        .formatVersion(1).build()).hasMessageContaining("no checksums");
  }
}
