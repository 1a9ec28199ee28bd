package io.colfile.interop;

import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.testkit.Hex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.orc.OrcProto;
import org.apache.orc.protobuf.Message;

/**
 * Compares an orc-core file with colfile's file of the same rows and options, part by part in
 * file order ({@link OrcFileParts}), and fails at the first structure that differs, naming it,
 * its file offset and the first differing byte or protobuf field.
 *
 * <p>Where the stored bytes differ, a part passes only if what differs is one of the two
 * documented differences: a NaN double sum (Java's bits for it depend on its JIT; colfile
 * writes the canonical NaN) and collection statistics (orc.md section 9: Java records the batch
 * capacity; colfile the real child counts; checked against the values by the caller). Those
 * change the length of statistics, so for them the lengths and offsets that follow (stream
 * lengths of ROW_INDEX streams, stripe offsets, footer and metadata lengths) are left out too.
 *
 * <p>Codecs whose compressed bytes legitimately differ (SNAPPY and ZSTD: aircompressor's
 * encoders are not the native libraries orc-core calls) are compared decompressed: every
 * stream's content and chunk framing, protobufs with compressed lengths left out, and row-index
 * positions with each compressed chunk offset mapped to the chunk it starts.
 */
final class OrcFileComparison {
  private OrcFileComparison() {}

  /**
   * Fails at the first unexplained difference; returns whether the files are byte-identical.
   *
   * @param byteCodec whether the codec's bytes must match (NONE, ZLIB, LZ4) or only its content
   * @param stats false to leave stripe and file statistics out: without a row index orc-core
   *     writes empty ones (orc.md section 9), colfile real ones (the caller checks those)
   */
  static boolean compare(String what, Path theirs, Path ours, boolean byteCodec, boolean stats)
      throws IOException {
    List<OrcFileParts.Part> t = OrcFileParts.read(theirs).parts();
    List<OrcFileParts.Part> u = OrcFileParts.read(ours).parts();
    for (int i = 0; i < Math.min(t.size(), u.size()); i++) {
      if (!t.get(i).name().equals(u.get(i).name())) {
        fail(String.format("%s: part %d is %s in orc-core's file, %s in colfile's", what, i,
            t.get(i).name(), u.get(i).name()));
      }
    }
    if (t.size() != u.size()) {
      fail(String.format("%s: %d parts in orc-core's file, %d in colfile's", what, t.size(),
          u.size()));
    }
    boolean identical = true;
    for (int i = 0; i < t.size(); i++) {
      OrcFileParts.Part a = t.get(i);
      OrcFileParts.Part b = u.get(i);
      if (Arrays.equals(a.stored(), b.stored())) {
        continue;
      }
      identical = false;
      String at = String.format("%s: %s (orc-core offset %d, colfile offset %d)", what,
          a.name(), a.offset(), b.offset());
      comparePart(at, a, b, t, u, byteCodec, stats);
    }
    return identical;
  }

  private static void comparePart(String at, OrcFileParts.Part a, OrcFileParts.Part b,
      List<OrcFileParts.Part> t, List<OrcFileParts.Part> u, boolean byteCodec, boolean stats)
      throws IOException {
    OrcProto.Stream.Kind kind = a.stream() == null ? null : a.stream().getKind();
    if (kind == OrcProto.Stream.Kind.ROW_INDEX) {
      OrcProto.RowIndex x = OrcProto.RowIndex.parseFrom(a.content());
      OrcProto.RowIndex y = OrcProto.RowIndex.parseFrom(b.content());
      int column = a.stream().getColumn();
      sameMessage(at, canonical(x, byteCodec, streamsOf(t, a.stripe(), column)),
          canonical(y, byteCodec, streamsOf(u, b.stripe(), column)));
    } else if (a.stream() != null || a.name().equals("header")) {
      // data and bloom filter streams depend on nothing the two writers may do differently
      if (byteCodec) {
        sameBytes(at + " stored", a.stored(), b.stored());
      }
      sameBytes(at + " decompressed", a.content(), b.content());
      if (!Arrays.equals(a.chunkContentStarts(), b.chunkContentStarts())) {
        fail(at + ": chunks start at different uncompressed offsets: orc-core "
            + Arrays.toString(a.chunkContentStarts()) + ", colfile "
            + Arrays.toString(b.chunkContentStarts()));
      }
    } else if (a.name().endsWith(" footer") && a.stripe() >= 0) {
      sameMessage(at, canonical(OrcProto.StripeFooter.parseFrom(a.content()), byteCodec),
          canonical(OrcProto.StripeFooter.parseFrom(b.content()), byteCodec));
    } else if (a.name().equals("metadata")) {
      sameMessage(at, canonical(OrcProto.Metadata.parseFrom(a.content()), byteCodec, stats),
          canonical(OrcProto.Metadata.parseFrom(b.content()), byteCodec, stats));
    } else if (a.name().equals("footer")) {
      sameMessage(at, canonical(OrcProto.Footer.parseFrom(a.content()), byteCodec, stats),
          canonical(OrcProto.Footer.parseFrom(b.content()), byteCodec, stats));
    } else if (a.name().equals("postscript")) {
      sameMessage(at, OrcProto.PostScript.parseFrom(a.content()).toBuilder()
          .clearFooterLength().clearMetadataLength().build(),
          OrcProto.PostScript.parseFrom(b.content()).toBuilder()
          .clearFooterLength().clearMetadataLength().build());
    }
    // the postscript's length byte follows from the postscript compared above
  }

  /** The data streams of one column of one stripe, in file order (ROW_INDEX positions' order). */
  private static List<OrcFileParts.Part> streamsOf(List<OrcFileParts.Part> parts, int stripe,
      int column) {
    List<OrcFileParts.Part> out = new ArrayList<>();
    for (OrcFileParts.Part p : parts) {
      if (p.stripe() == stripe && p.stream() != null && p.stream().getColumn() == column
          && !p.isIndex()) {
        out.add(p);
      }
    }
    return out;
  }

  static OrcProto.ColumnStatistics canonical(OrcProto.ColumnStatistics s, boolean byteCodec) {
    OrcProto.ColumnStatistics.Builder b = s.toBuilder().clearCollectionStatistics();
    if (b.hasDoubleStatistics() && Double.isNaN(b.getDoubleStatistics().getSum())) {
      b.getDoubleStatisticsBuilder().setSum(Double.NaN);
    }
    if (!byteCodec) {
      b.clearBytesOnDisk();
    }
    return b.build();
  }

  private static OrcProto.RowIndex canonical(OrcProto.RowIndex index, boolean byteCodec,
      List<OrcFileParts.Part> streams) {
    OrcProto.RowIndex.Builder b = index.toBuilder();
    for (OrcProto.RowIndexEntry.Builder e : b.getEntryBuilderList()) {
      e.setStatistics(canonical(e.getStatistics(), byteCodec));
      if (!byteCodec) {
        // a compressed position starts with the chunk's compressed offset: name the chunk
        // instead (the stream's ordinal and the chunk's uncompressed start) wherever a value
        // is such an offset, so both files' positions read the same if they point alike
        List<Long> positions = new ArrayList<>(e.getPositionsList());
        e.clearPositions();
        for (long p : positions) {
          e.addPositions(chunkToken(p, streams));
        }
      }
    }
    return b.build();
  }

  /**
   * A chunk offset {@code p} of any of the column's streams, as a token naming the set of
   * (stream ordinal, uncompressed chunk start) pairs it may mean; other values unchanged.
   */
  private static long chunkToken(long p, List<OrcFileParts.Part> streams) {
    Set<Long> meanings = new HashSet<>();
    for (int s = 0; s < streams.size(); s++) {
      long start = streams.get(s).contentOffsetOfChunk(p);
      if (start > 0) {
        meanings.add(((long) s << 40) | start);
      }
    }
    // values that are no chunk offset, or offset 0 (the first chunk of every stream), stay;
    // a chunk offset becomes a large negative token unlikely to equal any position
    return meanings.isEmpty() ? p : -1 - meanings.stream().mapToLong(Long::longValue).min()
        .getAsLong();
  }

  private static OrcProto.StripeFooter canonical(OrcProto.StripeFooter f, boolean byteCodec) {
    OrcProto.StripeFooter.Builder b = f.toBuilder();
    for (OrcProto.Stream.Builder s : b.getStreamsBuilderList()) {
      if (!byteCodec || s.getKind() == OrcProto.Stream.Kind.ROW_INDEX) {
        s.clearLength();   // stream contents are compared one by one
      }
    }
    return b.build();
  }

  private static OrcProto.Metadata canonical(OrcProto.Metadata m, boolean byteCodec,
      boolean stats) {
    OrcProto.Metadata.Builder b = m.toBuilder();
    for (OrcProto.StripeStatistics.Builder s : b.getStripeStatsBuilderList()) {
      for (int c = 0; c < s.getColStatsCount(); c++) {
        s.setColStats(c, stats ? canonical(s.getColStats(c), byteCodec)
            : OrcProto.ColumnStatistics.getDefaultInstance());
      }
    }
    return b.build();
  }

  private static OrcProto.Footer canonical(OrcProto.Footer f, boolean byteCodec,
      boolean stats) {
    OrcProto.Footer.Builder b = f.toBuilder().clearContentLength();
    for (int c = 0; c < b.getStatisticsCount(); c++) {
      b.setStatistics(c, stats ? canonical(b.getStatistics(c), byteCodec)
          : OrcProto.ColumnStatistics.getDefaultInstance());
    }
    for (OrcProto.StripeInformation.Builder s : b.getStripesBuilderList()) {
      s.clearOffset().clearIndexLength().clearFooterLength();
      if (!byteCodec) {
        s.clearDataLength();
      }
    }
    return b.build();
  }

  private static void sameBytes(String at, byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      if (a[i] != b[i]) {
        fail(String.format("%s: byte %d of %d differs: orc-core 0x%02x, colfile 0x%02x%n"
            + "  orc-core %s%n  colfile  %s", at, i, a.length, a[i] & 0xff, b[i] & 0xff,
            Hex.around(a, i), Hex.around(b, i)));
      }
    }
    if (a.length != b.length) {
      fail(String.format("%s: %d bytes in orc-core's file, %d in colfile's", at, a.length,
          b.length));
    }
  }

  private static void sameMessage(String at, Message a, Message b) {
    if (Arrays.equals(a.toByteArray(), b.toByteArray())) {
      return;
    }
    String[] x = a.toString().split("\n");
    String[] y = b.toString().split("\n");
    int i = 0;
    while (i < Math.min(x.length, y.length) && x[i].equals(y[i])) {
      i++;
    }
    fail(String.format("%s: %s differs at text line %d%n  orc-core %s%n  colfile  %s%n"
        + "  (context before: %s)", at, a.getDescriptorForType().getName(), i + 1,
        i < x.length ? x[i].trim() : "<end>", i < y.length ? y[i].trim() : "<end>",
        String.join(" | ", Arrays.copyOfRange(x, Math.max(0, i - 6), Math.min(i, x.length)))
            .replaceAll("\\s+", " ")));
  }
}
