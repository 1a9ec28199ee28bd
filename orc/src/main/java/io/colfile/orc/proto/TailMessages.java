package io.colfile.orc.proto;

import com.google.protobuf.ByteString;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.orc.StripeInformation;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.tail.CalendarKind;
import io.colfile.orc.tail.CompressionKind;
import io.colfile.orc.tail.FileEncryption;
import io.colfile.orc.tail.Footer;
import io.colfile.orc.tail.OrcType;
import io.colfile.orc.tail.OrcTypeKind;
import io.colfile.orc.tail.PostScript;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The file tail's messages (PostScript, Footer, Metadata; orc.md sections 1, 2.1) to and from
 * {@code io.colfile.orc.tail} records. Parsing takes decompressed bytes; a field is serialized
 * exactly when the record holds it, which is where ORC Java's writer sets it.
 */
public final class TailMessages {
  private TailMessages() {}

  public static PostScript parsePostScript(FileRegion where, byte[] buf, int off, int len)
      throws CorruptFileException {
    byte[] bytes = java.util.Arrays.copyOfRange(buf, off, off + len);
    OrcProto.PostScript ps = Messages.parse(where, bytes, OrcProto.PostScript.parser());
    return new PostScript(ps.getFooterLength(),
        CompressionKind.of(ps.getCompression().getNumber()),
        ps.hasCompressionBlockSize() ? ps.getCompressionBlockSize() : null, ps.getVersionList(),
        ps.getMetadataLength(), ps.getWriterVersion(), ps.getStripeStatisticsLength(),
        ps.hasMagic() ? ps.getMagic() : null);
  }

  /** {@code bytes} are the decompressed footer, {@code where} is its place in the file. */
  public static Footer parseFooter(FileRegion where, byte[] bytes)
      throws CorruptFileException {
    OrcProto.Footer f = Messages.parse(where, bytes, OrcProto.Footer.parser());
    List<StripeInformation> stripes = new ArrayList<>(f.getStripesCount());
    for (OrcProto.StripeInformation s : f.getStripesList()) {
      stripes.add(new StripeInformation(s.getOffset(), s.getIndexLength(), s.getDataLength(),
          s.getFooterLength(), s.getNumberOfRows()));
    }
    List<OrcType> types = new ArrayList<>(f.getTypesCount());
    for (OrcProto.Type t : f.getTypesList()) {
      Map<String, String> attributes = new LinkedHashMap<>();
      for (OrcProto.StringPair p : t.getAttributesList()) {
        attributes.put(p.getKey(), p.getValue());
      }
      types.add(new OrcType(t.hasKind() ? OrcTypeKind.of(t.getKind().getNumber()) : null,
          t.getSubtypesList(), t.getFieldNamesList(),
          t.hasMaximumLength() ? t.getMaximumLength() : null,
          t.hasPrecision() ? t.getPrecision() : null, t.hasScale() ? t.getScale() : null,
          attributes, t.hasCrs() ? t.getCrs() : null,
          t.hasAlgorithm() ? t.getAlgorithm().getNumber() : null));
    }
    Map<String, byte[]> metadata = new LinkedHashMap<>();
    for (OrcProto.UserMetadataItem item : f.getMetadataList()) {
      metadata.put(item.getName(), item.getValue().toByteArray());
    }
    return new Footer(f.getHeaderLength(), f.getContentLength(), stripes, types, metadata,
        f.hasNumberOfRows() ? f.getNumberOfRows() : null,
        StatisticsMessages.fromProtos(f.getStatisticsList()), f.getRowIndexStride(),
        f.getWriter(), f.hasEncryption(),
        f.hasCalendar() ? CalendarKind.of(f.getCalendar().getNumber()) : null,
        f.hasSoftwareVersion() ? f.getSoftwareVersion() : null);
  }

  /** Footer.stripes: field 3, length-delimited. */
  private static final int FOOTER_STRIPES_TAG = 3 << 3 | 2;

  /**
   * The footer's bytes without its stripe list, which the details do not need: a file of many
   * stripes would hold them all as objects a second time.
   */
  private static byte[] withoutStripes(FileRegion where, byte[] bytes)
      throws CorruptFileException {
    java.io.ByteArrayOutputStream kept = new java.io.ByteArrayOutputStream();
    try {
      com.google.protobuf.CodedInputStream in = com.google.protobuf.CodedInputStream
          .newInstance(bytes);
      in.setSizeLimit(Integer.MAX_VALUE);
      int from = 0;
      while (!in.isAtEnd()) {
        int start = in.getTotalBytesRead();
        int tag = in.readTag();
        if (tag == 0 || !in.skipField(tag)) {
          break;
        }
        if (tag == FOOTER_STRIPES_TAG) {
          kept.write(bytes, from, start - from);
          from = in.getTotalBytesRead();
        }
      }
      kept.write(bytes, from, bytes.length - from);
    } catch (java.io.IOException e) {
      throw where.corrupt(e, -1, "unreadable protobuf message: %s", e.getMessage());
    }
    return kept.toByteArray();
  }

  /**
   * What the footer says beyond {@link Footer}, for tools ({@code colfile meta}): under {@code
   * "encryption"} (absent when the file has none) the masks ({@code name}, {@code parameters},
   * {@code columns}), keys ({@code name}, {@code version}, {@code algorithm}), variants ({@code
   * root}, {@code key}, {@code encryptedKeyBytes}, {@code stripeStatisticsStreams}, {@code
   * fileStatisticsBytes}) and {@code keyProvider}; under {@code "typeAttributes"} a map from
   * column id to that type's attributes (only the types that have some).
   *
   * @param bytes the decompressed footer
   */
  public static Map<String, Object> footerDetails(FileRegion where, byte[] bytes)
      throws CorruptFileException {
    OrcProto.Footer f = Messages.parse(where, withoutStripes(where, bytes),
        OrcProto.Footer.parser());
    Map<String, Object> out = new LinkedHashMap<>();
    if (f.hasEncryption()) {
      OrcProto.Encryption e = f.getEncryption();
      Map<String, Object> enc = new LinkedHashMap<>();
      List<Object> masks = new ArrayList<>();
      for (OrcProto.DataMask m : e.getMaskList()) {
        Map<String, Object> mm = new LinkedHashMap<>();
        mm.put("name", m.getName());
        mm.put("parameters", List.copyOf(m.getMaskParametersList()));
        List<Object> cols = new ArrayList<>();
        for (int c : m.getColumnsList()) {
          cols.add(Integer.toUnsignedLong(c));
        }
        mm.put("columns", cols);
        masks.add(mm);
      }
      enc.put("masks", masks);
      List<Object> keys = new ArrayList<>();
      for (OrcProto.EncryptionKey k : e.getKeyList()) {
        Map<String, Object> km = new LinkedHashMap<>();
        km.put("name", k.getKeyName());
        km.put("version", Integer.toUnsignedLong(k.getKeyVersion()));
        km.put("algorithm", k.hasAlgorithm() ? k.getAlgorithm().name() : "UNKNOWN_ENCRYPTION");
        keys.add(km);
      }
      enc.put("keys", keys);
      List<Object> variants = new ArrayList<>();
      for (OrcProto.EncryptionVariant v : e.getVariantsList()) {
        Map<String, Object> vm = new LinkedHashMap<>();
        vm.put("root", Integer.toUnsignedLong(v.getRoot()));
        vm.put("key", Integer.toUnsignedLong(v.getKey()));
        vm.put("encryptedKeyBytes", v.getEncryptedKey().size());
        vm.put("stripeStatisticsStreams", v.getStripeStatisticsCount());
        vm.put("fileStatisticsBytes", v.getFileStatistics().size());
        variants.add(vm);
      }
      enc.put("variants", variants);
      if (e.hasKeyProvider()) {
        enc.put("keyProvider", e.getKeyProvider().name());
      }
      out.put("encryption", enc);
    }
    Map<Integer, Map<String, String>> attributes = new LinkedHashMap<>();
    for (int i = 0; i < f.getTypesCount(); i++) {
      OrcProto.Type t = f.getTypes(i);
      if (t.getAttributesCount() > 0) {
        Map<String, String> a = new LinkedHashMap<>();
        for (OrcProto.StringPair p : t.getAttributesList()) {
          a.put(p.getKey(), p.getValue());
        }
        attributes.put(i, a);
      }
    }
    out.put("typeAttributes", attributes);
    return out;
  }

  /**
   * The footer's Encryption section with the stripes' ids and local keys ({@link
   * FileEncryption}); null when the file has none.
   *
   * @param bytes the decompressed footer
   */
  public static FileEncryption parseEncryption(FileRegion where, byte[] bytes)
      throws CorruptFileException {
    OrcProto.Footer f = Messages.parse(where, bytes, OrcProto.Footer.parser());
    if (!f.hasEncryption()) {
      return null;
    }
    OrcProto.Encryption e = f.getEncryption();
    List<FileEncryption.Key> keys = new ArrayList<>();
    for (OrcProto.EncryptionKey k : e.getKeyList()) {
      keys.add(new FileEncryption.Key(k.getKeyName(), k.getKeyVersion(),
          k.hasAlgorithm() ? k.getAlgorithm().getNumber() : 0));
    }
    List<FileEncryption.Variant> variants = new ArrayList<>();
    for (OrcProto.EncryptionVariant v : e.getVariantsList()) {
      List<StreamEntry> stats = new ArrayList<>();
      for (OrcProto.Stream s : v.getStripeStatisticsList()) {
        stats.add(new StreamEntry(s.hasKind() ? StreamKind.of(s.getKind().getNumber()) : null,
            s.getColumn(), s.getLength()));
      }
      variants.add(new FileEncryption.Variant(v.getRoot(), v.getKey(),
          v.getEncryptedKey().toByteArray(), stats, v.getFileStatistics().toByteArray()));
    }
    List<FileEncryption.Mask> masks = new ArrayList<>();
    for (OrcProto.DataMask m : e.getMaskList()) {
      masks.add(new FileEncryption.Mask(m.getName(), List.copyOf(m.getMaskParametersList()),
          List.copyOf(m.getColumnsList())));
    }
    long[] ids = new long[f.getStripesCount()];
    List<List<byte[]>> stripeKeys = new ArrayList<>();
    long previousId = 0;
    List<byte[]> previousKeys = new ArrayList<>();
    for (FileEncryption.Variant v : variants) {
      previousKeys.add(v.encryptedKey());
    }
    for (int i = 0; i < ids.length; i++) {
      OrcProto.StripeInformation s = f.getStripes(i);
      previousId = s.hasEncryptStripeId() ? s.getEncryptStripeId() : previousId + 1;
      ids[i] = previousId;
      if (s.getEncryptedLocalKeysCount() > 0) {
        previousKeys = new ArrayList<>();
        for (ByteString k : s.getEncryptedLocalKeysList()) {
          previousKeys.add(k.toByteArray());
        }
      }
      stripeKeys.add(List.copyOf(previousKeys));
    }
    return new FileEncryption(keys, variants, masks, ids, stripeKeys);
  }

  /** A FileStatistics message: {@code columns}' statistics, in order. */
  public static byte[] serializeFileStatistics(List<ColumnStatistics> columns) {
    OrcProto.FileStatistics.Builder b = OrcProto.FileStatistics.newBuilder();
    for (ColumnStatistics c : columns) {
      b.addColumn(StatisticsMessages.toProto(c));
    }
    return b.build().toByteArray();
  }

  /** A ColumnarStripeStatistics message: one column's statistics per stripe. */
  public static byte[] serializeColumnarStripeStatistics(List<ColumnStatistics> stripes) {
    OrcProto.ColumnarStripeStatistics.Builder b = OrcProto.ColumnarStripeStatistics.newBuilder();
    for (ColumnStatistics c : stripes) {
      b.addColStats(StatisticsMessages.toProto(c));
    }
    return b.build().toByteArray();
  }

  /** An encrypted variant's FileStatistics, decrypted and decompressed: one per column. */
  public static List<ColumnStatistics> parseFileStatistics(FileRegion where, byte[] bytes)
      throws CorruptFileException {
    OrcProto.FileStatistics m = Messages.parse(where, bytes, OrcProto.FileStatistics.parser());
    return StatisticsMessages.fromProtos(m.getColumnList());
  }

  /** A column's ColumnarStripeStatistics, decrypted and decompressed: one per stripe. */
  public static List<ColumnStatistics> parseColumnarStripeStatistics(FileRegion where,
      byte[] bytes) throws CorruptFileException {
    OrcProto.ColumnarStripeStatistics m = Messages.parse(where, bytes,
        OrcProto.ColumnarStripeStatistics.parser());
    return StatisticsMessages.fromProtos(m.getColStatsList());
  }

  /** The Metadata section: stripe statistics, one list per stripe. */
  /**
   * The Metadata message's stripe statistics, one list per stripe, parsed when asked for: the
   * list holds the message's bytes and where each stripe's entry lies, so that the statistics of
   * a file of many stripes are never all objects at once. Each entry is parsed here once, to
   * check it, and discarded; a damaged message is a {@link CorruptFileException} here, not later.
   */
  public static List<List<ColumnStatistics>> parseMetadata(FileRegion where, byte[] bytes)
      throws CorruptFileException {
    int[] spans = new int[16]; // offset and length of each StripeStatistics entry
    int count = 0;
    try {
      com.google.protobuf.CodedInputStream in = com.google.protobuf.CodedInputStream
          .newInstance(bytes);
      in.setSizeLimit(Integer.MAX_VALUE);
      while (!in.isAtEnd()) {
        int tag = in.readTag();
        if (tag == 0) {
          break;
        }
        if (tag != STRIPE_STATS_TAG) {
          if (!in.skipField(tag)) {
            break;
          }
          continue;
        }
        int size = in.readRawVarint32();
        int start = in.getTotalBytesRead();
        if (size < 0 || size > bytes.length - start) {
          throw where.corrupt("unreadable protobuf message: stripe statistics %d run past the "
              + "end of the message", count);
        }
        if (count * 2 == spans.length) {
          spans = java.util.Arrays.copyOf(spans, spans.length * 2);
        }
        spans[count * 2] = start;
        spans[count * 2 + 1] = size;
        count++;
        in.skipRawBytes(size);
      }
    } catch (java.io.IOException e) {
      throw where.corrupt(e, -1, "unreadable protobuf message: %s", e.getMessage());
    }
    LazyStripeStatistics out = new LazyStripeStatistics(where, bytes,
        java.util.Arrays.copyOf(spans, count * 2));
    for (int s = 0; s < count; s++) {
      out.parse(s);
    }
    return out;
  }

  /** Metadata.stripeStats: field 1, length-delimited. */
  private static final int STRIPE_STATS_TAG = 1 << 3 | 2;

  /** {@link #parseMetadata}'s list: each stripe's entry parsed again on every get. */
  private static final class LazyStripeStatistics
      extends java.util.AbstractList<List<ColumnStatistics>> implements java.util.RandomAccess {
    private final FileRegion where;
    private final byte[] bytes;
    private final int[] spans;

    LazyStripeStatistics(FileRegion where, byte[] bytes, int[] spans) {
      this.where = where;
      this.bytes = bytes;
      this.spans = spans;
    }

    List<ColumnStatistics> parse(int s) throws CorruptFileException {
      byte[] entry = java.util.Arrays.copyOfRange(bytes, spans[2 * s],
          spans[2 * s] + spans[2 * s + 1]);
      OrcProto.StripeStatistics m = Messages.parse(where, entry,
          OrcProto.StripeStatistics.parser());
      return StatisticsMessages.fromProtos(m.getColStatsList());
    }

    @Override
    public List<ColumnStatistics> get(int s) {
      java.util.Objects.checkIndex(s, size());
      try {
        return parse(s);
      } catch (CorruptFileException e) { // parsed once when the list was made
        throw new IllegalStateException(e);
      }
    }

    @Override
    public int size() {
      return spans.length / 2;
    }
  }

  public static byte[] serialize(PostScript p) {
    OrcProto.PostScript.Builder b = OrcProto.PostScript.newBuilder()
        .setFooterLength(p.footerLength())
        .setCompression(OrcProto.CompressionKind.forNumber(p.compression().wireId))
        .addAllVersion(p.version())
        .setMetadataLength(p.metadataLength())
        .setWriterVersion(p.writerVersion());
    if (p.compressionBlockSize() != null) {
      b.setCompressionBlockSize(p.compressionBlockSize());
    }
    if (p.stripeStatisticsLength() != 0) {
      b.setStripeStatisticsLength(p.stripeStatisticsLength());
    }
    if (p.magic() != null) {
      b.setMagic(p.magic());
    }
    return b.build().toByteArray();
  }

  public static byte[] serialize(Footer f) {
    return serialize(f, null);
  }

  private static boolean sameKeys(List<byte[]> a, List<byte[]> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!java.util.Arrays.equals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The footer with its Encryption section ({@code encryption}, null when there is none): the
   * first stripe, and each whose stripe id does not follow on from the one before or whose
   * variants' encrypted local keys differ from its, carries its id and keys (a stripe ORC Java
   * writes follows on; its merge copies each input's first stripe's).
   */
  public static byte[] serialize(Footer f, FileEncryption encryption) {
    OrcProto.Footer.Builder b = OrcProto.Footer.newBuilder()
        .setHeaderLength(f.headerLength())
        .setContentLength(f.contentLength())
        .setRowIndexStride(f.rowIndexStride())
        .setWriter(f.writer());
    for (StripeInformation s : f.stripes()) {
      OrcProto.StripeInformation.Builder sb = b.addStripesBuilder().setOffset(s.offset())
          .setIndexLength(s.indexLength()).setDataLength(s.dataLength())
          .setFooterLength(s.footerLength()).setNumberOfRows(s.numberOfRows());
      int i = b.getStripesCount() - 1;
      if (encryption != null && (i == 0 || encryption.stripeIds()[i]
          != encryption.stripeIds()[i - 1] + 1 || !sameKeys(encryption.stripeKeys().get(i),
          encryption.stripeKeys().get(i - 1)))) {
        sb.setEncryptStripeId(encryption.stripeIds()[i]);
        for (byte[] k : encryption.stripeKeys().get(i)) {
          sb.addEncryptedLocalKeys(ByteString.copyFrom(k));
        }
      }
    }
    for (OrcType t : f.types()) {
      OrcProto.Type.Builder tb = b.addTypesBuilder().addAllSubtypes(t.subtypes())
          .addAllFieldNames(t.fieldNames());
      if (t.kind() != null) {
        tb.setKind(OrcProto.Type.Kind.forNumber(t.kind().wireId));
      }
      if (t.maximumLength() != null) {
        tb.setMaximumLength(t.maximumLength());
      }
      if (t.precision() != null) {
        tb.setPrecision(t.precision());
      }
      if (t.scale() != null) {
        tb.setScale(t.scale());
      }
      for (Map.Entry<String, String> a : t.attributes().entrySet()) {
        tb.addAttributesBuilder().setKey(a.getKey()).setValue(a.getValue());
      }
      if (t.crs() != null) {
        tb.setCrs(t.crs());
      }
      if (t.algorithm() != null) {
        tb.setAlgorithm(OrcProto.Type.EdgeInterpolationAlgorithm.forNumber(t.algorithm()));
      }
    }
    for (Map.Entry<String, byte[]> e : f.metadata().entrySet()) {
      b.addMetadataBuilder().setName(e.getKey()).setValue(ByteString.copyFrom(e.getValue()));
    }
    if (f.numberOfRows() != null) {
      b.setNumberOfRows(f.numberOfRows());
    }
    for (ColumnStatistics s : f.statistics()) {
      b.addStatistics(StatisticsMessages.toProto(s));
    }
    if (f.encrypted() != (encryption != null)) {
      throw new IllegalArgumentException("an encrypted footer needs its Encryption section");
    }
    if (encryption != null) {
      OrcProto.Encryption.Builder e = b.getEncryptionBuilder();
      for (FileEncryption.Mask m : encryption.masks()) {
        e.addMaskBuilder().setName(m.name()).addAllMaskParameters(m.parameters())
            .addAllColumns(m.columns());
      }
      for (FileEncryption.Key k : encryption.keys()) {
        e.addKeyBuilder().setKeyName(k.name()).setKeyVersion(k.version())
            .setAlgorithm(OrcProto.EncryptionAlgorithm.forNumber(k.algorithm()));
      }
      for (FileEncryption.Variant v : encryption.variants()) {
        OrcProto.EncryptionVariant.Builder vb = e.addVariantsBuilder().setRoot(v.root())
            .setKey(v.key()).setEncryptedKey(ByteString.copyFrom(v.encryptedKey()))
            .setFileStatistics(ByteString.copyFrom(v.fileStatistics()));
        for (StreamEntry st : v.stripeStatistics()) {
          vb.addStripeStatisticsBuilder().setKind(OrcProto.Stream.Kind.forNumber(
              st.kind().wireId)).setColumn(st.column()).setLength(st.length());
        }
      }
      e.setKeyProvider(OrcProto.KeyProviderKind.HADOOP);
    }
    if (f.calendar() != null) {
      b.setCalendar(OrcProto.CalendarKind.forNumber(f.calendar().wireId));
    }
    if (f.softwareVersion() != null) {
      b.setSoftwareVersion(f.softwareVersion());
    }
    return b.build().toByteArray();
  }

  public static byte[] serializeMetadata(List<List<ColumnStatistics>> stripes) {
    OrcProto.Metadata.Builder b = OrcProto.Metadata.newBuilder();
    for (List<ColumnStatistics> stripe : stripes) {
      OrcProto.StripeStatistics.Builder s = b.addStripeStatsBuilder();
      for (ColumnStatistics c : stripe) {
        s.addColStats(StatisticsMessages.toProto(c));
      }
    }
    return b.build().toByteArray();
  }
}
