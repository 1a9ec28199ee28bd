package io.colfile.spark.read;

import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * What a colfile scan read, shown with the scan in Spark's SQL UI and plans: bytes read from
 * the files, rows decoded (before colfile's row filter), and the units (stripes, row groups,
 * blocks, rowsets) the filter let it skip without reading.
 */
public final class ColFileMetrics {
  static final String BYTES_READ = "colfileBytesRead";
  static final String ROWS_DECODED = "colfileRowsDecoded";
  static final String UNITS_SKIPPED = "colfileUnitsSkipped";
  static final String FILES_READ = "colfileFilesRead";

  private ColFileMetrics() {}

  static CustomMetric[] supported() {
    return new CustomMetric[] {
        new BytesRead(), new RowsDecoded(), new UnitsSkipped(), new FilesRead()};
  }

  static CustomTaskMetric task(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  /** Bytes read from the files. */
  public static final class BytesRead extends CustomSumMetric {
    @Override
    public String name() {
      return BYTES_READ;
    }

    @Override
    public String description() {
      return "bytes read by colfile";
    }
  }

  /** Rows decoded before colfile's row filter. */
  public static final class RowsDecoded extends CustomSumMetric {
    @Override
    public String name() {
      return ROWS_DECODED;
    }

    @Override
    public String description() {
      return "rows decoded by colfile";
    }
  }

  /** Stripes, row groups, blocks or rowsets skipped through statistics, indexes, blooms. */
  public static final class UnitsSkipped extends CustomSumMetric {
    @Override
    public String name() {
      return UNITS_SKIPPED;
    }

    @Override
    public String description() {
      return "stripes/row groups/blocks skipped by colfile";
    }
  }

  /** Files (or rowset directories) opened. */
  public static final class FilesRead extends CustomSumMetric {
    @Override
    public String name() {
      return FILES_READ;
    }

    @Override
    public String description() {
      return "files opened by colfile";
    }
  }
}
