package io.colfile.orc;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.orc.column.StripeStreams;
import io.colfile.orc.proto.StripeMessages;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.stripe.StripeFooter;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One stripe's footer and the bytes of the streams a projection needs.
 *
 * <pre>
 * Stripe ::= IndexStreams DataStreams StripeFooter
 * </pre>
 *
 * Stream offsets are not stored: each follows the ones listed before it in the footer.
 * Placeholders for encrypted streams count towards offsets but are not read; the masked copy in
 * the normal column slots is what an unkeyed reader sees.
 */
final class StripeData implements StripeStreams {
  /** Streams closer than this are read with one positional read. */
  private static final long MERGE_GAP = 1 << 20;
  /** The streams column readers read; the others only count towards offsets here. */
  private static final Set<StreamKind> VALUE_KINDS = EnumSet.of(StreamKind.PRESENT,
      StreamKind.DATA, StreamKind.LENGTH, StreamKind.DICTIONARY_DATA, StreamKind.SECONDARY);

  private final OrcTail tail;
  private final int index;
  private final StripeFooter footer;
  private final Map<StreamId, OrcInputStream> streams = new HashMap<>();
  private final ZoneId writerZone;
  private final long rows;
  private final long maxNestedValues;

  StripeData(InputFile in, OrcTail tail, int index, StripeInformation info, boolean[] included,
      ZoneId defaultZone, long maxNestedValues, Decompressor decompressor) throws IOException {
    this.tail = tail;
    this.maxNestedValues = maxNestedValues;
    this.index = index;
    this.rows = info.numberOfRows();
    String where = "stripe " + index;
    long contentEnd = tail.fileLength - tail.tailLength - tail.postScript.stripeStatisticsLength();
    if (info.offset() < OrcTail.MAGIC_LENGTH || info.indexLength() < 0 || info.dataLength() < 0
        || info.footerLength() < 0 || info.footerLength() > Integer.MAX_VALUE
        || info.offset() + info.length() > contentEnd || info.offset() + info.length() < 0) {
      throw CorruptFileException.at(tail.file, where, -1,
          "stripe at %d with %d index, %d data and %d footer bytes lies outside the %d bytes "
              + "before the file tail", info.offset(), info.indexLength(), info.dataLength(),
          info.footerLength(), contentEnd);
    }
    long footerStart = info.offset() + info.indexLength() + info.dataLength();
    byte[] fb = in.read(footerStart, (int) info.footerLength());
    footer = StripeMessages.parseFooter(tail.file, where + " / footer", footerStart,
        OrcTail.decompress(tail.file, where + " / footer", footerStart, fb, 0, fb.length,
            tail.codec, tail.blockSize));
    int columns = tail.footer.types().size();
    if (footer.columns().size() != columns) {
      throw CorruptFileException.at(tail.file, where + " / footer", -1,
          "bad number of column encodings: expected %d, found %d", columns,
          footer.columns().size());
    }
    writerZone = zone(footer, defaultZone);

    // Locate every stream, then read the needed ones, merging neighbours.
    long offset = info.offset();
    long end = info.offset() + info.indexLength() + info.dataLength();
    List<Located> wanted = new ArrayList<>();
    for (StreamEntry s : footer.streams()) {
      long length = s.length();
      if (length < 0 || offset + length > end || offset + length < offset) {
        throw CorruptFileException.at(tail.file, where + " / footer", -1,
            "stream %s of column %d (%d bytes at %d) runs past the stripe's end at %d",
            s.kind() == null ? "of unknown kind" : s.kind(), s.column(), length, offset, end);
      }
      StreamKind kind = s.kind();
      int column = s.column();
      // A stream without a column field belongs to column 0, as Java and C++ read it; column
      // ids are unsigned, so large ones arrive negative.
      if (kind != null && VALUE_KINDS.contains(kind) && column >= 0 && column < columns
          && included[column]) {
        wanted.add(new Located(new StreamId(column, kind), offset, length));
      }
      offset += length;
    }
    int i = 0;
    while (i < wanted.size()) {
      int j = i + 1;
      long start = wanted.get(i).offset();
      long stop = start + wanted.get(i).length();
      while (j < wanted.size() && wanted.get(j).offset() >= stop
          && wanted.get(j).offset() - stop <= MERGE_GAP
          && wanted.get(j).offset() + wanted.get(j).length() - start
              <= Integer.MAX_VALUE - 16) {
        stop = wanted.get(j).offset() + wanted.get(j).length();
        j++;
      }
      if (stop - start > Integer.MAX_VALUE - 16) {
        throw CorruptFileException.at(tail.file, where, -1, "stream of %d bytes is too large",
            stop - start);
      }
      byte[] buf = in.read(start, (int) (stop - start));
      for (int k = i; k < j; k++) {
        Located w = wanted.get(k);
        String name = where + " / " + w.id();
        streams.put(w.id(), new OrcInputStream(tail.file, name, buf, (int) (w.offset() - start),
            (int) w.length(), decompressor, tail.blockSize));
      }
      i = j;
    }
  }

  /** A stream and where it lies in the file. */
  private record Located(StreamId id, long offset, long length) {}

  private ZoneId zone(StripeFooter f, ZoneId defaultZone) throws CorruptFileException {
    if (f.writerTimezone() == null) {
      return defaultZone;
    }
    try {
      // Java writers store the JVM's zone id, which may be an old short id such as "PST".
      return ZoneId.of(f.writerTimezone(), ZoneId.SHORT_IDS);
    } catch (DateTimeException e) {
      throw CorruptFileException.at(tail.file, "stripe " + index + " / footer", -1,
          "unknown writer time zone '%s'", f.writerTimezone());
    }
  }

  @Override
  public OrcInputStream stream(int column, StreamKind kind) {
    return streams.get(new StreamId(column, kind));
  }

  @Override
  public ColumnEncoding encoding(int column) {
    return footer.columns().get(column).kind();
  }

  @Override
  public long dictionarySize(int column) {
    return footer.columns().get(column).dictionarySize();
  }

  @Override
  public long rows() {
    return rows;
  }

  @Override
  public int stripe() {
    return index;
  }

  @Override
  public String file() {
    return tail.file;
  }

  @Override
  public ZoneId writerZone() {
    return writerZone;
  }

  @Override
  public long maxNestedValues() {
    return maxNestedValues;
  }

  @Override
  public boolean decimal64() {
    return tail.version.equals(OrcFileVersion.UNSTABLE_PRE_2_0);
  }

}
