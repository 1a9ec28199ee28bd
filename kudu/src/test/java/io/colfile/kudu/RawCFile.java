package io.colfile.kudu;

import io.colfile.core.encoding.Endian;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The bare frame of a CFile, for tests that need a block or the footer of a real file before
 * colfile's CFile reader exists (cfile.md section 3): header {@code "kuducfl2" | len:u32le |
 * CFileHeaderPB | crc32c?}, blocks, footer {@code crc32c? | CFileFooterPB | "kuducfl2" |
 * len:u32le}, the checksums present when the footer's incompatible_features has bit 0.
 *
 * @param bytes the whole file
 * @param headerEnd where the first block starts
 * @param footer the footer protobuf
 */
public record RawCFile(byte[] bytes, int headerEnd, KuduProto.CFileFooterPB footer) {
  private static final byte[] MAGIC = "kuducfl2".getBytes(StandardCharsets.US_ASCII);

  public static RawCFile read(Path path) throws IOException {
    byte[] b = Files.readAllBytes(path);
    int n = b.length;
    if (n < 24 || !Arrays.equals(b, 0, 8, MAGIC, 0, 8)
        || !Arrays.equals(b, n - 12, n - 4, MAGIC, 0, 8)) {
      throw new IOException(path + ": not a v2 CFile");
    }
    int footerLen = Endian.getIntLE(b, n - 4);
    KuduProto.CFileFooterPB footer = KuduProto.CFileFooterPB.parser()
        .parseFrom(b, n - 12 - footerLen, footerLen);
    boolean checksums = (footer.getIncompatibleFeatures() & 1) != 0;
    int headerEnd = 12 + Endian.getIntLE(b, 8) + (checksums ? 4 : 0);
    return new RawCFile(b, headerEnd, footer);
  }

  /** True when blocks, header and footer carry CRC-32C checksums. */
  public boolean checksums() {
    return (footer.getIncompatibleFeatures() & 1) != 0;
  }

  /** The value of footer metadata {@code key}, or null. */
  public byte[] footerMetadata(String key) {
    for (KuduProto.FileMetadataPairPB pair : footer.getMetadataList()) {
      if (pair.getKey().equals(key)) {
        return pair.getValue().toByteArray();
      }
    }
    return null;
  }
}
