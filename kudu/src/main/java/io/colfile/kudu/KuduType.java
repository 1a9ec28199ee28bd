package io.colfile.kudu;

import io.colfile.core.encoding.WireIds;
import java.util.List;

/**
 * Kudu's {@code DataType} (common.proto), the logical type a CFile footer records, with the
 * physical type its cells have and the encodings Kudu 1.17 allows for it (cfile.md section 7;
 * the first is what AUTO_ENCODING resolves to). Wire ids are Kudu's; never use {@link
 * #ordinal()}.
 */
public enum KuduType {
  UINT8(0, PhysicalType.UINT8),
  INT8(1, PhysicalType.INT8),
  UINT16(2, PhysicalType.UINT16),
  INT16(3, PhysicalType.INT16),
  UINT32(4, PhysicalType.UINT32),
  INT32(5, PhysicalType.INT32),
  UINT64(6, PhysicalType.UINT64),
  INT64(7, PhysicalType.INT64),
  STRING(8, PhysicalType.BINARY),
  BOOL(9, PhysicalType.BOOL),
  FLOAT(10, PhysicalType.FLOAT),
  DOUBLE(11, PhysicalType.DOUBLE),
  BINARY(12, PhysicalType.BINARY),
  /** Microseconds since 1970-01-01 00:00:00 UTC. */
  UNIXTIME_MICROS(13, PhysicalType.INT64),
  INT128(14, PhysicalType.INT128),
  /** Unscaled decimal of precision 1 to 9; precision and scale live in the table schema. */
  DECIMAL32(15, PhysicalType.INT32),
  /** Unscaled decimal of precision 10 to 18. */
  DECIMAL64(16, PhysicalType.INT64),
  /** Unscaled decimal of precision 19 to 38. */
  DECIMAL128(17, PhysicalType.INT128),
  /** UTF-8 text of at most a given number of characters (the limit lives in the schema). */
  VARCHAR(19, PhysicalType.BINARY),
  /** Days since 1970-01-01. */
  DATE(20, PhysicalType.INT32);

  /** The smallest and largest DATE Kudu accepts: 0001-01-01 and 9999-12-31. */
  public static final int MIN_DATE = -719162;
  public static final int MAX_DATE = 2932896;

  private static final WireIds<KuduType> BY_WIRE_ID =
      WireIds.of(KuduType.class, KuduType::wireId);

  private final int wireId;
  private final PhysicalType physical;

  KuduType(int wireId, PhysicalType physical) {
    this.wireId = wireId;
    this.physical = physical;
  }

  /** Kudu's DataType number. */
  public int wireId() {
    return wireId;
  }

  public PhysicalType physical() {
    return physical;
  }

  /** The type with Kudu's DataType number {@code id}, or null if Kudu 1.17 stores no such type. */
  public static KuduType ofWireId(int id) {
    return BY_WIRE_ID.get(id);
  }

  /** The encodings Kudu 1.17 allows for this type; the first is the default. */
  public List<KuduEncoding> encodings() {
    return switch (physical) {
      case BOOL -> List.of(KuduEncoding.RLE, KuduEncoding.PLAIN);
      case FLOAT, DOUBLE, INT128 -> List.of(KuduEncoding.BIT_SHUFFLE, KuduEncoding.PLAIN);
      case BINARY -> List.of(KuduEncoding.DICT, KuduEncoding.PLAIN, KuduEncoding.PREFIX);
      default -> List.of(KuduEncoding.BIT_SHUFFLE, KuduEncoding.PLAIN, KuduEncoding.RLE);
    };
  }

  /** What AUTO_ENCODING resolves to for this type in Kudu 1.17. */
  public KuduEncoding defaultEncoding() {
    return encodings().get(0);
  }

  /**
   * The encoding a writer uses when {@code requested} is asked for: the default for AUTO,
   * otherwise {@code requested} if the type allows it.
   *
   * @throws IllegalArgumentException if the type does not allow {@code requested} (Kudu would
   *     log a warning and use the default; colfile says so instead)
   */
  public KuduEncoding resolve(KuduEncoding requested) {
    if (requested == KuduEncoding.AUTO) {
      return defaultEncoding();
    }
    if (!encodings().contains(requested)) {
      throw new IllegalArgumentException(kuduName() + " cannot be stored with "
          + requested.kuduName() + " (Kudu allows " + encodings().stream()
              .map(KuduEncoding::kuduName).collect(java.util.stream.Collectors.joining(", "))
          + ")");
    }
    return requested;
  }

  /** True for the types Kudu allows in a primary key. */
  public boolean canBeKey() {
    return physical != PhysicalType.BOOL && physical != PhysicalType.FLOAT
        && physical != PhysicalType.DOUBLE;
  }

  /** Kudu's lower-case name, as {@code kudu fs dump} and table schemas spell it. */
  public String kuduName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
