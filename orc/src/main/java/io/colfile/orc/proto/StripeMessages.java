package io.colfile.orc.proto;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.stripe.StripeFooter;
import java.util.ArrayList;
import java.util.List;

/** StripeFooter messages (orc.md section 5) to and from {@link StripeFooter}. */
public final class StripeMessages {
  private StripeMessages() {}

  /** {@code bytes} are the decompressed footer, {@code where} is its place in the file. */
  public static StripeFooter parseFooter(FileRegion where, byte[] bytes)
      throws CorruptFileException {
    OrcProto.StripeFooter f = Messages.parse(where, bytes, OrcProto.StripeFooter.parser());
    List<StreamEntry> streams = streams(f.getStreamsList());
    List<EncodingEntry> columns = encodings(f.getColumnsList());
    String zone = f.hasWriterTimezone() && !f.getWriterTimezone().isEmpty()
        ? f.getWriterTimezone() : null;
    List<List<StreamEntry>> variants = new ArrayList<>(f.getEncryptionCount());
    List<List<EncodingEntry>> variantColumns = new ArrayList<>(f.getEncryptionCount());
    for (OrcProto.StripeEncryptionVariant v : f.getEncryptionList()) {
      variants.add(streams(v.getStreamsList()));
      variantColumns.add(encodings(v.getEncodingList()));
    }
    return new StripeFooter(streams, columns, zone, variants, variantColumns);
  }

  private static List<EncodingEntry> encodings(List<OrcProto.ColumnEncoding> list) {
    List<EncodingEntry> columns = new ArrayList<>(list.size());
    for (OrcProto.ColumnEncoding e : list) {
      columns.add(new EncodingEntry(ColumnEncoding.of(e.getKind().getNumber()),
          e.getDictionarySize(), e.hasBloomEncoding() ? e.getBloomEncoding() : 0));
    }
    return columns;
  }

  private static List<StreamEntry> streams(List<OrcProto.Stream> list) {
    List<StreamEntry> streams = new ArrayList<>(list.size());
    for (OrcProto.Stream s : list) {
      // proto2 keeps an unknown enum value out of the field: hasKind() is then false
      streams.add(new StreamEntry(s.hasKind() ? StreamKind.of(s.getKind().getNumber()) : null,
          s.getColumn(), s.getLength()));
    }
    return streams;
  }

  /**
   * The footer as ORC Java writes it: every stream with kind, column and length; a dictionary
   * size only for dictionary encodings and a bloom filter encoding only when non-zero.
   */
  public static byte[] serialize(StripeFooter footer) {
    OrcProto.StripeFooter.Builder b = OrcProto.StripeFooter.newBuilder();
    for (StreamEntry s : footer.streams()) {
      OrcProto.Stream.Builder sb = b.addStreamsBuilder()
          .setKind(OrcProto.Stream.Kind.forNumber(s.kind().wireId));
      // the placeholders of encrypted streams name no column
      if (s.kind() != StreamKind.ENCRYPTED_INDEX && s.kind() != StreamKind.ENCRYPTED_DATA) {
        sb.setColumn(s.column());
      }
      sb.setLength(s.length());
    }
    for (EncodingEntry e : footer.columns()) {
      encoding(b.addColumnsBuilder(), e);
    }
    if (footer.writerTimezone() != null) {
      b.setWriterTimezone(footer.writerTimezone());
    }
    for (int v = 0; v < footer.variants().size(); v++) {
      OrcProto.StripeEncryptionVariant.Builder vb = b.addEncryptionBuilder();
      for (StreamEntry s : footer.variants().get(v)) {
        vb.addStreamsBuilder().setKind(OrcProto.Stream.Kind.forNumber(s.kind().wireId))
            .setColumn(s.column()).setLength(s.length());
      }
      for (EncodingEntry e : footer.variantColumns().get(v)) {
        encoding(vb.addEncodingBuilder(), e);
      }
    }
    return b.build().toByteArray();
  }

  private static void encoding(OrcProto.ColumnEncoding.Builder c, EncodingEntry e) {
    c.setKind(OrcProto.ColumnEncoding.Kind.forNumber(e.kind().wireId));
    if (e.kind().isDictionary()) {
      c.setDictionarySize(e.dictionarySize());
    }
    if (e.bloomEncoding() != 0) {
      c.setBloomEncoding(e.bloomEncoding());
    }
  }
}
