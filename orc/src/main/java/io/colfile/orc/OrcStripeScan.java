package io.colfile.orc;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.proto.StripeMessages;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.stripe.StripeFooter;
import io.colfile.orc.tail.CompressionKind;
import io.colfile.orc.tail.Footer;
import io.colfile.orc.tail.OrcTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the stripes of an ORC file whose tail (postscript, footer, metadata) is gone, for
 * {@link OrcSalvage#salvageWithoutTail}: from byte 3 (after "ORC") it walks the compression
 * chunk headers (every stream, and every stripe footer, is a whole number of chunks) and takes
 * as a stripe's footer the first chunk boundary where a stripe footer parses, has one encoding
 * per column of the schema, and lists streams whose lengths add up to the bytes from the
 * stripe's start to it. A stripe's rows are the row counts of its root column's row index
 * entries (so a file written without a row index cannot be scanned). The walk ends at the end
 * of the file, at a chunk header that cannot be one, or where no footer is found.
 */
final class OrcStripeScan {
  /** Chunks a stripe footer may span. */
  private static final int MAX_FOOTER_CHUNKS = 4;

  private OrcStripeScan() {}

  /** What the scan found: the stripes, their rows, and why it stopped before the end. */
  record Result(List<StripeInformation> stripes, int rowIndexStride, long scannedTo,
      String stopped) {}

  static Result scan(InputFile in, Type schema, CompressionCodec codec, int blockSize)
      throws IOException {
    String name = in.name();
    long length = in.length();
    FileRegion whole = FileRegion.of(name, length);
    int columns = OrcTypes.of(schema).size();
    List<StripeInformation> stripes = new ArrayList<>();
    int stride = 0;
    long start = OrcTail.MAGIC_LENGTH;
    while (start < length) {
      long at = start;
      StripeInformation found = null;
      StripeFooter footer = null;
      while (at + 3 <= length && found == null) {
        // a footer at this chunk boundary?
        long end = at;
        for (int k = 0; k < MAX_FOOTER_CHUNKS && end + 3 <= length; k++) {
          long next = chunkEnd(in, end, length, blockSize);
          if (next < 0) {
            break;
          }
          end = next;
          FileRegion where = whole.slice("stripe footer", at, end - at);
          try {
            byte[] raw = in.read(at, (int) (end - at));
            StripeFooter f = StripeMessages.parseFooter(where,
                OrcTail.decompress(where, raw, 0, raw.length, codec, blockSize));
            if (f.columns().size() == columns && streamBytes(f) == at - start) {
              footer = f;
              found = new StripeInformation(start, 0, at - start, end - at, 0);
              break;
            }
          } catch (CorruptFileException | RuntimeException e) {
            // not a footer here
          }
        }
        if (found == null) {
          long next = chunkEnd(in, at, length, blockSize);
          if (next < 0) {
            return new Result(stripes, stride, start, "no stripe footer found after byte "
                + start + " (the chunk at " + at + " is not a compression chunk)");
          }
          at = next;
        }
      }
      if (found == null) {
        return new Result(stripes, stride, start, "no stripe footer found after byte " + start);
      }
      long[] rows = rows(in, whole, footer, found, codec, blockSize,
          schema.kind() == io.colfile.core.types.TypeKind.STRUCT);
      if (rows == null) {
        return new Result(stripes, stride, start, "the stripe at " + start + " has no row index"
            + " with row counts for its root column (or its root values hold NULLs, which the "
            + "counts leave out)");
      }
      long index = indexBytes(footer);
      stripes.add(new StripeInformation(start, index, found.dataLength() - index,
          found.footerLength(), rows[0]));
      if (stride == 0 && rows[1] > 0) {
        stride = (int) rows[1];
      }
      start = found.offset() + found.dataLength() + found.footerLength();
    }
    return new Result(stripes, stride, start, null);
  }

  /** The end of the chunk whose header is at {@code at}, or -1 when it cannot be a chunk. */
  private static long chunkEnd(InputFile in, long at, long length, int blockSize)
      throws IOException {
    if (at + 3 > length) {
      return -1;
    }
    byte[] h = in.read(at, 3);
    int header = (h[0] & 0xff) | (h[1] & 0xff) << 8 | (h[2] & 0xff) << 16;
    int len = header >>> 1;
    if (len == 0 || len > blockSize || at + 3 + len > length) {
      return -1;
    }
    return at + 3 + len;
  }

  private static long streamBytes(StripeFooter f) {
    long sum = 0;
    for (var s : f.streams()) {
      if (s.length() < 0) {
        return -1;
      }
      sum += s.length();
    }
    return sum;
  }

  /** The bytes of the index streams, which come first (ROW_INDEX, BLOOM_FILTER*). */
  private static long indexBytes(StripeFooter f) {
    long sum = 0;
    for (var s : f.streams()) {
      if (s.kind() == null || !s.kind().isIndex()) {
        break;
      }
      sum += s.length();
    }
    return sum;
  }

  /**
   * {rows, rows of the first row group when there are several (the stride), else 0} from the
   * root column's row index, or null when it has none with counts.
   */
  private static long[] rows(InputFile in, FileRegion whole, StripeFooter f,
      StripeInformation s, CompressionCodec codec, int blockSize, boolean structRoot) {
    long offset = s.offset();
    for (var st : f.streams()) {
      if (st.kind() == StreamKind.ROW_INDEX && st.column() == 0) {
        try {
          FileRegion where = whole.slice("stripe row index", offset, st.length());
          byte[] raw = in.read(offset, (int) st.length());
          OrcProto.RowIndex index = OrcProto.RowIndex.parseFrom(
              OrcTail.decompress(where, raw, 0, raw.length, codec, blockSize));
          long rows = 0;
          for (OrcProto.RowIndexEntry e : index.getEntryList()) {
            if (!e.hasStatistics() || !e.getStatistics().hasNumberOfValues()
                || (!structRoot && e.getStatistics().getHasNull())) {
              // a root value that is NULL is a row the count leaves out: rows unknown (a
              // struct root's rows are never NULL, whatever its statistics' hasNull says)
              return null;
            }
            rows += e.getStatistics().getNumberOfValues();
          }
          long stride = index.getEntryCount() > 1
              ? index.getEntry(0).getStatistics().getNumberOfValues() : 0;
          return rows > 0 ? new long[] {rows, stride} : null;
        } catch (IOException | RuntimeException e) {
          return null;
        }
      }
      offset += st.length();
    }
    return null;
  }

  /** The footer of a file of {@code stripes} as the scan found them. */
  static Footer footer(Type schema, List<StripeInformation> stripes, int stride, int writer,
      io.colfile.orc.tail.CalendarKind calendar) {
    long rows = 0;
    long end = OrcTail.MAGIC_LENGTH;
    for (StripeInformation s : stripes) {
      rows += s.numberOfRows();
      end = s.offset() + s.length();
    }
    return new Footer(OrcTail.MAGIC_LENGTH, end, stripes, OrcTypes.of(schema), Map.of(), rows,
        List.of(), stride, writer, false, calendar, null);
  }

  static CompressionKind kind(CompressionCodec codec) {
    return CompressionKind.of(codec);
  }
}
