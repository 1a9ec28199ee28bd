package io.colfile.orc;

import io.colfile.orc.proto.OrcProto;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds small one-stripe ORC files byte by byte (uncompressed), so tests can give the reader
 * exactly the metadata they want, including metadata no writer would produce.
 */
final class HandMadeOrc {
  private final List<OrcProto.Type> types = new ArrayList<>();
  private final List<OrcProto.Stream> indexStreams = new ArrayList<>();
  private final ByteArrayOutputStream index = new ByteArrayOutputStream();
  private final List<OrcProto.Stream> streams = new ArrayList<>();
  private final ByteArrayOutputStream data = new ByteArrayOutputStream();
  private int stride;
  private final List<OrcProto.ColumnEncoding> encodings = new ArrayList<>();
  private long rows;
  private String writerZone;
  private byte[] footerTail = new byte[0];

  HandMadeOrc type(OrcProto.Type t) {
    types.add(t);
    return this;
  }

  HandMadeOrc type(OrcProto.Type.Kind kind, int... children) {
    OrcProto.Type.Builder b = OrcProto.Type.newBuilder().setKind(kind);
    for (int i = 0; i < children.length; i++) {
      b.addSubtypes(children[i]);
      if (kind == OrcProto.Type.Kind.STRUCT) {
        b.addFieldNames("f" + i);
      }
    }
    return type(b.build());
  }

  /** A stream of {@code column} ({@code null}: the field left out) holding {@code bytes}. */
  HandMadeOrc stream(OrcProto.Stream.Kind kind, Integer column, int... bytes) {
    OrcProto.Stream.Builder s = OrcProto.Stream.newBuilder().setKind(kind).setLength(bytes.length);
    if (column != null) {
      s.setColumn(column);
    }
    streams.add(s.build());
    for (int b : bytes) {
      data.write(b);
    }
    return this;
  }

  /** A stream of the index area (ROW_INDEX, bloom filters) of {@code column}. */
  HandMadeOrc indexStream(OrcProto.Stream.Kind kind, int column, byte[] bytes) {
    indexStreams.add(OrcProto.Stream.newBuilder().setKind(kind).setColumn(column)
        .setLength(bytes.length).build());
    index.writeBytes(bytes);
    return this;
  }

  /** Footer.row_index_stride. */
  HandMadeOrc stride(int rows) {
    stride = rows;
    return this;
  }

  HandMadeOrc encoding(OrcProto.ColumnEncoding e) {
    encodings.add(e);
    return this;
  }

  HandMadeOrc rows(long n) {
    rows = n;
    return this;
  }

  HandMadeOrc writerZone(String zone) {
    writerZone = zone;
    return this;
  }

  /** Raw bytes appended to the serialized footer (protobuf merges them as more fields). */
  HandMadeOrc footerTail(byte[] bytes) {
    footerTail = bytes;
    return this;
  }

  byte[] build() {
    ByteArrayOutputStream f = new ByteArrayOutputStream();
    f.writeBytes("ORC".getBytes(StandardCharsets.US_ASCII));
    byte[] stripeIndex = index.toByteArray();
    byte[] stripeData = data.toByteArray();
    f.writeBytes(stripeIndex);
    f.writeBytes(stripeData);
    OrcProto.StripeFooter.Builder sf = OrcProto.StripeFooter.newBuilder()
        .addAllStreams(indexStreams).addAllStreams(streams);
    for (int i = 0; i < types.size(); i++) {
      sf.addColumns(i < encodings.size() ? encodings.get(i)
          : OrcProto.ColumnEncoding.newBuilder()
              .setKind(OrcProto.ColumnEncoding.Kind.DIRECT_V2).build());
    }
    if (writerZone != null) {
      sf.setWriterTimezone(writerZone);
    }
    byte[] footerOfStripe = sf.build().toByteArray();
    f.writeBytes(footerOfStripe);
    OrcProto.Footer footer = OrcProto.Footer.newBuilder()
        .setHeaderLength(3).setContentLength(f.size()).addAllTypes(types).setNumberOfRows(rows)
        .setRowIndexStride(stride)
        .addStripes(OrcProto.StripeInformation.newBuilder().setOffset(3)
            .setIndexLength(stripeIndex.length).setDataLength(stripeData.length)
            .setFooterLength(footerOfStripe.length).setNumberOfRows(rows))
        .build();
    byte[] proto = footer.toByteArray();
    byte[] fb = java.util.Arrays.copyOf(proto, proto.length + footerTail.length);
    System.arraycopy(footerTail, 0, fb, proto.length, footerTail.length);
    f.writeBytes(fb);
    byte[] ps = OrcProto.PostScript.newBuilder().setFooterLength(fb.length)
        .setCompression(OrcProto.CompressionKind.NONE).addVersion(0).addVersion(12)
        .setMetadataLength(0).setWriterVersion(9).setMagic("ORC").build().toByteArray();
    f.writeBytes(ps);
    f.write(ps.length);
    return f.toByteArray();
  }
}
