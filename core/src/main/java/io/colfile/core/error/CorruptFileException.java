package io.colfile.core.error;

import java.io.IOException;

/**
 * The bytes of a file do not follow its format. Every malformed input ends here, naming the
 * file, the structure being decoded and the byte offset within that structure, so a message
 * reads like {@code string length 91234 exceeds the 17 bytes left [t.orc: stripe 2 / column 5 /
 * DATA, byte 7013]}.
 */
public class CorruptFileException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final String structure;
  private final long offset;
  private final String problem;

  public CorruptFileException(String file, String structure, long offset, String problem) {
    this(file, structure, offset, problem, null);
  }

  public CorruptFileException(
      String file, String structure, long offset, String problem, Throwable cause) {
    super(format(file, structure, offset, problem), cause);
    this.file = file;
    this.structure = structure;
    this.offset = offset;
    this.problem = problem;
  }

  /** A problem found at {@code offset} bytes into {@code structure} of {@code file}. */
  public static CorruptFileException at(
      String file, String structure, long offset, String problemFormat, Object... args) {
    return new CorruptFileException(file, structure, offset, String.format(problemFormat, args));
  }

  private static String format(String file, String structure, long offset, String problem) {
    StringBuilder sb = new StringBuilder(problem).append(" [").append(file == null ? "?" : file);
    if (structure != null && !structure.isEmpty()) {
      sb.append(": ").append(structure);
    }
    if (offset >= 0) {
      sb.append(", byte ").append(offset);
    }
    return sb.append(']').toString();
  }

  /** The file's name as the caller knows it (a path, or a description for in-memory data). */
  public String file() {
    return file;
  }

  /** The structure that failed to decode, e.g. {@code stripe 2 / column 5 / DATA}. */
  public String structure() {
    return structure;
  }

  /** Byte offset within {@link #structure()}, or -1 when unknown. */
  public long offset() {
    return offset;
  }

  /** The problem alone, without the location. */
  public String problem() {
    return problem;
  }
}
