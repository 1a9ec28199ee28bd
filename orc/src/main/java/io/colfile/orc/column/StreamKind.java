package io.colfile.orc.column;

/** The kinds of stream a column reader asks for, with their wire ids (Stream.Kind). */
public enum StreamKind {
  PRESENT(0), DATA(1), LENGTH(2), DICTIONARY_DATA(3), SECONDARY(5);

  public final int wireId;

  StreamKind(int wireId) {
    this.wireId = wireId;
  }

  /** The kind with wire id {@code id}, or null for kinds column readers never read. */
  public static StreamKind of(int id) {
    for (StreamKind k : values()) {
      if (k.wireId == id) {
        return k;
      }
    }
    return null;
  }
}
