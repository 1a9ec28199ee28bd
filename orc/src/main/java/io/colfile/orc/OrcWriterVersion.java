package io.colfile.orc;

/** The writer's fix level (PostScript.writer_version), named as Apache ORC names it. */
public final class OrcWriterVersion {
  private static final String[] JAVA_NAMES = {
    "ORIGINAL", "HIVE_8732", "HIVE_4243", "HIVE_12055", "HIVE_13083", "ORC_101", "ORC_135",
    "ORC_517", "ORC_203", "ORC_14"
  };

  private OrcWriterVersion() {}

  /** The name of version {@code v} (writers other than Java start their own sequence at 6). */
  public static String name(int writerId, int v) {
    if (writerId == 0 && v >= 0 && v < JAVA_NAMES.length) {
      return JAVA_NAMES[v];
    }
    if (writerId != 0 && v == 6) {
      return "ORC_135";
    }
    return v < JAVA_NAMES.length && v >= 0 ? JAVA_NAMES[v] : "FUTURE(" + v + ")";
  }
}
