package io.colfile.orc;

/** Which implementation wrote the file (Footer.writer; absent means ORC Java). */
public final class OrcWriterId {
  private static final String[] NAMES = {
    "ORC Java", "ORC C++", "Presto", "Scritchley Go", "Trino", "CUDF"
  };

  private OrcWriterId() {}

  /** The display name of writer id {@code id}, e.g. {@code ORC C++}. */
  public static String name(int id) {
    return id >= 0 && id < NAMES.length ? NAMES[id] : "unknown writer " + id;
  }
}
