package io.colfile.core.codec;

/**
 * A codec found bytes it cannot decode. Codecs know only offsets within the buffer they were
 * given; the caller turns this into a {@link io.colfile.core.error.CorruptFileException} that
 * names the file and structure.
 */
public final class MalformedInputException extends Exception {
  private static final long serialVersionUID = 1L;
  private final long offset;

  public MalformedInputException(long offset, String problem) {
    super(problem);
    this.offset = offset;
  }

  public MalformedInputException(long offset, String problem, Throwable cause) {
    super(problem, cause);
    this.offset = offset;
  }

  /** Offset within the compressed input where decoding failed (best effort; 0 if unknown). */
  public long offset() {
    return offset;
  }
}
