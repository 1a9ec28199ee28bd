package io.colfile.orc.pushdown;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;

/**
 * Which writer bugs a file's statistics may carry, from Footer.writer and
 * PostScript.writer_version (orc.md section 3.2), and so which minimums and maximums a reader
 * must not use. The rules are those of Apache ORC's readers, taking the stricter where Java and
 * C++ differ:
 *
 * <ul>
 *   <li>writer version ORIGINAL (before HIVE-8732): C++ ({@code ReaderImpl::hasCorrectStatistics})
 *       ignores the bounds of strings, chars, varchars, decimals, dates, timestamps and booleans;
 *       the fix made string bounds compare UTF-8 bytes and stripe and file maximums right;
 *   <li>timestamps before ORC-135 stored local times, which a reader cannot place: Java
 *       ({@code RecordReaderImpl.evaluatePredicateProto}) and C++ ({@code PredicateLeaf::evaluate})
 *       use no timestamp bounds from them;
 *   <li>ORC Java 1.5.0 to 1.5.5 (writer version ORC_135 exactly) wrote wrong bounds for decimals
 *       of precision at most 18 (ORC-517): Java ignores them;
 *   <li>char columns: current writers compute statistics on the padded values they store; for
 *       writers before the vectorized writer (HIVE-12055) colfile cannot confirm that, so it uses
 *       their char minimums (a prefix is never greater) but not their maximums.
 * </ul>
 *
 * Writers other than ORC Java count their own versions from 6 and have all of Java's fixes
 * (Java's {@code WriterVersion.includes}); a non-Java writer with a version below 6, which Java
 * refuses, is held to the version it states.
 */
final class WriterFixes {
  static final int ORIGINAL = 0;
  static final int HIVE_12055 = 3;
  static final int ORC_135 = 6;
  private static final int JAVA = 0;

  private final int writerId;
  private final int writerVersion;

  WriterFixes(int writerId, int writerVersion) {
    this.writerId = writerId;
    this.writerVersion = writerVersion;
  }

  /** Whether the writer has Java's fix {@code fix}. */
  boolean includes(int fix) {
    return writerId != JAVA && writerVersion >= ORC_135 || writerVersion >= fix;
  }

  /** Why no bound of a column of {@code type} may be used, or null when they may. */
  String boundsDistrusted(Type type) {
    switch (type.kind()) {
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        if (!includes(ORC_135)) {
          return "timestamp statistics written before ORC-135 are in local time";
        }
        break;
      case DECIMAL:
        if (writerId == JAVA && writerVersion == ORC_135 && type.precision() <= 18) {
          return "ORC Java 1.5.0 to 1.5.5 wrote wrong decimal64 bounds (ORC-517)";
        }
        break;
      default:
        break;
    }
    switch (type.kind()) {
      case STRING: case CHAR: case VARCHAR: case DECIMAL: case DATE: case BOOLEAN:
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return includes(ORIGINAL + 1) ? null
            : "writer version ORIGINAL (before HIVE-8732): its " + type.kind().typeName()
                + " statistics are not trusted";
      default:
        return null;
    }
  }

  /**
   * Whether timestamp statistics and bloom filters may hold an instant in [-1 s, 0) as it was
   * written while readers read it one second later (orc.md section 8.1). ORC Java takes them
   * from the value as it stores it since ORC-306, which came with ORC-135 in release 1.5.0 (its
   * earlier timestamp statistics are not used at all); ORC C++ takes them from the value given,
   * and other writers are not known to do otherwise.
   */
  boolean timestampsMaySkewNear1970() {
    return writerId != JAVA;
  }

  /** Why the maximum of a column of {@code type} may not be used (beyond the bounds rule). */
  String maximumDistrusted(Type type) {
    if (type.kind() == TypeKind.CHAR && !includes(HIVE_12055)) {
      return "char maximums of writers before HIVE-12055 may be unpadded";
    }
    return null;
  }
}
