package io.colfile.core.error;

/**
 * Bytes the byte layer (codecs, varints, {@code ByteCursor}) cannot decode. It lives here, beside
 * {@link CorruptFileException}, so that the encoding and codec packages both use it without
 * depending on each other. It knows only an offset within the buffer it was given; the caller,
 * which knows the buffer's {@link FileRegion}, turns it into a {@link CorruptFileException}.
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
