package io.colfile.orc.proto;

import io.colfile.orc.stats.BinaryStatistics;
import io.colfile.orc.stats.BooleanStatistics;
import io.colfile.orc.stats.CollectionStatistics;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.DateStatistics;
import io.colfile.orc.stats.DecimalStatistics;
import io.colfile.orc.stats.DoubleStatistics;
import io.colfile.orc.stats.IntegerStatistics;
import io.colfile.orc.stats.StringStatistics;
import io.colfile.orc.stats.TimestampStatistics;
import io.colfile.orc.stats.TypedStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

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
        s.hasBytesOnDisk() ? s.getBytesOnDisk() : null, typed(s));
  }

  /** The first typed sub-message in ORC's reading order; a damaged file may hold several. */
  private static TypedStatistics typed(OrcProto.ColumnStatistics s) {
    if (s.hasIntStatistics()) {
      OrcProto.IntegerStatistics i = s.getIntStatistics();
      return new IntegerStatistics(i.hasMinimum() ? i.getMinimum() : null,
          i.hasMaximum() ? i.getMaximum() : null, i.hasSum() ? i.getSum() : null);
    } else if (s.hasDoubleStatistics()) {
      OrcProto.DoubleStatistics d = s.getDoubleStatistics();
      return new DoubleStatistics(d.hasMinimum() ? d.getMinimum() : null,
          d.hasMaximum() ? d.getMaximum() : null, d.hasSum() ? d.getSum() : null);
    } else if (s.hasStringStatistics()) {
      OrcProto.StringStatistics d = s.getStringStatistics();
      return new StringStatistics(d.hasMinimum() ? d.getMinimum() : null,
          d.hasMaximum() ? d.getMaximum() : null, d.hasLowerBound() ? d.getLowerBound() : null,
          d.hasUpperBound() ? d.getUpperBound() : null, d.hasSum() ? d.getSum() : null);
    } else if (s.hasBucketStatistics()) {
      // Writers store one bucket: the number of true values.
      OrcProto.BucketStatistics b = s.getBucketStatistics();
      return new BooleanStatistics(b.getCountCount() > 0 ? b.getCount(0) : null);
    } else if (s.hasDecimalStatistics()) {
      OrcProto.DecimalStatistics d = s.getDecimalStatistics();
      return new DecimalStatistics(d.hasMinimum() ? d.getMinimum() : null,
          d.hasMaximum() ? d.getMaximum() : null, d.hasSum() ? d.getSum() : null);
    } else if (s.hasDateStatistics()) {
      OrcProto.DateStatistics d = s.getDateStatistics();
      return new DateStatistics(d.hasMinimum() ? d.getMinimum() : null,
          d.hasMaximum() ? d.getMaximum() : null);
    } else if (s.hasBinaryStatistics()) {
      OrcProto.BinaryStatistics d = s.getBinaryStatistics();
      return new BinaryStatistics(d.hasSum() ? d.getSum() : null);
    } else if (s.hasTimestampStatistics()) {
      OrcProto.TimestampStatistics d = s.getTimestampStatistics();
      // the nanos are stored plus one, so that 0 can mean "absent"
      return new TimestampStatistics(d.hasMinimum() ? d.getMinimum() : null,
          d.hasMaximum() ? d.getMaximum() : null, d.hasMinimumUtc() ? d.getMinimumUtc() : null,
          d.hasMaximumUtc() ? d.getMaximumUtc() : null,
          d.hasMinimumNanos() ? d.getMinimumNanos() - 1 : null,
          d.hasMaximumNanos() ? d.getMaximumNanos() - 1 : null);
    } else if (s.hasCollectionStatistics()) {
      OrcProto.CollectionStatistics c = s.getCollectionStatistics();
      return new CollectionStatistics(c.hasMinChildren() ? c.getMinChildren() : null,
          c.hasMaxChildren() ? c.getMaxChildren() : null,
          c.hasTotalChildren() ? c.getTotalChildren() : null);
    }
    return null;
  }

  static OrcProto.ColumnStatistics toProto(ColumnStatistics s) {
    OrcProto.ColumnStatistics.Builder b = OrcProto.ColumnStatistics.newBuilder()
        .setNumberOfValues(s.numberOfValues())
        .setHasNull(s.hasNull());
    if (s.bytesOnDisk() != null) {
      b.setBytesOnDisk(s.bytesOnDisk());
    }
    TypedStatistics t = s.typed();
    if (t instanceof IntegerStatistics i) {
      OrcProto.IntegerStatistics.Builder m = b.getIntStatisticsBuilder();
      if (i.minimum() != null) {
        m.setMinimum(i.minimum());
      }
      if (i.maximum() != null) {
        m.setMaximum(i.maximum());
      }
      if (i.sum() != null) {
        m.setSum(i.sum());
      }
    } else if (t instanceof DoubleStatistics d) {
      OrcProto.DoubleStatistics.Builder m = b.getDoubleStatisticsBuilder();
      if (d.minimum() != null) {
        m.setMinimum(d.minimum());
      }
      if (d.maximum() != null) {
        m.setMaximum(d.maximum());
      }
      if (d.sum() != null) {
        m.setSum(d.sum());
      }
    } else if (t instanceof StringStatistics d) {
      string(b.getStringStatisticsBuilder(), d);
    } else if (t instanceof BooleanStatistics d) {
      OrcProto.BucketStatistics.Builder m = b.getBucketStatisticsBuilder();
      if (d.trueCount() != null) {
        m.addCount(d.trueCount());
      }
    } else if (t instanceof DecimalStatistics d) {
      OrcProto.DecimalStatistics.Builder m = b.getDecimalStatisticsBuilder();
      if (d.minimumText() != null) {
        m.setMinimum(d.minimumText());
      }
      if (d.maximumText() != null) {
        m.setMaximum(d.maximumText());
      }
      if (d.sumText() != null) {
        m.setSum(d.sumText());
      }
    } else if (t instanceof DateStatistics d) {
      OrcProto.DateStatistics.Builder m = b.getDateStatisticsBuilder();
      if (d.minimumDays() != null) {
        m.setMinimum(d.minimumDays());
      }
      if (d.maximumDays() != null) {
        m.setMaximum(d.maximumDays());
      }
    } else if (t instanceof BinaryStatistics d) {
      OrcProto.BinaryStatistics.Builder m = b.getBinaryStatisticsBuilder();
      if (d.sum() != null) {
        m.setSum(d.sum());
      }
    } else if (t instanceof TimestampStatistics d) {
      timestamp(b.getTimestampStatisticsBuilder(), d);
    } else if (t instanceof CollectionStatistics c) {
      OrcProto.CollectionStatistics.Builder m = b.getCollectionStatisticsBuilder();
      if (c.minChildren() != null) {
        m.setMinChildren(c.minChildren());
      }
      if (c.maxChildren() != null) {
        m.setMaxChildren(c.maxChildren());
      }
      if (c.totalChildren() != null) {
        m.setTotalChildren(c.totalChildren());
      }
    }
    return b.build();
  }

  private static void string(OrcProto.StringStatistics.Builder m, StringStatistics d) {
    if (d.minimum() != null) {
      m.setMinimum(d.minimum());
    }
    if (d.maximum() != null) {
      m.setMaximum(d.maximum());
    }
    if (d.sum() != null) {
      m.setSum(d.sum());
    }
    if (d.lowerBound() != null) {
      m.setLowerBound(d.lowerBound());
    }
    if (d.upperBound() != null) {
      m.setUpperBound(d.upperBound());
    }
  }

  private static void timestamp(OrcProto.TimestampStatistics.Builder m, TimestampStatistics d) {
    if (d.minimumLocal() != null) {
      m.setMinimum(d.minimumLocal());
    }
    if (d.maximumLocal() != null) {
      m.setMaximum(d.maximumLocal());
    }
    if (d.minimumUtc() != null) {
      m.setMinimumUtc(d.minimumUtc());
    }
    if (d.maximumUtc() != null) {
      m.setMaximumUtc(d.maximumUtc());
    }
    if (d.minimumNanos() != null) {
      m.setMinimumNanos(d.minimumNanos() + 1);
    }
    if (d.maximumNanos() != null) {
      m.setMaximumNanos(d.maximumNanos() + 1);
    }
  }
}
