package io.colfile.kudu.fs;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Kudu's protobuf container file ({@code pb_util}), in which a tablet server keeps its tablet
 * superblocks, consensus metadata, instance files and the log block manager's block records:
 *
 * <pre>
 * Container  ::= magic "kuducntr" | version:u32le (1 or 2) | v2: crc32c(magic, version):u32le
 *                | SupHeader | Record*
 * SupHeader  ::= Record holding a ContainerSupHeaderPB (the records' message type and schema)
 * Record v1  ::= length:u32le | body | crc32c(length, body):u32le
 * Record v2  ::= length:u32le | crc32c(length):u32le | body | crc32c(body):u32le
 * </pre>
 *
 * A crash while appending leaves a torn last record; in version 2 Kudu can tell one apart from
 * damage, and so does this reader: a record cut short by the end of the file, or a length field
 * that is zeros followed by nothing but zeros (a file extended but not written, KUDU-2260), ends
 * the file cleanly and is reported by {@link #tornAt()}. Version 1 cannot tell, so a torn record
 * there is damage, as it is in Kudu. A checksum that does not match is always damage: a {@link
 * CorruptFileException} naming the file and the offset of the checksum.
 *
 * <p>Bodies are returned as bytes; what they hold is the caller's business (a codec parses them).
 */
public final class ProtoContainer {
  /** The container's magic, its first 8 bytes. */
  public static final String MAGIC = "kuducntr";
  private static final byte[] MAGIC_BYTES = MAGIC.getBytes(StandardCharsets.US_ASCII);
  /** Records larger than this are refused before they are read (Kudu parses up to 512 MiB). */
  private static final long MAX_RECORD = 512L << 20;

  /** One record: its body's bytes and where its length field starts in the file. */
  public record Record(long offset, byte[] body) {}

  private final String name;
  private final int version;
  private final String messageType;
  private final List<Record> records;
  private final long tornAt;

  private ProtoContainer(String name, int version, String messageType, List<Record> records,
      long tornAt) {
    this.name = name;
    this.version = version;
    this.messageType = messageType;
    this.records = List.copyOf(records);
    this.tornAt = tornAt;
  }

  /** Reads every record of {@code file} (which it does not close). */
  public static ProtoContainer read(InputFile file) throws IOException {
    long size = file.length();
    FileRegion region = FileRegion.of(file.name(), size);
    if (size < 12) {
      throw region.corrupt(0, "a protobuf container starts with 12 bytes of magic and version,"
          + " this file has %d", size);
    }
    byte[] head = file.read(0, (int) Math.min(16, size));
    if (!Arrays.equals(head, 0, 8, MAGIC_BYTES, 0, 8)) {
      throw region.corrupt(0, "not a Kudu protobuf container: magic is not '%s'", MAGIC);
    }
    int version = le32(head, 8);
    if (version != 1 && version != 2) {
      throw region.corrupt(8, "protobuf container version %d (Kudu writes 1 and 2)",
          Integer.toUnsignedLong(version));
    }
    long pos = 12;
    if (version == 2) {
      if (size < 16) {
        throw region.corrupt(12, "a version 2 container header is 16 bytes, the file has %d",
            size);
      }
      checkCrc(region, 12, le32(head, 12), crc(head, 0, 12), "file header");
      pos = 16;
    }
    Reader r = new Reader(file, region, version, size);
    Record sup = r.next(pos);
    if (sup == null) {
      throw region.corrupt(pos, "%s", r.torn >= 0 ? "the supplemental header is torn ("
          + r.tornWhy + ")" : "the file ends before its supplemental header");
    }
    String type = ProtoCodec.containerMessageType(sup.body(), region.slice(
        "supplemental header", sup.offset(), sup.body().length));
    List<Record> out = new ArrayList<>();
    pos = r.end;
    for (Record rec; (rec = r.next(pos)) != null; pos = r.end) {
      out.add(rec);
    }
    return new ProtoContainer(file.name(), version, type, out, r.torn);
  }

  /** The file's name as given. */
  public String name() {
    return name;
  }

  /** The container version, 1 or 2. */
  public int version() {
    return version;
  }

  /** The full name of the records' message type, e.g. {@code kudu.tablet.TabletSuperBlockPB}. */
  public String messageType() {
    return messageType;
  }

  /** The complete records, in file order (the supplemental header not among them). */
  public List<Record> records() {
    return records;
  }

  /** Where a torn last record starts (what a crash mid-append left), or -1 when none is. */
  public long tornAt() {
    return tornAt;
  }

  /**
   * The only record, as a file Kudu rewrites whole (superblocks, instance files) holds; it checks
   * that the records are of {@code type}.
   */
  public Record single(String type) throws CorruptFileException {
    FileRegion region = FileRegion.of(name);
    if (!messageType.equals(type)) {
      throw region.corrupt("%s", "holds " + messageType + " records, not " + type);
    }
    if (records.isEmpty()) {
      throw region.corrupt("%s", "holds no " + type + " record"
          + (tornAt >= 0 ? " (a torn one at offset " + tornAt + ")" : ""));
    }
    return records.get(0);
  }

  /** Reads records one after another, recording the end of the last and a torn tail. */
  private static final class Reader {
    final InputFile file;
    final FileRegion region;
    final int version;
    final long size;
    long end;
    long torn = -1;
    String tornWhy;

    Reader(InputFile file, FileRegion region, int version, long size) {
      this.file = file;
      this.region = region;
      this.version = version;
      this.size = size;
    }

    /** The record at {@code pos}, or null at the end of the file or at a torn record. */
    Record next(long pos) throws IOException {
      if (pos == size) {
        return null;
      }
      int lengthBytes = version == 1 ? 4 : 8;
      if (size - pos < lengthBytes) {
        return torn(pos, "the file ends inside its length field");
      }
      byte[] len = file.read(pos, lengthBytes);
      long length = Integer.toUnsignedLong(le32(len, 0));
      if (version == 2) {
        if (isZeros(len, 0, 8) && restIsZeros(pos + 8)) {
          return torn(pos, "zeros where its length should be, and only zeros after");
        }
        checkCrc(region, pos + 4, le32(len, 4), crc(len, 0, 4), "record length");
      }
      long bodyAt = pos + lengthBytes;
      if (length > MAX_RECORD) {
        throw region.corrupt(pos, "record of %d bytes (at most %d are read)", length, MAX_RECORD);
      }
      if (size - bodyAt < length + 4) {
        if (version == 1) {
          throw region.corrupt(pos, "record of %d bytes runs past the end of the file (%d"
              + " bytes); version 1 containers cannot tell a torn record from damage",
              length, size);
        }
        return torn(pos, "the file ends inside its " + length + "-byte body");
      }
      byte[] bodyAndCrc = file.read(bodyAt, (int) length + 4);
      int stored = le32(bodyAndCrc, (int) length);
      CRC32C c = new CRC32C();
      if (version == 1) {
        c.update(len, 0, 4);
      }
      c.update(bodyAndCrc, 0, (int) length);
      checkCrc(region, bodyAt + length, stored, (int) c.getValue(),
          version == 1 ? "record length and body" : "record body");
      end = bodyAt + length + 4;
      return new Record(pos, Arrays.copyOf(bodyAndCrc, (int) length));
    }

    private Record torn(long pos, String why) {
      torn = pos;
      tornWhy = why;
      return null;
    }

    private boolean restIsZeros(long from) throws IOException {
      byte[] buf = new byte[64 << 10];
      for (long p = from; p < size; p += buf.length) {
        int n = (int) Math.min(buf.length, size - p);
        file.readFully(p, buf, 0, n);
        if (!isZeros(buf, 0, n)) {
          return false;
        }
      }
      return true;
    }
  }

  private static void checkCrc(FileRegion region, long at, int stored, int computed,
      String what) throws CorruptFileException {
    if (stored != computed) {
      throw region.corrupt(at, "%s checksum does not match: stored 0x%08x, computed 0x%08x",
          what, stored, computed);
    }
  }

  private static boolean isZeros(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }

  static int crc(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }

  private static int le32(byte[] b, int off) {
    return ByteBuffer.wrap(b, off, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
  }
}
