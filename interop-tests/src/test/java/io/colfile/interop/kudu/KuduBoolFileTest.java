package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.interop.kudu.HandBuiltCFile.Bytes;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 90-byte BOOL CFile of cfile.md section 15.1, put together byte by byte: Kudu reads its ten
 * values, and the same file with one damaged data byte makes Kudu fail with a checksum error
 * that the harness reports.
 */
class KuduBoolFileTest {
  /** cfile.md section 15.1, as listed there. */
  private static final String LISTED = """
      6b 75 64 75 63 66 6c 32
      00 00 00 00
      02 94 3a d3
      0a 00 00 00 00 00 00 00
      05 1f 00
      5f 87 c3 ce
      04 00 00 00 00 10 0f
      00 00 00 00
      08 01 10 00
      04 00 00 00
      4b 7d db 88
      43 f2 7b a1
      08 09 10 04 18 0a
      22 06 0a 04 08 1f 10 17
      30 01 40 00 50 01
      6b 75 64 75 63 66 6c 32 14 00 00 00
      """;
  private static final List<String> VALUES = List.of("true", "true", "true", "true", "true",
      "false", "false", "false", "false", "false");
  /** Offset of the data block's second RLE byte (the first 8 values' bits, 0x1f). */
  private static final int DATA_BYTE = 0x19;

  @TempDir Path dir;

  @Test
  void kuduReadsTheListedFile() throws IOException {
    byte[] file = build();
    assertThat(HexFormat.of().formatHex(file)).isEqualTo(LISTED.replaceAll("\\s", ""));
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    fs.put(1, file);
    KuduDump dump = fs.dump(1).requireOk();
    assertThat(dump.values()).containsExactlyElementsOf(VALUES);
    assertThat(dump.header()).isEqualTo(KuduProto.CFileHeaderPB.getDefaultInstance());
    assertThat(dump.footer()).isEqualTo(footer());
    assertThat(dump.stderr()).isEmpty();

    KuduDump valuesOnly = fs.dump(1, "--noprint_meta").requireOk();
    assertThat(valuesOnly.values()).containsExactlyElementsOf(VALUES);
    assertThatThrownBy(valuesOnly::footer).isInstanceOf(IllegalStateException.class);
    KuduDump metaOnly = fs.dump(1, "--noprint_rows").requireOk();
    assertThat(metaOnly.values()).isEmpty();
    assertThat(metaOnly.footer()).isEqualTo(footer());
  }

  @Test
  void oneDamagedDataByteIsAChecksumErrorTheHarnessReports() throws IOException {
    byte[] file = build();
    file[DATA_BYTE] ^= 0x01; // 0x1f -> 0x1e: the first value becomes false
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    fs.put(7, file);
    KuduDump dump = fs.dump(7);
    assertThat(dump.ok()).isFalse();
    assertThat(dump.exitCode()).isNotZero();
    assertThat(dump.stderr())
        .contains("Corruption: checksum error on CFile block 0000000000000007")
        .doesNotContain("fs_manager.cc"); // glog's INFO lines are gone
    assertThatThrownBy(dump::requireOk)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Kudu could not read block 7")
        .hasMessageContaining("checksum error");
    // Header and footer are intact, so Kudu printed them before it failed on the block.
    assertThat(dump.footer()).isEqualTo(footer());
    assertThat(dump.values()).isEmpty();
    // Without verification Kudu decodes the damaged bits: the checksum was the only obstacle.
    KuduDump unchecked = fs.dump(7, "--cfile_verify_checksums=false").requireOk();
    assertThat(unchecked.values()).containsExactly("false", "true", "true", "true", "true",
        "false", "false", "false", "false", "false");
  }

  /** The file, field by field; the CRCs are computed. */
  private static byte[] build() {
    Bytes f = new Bytes();
    f.bytes(HandBuiltCFile.MAGIC).u32(0); // header PB length 0
    f.u32(HandBuiltCFile.crc32c(f.toArray()));
    // data block @16: count 10, ordinal 0, then one RLE literal run: indicator 5 = 2 groups of
    // 8 values (the last one partial), bits LSB first: 0x1f (T T T T T F F F), 0x00 (F F)
    byte[] data = new Bytes().u32(10).u32(0).u8(0x05).u8(0x1f).u8(0x00).toArray();
    int dataSize = f.block(data);
    byte[] trailer = KuduProto.IndexBlockTrailerPB.newBuilder().setNumEntries(1).setType(0)
        .build().toByteArray();
    byte[] index = new Bytes().u8(4).u32(0).u8(16).u8(dataSize) // key "\0\0\0\0", (16, 15)
        .u32(0) // entry 0 at offset 0
        .bytes(trailer).u32(trailer.length).toArray();
    f.block(index);
    byte[] tail = new Bytes().bytes(footer().toByteArray()).bytes(HandBuiltCFile.MAGIC)
        .u32(footer().getSerializedSize()).toArray();
    f.u32(HandBuiltCFile.crc32c(tail)).bytes(tail);
    return f.toArray();
  }

  private static KuduProto.CFileFooterPB footer() {
    return KuduProto.CFileFooterPB.newBuilder()
        .setDataType(KuduType.BOOL.wireId())
        .setEncoding(KuduEncoding.RLE.wireId())
        .setNumValues(10)
        .setPosidxInfo(KuduProto.BTreeInfoPB.newBuilder().setRootBlock(
            KuduProto.BlockPointerPB.newBuilder().setOffset(31).setSize(23)))
        .setCompression(KuduCompression.NONE.wireId())
        .setIsTypeNullable(false)
        .setIncompatibleFeatures(1)
        .build();
  }
}
