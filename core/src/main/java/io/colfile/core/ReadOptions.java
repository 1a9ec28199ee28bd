package io.colfile.core;

import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What to read: which top-level columns, in what batch size, and how to read timestamps. */
public final class ReadOptions {
  private static final ReadOptions DEFAULTS = new ReadOptions(null, 1024, null);

  private final List<String> columns;
  private final int batchSize;
  private final ZoneId defaultZone;

  private ReadOptions(List<String> columns, int batchSize, ZoneId defaultZone) {
    this.columns = columns;
    this.batchSize = batchSize;
    this.defaultZone = defaultZone;
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
    return new ReadOptions(names == null ? null : List.copyOf(names), batchSize, defaultZone);
  }

  public ReadOptions withBatchSize(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("batch size must be at least 1: " + rows);
    }
    return new ReadOptions(columns, rows, defaultZone);
  }

  /**
   * The time zone that stands for the writer's zone when a file does not record one (old ORC
   * writers); by default the JVM's, as Apache ORC's readers do.
   */
  public ReadOptions withDefaultZone(ZoneId zone) {
    return new ReadOptions(columns, batchSize, Objects.requireNonNull(zone));
  }

  /** The projected top-level column names, or empty for all columns. */
  public Optional<List<String>> columns() {
    return Optional.ofNullable(columns);
  }

  public int batchSize() {
    return batchSize;
  }

  public ZoneId defaultZone() {
    return defaultZone == null ? ZoneId.systemDefault() : defaultZone;
  }
}
