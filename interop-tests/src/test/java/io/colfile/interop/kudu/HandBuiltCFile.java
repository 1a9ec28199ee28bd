package io.colfile.interop.kudu;

import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.proto.KuduProto;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Small CFiles put together field by field from cfile.md, independently of colfile's writer, to
 * prove the harness: header (section 3.2), one data block (PLAIN, sections 6.1, 6.2, 6.5), one
 * positional index leaf pointing at it (section 8.1), footer (section 3.3), checksums on and no
 * compression, so every block is its payload plus the CRC-32C of the payload.
 */
final class HandBuiltCFile {
  static final byte[] MAGIC = "kuducfl2".getBytes(StandardCharsets.US_ASCII);

  /** A file and the messages it holds. */
  record Built(byte[] bytes, KuduProto.CFileHeaderPB header, KuduProto.CFileFooterPB footer) {}

  private HandBuiltCFile() {}

  /**
   * A PLAIN file of fixed-width cells (the physical type's little-endian bytes, BOOL one byte 0
   * or 1 each), with {@code header} and, in the footer, {@code metadata}.
   */
  static Built plain(KuduType type, byte[] cells, KuduProto.CFileHeaderPB header,
      List<KuduProto.FileMetadataPairPB> metadata) {
    int width = type.physical().width();
    int count = cells.length / width;
    Bytes block = new Bytes().u32(count).u32(0); // count, then the first row's ordinal
    if (type == KuduType.BOOL) {
      byte[] bits = new byte[(count + 7) / 8]; // section 6.2: LSB first
      for (int i = 0; i < count; i++) {
        bits[i / 8] |= (byte) ((cells[i] != 0 ? 1 : 0) << (i % 8));
      }
      block.bytes(bits);
    } else {
      block.bytes(cells);
    }
    return assemble(type, block.toArray(), count, header, metadata);
  }

  /** A PLAIN file of byte strings (STRING, VARCHAR, BINARY): section 6.5. */
  static Built plainBinary(KuduType type, List<byte[]> values,
      KuduProto.CFileHeaderPB header, List<KuduProto.FileMetadataPairPB> metadata) {
    Bytes data = new Bytes();
    int[] offsets = new int[values.size()];
    for (int i = 0; i < values.size(); i++) {
      offsets[i] = 12 + data.size(); // from the start of the block
      data.bytes(values.get(i));
    }
    Bytes block = new Bytes().u32(0).u32(values.size()).u32(12 + data.size())
        .bytes(data.toArray());
    for (int g = 0; g < offsets.length; g += 4) { // group varint, the last group zero-padded
      int selector = 0;
      Bytes group = new Bytes();
      for (int j = 0; j < 4; j++) {
        int v = g + j < offsets.length ? offsets[g + j] : 0;
        int len = v >>> 8 == 0 ? 1 : v >>> 16 == 0 ? 2 : v >>> 24 == 0 ? 3 : 4;
        selector |= (len - 1) << (6 - 2 * j);
        for (int k = 0; k < len; k++) {
          group.u8(v >>> (8 * k));
        }
      }
      block.u8(selector).bytes(group.toArray());
    }
    return assemble(type, block.toArray(), values.size(), header, metadata);
  }

  /** Header, {@code dataBlock}, a positional index leaf for it, and the footer. */
  static Built assemble(KuduType type, byte[] dataBlock, long numValues,
      KuduProto.CFileHeaderPB header, List<KuduProto.FileMetadataPairPB> metadata) {
    Bytes file = new Bytes();
    byte[] headerPb = header.toByteArray();
    file.bytes(MAGIC).u32(headerPb.length).bytes(headerPb);
    file.u32(crc32c(file.toArray()));
    long dataOffset = file.size();
    int dataSize = file.block(dataBlock);
    // one entry: key = ordinal 0 as BE uint32, length-prefixed; then the data block's pointer
    Bytes entry = new Bytes().varint(4).bytes(new byte[4]).varint(dataOffset).varint(dataSize);
    byte[] trailer = KuduProto.IndexBlockTrailerPB.newBuilder().setNumEntries(1).setType(0)
        .build().toByteArray();
    byte[] index = new Bytes().bytes(entry.toArray()).u32(0).bytes(trailer).u32(trailer.length)
        .toArray();
    long indexOffset = file.size();
    int indexSize = file.block(index);
    KuduProto.CFileFooterPB footer = KuduProto.CFileFooterPB.newBuilder()
        .setDataType(type.wireId())
        .setEncoding(KuduEncoding.PLAIN.wireId())
        .setNumValues(numValues)
        .setPosidxInfo(KuduProto.BTreeInfoPB.newBuilder().setRootBlock(
            KuduProto.BlockPointerPB.newBuilder().setOffset(indexOffset).setSize(indexSize)))
        .setCompression(KuduCompression.NONE.wireId())
        .addAllMetadata(metadata)
        .setIsTypeNullable(false)
        .setIncompatibleFeatures(1) // CHECKSUM
        .build();
    byte[] tail = new Bytes().bytes(footer.toByteArray()).bytes(MAGIC)
        .u32(footer.getSerializedSize()).toArray();
    file.u32(crc32c(tail)).bytes(tail);
    return new Built(file.toArray(), header, footer);
  }

  static KuduProto.FileMetadataPairPB pair(String key, byte[] value) {
    return KuduProto.FileMetadataPairPB.newBuilder().setKey(key)
        .setValue(io.colfile.shaded.protobuf.ByteString.copyFrom(value)).build();
  }

  static int crc32c(byte[] b) {
    CRC32C crc = new CRC32C();
    crc.update(b);
    return (int) crc.getValue();
  }

  /** A growing byte array with the little encoders CFiles need. */
  static final class Bytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Bytes u8(int v) {
      out.write(v);
      return this;
    }

    Bytes u32(int v) {
      for (int i = 0; i < 4; i++) {
        out.write(v >>> (8 * i));
      }
      return this;
    }

    Bytes varint(long v) {
      while ((v & ~0x7FL) != 0) {
        out.write((int) (v & 0x7F) | 0x80);
        v >>>= 7;
      }
      out.write((int) v);
      return this;
    }

    Bytes bytes(byte[] b) {
      out.writeBytes(b);
      return this;
    }

    /** Appends a block and its CRC-32C; returns its size on disk (as a BlockPointer has it). */
    int block(byte[] payload) {
      bytes(payload).u32(crc32c(payload));
      return payload.length + 4;
    }

    int size() {
      return out.size();
    }

    byte[] toArray() {
      return out.toByteArray();
    }
  }
}
