package io.colfile.orc.proto;

import io.colfile.orc.stats.BinaryStatistics;
import io.colfile.orc.stats.BooleanStatistics;
import io.colfile.orc.stats.CollectionStatistics;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.DateStatistics;
import io.colfile.orc.stats.DecimalStatistics;
import io.colfile.orc.stats.DoubleStatistics;
import io.colfile.orc.stats.GeospatialStatistics;
import io.colfile.orc.stats.IntegerStatistics;
import io.colfile.orc.stats.StringStatistics;
import io.colfile.orc.stats.TimestampStatistics;
import io.colfile.orc.stats.TypedStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * ColumnStatistics messages (orc.md sections 2.1, 9) to and from {@link ColumnStatistics}. A
 * field is written exactly when the record holds it (proto2 writes a set field even when it
 * equals its default), so the statistics Java's writer would produce come out byte for byte as
 * it writes them.
 */
public final class StatisticsMessages {
  private StatisticsMessages() {}

  /** The serialized message, as it appears in a footer, stripe statistics or a row index. */
  public static byte[] toBytes(ColumnStatistics s) {
    return toProto(s).toByteArray();
  }

  /**
   * Parses one serialized message (tests and tools; files are read through their sections).
   *
   * @throws IOException if the bytes are not a ColumnStatistics message
   */
  public static ColumnStatistics fromBytes(byte[] message) throws IOException {
    return fromProto(OrcProto.ColumnStatistics.parseFrom(message));
  }

  static List<ColumnStatistics> fromProtos(List<OrcProto.ColumnStatistics> list) {
    List<ColumnStatistics> out = new ArrayList<>(list.size());
    for (OrcProto.ColumnStatistics s : list) {
      out.add(fromProto(s));
    }
    return List.copyOf(out);
  }

  static ColumnStatistics fromProto(OrcProto.ColumnStatistics s) {
    // Old writers (ORIGINAL) left has_null out; readers take that as "may have nulls".
    return new ColumnStatistics(s.getNumberOfValues(), !s.hasHasNull() || s.getHasNull(),
        ifSet(s.hasBytesOnDisk(), s.getBytesOnDisk()), typed(s));
  }

  /** The first typed sub-message in ORC's reading order; a damaged file may hold several. */
  private static TypedStatistics typed(OrcProto.ColumnStatistics s) {
    if (s.hasIntStatistics()) {
      OrcProto.IntegerStatistics i = s.getIntStatistics();
      return new IntegerStatistics(ifSet(i.hasMinimum(), i.getMinimum()),
          ifSet(i.hasMaximum(), i.getMaximum()), ifSet(i.hasSum(), i.getSum()));
    } else if (s.hasDoubleStatistics()) {
      OrcProto.DoubleStatistics d = s.getDoubleStatistics();
      return new DoubleStatistics(ifSet(d.hasMinimum(), d.getMinimum()),
          ifSet(d.hasMaximum(), d.getMaximum()), ifSet(d.hasSum(), d.getSum()));
    } else if (s.hasStringStatistics()) {
      OrcProto.StringStatistics d = s.getStringStatistics();
      return new StringStatistics(ifSet(d.hasMinimum(), d.getMinimum()),
          ifSet(d.hasMaximum(), d.getMaximum()), ifSet(d.hasLowerBound(), d.getLowerBound()),
          ifSet(d.hasUpperBound(), d.getUpperBound()), ifSet(d.hasSum(), d.getSum()));
    } else if (s.hasBucketStatistics()) {
      // Writers store one bucket: the number of true values.
      OrcProto.BucketStatistics b = s.getBucketStatistics();
      return new BooleanStatistics(b.getCountCount() > 0 ? b.getCount(0) : null);
    } else if (s.hasDecimalStatistics()) {
      OrcProto.DecimalStatistics d = s.getDecimalStatistics();
      return new DecimalStatistics(ifSet(d.hasMinimum(), d.getMinimum()),
          ifSet(d.hasMaximum(), d.getMaximum()), ifSet(d.hasSum(), d.getSum()));
    } else if (s.hasDateStatistics()) {
      OrcProto.DateStatistics d = s.getDateStatistics();
      return new DateStatistics(ifSet(d.hasMinimum(), d.getMinimum()),
          ifSet(d.hasMaximum(), d.getMaximum()));
    } else if (s.hasBinaryStatistics()) {
      OrcProto.BinaryStatistics d = s.getBinaryStatistics();
      return new BinaryStatistics(ifSet(d.hasSum(), d.getSum()));
    } else if (s.hasTimestampStatistics()) {
      OrcProto.TimestampStatistics d = s.getTimestampStatistics();
      // the nanos are stored plus one, so that 0 can mean "absent"
      return new TimestampStatistics(ifSet(d.hasMinimum(), d.getMinimum()),
          ifSet(d.hasMaximum(), d.getMaximum()), ifSet(d.hasMinimumUtc(), d.getMinimumUtc()),
          ifSet(d.hasMaximumUtc(), d.getMaximumUtc()),
          d.hasMinimumNanos() ? d.getMinimumNanos() - 1 : null,
          d.hasMaximumNanos() ? d.getMaximumNanos() - 1 : null);
    } else if (s.hasCollectionStatistics()) {
      OrcProto.CollectionStatistics c = s.getCollectionStatistics();
      return new CollectionStatistics(ifSet(c.hasMinChildren(), c.getMinChildren()),
          ifSet(c.hasMaxChildren(), c.getMaxChildren()),
          ifSet(c.hasTotalChildren(), c.getTotalChildren()));
    } else if (s.hasGeospatialStatistics()) {
      OrcProto.GeospatialStatistics g = s.getGeospatialStatistics();
      GeospatialStatistics.BoundingBox box = null;
      if (g.hasBbox()) {
        OrcProto.BoundingBox x = g.getBbox();
        box = new GeospatialStatistics.BoundingBox(ifSet(x.hasXmin(), x.getXmin()),
            ifSet(x.hasXmax(), x.getXmax()), ifSet(x.hasYmin(), x.getYmin()),
            ifSet(x.hasYmax(), x.getYmax()), ifSet(x.hasZmin(), x.getZmin()),
            ifSet(x.hasZmax(), x.getZmax()), ifSet(x.hasMmin(), x.getMmin()),
            ifSet(x.hasMmax(), x.getMmax()));
      }
      return new GeospatialStatistics(box, g.getGeospatialTypesList());
    }
    return null;
  }

  static OrcProto.ColumnStatistics toProto(ColumnStatistics s) {
    OrcProto.ColumnStatistics.Builder b = OrcProto.ColumnStatistics.newBuilder()
        .setNumberOfValues(s.numberOfValues())
        .setHasNull(s.hasNull());
    set(s.bytesOnDisk(), b::setBytesOnDisk);
    // getXBuilder() marks the typed sub-message present even when it stays empty, as Java's is
    TypedStatistics t = s.typed();
    if (t instanceof IntegerStatistics i) {
      OrcProto.IntegerStatistics.Builder m = b.getIntStatisticsBuilder();
      set(i.minimum(), m::setMinimum);
      set(i.maximum(), m::setMaximum);
      set(i.sum(), m::setSum);
    } else if (t instanceof DoubleStatistics d) {
      OrcProto.DoubleStatistics.Builder m = b.getDoubleStatisticsBuilder();
      set(d.minimum(), m::setMinimum);
      set(d.maximum(), m::setMaximum);
      set(d.sum(), m::setSum);
    } else if (t instanceof StringStatistics d) {
      OrcProto.StringStatistics.Builder m = b.getStringStatisticsBuilder();
      set(d.minimum(), m::setMinimum);
      set(d.maximum(), m::setMaximum);
      set(d.sum(), m::setSum);
      set(d.lowerBound(), m::setLowerBound);
      set(d.upperBound(), m::setUpperBound);
    } else if (t instanceof BooleanStatistics d) {
      set(d.trueCount(), b.getBucketStatisticsBuilder()::addCount);
    } else if (t instanceof DecimalStatistics d) {
      OrcProto.DecimalStatistics.Builder m = b.getDecimalStatisticsBuilder();
      set(d.minimumText(), m::setMinimum);
      set(d.maximumText(), m::setMaximum);
      set(d.sumText(), m::setSum);
    } else if (t instanceof DateStatistics d) {
      OrcProto.DateStatistics.Builder m = b.getDateStatisticsBuilder();
      set(d.minimumDays(), m::setMinimum);
      set(d.maximumDays(), m::setMaximum);
    } else if (t instanceof BinaryStatistics d) {
      set(d.sum(), b.getBinaryStatisticsBuilder()::setSum);
    } else if (t instanceof TimestampStatistics d) {
      OrcProto.TimestampStatistics.Builder m = b.getTimestampStatisticsBuilder();
      set(d.minimumLocal(), m::setMinimum);
      set(d.maximumLocal(), m::setMaximum);
      set(d.minimumUtc(), m::setMinimumUtc);
      set(d.maximumUtc(), m::setMaximumUtc);
      // stored plus one, so that 0 can mean "absent"
      set(d.minimumNanos() == null ? null : d.minimumNanos() + 1, m::setMinimumNanos);
      set(d.maximumNanos() == null ? null : d.maximumNanos() + 1, m::setMaximumNanos);
    } else if (t instanceof CollectionStatistics c) {
      OrcProto.CollectionStatistics.Builder m = b.getCollectionStatisticsBuilder();
      set(c.minChildren(), m::setMinChildren);
      set(c.maxChildren(), m::setMaxChildren);
      set(c.totalChildren(), m::setTotalChildren);
    } else if (t instanceof GeospatialStatistics g) {
      OrcProto.GeospatialStatistics.Builder m = b.getGeospatialStatisticsBuilder();
      GeospatialStatistics.BoundingBox x = g.bbox();
      if (x != null) {
        OrcProto.BoundingBox.Builder box = m.getBboxBuilder();
        set(x.xmin(), box::setXmin);
        set(x.xmax(), box::setXmax);
        set(x.ymin(), box::setYmin);
        set(x.ymax(), box::setYmax);
        set(x.zmin(), box::setZmin);
        set(x.zmax(), box::setZmax);
        set(x.mmin(), box::setMmin);
        set(x.mmax(), box::setMmax);
      }
      m.addAllGeospatialTypes(g.types());
    }
    return b.build();
  }

  /** Sets a field only when the record holds it: proto2 writes every field that was set. */
  private static <T> void set(T value, Consumer<T> setter) {
    if (value != null) {
      setter.accept(value);
    }
  }

  /** The field's value, or null when the message does not hold it. */
  private static <T> T ifSet(boolean has, T value) {
    return has ? value : null;
  }
}
