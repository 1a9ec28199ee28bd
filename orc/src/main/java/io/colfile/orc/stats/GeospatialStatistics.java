package io.colfile.orc.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * geometry and geography (ORC 2.x): the bounding box of the values and the kinds of geometry
 * seen. ORC Java 2.2+ writes the message for both kinds but fills it for geometry only.
 *
 * @param bbox the bounding box, or null when the writer stored none (no non-empty value, a
 *     geography, or bounds it could not trust)
 * @param types the geospatial type codes, ascending (1 point, 2 line string, 3 polygon, 4-6
 *     multi-, 7 collection; plus 1000 with z, 2000 with m); empty when none or unknown
 */
public record GeospatialStatistics(BoundingBox bbox, List<Integer> types)
    implements TypedStatistics {

  public GeospatialStatistics {
    types = List.copyOf(types);
  }

  /**
   * Bounds on x, y and, when the values had them, z and m; a component is null when absent.
   */
  public record BoundingBox(Double xmin, Double xmax, Double ymin, Double ymax, Double zmin,
      Double zmax, Double mmin, Double mmax) {
    Map<String, Object> describe() {
      Map<String, Object> out = new LinkedHashMap<>();
      TypedStatistics.put(out, "xmin", xmin);
      TypedStatistics.put(out, "xmax", xmax);
      TypedStatistics.put(out, "ymin", ymin);
      TypedStatistics.put(out, "ymax", ymax);
      TypedStatistics.put(out, "zmin", zmin);
      TypedStatistics.put(out, "zmax", zmax);
      TypedStatistics.put(out, "mmin", mmin);
      TypedStatistics.put(out, "mmax", mmax);
      return out;
    }
  }

  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.GEOSPATIAL;
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    if (bbox != null) {
      out.put("bbox", bbox.describe());
    }
    if (!types.isEmpty()) {
      out.put("geospatialTypes", types);
    }
  }
}
