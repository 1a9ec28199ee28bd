package io.colfile.core;

import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What to read: which top-level columns, in what batch size, and how to read timestamps. */
public final class ReadOptions {
  /** See {@link #withMaxNestedValues}: 16 Mi values, 128 MiB of longs. */
  public static final long DEFAULT_MAX_NESTED_VALUES = 1L << 24;

  private static final ReadOptions DEFAULTS =
      new ReadOptions(null, 1024, null, DEFAULT_MAX_NESTED_VALUES);

  private final List<String> columns;
  private final int batchSize;
  private final ZoneId defaultZone;
  private final long maxNestedValues;

  private ReadOptions(List<String> columns, int batchSize, ZoneId defaultZone,
      long maxNestedValues) {
    this.columns = columns;
    this.batchSize = batchSize;
    this.defaultZone = defaultZone;
    this.maxNestedValues = maxNestedValues;
  }

  /** All columns, batches of 1024 rows, the JVM's zone for files that do not record one. */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  /** Only these top-level columns, in this order. */
  public static ReadOptions columns(String... names) {
    return DEFAULTS.withColumns(List.of(names));
  }

  public ReadOptions withColumns(List<String> names) {
    return new ReadOptions(names == null ? null : List.copyOf(names), batchSize, defaultZone,
        maxNestedValues);
  }

  public ReadOptions withBatchSize(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("batch size must be at least 1: " + rows);
    }
    return new ReadOptions(columns, rows, defaultZone, maxNestedValues);
  }

  /**
   * The time zone that stands for the writer's zone when a file does not record one (old ORC
   * writers); by default the JVM's, as Apache ORC's readers do.
   */
  public ReadOptions withDefaultZone(ZoneId zone) {
    return new ReadOptions(columns, batchSize, Objects.requireNonNull(zone), maxNestedValues);
  }

  /**
   * The most values one list or map column may hold for one batch (all its rows' elements
   * together). Lists are sized by counts stored in the file, so a damaged or hostile count
   * could otherwise demand any amount of memory; a file that really has larger lists reads with
   * a higher limit or a smaller batch.
   */
  public ReadOptions withMaxNestedValues(long values) {
    if (values < 1) {
      throw new IllegalArgumentException("the nested value limit must be at least 1: " + values);
    }
    return new ReadOptions(columns, batchSize, defaultZone, values);
  }

  /** The projected top-level column names, or empty for all columns. */
  public Optional<List<String>> columns() {
    return Optional.ofNullable(columns);
  }

  public int batchSize() {
    return batchSize;
  }

  public long maxNestedValues() {
    return maxNestedValues;
  }

  public ZoneId defaultZone() {
    return defaultZone == null ? ZoneId.systemDefault() : defaultZone;
  }
}
