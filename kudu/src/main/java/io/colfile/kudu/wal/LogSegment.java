package io.colfile.kudu.wal;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.KuduCompression;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * One segment of a tablet's write-ahead log ({@code wals/<tablet id>/wal-NNNNNNNNN}), read
 * whole: the header (magic {@code kudulogf}, its length, a LogSegmentHeaderPB: tablet, sequence
 * number, schema, codec), then entry batches, each an entry header (compressed length, length,
 * CRC-32C of the batch, CRC-32C of the header's first twelve bytes; eight-byte headers of Kudu
 * 1.2 and older have no compressed length) and a LogEntryBatchPB compressed with the segment's
 * codec, and, once the segment was closed, a LogSegmentFooterPB, its length and the magic {@code
 * closedls} at the end.
 *
 * <p>As in Kudu, an unclosed segment (the one being written when the server stopped) ends where
 * its entries end: at preallocated zeros, or at a torn entry (a crash mid-write: a header or
 * batch that fails its checksum or runs past the file) after which no valid entry header
 * follows; {@link #end()} says which. A damaged entry followed by valid ones is corruption, and
 * an error naming the file and offset.
 *
 * <p>This reads the log's records only; which of them a flushed tablet already holds is the
 * tablet bootstrap's question.
 */
public final class LogSegment {
  static final byte[] HEADER_MAGIC = "kudulogf".getBytes(StandardCharsets.US_ASCII);
  static final byte[] FOOTER_MAGIC = "closedls".getBytes(StandardCharsets.US_ASCII);
  /** Headers and footers of at most 8 MiB, as Kudu reads them. */
  static final int MAX_HEADER_OR_FOOTER = 8 << 20;
  /** Segments of more than this many bytes are refused rather than read into memory. */
  static final long MAX_SEGMENT = 1L << 30;

  /** The segment header. */
  public record Header(String tabletId, long sequenceNumber, KuduCompression compression,
      byte[] schema, int schemaVersion, boolean v1Entries) {}

  /** The footer of a closed segment. */
  public record Footer(long entries, long minReplicateIndex, long maxReplicateIndex,
      long closeMicros) {}

  private final String name;
  private final Header header;
  private final Footer footer;
  private final List<LogEntry> entries;
  private final String end;

  private LogSegment(String name, Header header, Footer footer, List<LogEntry> entries,
      String end) {
    this.name = name;
    this.header = header;
    this.footer = footer;
    this.entries = entries;
    this.end = end;
  }

  public String name() {
    return name;
  }

  public Header header() {
    return header;
  }

  /** The footer, or null when the segment was not closed. */
  public Footer footer() {
    return footer;
  }

  /** The entries, in log order. */
  public List<LogEntry> entries() {
    return entries;
  }

  /**
   * Where and why reading stopped: {@code footer at offset N}, {@code preallocated space at
   * offset N}, {@code torn entry at offset N: ...} or {@code end of file}.
   */
  public String end() {
    return end;
  }

  /** Reads the segment {@code file} (closed when done). */
  public static LogSegment read(InputFile file) throws IOException {
    return read(file, false);
  }

  /**
   * Reads the segment {@code file} (closed when done); with {@code salvage}, a damaged entry
   * followed by valid ones ends the segment there, as a torn one does, and {@link #end()} says
   * so, rather than failing the read.
   */
  public static LogSegment read(InputFile file, boolean salvage) throws IOException {
    try (InputFile in = file) {
      String name = in.name();
      long length = in.length();
      FileRegion region = FileRegion.of(name);
      if (length > MAX_SEGMENT) {
        throw region.corrupt("%s", "is " + length + " bytes; log segments are far smaller");
      }
      if (length < 12) {
        throw region.corrupt("%s", "is " + length + " bytes, too short for a log segment");
      }
      byte[] buf = new byte[(int) length];
      in.readFully(0, buf, 0, buf.length);
      return parse(name, buf, salvage);
    }
  }

  static LogSegment parse(String name, byte[] buf, boolean salvage)
      throws CorruptFileException {
    FileRegion file = FileRegion.of(name, buf.length);
    if (!Arrays.equals(buf, 0, 8, HEADER_MAGIC, 0, 8)) {
      throw file.slice("header", 0, -1).corrupt("%s", allZeros(buf, 0, 12)
          ? "has no header (preallocated, never written)" : "is no Kudu log segment: bad magic");
    }
    long headerLength = le32(buf, 8);
    if (headerLength == 0 || headerLength > MAX_HEADER_OR_FOOTER || 12 + headerLength > buf.length) {
      throw file.slice("header", 0, -1).corrupt("%s", "header length " + headerLength
          + " does not fit the file of " + buf.length + " bytes");
    }
    Header header;
    try {
      header = WalCodec.header(buf, 12, (int) headerLength);
    } catch (MalformedInputException e) {
      throw file.slice("header", 0, -1).corrupt("%s", e.getMessage());
    }
    int first = 12 + (int) headerLength;
    int limit = buf.length;
    Footer footer = null;
    if (buf.length >= first + 12
        && Arrays.equals(buf, buf.length - 8, buf.length, FOOTER_MAGIC, 0, 8)) {
      long footerLength = le32(buf, buf.length - 12);
      if (footerLength == 0 || footerLength > buf.length - 12 - first) {
        throw file.slice("footer", buf.length - 12, 12).corrupt("%s", "footer length "
            + footerLength + " points before the first entry");
      }
      limit = (int) (buf.length - 12 - footerLength);
      try {
        footer = WalCodec.footer(buf, limit, (int) footerLength);
      } catch (MalformedInputException e) {
        throw file.slice("footer", limit, -1).corrupt("%s", e.getMessage());
      }
    }
    int headerSize = header.v1Entries() ? 12 : 16;
    Decompressor decompressor = header.compression().newDecompressor();
    List<LogEntry> entries = new ArrayList<>();
    int at = first;
    String end = footer != null ? "footer at offset " + limit : "end of file";
    while (at < limit) {
      if (limit - at < headerSize || allZeros(buf, at, Math.min(limit, at + headerSize))) {
        if (footer == null && allZeros(buf, at, limit)) {
          end = "preallocated space at offset " + at;
          break;
        }
      }
      String problem = entryProblem(buf, at, limit, headerSize);
      if (problem != null) {
        if (footer == null && !validHeaderAfter(buf, at + 1, limit, headerSize)) {
          end = "torn entry at offset " + at + ": " + problem;
          break;
        }
        if (salvage) {
          end = "damaged entry at offset " + at + ": " + problem + " (salvaged: the entries"
              + " before it)";
          break;
        }
        throw file.slice("entry", at, -1).corrupt("%s", problem);
      }
      long compressed = le32(buf, at);
      long plain = headerSize == 16 ? le32(buf, at + 4) : compressed;
      int data = at + headerSize;
      byte[] batch = buf;
      int batchOff = data;
      int batchLen = (int) compressed;
      if (decompressor != null) {
        if (plain > MAX_SEGMENT) {
          throw file.slice("entry", at, -1).corrupt("%s", "claims " + plain
              + " bytes uncompressed");
        }
        batch = new byte[(int) plain];
        try {
          int n = decompressor.decompress(buf, data, (int) compressed, batch, 0, batch.length);
          if (n != plain) {
            throw new MalformedInputException(0, "decompressed to " + n + " bytes, the header"
                + " says " + plain);
          }
        } catch (MalformedInputException e) {
          throw file.slice("entry", at, -1).corrupt("%s", header.compression().kuduName()
              + " batch does not decompress: " + e.getMessage());
        }
        batchOff = 0;
        batchLen = batch.length;
      }
      try {
        entries.addAll(WalCodec.batch(batch, batchOff, batchLen));
      } catch (MalformedInputException e) {
        throw file.slice("entry", at, -1).corrupt("%s", e.getMessage());
      }
      at = data + (int) compressed;
    }
    return new LogSegment(name, header, footer, Collections.unmodifiableList(entries), end);
  }

  /** What is wrong with the entry at {@code at}, or null when its checksums hold. */
  private static String entryProblem(byte[] buf, int at, int limit, int headerSize) {
    if (limit - at < headerSize) {
      return "an entry header of " + headerSize + " bytes does not fit in the "
          + (limit - at) + " left";
    }
    if (!headerValid(buf, at, headerSize)) {
      return "entry header checksum mismatch";
    }
    long compressed = le32(buf, at);
    long plain = headerSize == 16 ? le32(buf, at + 4) : compressed;
    if (plain == 0) {
      return "an entry of 0 bytes";
    }
    if (compressed > limit - at - headerSize) {
      return "an entry of " + compressed + " bytes runs past the readable end at " + limit;
    }
    CRC32C crc = new CRC32C();
    crc.update(buf, at + headerSize, (int) compressed);
    long want = le32(buf, at + headerSize - 8);
    if (crc.getValue() != want) {
      return "entry checksum mismatch (stored " + Long.toHexString(want) + ", computed "
          + Long.toHexString(crc.getValue()) + ")";
    }
    return null;
  }

  private static boolean headerValid(byte[] buf, int at, int headerSize) {
    CRC32C crc = new CRC32C();
    crc.update(buf, at, headerSize - 4);
    return crc.getValue() == le32(buf, at + headerSize - 4) && !allZeros(buf, at, at + headerSize);
  }

  /** Whether a valid entry header starts anywhere in {@code [from, limit)}, as Kudu scans. */
  private static boolean validHeaderAfter(byte[] buf, int from, int limit, int headerSize) {
    for (int at = from; at + headerSize <= limit; at++) {
      if (buf[at] != 0 || !allZeros(buf, at, at + headerSize)) {
        if (headerValid(buf, at, headerSize)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean allZeros(byte[] buf, int from, int to) {
    for (int i = from; i < to; i++) {
      if (buf[i] != 0) {
        return false;
      }
    }
    return true;
  }

  private static long le32(byte[] b, int at) {
    return Integer.toUnsignedLong(Endian.getIntLE(b, at));
  }
}
