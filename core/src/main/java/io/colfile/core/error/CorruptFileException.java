package io.colfile.core.error;

import java.io.IOException;
import java.util.Objects;

/**
 * The bytes of a file do not follow its format. Every malformed input ends here, naming the
 * file, the structure being decoded and the file offset where the problem is, so a message reads
 * like {@code string length 91234 exceeds the 17 bytes left [t.orc: stripe 2 / column 5 / DATA,
 * file offset 7013]}: the offset a user hexdumps. Readers make one through the {@link FileRegion}
 * of the bytes they decode ({@code region.corrupt(offset, ...)}), so none can leave the place out.
 */
public class CorruptFileException extends IOException {
  private static final long serialVersionUID = 1L;

  private final FileRegion region;
  private final long offset;
  private final String problem;

  /**
   * A problem at byte {@code offset} of {@code region} (-1: the structure as a whole); {@link
   * FileRegion#corrupt} reads better at call sites.
   */
  public CorruptFileException(FileRegion region, long offset, String problem, Throwable cause) {
    super(format(region, offset, problem), cause);
    this.region = Objects.requireNonNull(region, "region");
    this.offset = Math.max(-1, offset);
    this.problem = problem;
  }

  private static String format(FileRegion region, long offset, String problem) {
    String where = location(region, offset);
    return problem + " [" + Objects.toString(region.file(), "?")
        + (where.isEmpty() ? "" : (region.path().isEmpty() ? ", " : ": ") + where) + ']';
  }

  private static String location(FileRegion region, long offset) {
    StringBuilder sb = new StringBuilder(region.structure());
    long at = region.fileOffset(offset);
    if (at >= 0 && (at > 0 || offset >= 0 || !region.path().isEmpty())) {
      sb.append(sb.length() == 0 ? "" : ", ").append("file offset ").append(at);
      if (region.decoded() && offset >= 0) {
        sb.append(", decoded byte ").append(offset);
      }
    } else if (offset >= 0) {
      sb.append(sb.length() == 0 ? "" : ", ").append("byte ").append(offset);
    }
    return sb.toString();
  }

  /**
   * The location without the file's name, e.g. {@code stripe 2 / column 5 / DATA, file offset
   * 7013}; empty when nothing more than the file is known.
   */
  public String location() {
    return location(region, offset);
  }

  /** Where the problem is: the file, the structure and its place in the file. */
  public FileRegion region() {
    return region;
  }

  /** The file's name as the caller knows it (a path, or a description for in-memory data). */
  public String file() {
    return region.file();
  }

  /** The structure that failed to decode, e.g. {@code stripe 2 / column 5 / DATA}. */
  public String structure() {
    return region.structure();
  }

  /** Byte offset within {@link #structure()}, or -1 when the problem is with all of it. */
  public long offset() {
    return offset;
  }

  /**
   * The file offset of the problem: the byte at {@link #offset()} of a raw region, else the start
   * of the structure; -1 when the structure's place in the file is unknown.
   */
  public long fileOffset() {
    return region.fileOffset(offset);
  }

  /** The problem alone, without the location. */
  public String problem() {
    return problem;
  }
}
