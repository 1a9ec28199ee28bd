package io.colfile.orc;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.index.BloomFilterTrust;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.proto.StripeMessages;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StripeFooter;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One stripe's footer and where each of its streams lies.
 *
 * <pre>
 * Stripe ::= IndexStreams DataStreams StripeFooter
 * </pre>
 *
 * Stream offsets are not stored: each follows the ones listed before it in the footer.
 * Placeholders for encrypted streams count towards offsets but are never read; the masked copy
 * in the normal column slots is what an unkeyed reader sees.
 */
final class Stripe {
  final OrcTail tail;
  final int index;
  final StripeInformation info;
  final StripeFooter footer;
  /** Streams by column and kind, in footer order; of a stream listed twice, the last. */
  final Map<StreamId, StripeIndex.Located> streams;
  /** The stripe's bytes in the file; its streams' regions are made from it. */
  final FileRegion region;

  private Stripe(OrcTail tail, int index, StripeInformation info, StripeFooter footer,
      Map<StreamId, StripeIndex.Located> streams) {
    this.tail = tail;
    this.region = region(tail, index, info);
    this.index = index;
    this.info = info;
    this.footer = footer;
    this.streams = streams;
  }

  private static FileRegion region(OrcTail tail, int index, StripeInformation info) {
    FileRegion r = tail.region.child("stripe", index);
    return info.offset() >= 0 && info.length() >= 0 ? r.at(info.offset(), info.length()) : r;
  }

  /** Where stream {@code id} lies in the file. */
  FileRegion region(StreamId id) {
    StripeIndex.Located at = streams.get(id);
    return id.within(region).at(at.offset(), at.length());
  }

  static Stripe read(InputFile in, OrcTail tail, int index, StripeInformation info)
      throws IOException {
    FileRegion where = region(tail, index, info);
    long contentEnd = tail.fileLength - tail.tailLength - tail.postScript.stripeStatisticsLength();
    if (info.offset() < OrcTail.MAGIC_LENGTH || info.indexLength() < 0 || info.dataLength() < 0
        || info.footerLength() < 0 || info.footerLength() > Integer.MAX_VALUE
        || info.offset() + info.length() > contentEnd || info.offset() + info.length() < 0) {
      throw where.corrupt(
          "stripe at %d with %d index, %d data and %d footer bytes lies outside the %d bytes "
              + "before the file tail", info.offset(), info.indexLength(), info.dataLength(),
          info.footerLength(), contentEnd);
    }
    long footerStart = info.offset() + info.indexLength() + info.dataLength();
    byte[] fb = in.read(footerStart, (int) info.footerLength());
    FileRegion footerRegion = where.child("footer").at(footerStart, info.footerLength());
    StripeFooter footer = StripeMessages.parseFooter(footerRegion, OrcTail.decompress(
        footerRegion, fb, 0, fb.length, tail.codec, tail.blockSize));
    int columns = tail.footer.types().size();
    if (footer.columns().size() != columns) {
      throw footerRegion.corrupt("bad number of column encodings: expected %d, found %d", columns,
          footer.columns().size());
    }
    Map<StreamId, StripeIndex.Located> streams = new LinkedHashMap<>();
    long offset = info.offset();
    long end = footerStart;
    for (StreamEntry s : footer.streams()) {
      long length = s.length();
      if (length < 0 || offset + length > end || offset + length < offset) {
        throw footerRegion.corrupt(
            "stream %s of column %d (%d bytes at %d) runs past the stripe's end at %d",
            s.kind() == null ? "of unknown kind" : s.kind(), s.column(), length, offset, end);
      }
      // A stream without a column field belongs to column 0, as Java and C++ read it; column
      // ids are unsigned, so large ones arrive negative and are ignored like unknown kinds.
      if (s.kind() != null && s.column() >= 0 && s.column() < columns) {
        StreamId id = new StreamId(s.column(), s.kind());
        streams.remove(id); // keep footer order for the one that counts
        streams.put(id, new StripeIndex.Located(offset, length));
      }
      offset += length;
    }
    return new Stripe(tail, index, info, footer, Collections.unmodifiableMap(streams));
  }

  /** The bytes of the data streams of the columns {@code included} marks. */
  long dataBytes(boolean[] included) {
    long bytes = 0;
    for (Map.Entry<StreamId, StripeIndex.Located> e : streams.entrySet()) {
      if (included[e.getKey().column()] && StripeData.VALUE_KINDS.contains(e.getKey().kind())) {
        bytes += e.getValue().length();
      }
    }
    return bytes;
  }

  /** The zone TIMESTAMP values were written in: the stripe's, else {@code defaultZone}. */
  ZoneId writerZone(ZoneId defaultZone) throws CorruptFileException {
    String zone = footer.writerTimezone();
    if (zone == null) {
      return defaultZone;
    }
    try {
      // Java writers store the JVM's zone id, which may be an old short id such as "PST".
      return ZoneId.of(zone, ZoneId.SHORT_IDS);
    } catch (DateTimeException e) {
      long footerStart = info.offset() + info.indexLength() + info.dataLength();
      throw region.child("footer").at(footerStart, info.footerLength())
          .corrupt("unknown writer time zone '%s'", zone);
    }
  }

  /** The stripe's index streams, read on demand from {@code in}. */
  StripeIndex index(InputFile in, List<Type> columns, BloomFilterTrust trust) {
    StripeIndex.Stripe about = new StripeIndex.Stripe(region, index, info.numberOfRows(),
        tail.footer.rowIndexStride(), columns, footer.columns(), streams,
        tail.codec != CompressionCodec.NONE, tail.blockSize, decimal64(), trust);
    return new StripeIndex(about, id -> {
      StripeIndex.Located at = streams.get(id);
      FileRegion where = region(id);
      if (at.length() > Integer.MAX_VALUE - 16) {
        throw where.corrupt("stream of %d bytes is too large", at.length());
      }
      byte[] raw = in.read(at.offset(), (int) at.length());
      return OrcTail.decompress(where, raw, 0, raw.length, tail.codec, tail.blockSize);
    });
  }

  /** Whether decimals of precision at most 18 use the decimal64 encoding (file version 1.9999). */
  boolean decimal64() {
    return tail.version.equals(OrcFileVersion.UNSTABLE_PRE_2_0);
  }
}
