package io.colfile.kudu.block;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Byte-string helpers for the BINARY encodings' tests. */
final class Strings {
  private Strings() {}

  /** A vector of the UTF-8 bytes of {@code values}, each in its own padded array. */
  static BytesVector vector(String... values) {
    List<byte[]> b = new ArrayList<>();
    for (String v : values) {
      b.add(v.getBytes(StandardCharsets.UTF_8));
    }
    return vector(b);
  }

  /** A vector of {@code values}, each placed at offset 3 of a larger array, as rows may be. */
  static BytesVector vector(List<byte[]> values) {
    BytesVector v = new BytesVector(Math.max(1, values.size()));
    for (int i = 0; i < values.size(); i++) {
      byte[] x = values.get(i);
      byte[] padded = new byte[x.length + 5];
      System.arraycopy(x, 0, padded, 3, x.length);
      v.setRef(i, padded, 3, x.length);
    }
    return v;
  }

  /** Reads all {@code dec.count()} values from the current position on. */
  static List<String> readAll(BlockDecoder dec) throws MalformedInputException {
    int n = dec.count() - dec.position();
    BytesVector out = new BytesVector(Math.max(1, n));
    dec.readBinary(out, 0, n);
    out.validate(n);
    List<String> s = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      s.add(out.getString(i));
    }
    return s;
  }
}
