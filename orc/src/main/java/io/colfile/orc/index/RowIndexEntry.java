package io.colfile.orc.index;

import io.colfile.orc.stats.ColumnStatistics;

/**
 * One RowIndexEntry as stored: the position numbers of one row group (decoded by {@link
 * PositionLayout}) and its statistics (null when the entry has none).
 */
public record RowIndexEntry(long[] positions, ColumnStatistics statistics) {}
