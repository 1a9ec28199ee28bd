package io.colfile.orc.tail;

import io.colfile.orc.StripeInformation;
import io.colfile.orc.stats.ColumnStatistics;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The file Footer (orc.md section 2.1).
 *
 * @param metadata user metadata in file order (a repeated name keeps its first place and its
 *     last value)
 * @param numberOfRows null when the writer left it out (the stripes still count theirs)
 * @param statistics file statistics, one per column id
 * @param rowIndexStride rows per row-index entry; 0 when the writer built no index
 * @param writer the writer id (0, ORC Java, when absent)
 * @param encrypted whether the file has an Encryption section
 * @param calendar null when absent
 * @param softwareVersion null when absent
 */
public record Footer(long headerLength, long contentLength, List<StripeInformation> stripes,
    List<OrcType> types, Map<String, byte[]> metadata, Long numberOfRows,
    List<ColumnStatistics> statistics, int rowIndexStride, int writer, boolean encrypted,
    CalendarKind calendar, String softwareVersion) {
  public Footer {
    stripes = List.copyOf(stripes);
    types = List.copyOf(types);
    metadata = Collections.unmodifiableMap(metadata);
    statistics = List.copyOf(statistics);
  }
}
