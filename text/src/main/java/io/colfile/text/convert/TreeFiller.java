package io.colfile.text.convert;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.core.vector.UnionVector;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/** Puts parsed JSON values into column vectors, checking each against its column's type. */
final class TreeFiller {
  private final long[] secondsAndNanos = new long[2];
  private final TimestampText timestamps;

  TreeFiller() {
    this(TimestampText.DEFAULT);
  }

  TreeFiller(TimestampText timestamps) {
    this.timestamps = timestamps;
  }

  /** Sets row {@code row} of {@code v} (of {@code type}) to {@code value}. */
  void set(ColumnVector v, Type type, int row, Object value, String path) throws ValueError {
    if (value == Json.NULL) {
      setNull(v, row);
      return;
    }
    switch (type.kind()) {
      case BOOLEAN:
        if (!(value instanceof Boolean b)) {
          throw mismatch(type, value, path);
        }
        ((LongVector) v).vector[row] = b ? 1 : 0;
        return;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        ((LongVector) v).vector[row] = TextValues.integer(number(type, value, path), type, path);
        return;
      case FLOAT:
      case DOUBLE:
        ((DoubleVector) v).vector[row] = TextValues.floating(number(type, value, path), type, path);
        return;
      case DECIMAL: {
        DecimalVector d = (DecimalVector) v;
        BigInteger u = TextValues.decimal(number(type, value, path), type, d.scale, path);
        if (d.isWide) {
          d.wide[row] = u;
        } else {
          d.unscaled[row] = u.longValue();
        }
        return;
      }
      case STRING:
      case VARCHAR:
      case CHAR: {
        if (!(value instanceof Json.Str s)) {
          throw mismatch(type, value, path);
        }
        ((BytesVector) v).setRef(row, s.bytes(), 0, s.bytes().length);
        return;
      }
      case BINARY: case GEOMETRY: case GEOGRAPHY: {
        if (!(value instanceof List<?> list)) {
          throw mismatch(type, value, path);
        }
        byte[] bytes = new byte[list.size()];
        for (int i = 0; i < bytes.length; i++) {
          Object e = list.get(i);
          long b = e instanceof Json.Num n && n.isInteger() ? parseSmall(n.text()) : -1;
          if (b < 0 || b > 255) {
            throw new ValueError(path, "binary values are arrays of 0..255, not " + render(e));
          }
          bytes[i] = (byte) b;
        }
        ((BytesVector) v).setRef(row, bytes, 0, bytes.length);
        return;
      }
      case DATE:
        ((LongVector) v).vector[row] = TextValues.date(string(type, value, path), path);
        return;
      case TIMESTAMP:
      case TIMESTAMP_INSTANT: {
        timestamps.parse(string(type, value, path), type.kind() == TypeKind.TIMESTAMP_INSTANT,
            secondsAndNanos, path);
        TimestampVector t = (TimestampVector) v;
        t.seconds[row] = secondsAndNanos[0];
        t.nanos[row] = (int) secondsAndNanos[1];
        return;
      }
      case STRUCT:
        setStruct((StructVector) v, type, row, value, path);
        return;
      case LIST: {
        if (!(value instanceof List<?> list)) {
          throw mismatch(type, value, path);
        }
        ListVector l = (ListVector) v;
        int start = l.childCount;
        l.child.ensureCapacity(start + list.size(), true);
        for (int i = 0; i < list.size(); i++) {
          set(l.child, type.child(0), start + i, list.get(i), path + "[" + i + "]");
        }
        l.offsets[row] = start;
        l.lengths[row] = list.size();
        l.childCount = start + list.size();
        return;
      }
      case MAP: {
        if (!(value instanceof List<?> list)) {
          throw mismatch(type, value, path);
        }
        MapVector m = (MapVector) v;
        int start = m.childCount;
        m.keys.ensureCapacity(start + list.size(), true);
        m.values.ensureCapacity(start + list.size(), true);
        for (int i = 0; i < list.size(); i++) {
          Object e = list.get(i);
          String at = path + "[" + i + "]";
          if (!(e instanceof Map<?, ?> entry) || entry.size() != 2 || !entry.containsKey("key")
              || !entry.containsKey("value")) {
            throw new ValueError(at, "map entries are {\"key\": K, \"value\": V}, not "
                + render(e));
          }
          set(m.keys, type.child(0), start + i, entry.get("key"), at + ".key");
          set(m.values, type.child(1), start + i, entry.get("value"), at + ".value");
        }
        m.offsets[row] = start;
        m.lengths[row] = list.size();
        m.childCount = start + list.size();
        return;
      }
      case UNION: {
        if (!(value instanceof Map<?, ?> u) || u.size() != 2 || !(u.get("tag") instanceof Json.Num)
            || !u.containsKey("value")) {
          throw new ValueError(path, "union values are {\"tag\": N, \"value\": V}, not "
              + render(value));
        }
        long tag = parseSmall(((Json.Num) u.get("tag")).text());
        if (tag < 0 || tag >= type.children().size()) {
          throw new ValueError(path, "tag " + render(u.get("tag")) + " is not one of the "
              + type.children().size() + " variants of " + type);
        }
        UnionVector uv = (UnionVector) v;
        int k = (int) tag;
        int at = uv.counts[k];
        uv.fields[k].ensureCapacity(at + 1, true);
        set(uv.fields[k], type.child(k), at, u.get("value"), path + ".value");
        uv.counts[k] = at + 1;
        uv.tags[row] = k;
        uv.offsets[row] = at;
        return;
      }
      default:
        throw new ValueError(path, "cannot convert to " + type);
    }
  }

  /** A null row; a null struct's fields are null at that row too, as readers leave them. */
  static void setNull(ColumnVector v, int row) {
    v.setNull(row);
    if (v instanceof StructVector s) {
      for (ColumnVector f : s.fields) {
        setNull(f, row);
      }
    }
  }

  void setStruct(StructVector s, Type type, int row, Object value, String path)
      throws ValueError {
    if (!(value instanceof Map<?, ?> object)) {
      throw mismatch(type, value, path);
    }
    setFields(s.fields, type, row, object, path);
  }

  /** The fields of an object into the field vectors; absent fields are null. */
  void setFields(ColumnVector[] fields, Type type, int row, Map<?, ?> object, String path)
      throws ValueError {
    List<String> names = type.fieldNames();
    int found = 0;
    for (int f = 0; f < fields.length; f++) {
      Object fv = object.get(names.get(f));
      String at = path.isEmpty() ? names.get(f) : path + "." + names.get(f);
      if (fv == null) {
        setNull(fields[f], row);
      } else {
        found++;
        set(fields[f], type.child(f), row, fv, at);
      }
    }
    if (found != object.size()) {
      for (Object key : object.keySet()) {
        if (!names.contains(key)) {
          throw new ValueError(path.isEmpty() ? String.valueOf(key) : path + "." + key,
              "no such field in " + type);
        }
      }
    }
  }

  private static long parseSmall(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String number(Type type, Object value, String path) throws ValueError {
    if (!(value instanceof Json.Num n)) {
      throw mismatch(type, value, path);
    }
    return n.text();
  }

  private static String string(Type type, Object value, String path) throws ValueError {
    if (!(value instanceof Json.Str s)) {
      throw mismatch(type, value, path);
    }
    return s.text();
  }

  private static ValueError mismatch(Type type, Object value, String path) {
    return new ValueError(path, render(value) + " is not a " + type);
  }

  static String render(Object value) {
    String s;
    if (value instanceof Json.Str str) {
      s = "\"" + str.text() + "\"";
    } else if (value instanceof Json.Num n) {
      s = n.text();
    } else if (value instanceof Map) {
      s = "an object";
    } else if (value instanceof List) {
      s = "an array";
    } else {
      s = String.valueOf(value);
    }
    return TextValues.shorten(s);
  }
}
