package io.colfile.kudu.meta;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.proto.KuduProto;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The protobuf boundary of CFile headers and footers: the only code that turns their messages
 * into {@link CFileHeader} / {@link CFileFooter} and back. Values are checked here, so a footer
 * that parses names a type, encoding and compression colfile knows.
 *
 * <p>Footers are written field by field as Kudu 1.17 writes them (section 2.6): compression,
 * is_type_nullable and incompatible_features always present, compatible_features never unless
 * set; protobuf-java serialises in field-number order as Kudu's C++ protobuf does, so the bytes
 * are Kudu's.
 */
public final class MetaCodec {
  private MetaCodec() {}

  /** Parses a footer message. */
  public static CFileFooter parseFooter(byte[] buf, int offset, int length)
      throws MalformedInputException {
    KuduProto.CFileFooterPB pb;
    try {
      pb = KuduProto.CFileFooterPB.parseFrom(
          java.nio.ByteBuffer.wrap(buf, offset, length));
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedInputException(0, "footer is not a valid CFileFooterPB: "
          + e.getMessage(), e);
    }
    KuduType type = KuduType.ofWireId(pb.getDataType());
    if (type == null) {
      throw new MalformedInputException(0, "footer names data type " + pb.getDataType()
          + ", which Kudu 1.17 does not store");
    }
    KuduEncoding encoding = KuduEncoding.ofWireId(pb.getEncoding());
    if (encoding == null || encoding == KuduEncoding.AUTO) {
      throw new MalformedInputException(0, "footer names encoding " + pb.getEncoding()
          + (encoding == null ? ", which Kudu 1.17 does not have" : " (AUTO is never stored)"));
    }
    KuduCompression compression = KuduCompression.ofWireId(pb.getCompression());
    if (compression == null || compression == KuduCompression.DEFAULT) {
      throw new MalformedInputException(0, "footer names compression " + pb.getCompression()
          + (compression == null ? ", which Kudu 1.17 does not have"
              : " (DEFAULT is never stored)"));
    }
    if (pb.getNumValues() < 0) {
      throw new MalformedInputException(0, "footer says " + pb.getNumValues() + " values");
    }
    return new CFileFooter(type, encoding, pb.getNumValues(),
        pb.hasPosidxInfo() ? pointer(pb.getPosidxInfo().getRootBlock()) : null,
        pb.hasValidxInfo() ? pointer(pb.getValidxInfo().getRootBlock()) : null,
        compression, metadata(pb.getMetadataList()), pb.getIsTypeNullable(),
        pb.hasDictBlockPtr() ? pointer(pb.getDictBlockPtr()) : null,
        pb.getIncompatibleFeatures(),
        pb.hasCompatibleFeatures() ? pb.getCompatibleFeatures() : null);
  }

  /** Serialises a footer as Kudu 1.17 writes it. */
  public static byte[] writeFooter(CFileFooter f) {
    return writeFooter(f, 2);
  }

  /**
   * Serialises a footer of a file of {@code version}: v1 footers, as Kudu 1.2 wrote them, have no
   * feature flags.
   */
  public static byte[] writeFooter(CFileFooter f, int version) {
    KuduProto.CFileFooterPB.Builder b = KuduProto.CFileFooterPB.newBuilder()
        .setDataType(f.dataType().wireId())
        .setEncoding(f.encoding().wireId())
        .setNumValues(f.numValues())
        .setCompression(f.compression().wireId())
        .setIsTypeNullable(f.nullable());
    if (version >= 2) {
      b.setIncompatibleFeatures(f.incompatibleFeatures());
    }
    if (f.posIndexRoot() != null) {
      b.setPosidxInfo(KuduProto.BTreeInfoPB.newBuilder().setRootBlock(pb(f.posIndexRoot())));
    }
    if (f.valueIndexRoot() != null) {
      b.setValidxInfo(KuduProto.BTreeInfoPB.newBuilder().setRootBlock(pb(f.valueIndexRoot())));
    }
    for (Map.Entry<String, byte[]> e : f.metadata()) {
      b.addMetadata(KuduProto.FileMetadataPairPB.newBuilder().setKey(e.getKey())
          .setValue(ByteString.copyFrom(e.getValue())));
    }
    if (f.dictionaryBlock() != null) {
      b.setDictBlockPtr(pb(f.dictionaryBlock()));
    }
    if (f.compatibleFeatures() != null) {
      b.setCompatibleFeatures(f.compatibleFeatures());
    }
    return b.build().toByteArray();
  }

  /** Parses a header message of a file of {@code version} (1 or 2). */
  public static CFileHeader parseHeader(int version, byte[] buf, int offset, int length,
      int totalLength) throws MalformedInputException {
    KuduProto.CFileHeaderPB pb;
    try {
      pb = KuduProto.CFileHeaderPB.parseFrom(
          java.nio.ByteBuffer.wrap(buf, offset, length));
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedInputException(0, "header is not a valid CFileHeaderPB: "
          + e.getMessage(), e);
    }
    return new CFileHeader(version, pb.hasMajorVersion() ? pb.getMajorVersion() : null,
        pb.hasMinorVersion() ? pb.getMinorVersion() : null, metadata(pb.getMetadataList()),
        totalLength);
  }

  /** Serialises a header message: empty for v2 files, as Kudu writes them. */
  public static byte[] writeHeader(List<Map.Entry<String, byte[]>> metadata) {
    return writeHeader(metadata, 2);
  }

  /** Serialises a header message; a v1 header carries major version 1 and minor version 0. */
  public static byte[] writeHeader(List<Map.Entry<String, byte[]>> metadata, int version) {
    KuduProto.CFileHeaderPB.Builder b = KuduProto.CFileHeaderPB.newBuilder();
    if (version == 1) {
      b.setMajorVersion(1).setMinorVersion(0);
    }
    for (Map.Entry<String, byte[]> e : metadata) {
      b.addMetadata(KuduProto.FileMetadataPairPB.newBuilder().setKey(e.getKey())
          .setValue(ByteString.copyFrom(e.getValue())));
    }
    return b.build().toByteArray();
  }

  private static BlockPointer pointer(KuduProto.BlockPointerPB p)
      throws MalformedInputException {
    if (p.getOffset() < 0 || p.getSize() < 0) {
      throw new MalformedInputException(0, "block pointer with offset " + p.getOffset()
          + " and size " + p.getSize());
    }
    return new BlockPointer(p.getOffset(), p.getSize());
  }

  private static KuduProto.BlockPointerPB pb(BlockPointer p) {
    return KuduProto.BlockPointerPB.newBuilder().setOffset(p.offset()).setSize(p.size()).build();
  }

  private static List<Map.Entry<String, byte[]>> metadata(
      List<KuduProto.FileMetadataPairPB> pairs) {
    List<Map.Entry<String, byte[]>> out = new ArrayList<>(pairs.size());
    for (KuduProto.FileMetadataPairPB p : pairs) {
      out.add(new AbstractMap.SimpleImmutableEntry<>(p.getKey(), p.getValue().toByteArray()));
    }
    return out;
  }
}
