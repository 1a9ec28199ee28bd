package io.colfile.trevni;

/**
 * The bytes read so far of a structure of unknown length (the header, a column's descriptor
 * table) ended inside it: the caller reads more and parses again, or, at the end of the file,
 * reports a {@link io.colfile.core.error.CorruptFileException}.
 */
final class OutOfBytes extends Exception {
  private static final long serialVersionUID = 1L;
  /** Where the value that did not fit starts, from the structure's start. */
  final long offset;

  OutOfBytes(long offset, String message) {
    super(message, null, false, false);
    this.offset = offset;
  }
}
