package io.colfile.orc.proto;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import java.io.IOException;

/**
 * Parses decompressed metadata with limits: before protobuf builds objects, the repeated
 * messages are counted two levels deep, so a few kilobytes of compressed empty messages cannot
 * become hundreds of millions of objects.
 */
final class Messages {
  /**
   * The most messages (stripes, types, statistics, metadata items, ...) one section may hold,
   * counted two levels deep: about 8 million, a few hundred MiB of objects once parsed.
   */
  static final long MAX_ELEMENTS = 1L << 23;

  private Messages() {}

  /**
   * Parses {@code bytes}, the decompressed message of {@code where}; protobuf names no offset, so
   * errors name the message's place in the file.
   */
  static <T> T parse(FileRegion where, byte[] bytes, Parser<T> parser) throws CorruptFileException {
    try {
      long elements = countElements(bytes, 0, bytes.length, 2);
      if (elements > MAX_ELEMENTS) {
        throw where.corrupt("the message holds %d messages, more than the %d colfile accepts",
            elements, MAX_ELEMENTS);
      }
      CodedInputStream coded = CodedInputStream.newInstance(bytes);
      coded.setSizeLimit(Integer.MAX_VALUE);
      coded.setRecursionLimit(200);
      return parser.parseFrom(coded);
    } catch (CorruptFileException e) {
      throw e;
    } catch (IOException e) {
      throw where.corrupt(e, -1, "unreadable protobuf message: %s", e.getMessage());
    }
  }

  /**
   * The number of top-level fields of a message (e.g. the entries of a row index), without
   * building anything; the message's structure is checked as far as that needs.
   */
  static long countFields(FileRegion where, byte[] bytes) throws CorruptFileException {
    try {
      return countElements(bytes, 0, bytes.length, 1);
    } catch (IOException e) {
      throw where.corrupt(e, -1, "unreadable protobuf message: %s", e.getMessage());
    }
  }

  /**
   * Counts the length-delimited fields (messages, strings, packed lists) of a protobuf message,
   * and recursively of those fields' contents down to {@code depth} levels, without building
   * anything. Contents that do not parse as a message are counted as one field.
   */
  private static long countElements(byte[] b, int off, int len, int depth) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(b, off, len);
    long count = 0;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      if (tag == 0) {
        break;
      }
      if ((tag & 7) == 2) {
        int size = in.readRawVarint32();
        int start = off + in.getTotalBytesRead();
        if (size < 0 || size > off + len - start) {
          throw new InvalidProtocolBufferException("a field runs past the end of its message");
        }
        count++;
        if (depth > 1 && size > 0) {
          try {
            count += countElements(b, start, size, depth - 1);
          } catch (InvalidProtocolBufferException notAMessage) {
            // a string or bytes field: counted once above
          }
        }
        in.skipRawBytes(size);
      } else if (!in.skipField(tag)) {
        break;
      }
    }
    return count;
  }
}
