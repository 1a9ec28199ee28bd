package io.colfile.orc.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * geometry and geography: ORC Java 2.2+'s geospatial statistics. Geometry values (WKB) widen a
 * bounding box (x and y from the envelope, z and m from every coordinate) and collect type
 * codes ({@link WkbExtent}); geography values are not looked at, as Java's writer leaves them,
 * so a geography column's message stays empty. The box is stored once x and y have bounds,
 * z and m beside them when some coordinate had them; the types when every value's kind was
 * known. Bad WKB is refused as Java refuses it (its writer fails on it).
 */
public final class GeospatialStats extends StatsCollector {
  private final boolean geometry;
  private double minX;
  private double maxX;
  private double minY;
  private double maxY;
  private double minZ;
  private double maxZ;
  private double minM;
  private double maxM;
  private boolean boxValid;
  private final TreeSet<Integer> types = new TreeSet<>();
  private boolean typesValid;

  GeospatialStats(boolean geometry) {
    this.geometry = geometry;
    resetTyped();
  }

  /**
   * Adds one WKB value ({@code b[offset, offset + length)}); geography values are not read.
   *
   * @throws IllegalArgumentException if a geometry value is not WKB that JTS reads
   */
  public void update(byte[] b, int offset, int length) {
    if (!geometry) {
      return;
    }
    WkbExtent w;
    try {
      w = WkbExtent.read(b, offset, length);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Invalid geospatial data - " + e.getMessage(), e);
    }
    if (w.isEmpty()) {
      return;
    }
    if (boxValid) {
      if (!Double.isNaN(w.minX) && !Double.isNaN(w.maxX)) {
        minX = Math.min(minX, w.minX);
        maxX = Math.max(maxX, w.maxX);
      }
      if (!Double.isNaN(w.minY) && !Double.isNaN(w.maxY)) {
        minY = Math.min(minY, w.minY);
        maxY = Math.max(maxY, w.maxY);
      }
      minZ = Math.min(minZ, w.minZ);
      maxZ = Math.max(maxZ, w.maxZ);
      minM = Math.min(minM, w.minM);
      maxM = Math.max(maxM, w.maxM);
      boxValid = xyValid();
    }
    if (typesValid) {
      types.add(w.typeCode());
    }
  }

  private boolean xyValid() {
    return !(Double.isNaN(minX) || Double.isNaN(maxX) || Double.isNaN(minY)
        || Double.isNaN(maxY));
  }

  private static boolean empty(double min, double max) {
    return Double.isInfinite(min) && Double.isInfinite(max);
  }

  private static boolean valid(double min, double max) {
    return !(Double.isNaN(min) || Double.isNaN(max));
  }

  @Override
  void mergeTyped(StatsCollector other) {
    GeospatialStats o = (GeospatialStats) other;
    if (boxValid) {
      if (!o.boxValid) {
        boxValid = false;
        resetBox();
      } else {
        minX = Math.min(minX, o.minX);
        maxX = Math.max(maxX, o.maxX);
        minY = Math.min(minY, o.minY);
        maxY = Math.max(maxY, o.maxY);
        minZ = Math.min(minZ, o.minZ);
        maxZ = Math.max(maxZ, o.maxZ);
        minM = Math.min(minM, o.minM);
        maxM = Math.max(maxM, o.maxM);
        boxValid = xyValid();
      }
    }
    if (typesValid) {
      if (!o.typesValid) {
        typesValid = false;
        types.clear();
      } else {
        types.addAll(o.types);
      }
    }
  }

  private void resetBox() {
    minX = minY = minZ = minM = Double.POSITIVE_INFINITY;
    maxX = maxY = maxZ = maxM = Double.NEGATIVE_INFINITY;
  }

  @Override
  void resetTyped() {
    resetBox();
    boxValid = true;
    types.clear();
    typesValid = true;
  }

  @Override
  StatsCollector emptyCopy() {
    return new GeospatialStats(geometry);
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof GeospatialStatistics g)) {
      return false;
    }
    GeospatialStatistics.BoundingBox box = g.bbox();
    if (box != null) {
      // what Java reads back: an absent bound is NaN, which leaves that dimension out
      minX = orNaN(box.xmin());
      maxX = orNaN(box.xmax());
      minY = orNaN(box.ymin());
      maxY = orNaN(box.ymax());
      minZ = orNaN(box.zmin());
      maxZ = orNaN(box.zmax());
      minM = orNaN(box.mmin());
      maxM = orNaN(box.mmax());
      boxValid = xyValid();
    }
    types.addAll(g.types());
    return true;
  }

  private static double orNaN(Double d) {
    return d == null ? Double.NaN : d;
  }

  @Override
  GeospatialStatistics typed() {
    GeospatialStatistics.BoundingBox box = null;
    if (boxValid && !empty(minX, maxX) && !empty(minY, maxY)) {
      boolean z = valid(minZ, maxZ) && !empty(minZ, maxZ);
      boolean m = valid(minM, maxM) && !empty(minM, maxM);
      box = new GeospatialStatistics.BoundingBox(minX, maxX, minY, maxY,
          z ? minZ : null, z ? maxZ : null, m ? minM : null, m ? maxM : null);
    }
    List<Integer> list = typesValid ? new ArrayList<>(types) : List.of();
    return new GeospatialStatistics(box, list);
  }
}
