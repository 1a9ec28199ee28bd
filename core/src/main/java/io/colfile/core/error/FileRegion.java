package io.colfile.core.error;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where some bytes of a file are: the file's name, the structure they form as a path from the
 * file down ({@code stripe 2 / column 5 / DATA}), and the structure's start offset in the file and
 * length, where known. A reader carries the region of the bytes it decodes, so every {@link
 * CorruptFileException} it raises names the structure and the file offset a user can hexdump,
 * and no reader builds those names or adds those offsets by hand.
 *
 * <p>A region is <em>raw</em> when its bytes are file bytes {@code [start, start + length)}: an
 * offset inside it is then file offset {@code start + offset}. It is <em>decoded</em> when its
 * bytes are what those file bytes decompress or decode to: an offset inside it points at no file
 * byte, so errors name the region's start and the decoded byte.
 *
 * @param file the file's name as the caller knows it (a path, or a description of in-memory data)
 * @param path the structure's names from the outermost down; empty for the whole file
 * @param start the structure's first byte in the file, or -1 when unknown
 * @param length the structure's length in the file, or -1 when unknown
 * @param decoded whether the structure's bytes are a decoding of the file bytes it names
 */
public record FileRegion(String file, List<String> path, long start, long length,
    boolean decoded) {
  public FileRegion {
    path = List.copyOf(path);
    if (start < -1 || length < -1) {
      throw new IllegalArgumentException("region at " + start + " of length " + length);
    }
  }

  /** The whole of {@code file}: no structure, starting at offset 0, of unknown length. */
  public static FileRegion of(String file) {
    return new FileRegion(file, List.of(), 0, -1, false);
  }

  /** The whole of {@code file}, which holds {@code length} bytes. */
  public static FileRegion of(String file, long length) {
    return new FileRegion(file, List.of(), 0, length, false);
  }

  /**
   * A structure called {@code name} inside this one, whose place in the file is not known yet
   * (see {@link #at}). A structure spread over the file, like an ORC column's streams, stays so.
   */
  public FileRegion child(String name) {
    List<String> p = new ArrayList<>(path.size() + 1);
    p.addAll(path);
    p.add(name);
    return new FileRegion(file, p, -1, -1, false);
  }

  /** {@link #child(String)} named {@code kind index}, e.g. {@code child("stripe", 2)}. */
  public FileRegion child(String kind, long index) {
    return child(kind + " " + index);
  }

  /**
   * A part called {@code name} of this structure whose own place is not known, such as an entry
   * of a message: it keeps this structure's place, and offsets inside it are not file offsets.
   */
  public FileRegion part(String name) {
    FileRegion c = child(name);
    return new FileRegion(file, c.path, start, length, start >= 0);
  }

  /** {@link #part(String)} named {@code kind index}. */
  public FileRegion part(String kind, long index) {
    return part(kind + " " + index);
  }

  /** This structure, placed at file bytes {@code [start, start + length)} (length -1: unknown). */
  public FileRegion at(long start, long length) {
    return new FileRegion(file, path, start, length, false);
  }

  /**
   * The structure called {@code name} at {@code [offset, offset + length)} inside this one. Inside
   * a decoded region (or one whose start is unknown) the child keeps this region's place, as its
   * own bytes have none in the file.
   */
  public FileRegion slice(String name, long offset, long length) {
    FileRegion c = child(name);
    if (decoded || start < 0) {
      return new FileRegion(file, c.path, start, this.length, decoded);
    }
    return c.at(start + offset, length);
  }

  /** The bytes these file bytes decompress or decode to, under the same name and place. */
  public FileRegion asDecoded() {
    return new FileRegion(file, path, start, length, true);
  }

  /** The structure's path as messages show it, e.g. {@code stripe 2 / column 5 / DATA}. */
  public String structure() {
    return String.join(" / ", path);
  }

  /**
   * The file offset of byte {@code offset} of this structure: {@code start + offset} in a raw
   * region, the structure's start in a decoded one or when {@code offset} is -1, and -1 when the
   * start is unknown.
   */
  public long fileOffset(long offset) {
    if (start < 0) {
      return -1;
    }
    return decoded || offset < 0 ? start : start + offset;
  }

  /** A problem with the structure as a whole, such as two of its counts that disagree. */
  public CorruptFileException corrupt(String format, Object... args) {
    return new CorruptFileException(this, -1, String.format(format, args), null);
  }

  /** A problem found at byte {@code offset} of this structure. */
  public CorruptFileException corrupt(long offset, String format, Object... args) {
    return new CorruptFileException(this, offset, String.format(format, args), null);
  }

  /** A problem found at byte {@code offset} of this structure, which {@code cause} reported. */
  public CorruptFileException corrupt(
      Throwable cause, long offset, String format, Object... args) {
    return new CorruptFileException(this, offset, String.format(format, args), cause);
  }

  /**
   * The byte layer's complaint about this structure's bytes, where the buffer the byte layer read
   * held this structure's byte 0 at index {@code base}.
   */
  public CorruptFileException malformed(MalformedInputException e, long base) {
    return new CorruptFileException(this, Math.max(-1, e.offset() - base), e.getMessage(), e);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(Objects.toString(file, "?"));
    if (!path.isEmpty()) {
      sb.append(": ").append(structure());
    }
    if (start >= 0 && (start > 0 || !path.isEmpty())) {
      sb.append(", file offset ").append(start);
    }
    if (length >= 0) {
      sb.append(", ").append(length).append(" bytes");
    }
    return sb.append(decoded ? ", decoded" : "").toString();
  }
}
