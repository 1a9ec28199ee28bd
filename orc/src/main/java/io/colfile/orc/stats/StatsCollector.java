package io.colfile.orc.stats;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;

/**
 * Collects one column's statistics at one level (row group, stripe or file) while writing, and
 * gives them as the immutable {@link ColumnStatistics} that orc-core 2.1.1's {@code
 * ColumnStatisticsImpl} would serialize: the same fields present, the same values, so their
 * bytes ({@code io.colfile.orc.proto.StatisticsMessages}) are identical (orc.md sections 2.4
 * and 9).
 *
 * <p>The writer drives it the way Java's tree writers do: {@link #increment} with the number of
 * non-null values of each batch, {@link #setNull} when a batch had a null, and a typed {@code
 * update} per value (or per repeated run). Row-group collectors are {@link #merge merged} into
 * the stripe's, then {@link #reset}; stripe collectors into the file's.
 *
 * <p>Every message carries {@code number_of_values} and {@code has_null} (even when false), the
 * typed sub-message of the column's kind, and {@code bytes_on_disk} only when non-zero.
 */
public abstract class StatsCollector {
  private long count;
  private boolean hasNull;
  private long bytesOnDisk;
  /** Whether a merged-in file's statistics lacked the typed part this column's kind has. */
  private boolean typedUnknown;
  /** Whether this collector holds statistics read from a file rather than collected. */
  boolean loaded;

  StatsCollector() {}

  /**
   * A collector for a column of {@code type}.
   *
   * @param decimal64 whether the writer stores this decimal column through the [1,9999]
   *     decimal64 encoding (precision at most 18). Java chooses its statistics by precision alone,
   *     whichever encoding carries the values, so this does too (see {@link DecimalStats}); the
   *     flag is only checked against the precision.
   */
  public static StatsCollector create(Type type, boolean decimal64) {
    if (decimal64 && (type.kind() != TypeKind.DECIMAL
        || type.precision() < 1 || type.precision() > DecimalStats.MAX_DECIMAL64_PRECISION)) {
      throw new IllegalArgumentException("decimal64 statistics need a decimal of precision 1 to "
          + DecimalStats.MAX_DECIMAL64_PRECISION + ", not " + type);
    }
    switch (type.kind()) {
      case BOOLEAN: return new BooleanStats();
      case BYTE: case SHORT: case INT: case LONG: return new IntegerStats();
      case FLOAT: case DOUBLE: return new DoubleStats();
      case STRING: case CHAR: case VARCHAR: return new StringStats();
      case BINARY: return new BinaryStats();
      case GEOMETRY: return new GeospatialStats(true);
      case GEOGRAPHY: return new GeospatialStats(false);
      case DECIMAL: return new DecimalStats(type.precision(), type.scale());
      case DATE: return new DateStats();
      case TIMESTAMP: case TIMESTAMP_INSTANT: return new TimestampStats();
      case LIST: case MAP: return new CollectionStats();
      case STRUCT: case UNION: return new PlainStats();
      default: throw new IllegalArgumentException("no statistics for " + type);
    }
  }

  /** Adds {@code count} non-null values (the typed updates do not count). */
  public final void increment(long count) {
    this.count += count;
  }

  /** Records that the column had a null here. */
  public final void setNull() {
    hasNull = true;
  }

  /** Non-null values counted so far. */
  public long numberOfValues() {
    return count;
  }

  public boolean hasNull() {
    return hasNull;
  }

  /** Adds to the column's DATA-area stream bytes (stripe level; row groups never have it). */
  public void updateBytesOnDisk(long bytes) {
    bytesOnDisk += bytes;
  }

  public long bytesOnDisk() {
    return bytesOnDisk;
  }

  /**
   * Folds {@code other} (a collector of the same class and column type) into this one. The
   * typed part is merged first, while {@link #numberOfValues()} still counts only this side:
   * several of Java's merges look at that count, and the bytes must follow them.
   */
  public final void merge(StatsCollector other) {
    if (other.getClass() != getClass()) {
      throw new IllegalArgumentException("cannot merge " + other.getClass().getSimpleName()
          + " into " + getClass().getSimpleName());
    }
    mergeTyped(other);
    count += other.count;
    hasNull |= other.hasNull;
    bytesOnDisk += other.bytesOnDisk;
    typedUnknown |= other.typedUnknown;
  }

  /**
   * Folds statistics a file recorded (a stripe's, when its bytes are copied into another file)
   * into this collector, as if its values had been collected here: the same result as merging
   * the collector that produced them. Parts the other writer left out are taken as unknown: an
   * integer sum that is absent is an overflow, and a typed part that is missing altogether (or
   * bounds a later writer could not trust, such as pre-ORC-135 local timestamp bounds) leaves
   * the merged statistics without their typed part rather than with bounds that could be wrong.
   *
   * @throws IllegalArgumentException if {@code stats} are of another kind than this column's
   */
  public final void merge(ColumnStatistics stats) {
    StatsCollector other = emptyCopy();
    other.loaded = true;
    other.count = stats.numberOfValues();
    other.hasNull = stats.hasNull();
    other.bytesOnDisk = stats.bytesOnDisk() == null ? 0 : stats.bytesOnDisk();
    TypedStatistics typed = stats.typed();
    if (typed == null) {
      other.typedUnknown = !(this instanceof PlainStats);
    } else {
      other.typedUnknown = !other.loadTyped(typed);
    }
    merge(other);
  }

  /** Back to the empty state, for the next row group or stripe. */
  public final void reset() {
    count = 0;
    hasNull = false;
    bytesOnDisk = 0;
    typedUnknown = false;
    resetTyped();
  }

  /** The statistics so far, with fields present exactly where Java's writer sets them. */
  public final ColumnStatistics statistics() {
    return new ColumnStatistics(count, hasNull, bytesOnDisk != 0 ? bytesOnDisk : null,
        typedUnknown ? null : typed());
  }

  /** Merges the typed part; {@code other} has this object's class. */
  abstract void mergeTyped(StatsCollector other);

  abstract void resetTyped();

  /** A new, empty collector for the same column. */
  abstract StatsCollector emptyCopy();

  /**
   * Sets this empty collector's typed state to what {@code typed} records (numberOfValues is
   * already set); false when they are of another kind or cannot be trusted.
   */
  abstract boolean loadTyped(TypedStatistics typed);

  /** The typed part as Java's writer would store it, or null for kinds without one. */
  abstract TypedStatistics typed();

  @Override
  public String toString() {
    return statistics().toString();
  }
}
