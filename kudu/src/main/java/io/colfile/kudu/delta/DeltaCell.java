package io.colfile.kudu.delta;

import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * One value of a DeltaFile (cfile.md section 11.1): {@code cell ::= DeltaKey | RowChangeList},
 * stored as a BINARY cell of the CFile.
 */
public record DeltaCell(DeltaKey key, RowChangeList changes) {
  public DeltaCell {
    Objects.requireNonNull(key);
    Objects.requireNonNull(changes);
  }

  public byte[] encode() {
    byte[] rcl = changes.encode();
    byte[] out = new byte[key.encodedLength() + rcl.length];
    int at = key.encodeTo(out, 0);
    System.arraycopy(rcl, 0, out, at, rcl.length);
    return out;
  }

  /** The cell {@code b[off, off + len)}. */
  public static DeltaCell decode(byte[] b, int off, int len) throws MalformedInputException {
    Objects.checkFromIndexSize(off, len, b.length);
    int keyLen = DeltaKey.lengthAt(b, off, off + len);
    DeltaKey key = DeltaKey.decode(b, off, off + keyLen);
    return new DeltaCell(key, RowChangeList.decode(b, off + keyLen, len - keyLen));
  }
}
