package io.colfile.orc;

import io.colfile.orc.proto.OrcProto;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * Rewrites the statistics of an uncompressed ORC file: the file statistics, each stripe's
 * statistics and each row group's (in the ROW_INDEX streams, whose new lengths move everything
 * after them), and the row index entries' positions, leaving the data alone. Tests give the
 * reader statistics and positions that lie this way.
 */
final class StatisticsRewriter {
  /** Where a ColumnStatistics message sits. */
  enum Level { FILE, STRIPE, ROW_GROUP }

  /** The statistics to write instead of {@code s} (of column {@code column}). */
  @FunctionalInterface
  interface Edit {
    OrcProto.ColumnStatistics apply(Level level, int stripe, int group, int column,
        OrcProto.ColumnStatistics s);
  }

  /** The row index entry to write instead of {@code e} (its statistics already edited). */
  @FunctionalInterface
  interface EntryEdit {
    OrcProto.RowIndexEntry apply(int stripe, int group, int column, OrcProto.RowIndexEntry e);
  }

  private StatisticsRewriter() {}

  /** {@code file} with every row index entry edited (positions too). */
  static byte[] rewriteEntries(byte[] file, EntryEdit edit) throws IOException {
    return rewrite(file, (level, stripe, group, column, s) -> s, edit, null);
  }

  static byte[] rewrite(byte[] file, Edit edit, byte[] metadata) throws IOException {
    return rewrite(file, edit, (stripe, group, column, e) -> e, metadata);
  }

  /**
   * {@code file} with every statistic edited; {@code metadata} replaces the Metadata section's
   * bytes when not null (after the stripe statistics were edited, to damage the section).
   */
  private static byte[] rewrite(byte[] file, Edit edit, EntryEdit entries, byte[] metadata)
      throws IOException {
    int psLen = file[file.length - 1] & 0xff;
    OrcProto.PostScript ps = OrcProto.PostScript.parseFrom(
        Arrays.copyOfRange(file, file.length - 1 - psLen, file.length - 1));
    if (ps.getCompression() != OrcProto.CompressionKind.NONE) {
      throw new IllegalArgumentException("only uncompressed files are rewritten");
    }
    int footerStart = (int) (file.length - 1 - psLen - ps.getFooterLength());
    int metadataStart = (int) (footerStart - ps.getMetadataLength());
    OrcProto.Footer footer = OrcProto.Footer.parseFrom(
        Arrays.copyOfRange(file, footerStart, file.length - 1 - psLen));
    OrcProto.Metadata meta = OrcProto.Metadata.parseFrom(
        Arrays.copyOfRange(file, metadataStart, footerStart));

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(file, 0, 3);
    OrcProto.Footer.Builder newFooter = footer.toBuilder().clearStripes();
    for (int s = 0; s < footer.getStripesCount(); s++) {
      OrcProto.StripeInformation info = footer.getStripes(s);
      int stripeStart = (int) info.getOffset();
      int footerAt = (int) (stripeStart + info.getIndexLength() + info.getDataLength());
      OrcProto.StripeFooter sf = OrcProto.StripeFooter.parseFrom(
          Arrays.copyOfRange(file, footerAt, (int) (footerAt + info.getFooterLength())));
      ByteArrayOutputStream index = new ByteArrayOutputStream();
      OrcProto.StripeFooter.Builder newSf = sf.toBuilder().clearStreams();
      int at = stripeStart;
      for (OrcProto.Stream st : sf.getStreamsList()) {
        byte[] bytes = Arrays.copyOfRange(file, at, (int) (at + st.getLength()));
        at += (int) st.getLength();
        if (st.getKind() == OrcProto.Stream.Kind.ROW_INDEX) {
          OrcProto.RowIndex.Builder ri = OrcProto.RowIndex.parseFrom(bytes).toBuilder();
          for (int g = 0; g < ri.getEntryCount(); g++) {
            OrcProto.RowIndexEntry.Builder e = ri.getEntryBuilder(g);
            if (e.hasStatistics()) {
              e.setStatistics(edit.apply(Level.ROW_GROUP, s, g, st.getColumn(),
                  e.getStatistics()));
            }
            ri.setEntry(g, entries.apply(s, g, st.getColumn(), e.build()));
          }
          bytes = ri.build().toByteArray();
        }
        newSf.addStreams(st.toBuilder().setLength(bytes.length));
        index.write(bytes);
      }
      byte[] streams = index.toByteArray();
      byte[] stripeFooter = newSf.build().toByteArray();
      long offset = out.size();
      out.write(streams);
      out.write(stripeFooter);
      long dataLength = info.getDataLength(); // data streams follow the index ones unchanged
      long indexLength = streams.length - dataLength;
      newFooter.addStripes(info.toBuilder().setOffset(offset).setIndexLength(indexLength)
          .setFooterLength(stripeFooter.length));
    }
    newFooter.setContentLength(out.size());
    OrcProto.Metadata.Builder newMeta = OrcProto.Metadata.newBuilder();
    for (int s = 0; s < meta.getStripeStatsCount(); s++) {
      OrcProto.StripeStatistics.Builder b = OrcProto.StripeStatistics.newBuilder();
      OrcProto.StripeStatistics stats = meta.getStripeStats(s);
      for (int c = 0; c < stats.getColStatsCount(); c++) {
        b.addColStats(edit.apply(Level.STRIPE, s, -1, c, stats.getColStats(c)));
      }
      newMeta.addStripeStats(b);
    }
    newFooter.clearStatistics();
    for (int c = 0; c < footer.getStatisticsCount(); c++) {
      newFooter.addStatistics(edit.apply(Level.FILE, -1, -1, c, footer.getStatistics(c)));
    }
    byte[] metaBytes = metadata != null ? metadata : newMeta.build().toByteArray();
    byte[] footerBytes = newFooter.build().toByteArray();
    out.write(metaBytes);
    out.write(footerBytes);
    byte[] newPs = ps.toBuilder().setMetadataLength(metaBytes.length)
        .setFooterLength(footerBytes.length).build().toByteArray();
    out.write(newPs);
    out.write(newPs.length);
    return out.toByteArray();
  }
}
