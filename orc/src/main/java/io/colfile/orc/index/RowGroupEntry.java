package io.colfile.orc.index;

import io.colfile.orc.stats.ColumnStatistics;

/**
 * One row group of one column in a stripe's row index: where the group starts in the column's
 * streams, and the group's statistics (null when the writer stored none).
 */
public record RowGroupEntry(ColumnPositions positions, ColumnStatistics statistics) {}
