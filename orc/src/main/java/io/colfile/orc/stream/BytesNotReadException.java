package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;

/**
 * A decoder reached bytes of a stream that were not read: the stream was read for some row
 * groups only, from their row-index positions, and the positions (or the slack allowed after
 * the last group) did not cover what decoding needed. The reader then reads the whole stripe
 * instead; only a file whose positions are wrong gets here, and it fails there as corrupt.
 */
public final class BytesNotReadException extends CorruptFileException {
  private static final long serialVersionUID = 1L;

  BytesNotReadException(FileRegion stream, long offset, long length) {
    super(stream, offset, "bytes " + offset + " to " + (offset + length)
        + " of the stream were not read for the row groups chosen", null);
  }
}
