package io.colfile.orc;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.proto.StatisticsMessages;
import io.colfile.orc.stats.ColumnStatistics;
import java.util.ArrayList;
import java.util.List;

/** Turns ORC's protobuf metadata into colfile's records; the only place that knows both. */
final class ProtoConverter {
  /** char/varchar without a recorded length read as Hive's default length. */
  private static final int DEFAULT_CHAR_LENGTH = 255;

  private ProtoConverter() {}

  /**
   * Builds the type tree from the footer's pre-order type list, checking what Apache ORC C++
   * checks: at least one type, field names matching children, and child ids strictly
   * increasing, greater than the parent's and inside the list (which also rules out cycles).
   */
  static Type schema(String file, List<OrcProto.Type> types)
      throws CorruptFileException, UnsupportedFeatureException {
    if (types.isEmpty()) {
      throw CorruptFileException.at(file, "footer / types", -1, "the file has no types");
    }
    int[] next = {0};
    Type root = type(file, types, next, 0);
    if (next[0] != types.size()) {
      throw CorruptFileException.at(file, "footer / types", -1,
          "the type tree numbers %d of the %d types", next[0], types.size());
    }
    return root;
  }

  /**
   * Reads the type numbered {@code next[0]} and its subtree. Ids must be exactly the pre-order
   * numbering (each child is the next id not yet used), as Apache ORC Java checks: this rules
   * out shared children, cycles and skipped ids, so the tree is never larger than the list.
   */
  private static Type type(String file, List<OrcProto.Type> types, int[] next, int depth)
      throws CorruptFileException, UnsupportedFeatureException {
    int id = next[0]++;
    OrcProto.Type t = types.get(id);
    if (depth > 1000) {
      throw CorruptFileException.at(file, "footer / types", -1, "types nest too deeply");
    }
    if (!t.hasKind()) {
      throw CorruptFileException.at(file, "footer / types", -1,
          "type %d has no kind colfile knows", id);
    }
    List<Type> children = new ArrayList<>();
    for (int sub : t.getSubtypesList()) {
      if (sub != next[0] || sub >= types.size()) {
        throw CorruptFileException.at(file, "footer / types", -1,
            "type %d has child id %d where the pre-order numbering needs %d (of %d types)", id,
            Integer.toUnsignedLong(sub), next[0], types.size());
      }
      children.add(type(file, types, next, depth + 1));
    }
    switch (t.getKind()) {
      case BOOLEAN: return leaf(file, id, children, Type.BOOLEAN);
      case BYTE: return leaf(file, id, children, Type.BYTE);
      case SHORT: return leaf(file, id, children, Type.SHORT);
      case INT: return leaf(file, id, children, Type.INT);
      case LONG: return leaf(file, id, children, Type.LONG);
      case FLOAT: return leaf(file, id, children, Type.FLOAT);
      case DOUBLE: return leaf(file, id, children, Type.DOUBLE);
      case STRING: return leaf(file, id, children, Type.STRING);
      case BINARY: return leaf(file, id, children, Type.BINARY);
      case TIMESTAMP: return leaf(file, id, children, Type.TIMESTAMP);
      case TIMESTAMP_INSTANT: return leaf(file, id, children, Type.TIMESTAMP_INSTANT);
      case DATE: return leaf(file, id, children, Type.DATE);
      case VARCHAR:
        return leaf(file, id, children, Type.varchar(charLength(t)));
      case CHAR:
        return leaf(file, id, children, Type.charType(charLength(t)));
      case DECIMAL: {
        int precision = t.getPrecision();
        int scale = t.getScale();
        if (precision < 0 || scale < 0 || precision > Type.MAX_DECIMAL_PRECISION || (precision > 0 && scale > precision)
            || (precision == 0 && scale != 0)) {
          throw CorruptFileException.at(file, "footer / types", -1,
              "type %d is decimal(%d,%d)", id, precision, scale);
        }
        return leaf(file, id, children, Type.decimal(precision, scale));
      }
      case LIST:
        count(file, id, children, 1);
        return Type.list(children.get(0));
      case MAP:
        count(file, id, children, 2);
        return Type.map(children.get(0), children.get(1));
      case UNION:
        if (children.isEmpty() || children.size() > 256) {
          throw CorruptFileException.at(file, "footer / types", -1,
              "union type %d has %d variants", id, children.size());
        }
        return Type.union(children);
      case STRUCT:
        if (t.getFieldNamesCount() != children.size()) {
          throw CorruptFileException.at(file, "footer / types", -1,
              "struct type %d has %d children but %d field names", id, children.size(),
              t.getFieldNamesCount());
        }
        return Type.struct(t.getFieldNamesList(), children);
      case GEOMETRY: case GEOGRAPHY:
        throw new UnsupportedFeatureException(file + ": column " + id + " has type "
            + t.getKind().name().toLowerCase(java.util.Locale.ROOT)
            + ", which colfile does not read yet");
      default:
        throw CorruptFileException.at(file, "footer / types", -1,
            "type %d has kind %s, which colfile does not read", id, t.getKind());
    }
  }

  private static int charLength(OrcProto.Type t) {
    return t.getMaximumLength() > 0 ? t.getMaximumLength() : DEFAULT_CHAR_LENGTH;
  }

  private static Type leaf(String file, int id, List<Type> children, Type t)
      throws CorruptFileException {
    count(file, id, children, 0);
    return t;
  }

  private static void count(String file, int id, List<Type> children, int expected)
      throws CorruptFileException {
    if (children.size() != expected) {
      throw CorruptFileException.at(file, "footer / types", -1,
          "type %d has %d children, expected %d", id, children.size(), expected);
    }
  }

  static StripeInformation stripe(OrcProto.StripeInformation s) {
    return new StripeInformation(s.getOffset(), s.getIndexLength(), s.getDataLength(),
        s.getFooterLength(), s.getNumberOfRows());
  }

  static List<ColumnStatistics> statistics(List<OrcProto.ColumnStatistics> list) {
    return StatisticsMessages.fromProtos(list);
  }
}
