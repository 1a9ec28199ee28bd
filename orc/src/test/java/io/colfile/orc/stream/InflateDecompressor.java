package io.colfile.orc.stream;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.MalformedInputException;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/** ORC ZLIB (raw deflate) through the JDK, so these tests need no codec module. */
final class InflateDecompressor implements Decompressor {
  @Override
  public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut)
      throws MalformedInputException {
    Inflater inflater = new Inflater(true);
    try {
      inflater.setInput(in, inOff, inLen);
      int n = inflater.inflate(out, outOff, maxOut);
      if (!inflater.finished() && n == maxOut && inflater.inflate(new byte[1]) != 0) {
        throw new MalformedInputException(0, "output exceeds " + maxOut + " bytes");
      }
      if (!inflater.finished()) {
        throw new MalformedInputException(inLen, "truncated deflate stream");
      }
      return n;
    } catch (DataFormatException e) {
      throw new MalformedInputException(0, e.getMessage(), e);
    } finally {
      inflater.end();
    }
  }
}
