package io.colfile.orc;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.orc.column.StreamKind;
import io.colfile.orc.column.StripeStreams;
import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.stream.OrcInputStream;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

  private final OrcTail tail;
  private final int index;
  private final OrcProto.StripeFooter footer;
  private final Map<Long, OrcInputStream> streams = new HashMap<>();
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
    long contentEnd = tail.fileLength - tail.tailLength - tail.postScript.getStripeStatisticsLength();
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
    footer = OrcTail.parse(tail.file, where + " / footer", footerStart, fb, 0, fb.length,
        tail.codec, tail.blockSize, OrcProto.StripeFooter.parser());
    int columns = tail.footer.getTypesCount();
    if (footer.getColumnsCount() != columns) {
      throw CorruptFileException.at(tail.file, where + " / footer", -1,
          "bad number of column encodings: expected %d, found %d", columns,
          footer.getColumnsCount());
    }
    writerZone = zone(footer, defaultZone);

    // Locate every stream, then read the needed ones, merging neighbours.
    long offset = info.offset();
    long end = info.offset() + info.indexLength() + info.dataLength();
    List<long[]> wanted = new ArrayList<>(); // {offset, length, key}
    for (OrcProto.Stream s : footer.getStreamsList()) {
      long length = s.getLength();
      if (length < 0 || offset + length > end || offset + length < offset) {
        throw CorruptFileException.at(tail.file, where + " / footer", -1,
            "stream %s of column %d (%d bytes at %d) runs past the stripe's end at %d",
            s.getKind(), s.getColumn(), length, offset, end);
      }
      StreamKind kind = StreamKind.of(s.getKind().getNumber());
      int column = s.getColumn();
      // A stream without a column field belongs to column 0, as Java and C++ read it; column
      // ids are unsigned, so large ones arrive negative.
      if (kind != null && s.hasKind() && column >= 0 && column < columns && included[column]) {
        wanted.add(new long[] {offset, length, key(column, kind)});
      }
      offset += length;
    }
    int i = 0;
    while (i < wanted.size()) {
      int j = i + 1;
      long start = wanted.get(i)[0];
      long stop = start + wanted.get(i)[1];
      while (j < wanted.size() && wanted.get(j)[0] >= stop
          && wanted.get(j)[0] - stop <= MERGE_GAP
          && wanted.get(j)[0] + wanted.get(j)[1] - start <= Integer.MAX_VALUE - 16) {
        stop = wanted.get(j)[0] + wanted.get(j)[1];
        j++;
      }
      if (stop - start > Integer.MAX_VALUE - 16) {
        throw CorruptFileException.at(tail.file, where, -1, "stream of %d bytes is too large",
            stop - start);
      }
      byte[] buf = in.read(start, (int) (stop - start));
      for (int k = i; k < j; k++) {
        long[] w = wanted.get(k);
        int col = (int) (w[2] >>> 8);
        StreamKind kind = StreamKind.of((int) (w[2] & 0xff));
        String name = where + " / column " + col + " / " + kind;
        streams.put(w[2], new OrcInputStream(tail.file, name, buf, (int) (w[0] - start),
            (int) w[1], decompressor, tail.blockSize));
      }
      i = j;
    }
  }

  private static long key(int column, StreamKind kind) {
    return ((long) column << 8) | kind.wireId;
  }

  private ZoneId zone(OrcProto.StripeFooter f, ZoneId defaultZone) throws CorruptFileException {
    if (!f.hasWriterTimezone() || f.getWriterTimezone().isEmpty()) {
      return defaultZone;
    }
    try {
      // Java writers store the JVM's zone id, which may be an old short id such as "PST".
      return ZoneId.of(f.getWriterTimezone(), ZoneId.SHORT_IDS);
    } catch (DateTimeException e) {
      throw CorruptFileException.at(tail.file, "stripe " + index + " / footer", -1,
          "unknown writer time zone '%s'", f.getWriterTimezone());
    }
  }

  @Override
  public OrcInputStream stream(int column, StreamKind kind) {
    return streams.get(key(column, kind));
  }

  @Override
  public int encoding(int column) {
    return footer.getColumns(column).getKind().getNumber();
  }

  @Override
  public long dictionarySize(int column) {
    return footer.getColumns(column).getDictionarySize();
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
