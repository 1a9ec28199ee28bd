package io.colfile.orc;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import io.colfile.core.layout.ColumnNames;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import io.colfile.core.types.Type;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays out an ORC file ({@link OrcReader#layout()}): the header magic, each stripe's streams at
 * the running offsets its footer gives (index streams first, as the footer lists them), its
 * footer, the padding between stripes, and the tail (encrypted stripe statistics, metadata,
 * footer, postscript, its length byte). A stripe that cannot be read is one UNKNOWN span saying
 * why; the other stripes are still laid out.
 */
final class OrcLayout {
  /** Padding is read in pieces of this size to tell zeros (padding) from other bytes. */
  private static final int PAD_READ = 64 << 10;

  private final InputFile in;
  private final OrcTail tail;
  private final List<String> names;
  private final List<StripeInformation> stripes;
  private final List<List<ColumnStatistics>> stripeStats;
  private final List<LayoutSpan> spans = new ArrayList<>();

  private OrcLayout(InputFile in, OrcTail tail, List<String> names,
      List<StripeInformation> stripes, List<List<ColumnStatistics>> stripeStats) {
    this.in = in;
    this.tail = tail;
    this.names = names;
    this.stripes = stripes;
    this.stripeStats = stripeStats;
  }

  static FileLayout of(InputFile in, OrcTail tail, OrcReader reader) throws IOException {
    List<List<ColumnStatistics>> stats;
    try {
      stats = reader.stripeStatistics();
    } catch (IOException | RuntimeException e) {
      stats = List.of(); // values are a detail: a file with unreadable metadata is laid out
    }
    return of(in, tail, reader.schema(), reader.numberOfRows(), reader.stripes(), stats);
  }

  /** The layout of the file {@code in} whose tail says these stripes and statistics. */
  static FileLayout of(InputFile in, OrcTail tail, Type schema, long rows,
      List<StripeInformation> stripes, List<List<ColumnStatistics>> stats) throws IOException {
    OrcLayout l = new OrcLayout(in, tail, ColumnNames.preorder(schema), stripes, stats);
    return FileLayout.tile("ORC", tail.fileLength, rows, l.spans());
  }

  private List<LayoutSpan> spans() throws IOException {
    long length = tail.fileLength;
    if (length == 0) {
      return spans;
    }
    long at = 0;
    if (length >= OrcTail.MAGIC_LENGTH && isMagic(in.read(0, OrcTail.MAGIC_LENGTH))) {
      spans.add(LayoutSpan.of(0, OrcTail.MAGIC_LENGTH, SpanRole.HEADER, "header"));
      at = OrcTail.MAGIC_LENGTH;
    }
    PostScriptPlaces p = new PostScriptPlaces(tail);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < stripes.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingLong(i -> stripes.get(i).offset()));
    for (int i : order) {
      StripeInformation s = stripes.get(i);
      if (s.offset() > at && s.offset() <= p.statsStart) {
        padding(at, s.offset() - at);
      }
      stripe(i, s);
      if (s.offset() >= 0 && s.length() >= 0 && s.offset() + s.length() >= 0) {
        at = Math.max(at, s.offset() + s.length());
      }
    }
    if (p.statsStart > at) {
      padding(at, p.statsStart - at);
    }
    if (tail.postScript.stripeStatisticsLength() > 0) {
      spans.add(LayoutSpan.of(p.statsStart, tail.postScript.stripeStatisticsLength(),
          SpanRole.FOOTER, "encrypted stripe statistics"));
    }
    if (tail.postScript.metadataLength() > 0) {
      spans.add(compressed(LayoutSpan.of(p.metadataStart, tail.postScript.metadataLength(),
          SpanRole.FOOTER, "metadata"), Map.of()));
    }
    Map<String, Object> fd = new LinkedHashMap<>();
    fd.put("rows", tail.footer.numberOfRows() == null ? "absent" : tail.footer.numberOfRows());
    fd.put("stripes", stripes.size());
    spans.add(compressed(LayoutSpan.of(p.footerStart, tail.postScript.footerLength(),
        SpanRole.FOOTER, "footer"), fd));
    spans.add(LayoutSpan.of(p.postScriptStart, tail.postScriptLength, SpanRole.FOOTER,
        "postscript"));
    spans.add(LayoutSpan.of(length - 1, 1, SpanRole.FOOTER, "postscript length"));
    return spans;
  }

  /** Where the tail's sections start (OrcTail.read checked that they fit the file). */
  private record PostScriptPlaces(long postScriptStart, long footerStart, long metadataStart,
      long statsStart) {
    PostScriptPlaces(OrcTail t) {
      this(t.fileLength - 1 - t.postScriptLength,
          t.fileLength - 1 - t.postScriptLength - t.postScript.footerLength(),
          t.fileLength - 1 - t.postScriptLength - t.postScript.footerLength()
              - t.postScript.metadataLength(),
          t.fileLength - 1 - t.postScriptLength - t.postScript.footerLength()
              - t.postScript.metadataLength() - t.postScript.stripeStatisticsLength());
    }
  }

  private void stripe(int index, StripeInformation info) throws IOException {
    String name = "stripe " + index;
    Stripe stripe;
    try {
      stripe = Stripe.read(in, tail, index, info);
    } catch (IOException | RuntimeException e) {
      if (info.offset() >= 0 && info.length() > 0 && info.offset() + info.length() > 0) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("rows", info.numberOfRows());
        d.put("problem", LayoutSpan.problemOf(e));
        spans.add(new LayoutSpan(info.offset(), info.length(), List.of(name), SpanRole.UNKNOWN,
            -1, null, d));
      }
      return;
    }
    List<EncodingEntry> encodings = stripe.footer.columns();
    List<ColumnStatistics> stats = index < stripeStats.size() ? stripeStats.get(index) : null;
    long offset = info.offset();
    for (StreamEntry s : stripe.footer.streams()) {
      int c = s.column();
      boolean known = c >= 0 && c < names.size();
      EncodingEntry enc = known && c < encodings.size() ? encodings.get(c) : null;
      SpanRole role = role(s.kind(), enc);
      String kind = s.kind() == null ? "unknown stream" : s.kind().toString();
      Map<String, Object> d = new LinkedHashMap<>();
      if (s.kind() == StreamKind.ENCRYPTED_INDEX || s.kind() == StreamKind.ENCRYPTED_DATA) {
        encrypted(name, offset, s, stripe.footer.variants(), role);
      } else if (known) {
        if (enc != null && enc.kind() != null) {
          d.put("encoding", enc.kind().name());
          if (enc.kind().isDictionary()) {
            d.put("dictionary size", Integer.toUnsignedLong(enc.dictionarySize()));
          }
        }
        spans.add(compressed(new LayoutSpan(offset, s.length(), List.of(name, "column " + c,
            kind), role, c, names.get(c), Map.of()), d));
        if (stats != null && c < stats.size() && role != SpanRole.INDEX
            && role != SpanRole.BLOOM_FILTER) {
          LayoutSpan last = spans.remove(spans.size() - 1);
          Map<String, Object> dd = new LinkedHashMap<>(last.details());
          dd.put("values", stats.get(c).numberOfValues());
          spans.add(new LayoutSpan(last.offset(), last.length(), last.path(), last.role(),
              last.column(), last.columnName(), dd));
        }
      } else {
        d.put("column id", Integer.toUnsignedLong(c));
        spans.add(new LayoutSpan(offset, s.length(), List.of(name, kind), SpanRole.UNKNOWN, -1,
            null, d));
      }
      offset += s.length();
    }
    long footerStart = info.offset() + info.indexLength() + info.dataLength();
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("rows", info.numberOfRows());
    if (stripe.footer.writerTimezone() != null) {
      d.put("time zone", stripe.footer.writerTimezone());
    }
    spans.add(compressed(LayoutSpan.of(footerStart, info.footerLength(), SpanRole.FOOTER, name,
        "footer"), d));
  }

  /**
   * The encrypted streams an {@code ENCRYPTED_INDEX} or {@code ENCRYPTED_DATA} placeholder
   * covers: the variants' streams of that area, in variant order (encrypted after compression,
   * so their uncompressed size is not known); the placeholder itself when they do not fill it.
   */
  private void encrypted(String stripe, long offset, StreamEntry placeholder,
      List<List<StreamEntry>> variants, SpanRole role) {
    boolean index = placeholder.kind() == StreamKind.ENCRYPTED_INDEX;
    List<LayoutSpan> found = new ArrayList<>();
    long at = offset;
    for (int v = 0; v < variants.size(); v++) {
      for (StreamEntry e : variants.get(v)) {
        if (e.kind() == null || e.kind().isIndex() != index || e.length() < 0) {
          continue;
        }
        int c = e.column();
        boolean known = c >= 0 && c < names.size();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("encrypted", true);
        d.put("variant", v);
        found.add(new LayoutSpan(at, e.length(), List.of(stripe, "encrypted variant " + v,
            "column " + c, e.kind().toString()), role(e.kind(), null), known ? c : -1,
            known ? names.get(c) : null, d));
        at += e.length();
      }
    }
    if (at - offset == placeholder.length()) {
      spans.addAll(found);
    } else {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("encrypted", true);
      spans.add(new LayoutSpan(offset, placeholder.length(), List.of(stripe,
          index ? "encrypted index" : "encrypted data"), role, -1, null, d));
    }
  }

  private static SpanRole role(StreamKind kind, EncodingEntry enc) {
    if (kind == null) {
      return SpanRole.UNKNOWN;
    }
    return switch (kind) {
      case PRESENT -> SpanRole.NULLS;
      case DATA, SECONDARY, ENCRYPTED_DATA -> SpanRole.DATA;
      // the lengths of a dictionary's entries are part of the dictionary
      case LENGTH -> enc != null && enc.kind() != null && enc.kind().isDictionary()
          ? SpanRole.DICTIONARY : SpanRole.DATA;
      case DICTIONARY_DATA, DICTIONARY_COUNT -> SpanRole.DICTIONARY;
      case ROW_INDEX, ENCRYPTED_INDEX -> SpanRole.INDEX;
      case BLOOM_FILTER, BLOOM_FILTER_UTF8 -> SpanRole.BLOOM_FILTER;
      case STRIPE_STATISTICS, FILE_STATISTICS -> SpanRole.UNKNOWN;
    };
  }

  /**
   * {@code span} with {@code extra} details and, in a compressed file, the codec and the bytes
   * its chunks decompress to (or why they do not).
   */
  private LayoutSpan compressed(LayoutSpan span, Map<String, Object> extra) throws IOException {
    Map<String, Object> d = new LinkedHashMap<>(span.details());
    if (extra.containsKey("encoding")) {
      d.put("encoding", extra.get("encoding"));
    }
    if (tail.codec != CompressionCodec.NONE) {
      d.put("compression", tail.codec.name());
      long end = Math.min(span.end(), tail.fileLength);
      if (span.offset() < end) {
        try {
          d.put("uncompressed", uncompressedLength(span.offset(), end - span.offset()));
        } catch (MalformedInputException e) {
          d.put("problem", "at byte " + (span.offset() + e.offset()) + ": " + e.getMessage());
        }
      }
    }
    for (Map.Entry<String, Object> e : extra.entrySet()) {
      d.putIfAbsent(e.getKey(), e.getValue());
    }
    return new LayoutSpan(span.offset(), span.length(), span.path(), span.role(), span.column(),
        span.columnName(), d);
  }

  /**
   * The bytes the chunks in {@code [offset, offset + length)} hold once decompressed, one chunk
   * at a time (memory: one block). {@link MalformedInputException#offset()} is relative to
   * {@code offset}.
   */
  private long uncompressedLength(long offset, long length)
      throws IOException, MalformedInputException {
    Decompressor d = tail.codec.newDecompressor();
    byte[] out = null;
    long pos = 0;
    long total = 0;
    while (pos < length) {
      if (length - pos < 3) {
        throw new MalformedInputException(pos, "a chunk header needs 3 bytes, "
            + (length - pos) + " are left");
      }
      byte[] h = in.read(offset + pos, 3);
      int header = (h[0] & 0xff) | (h[1] & 0xff) << 8 | (h[2] & 0xff) << 16;
      int len = header >>> 1;
      if (len > length - pos - 3) {
        throw new MalformedInputException(pos, "chunk of " + len + " bytes runs past the "
            + "structure's end");
      }
      if ((header & 1) != 0) {
        total += len;
      } else {
        if (len > tail.blockSize) {
          throw new MalformedInputException(pos, "compressed chunk of " + len
              + " bytes is larger than the block size " + tail.blockSize);
        }
        if (out == null) {
          out = new byte[tail.blockSize];
        }
        byte[] c = in.read(offset + pos + 3, len);
        try {
          total += d.decompress(c, 0, len, out, 0, out.length);
        } catch (MalformedInputException e) {
          throw new MalformedInputException(pos, e.getMessage(), e);
        }
      }
      pos += 3 + len;
    }
    return total;
  }

  /** Bytes between stripes: PADDING when all zeros (what writers pad with), else UNKNOWN. */
  private void padding(long offset, long length) throws IOException {
    long end = Math.min(offset + length, tail.fileLength);
    boolean zeros = true;
    for (long p = offset; p < end && zeros; p += PAD_READ) {
      byte[] b = in.read(p, (int) Math.min(PAD_READ, end - p));
      for (byte x : b) {
        if (x != 0) {
          zeros = false;
          break;
        }
      }
    }
    spans.add(LayoutSpan.of(offset, length, zeros ? SpanRole.PADDING : SpanRole.UNKNOWN,
        zeros ? "padding" : "gap"));
  }

  private static boolean isMagic(byte[] b) {
    return b[0] == 'O' && b[1] == 'R' && b[2] == 'C';
  }
}
