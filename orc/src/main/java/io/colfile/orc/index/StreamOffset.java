package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import java.util.function.LongConsumer;

/**
 * Where a reader resumes in a stream (orc.md section 4): the byte offset of a compression
 * chunk's header within the stream and how many decompressed bytes of that chunk to skip. An
 * uncompressed stream is one chunk at offset 0, so its single number is {@code offsetInChunk}.
 * Java writers may record the end of chunk K as (start of K, its full length) instead of (start
 * of K + 1, 0); both are valid.
 */
public record StreamOffset(long chunkStart, long offsetInChunk) {
  public static final StreamOffset START = new StreamOffset(0, 0);

  /** Reads one (uncompressed) or two (compressed) numbers. */
  static StreamOffset read(PositionReader in, boolean compressed) throws CorruptFileException {
    if (compressed) {
      long chunk = in.next("chunk offset");
      return new StreamOffset(chunk, in.next("offset in chunk"));
    }
    return new StreamOffset(0, in.next("byte offset"));
  }

  /** Adds this offset's numbers as the row index stores them. */
  void appendTo(LongConsumer out, boolean compressed) {
    if (compressed) {
      out.accept(chunkStart);
    } else if (chunkStart != 0) {
      throw new IllegalStateException("an uncompressed stream has no chunk at " + chunkStart);
    }
    out.accept(offsetInChunk);
  }
}
