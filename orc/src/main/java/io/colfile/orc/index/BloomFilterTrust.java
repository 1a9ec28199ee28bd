package io.colfile.orc.index;

import io.colfile.core.types.TypeKind;
import io.colfile.orc.stripe.StreamKind;
import java.util.Set;

/**
 * Which bloom filters of a file a reader may use (orc.md section 10.3), following Apache ORC
 * Java's reader ({@code RecordReaderImpl}, {@code StripePlanner}, {@code BloomFilterIO}) with
 * its stricter setting {@code orc.bloom.filter.ignore.non-utf8}:
 *
 * <ul>
 *   <li>none of a file from ORC C++ 1.6.0 to 1.6.11 or 1.7.0, or from ORC C++ without a
 *       software version (those hashed integers with logical shifts, ORC-1024);
 *   <li>BLOOM_FILTER_UTF8 unless its column encoding names a bloom encoding this reader does
 *       not know, or a timestamp column's is the original one;
 *   <li>the legacy BLOOM_FILTER except for strings from Java writers before HIVE_12055 (they
 *       hashed the JVM's default charset), decimals (their hashing was fixed only in the UTF-8
 *       kind) and timestamps from Java writers before ORC_135;
 *   <li>none for booleans (writers never add values to them) or for structs, lists, maps and
 *       unions (their filters hold nothing or lengths and tags, not values).
 * </ul>
 *
 * Writers other than ORC Java have all of Java's fixes ("includes" in Java's WriterVersion).
 */
public final class BloomFilterTrust {
  /** ORC C++ releases whose bloom filters hashed integers wrongly. */
  private static final Set<String> BAD_CPP_VERSIONS = Set.of("1.6.0", "1.6.1", "1.6.2",
      "1.6.3", "1.6.4", "1.6.5", "1.6.6", "1.6.7", "1.6.8", "1.6.9", "1.6.10", "1.6.11",
      "1.7.0");
  private static final int JAVA = 0;
  private static final int CPP = 1;
  private static final int HIVE_12055 = 3;
  private static final int ORC_135 = 6;
  /** Bloom encodings: 0 original, 1 UTF-8 strings and UTC timestamps (ORC-135). */
  private static final int UTF8_UTC = 1;

  private final int writerId;
  private final int writerVersion;
  private final String fileReason;

  /**
   * @param writerId Footer.writer (0 when absent)
   * @param writerVersion PostScript.writer_version (0 when absent)
   * @param softwareVersion Footer.software_version, or null
   */
  public BloomFilterTrust(int writerId, int writerVersion, String softwareVersion) {
    this.writerId = writerId;
    this.writerVersion = writerVersion;
    this.fileReason = fileReason(writerId, softwareVersion);
  }

  private static String fileReason(int writerId, String softwareVersion) {
    if (writerId != CPP) {
      return null;
    }
    if (softwareVersion == null) {
      return "the file is from ORC C++ without a software version (1.6.0 to 1.6.10), whose "
          + "bloom filters hash integers wrongly (ORC-1024)";
    }
    int dash = softwareVersion.indexOf('-');
    String release = dash >= 0 ? softwareVersion.substring(0, dash) : softwareVersion;
    return BAD_CPP_VERSIONS.contains(release)
        ? "the file is from ORC C++ " + softwareVersion + ", whose bloom filters hash integers "
            + "wrongly (ORC-1024)"
        : null;
  }

  /** Why no bloom filter of this file may be used, or null. */
  public String fileReason() {
    return fileReason;
  }

  /**
   * Why the filters of a stream of {@code kind} for a column of type {@code type} with bloom
   * encoding {@code bloomEncoding} may not be used, or null when they may.
   */
  public String reason(TypeKind type, StreamKind kind, int bloomEncoding) {
    if (fileReason != null) {
      return fileReason;
    }
    switch (type) {
      case BOOLEAN:
        return "writers add no values to boolean bloom filters";
      case STRUCT: case LIST: case MAP: case UNION:
        return "bloom filters of " + type.typeName() + " columns hold no values";
      default:
        break;
    }
    boolean timestamp = type == TypeKind.TIMESTAMP || type == TypeKind.TIMESTAMP_INSTANT;
    if (kind == StreamKind.BLOOM_FILTER_UTF8) {
      if (bloomEncoding > UTF8_UTC || bloomEncoding < 0) {
        return "bloom encoding " + Integer.toUnsignedString(bloomEncoding) + " is unknown";
      }
      if (timestamp && bloomEncoding != UTF8_UTC) {
        return "timestamp bloom filters of the original encoding hash local times";
      }
      return null;
    }
    if (kind != StreamKind.BLOOM_FILTER) {
      throw new IllegalArgumentException(kind + " holds no bloom filters");
    }
    switch (type) {
      case STRING: case CHAR: case VARCHAR:
        return includes(HIVE_12055) ? null
            : "legacy string bloom filters before HIVE_12055 hash the writer's default charset";
      case DECIMAL:
        return "legacy decimal bloom filters are not trusted (fixed only in BLOOM_FILTER_UTF8)";
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return includes(ORC_135) ? null
            : "legacy timestamp bloom filters before ORC_135 hash local times";
      default:
        return null;
    }
  }

  /** Whether the writer has Java's fix {@code fix}: any non-Java writer has them all. */
  private boolean includes(int fix) {
    return writerId != JAVA || writerVersion >= fix;
  }
}
