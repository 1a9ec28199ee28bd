package io.colfile.orc;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.crypto.OrcCrypto;
import io.colfile.orc.index.BloomFilterTrust;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.proto.StripeMessages;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.stripe.StripeFooter;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
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
 * in the normal column slots is what an unkeyed reader sees. A reader whose keys decrypt a
 * variant ({@link OrcTail#decryption}) sees that variant's streams and encodings in its columns'
 * places instead, laid out as ORC Java lays them out (each area's unencrypted streams, then each
 * variant's streams of that area), and decrypts their bytes as it reads them ({@link #decrypt}).
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
  /** Of the streams that are encrypted, their local key and first counter block. */
  private final Map<StreamId, byte[][]> ciphers;

  private Stripe(OrcTail tail, int index, StripeInformation info, StripeFooter footer,
      Map<StreamId, StripeIndex.Located> streams, Map<StreamId, byte[][]> ciphers) {
    this.tail = tail;
    this.ciphers = ciphers;
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
    Map<StreamId, byte[][]> ciphers = Map.of();
    if (tail.decryption != null) {
      ciphers = new HashMap<>();
      footer = decrypted(tail.decryption, index, info, footer, footerRegion, streams, ciphers,
          columns);
    }
    return new Stripe(tail, index, info, footer, Collections.unmodifiableMap(streams), ciphers);
  }

  /**
   * Puts the streams of the variants {@code d} decrypts in their columns' places in {@code
   * streams} (their ciphers in {@code ciphers}) and returns the footer with those columns'
   * encodings.
   */
  private static StripeFooter decrypted(OrcDecryption d, int index, StripeInformation info,
      StripeFooter footer, FileRegion footerRegion, Map<StreamId, StripeIndex.Located> streams,
      Map<StreamId, byte[][]> ciphers, int columns) throws CorruptFileException {
    List<List<StreamEntry>> variants = footer.variants();
    streams.keySet().removeIf(id -> d.variant(id.column()) >= 0);
    List<EncodingEntry> encodings = new ArrayList<>(footer.columns());
    long stripeId = d.stripeId(index);
    long end = info.offset() + info.indexLength() + info.dataLength();
    long offset = info.offset();
    for (boolean indexArea : new boolean[] {true, false}) {
      for (StreamEntry s : footer.streams()) {
        if (s.kind() != StreamKind.ENCRYPTED_INDEX && s.kind() != StreamKind.ENCRYPTED_DATA
            && (s.kind() == null ? !indexArea : s.kind().isIndex() == indexArea)) {
          offset += s.length();
        }
      }
      for (int v = 0; v < variants.size(); v++) {
        for (StreamEntry s : variants.get(v)) {
          if (s.kind() == null || s.kind().isIndex() != indexArea) {
            continue;
          }
          long length = s.length();
          if (length < 0 || offset + length > end || offset + length < offset) {
            throw footerRegion.corrupt("stream %s of column %d in encryption variant %d (%d "
                + "bytes at %d) runs past the stripe's end at %d", s.kind(),
                Integer.toUnsignedLong(s.column()), v, length, offset, end);
          }
          int c = s.column();
          if (d.decrypts(v)) {
            if (d.variant(c) != v) {
              throw footerRegion.corrupt("encryption variant %d has a stream of column %d, "
                  + "outside its subtree", v, Integer.toUnsignedLong(c));
            }
            StreamId id = new StreamId(c, s.kind());
            streams.remove(id);
            streams.put(id, new StripeIndex.Located(offset, length));
            ciphers.put(id, new byte[][] {d.stripeKey(index, v),
                OrcCrypto.iv(c, s.kind(), stripeId)});
          }
          offset += length;
        }
      }
    }
    for (int c = 0; c < columns; c++) {
      int v = d.variant(c);
      if (v < 0) {
        continue;
      }
      List<EncodingEntry> mine = v < footer.variantColumns().size()
          ? footer.variantColumns().get(v) : List.of();
      int root = d.root(v);
      if (v >= variants.size() || c - root >= mine.size()) {
        throw footerRegion.corrupt("encryption variant %d has no encoding for column %d", v, c);
      }
      encodings.set(c, mine.get(c - root));
    }
    return new StripeFooter(footer.streams(), encodings, footer.writerTimezone(), variants,
        footer.variantColumns());
  }

  /**
   * Decrypts in place {@code buf[off, off + len)}, bytes {@code [from, from + len)} of stream
   * {@code id} as the file stores them; nothing when that stream is not encrypted.
   */
  void decrypt(StreamId id, long from, byte[] buf, int off, int len) {
    byte[][] c = ciphers.get(id);
    if (c != null) {
      OrcCrypto.apply(c[0], c[1], from, buf, off, len);
    }
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
      decrypt(id, 0, raw, 0, raw.length);
      return OrcTail.decompress(where, raw, 0, raw.length, tail.codec, tail.blockSize);
    });
  }

  /** Whether decimals of precision at most 18 use the decimal64 encoding (file version 1.9999). */
  boolean decimal64() {
    return tail.version.equals(OrcFileVersion.UNSTABLE_PRE_2_0);
  }
}
