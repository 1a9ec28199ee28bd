package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import java.util.ArrayList;
import java.util.List;

/** The footer's pre-order type list for a schema. */
final class TypeProtos {
  private TypeProtos() {}

  static List<OrcProto.Type> toProtos(Type schema) {
    List<OrcProto.Type> out = new ArrayList<>();
    add(schema, out);
    return out;
  }

  private static void add(Type t, List<OrcProto.Type> out) {
    OrcProto.Type.Builder b = OrcProto.Type.newBuilder().setKind(kind(t));
    int slot = out.size();
    out.add(null);
    switch (t.kind()) {
      case CHAR:
      case VARCHAR:
        b.setMaximumLength(t.maxLength());
        break;
      case DECIMAL:
        if (t.precision() > 0) {
          // Hive 0.11 decimals (precision 0) record neither, as Hive 0.11 wrote them
          b.setPrecision(t.precision()).setScale(t.scale());
        }
        break;
      default:
        break;
    }
    for (int i = 0; i < t.children().size(); i++) {
      b.addSubtypes(out.size());
      add(t.child(i), out);
    }
    if (t.kind() == io.colfile.core.types.TypeKind.STRUCT) {
      b.addAllFieldNames(t.fieldNames());
    }
    out.set(slot, b.build());
  }

  private static OrcProto.Type.Kind kind(Type t) {
    switch (t.kind()) {
      case BOOLEAN: return OrcProto.Type.Kind.BOOLEAN;
      case BYTE: return OrcProto.Type.Kind.BYTE;
      case SHORT: return OrcProto.Type.Kind.SHORT;
      case INT: return OrcProto.Type.Kind.INT;
      case LONG: return OrcProto.Type.Kind.LONG;
      case FLOAT: return OrcProto.Type.Kind.FLOAT;
      case DOUBLE: return OrcProto.Type.Kind.DOUBLE;
      case STRING: return OrcProto.Type.Kind.STRING;
      case VARCHAR: return OrcProto.Type.Kind.VARCHAR;
      case CHAR: return OrcProto.Type.Kind.CHAR;
      case BINARY: return OrcProto.Type.Kind.BINARY;
      case DECIMAL: return OrcProto.Type.Kind.DECIMAL;
      case DATE: return OrcProto.Type.Kind.DATE;
      case TIMESTAMP: return OrcProto.Type.Kind.TIMESTAMP;
      case TIMESTAMP_INSTANT: return OrcProto.Type.Kind.TIMESTAMP_INSTANT;
      case STRUCT: return OrcProto.Type.Kind.STRUCT;
      case LIST: return OrcProto.Type.Kind.LIST;
      case MAP: return OrcProto.Type.Kind.MAP;
      case UNION: return OrcProto.Type.Kind.UNION;
      default: throw new IllegalArgumentException("no ORC kind for " + t);
    }
  }
}
