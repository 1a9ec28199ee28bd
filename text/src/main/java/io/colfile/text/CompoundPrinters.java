package io.colfile.text;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.UnionVector;
import java.nio.charset.StandardCharsets;

/** Printers of struct, list, map and union, and of the root struct of a batch. */
final class CompoundPrinters {
  private static final byte[] SEPARATOR = {',', ' '};
  private static final byte[] KEY = ascii("{\"key\": ");
  private static final byte[] VALUE = ascii(", \"value\": ");
  private static final byte[] TAG = ascii("{\"tag\": ");

  private CompoundPrinters() {}

  /**
   * {@code {"a": 1, "b": null}}. Field names are written raw, as the C++ printer writes them; each
   * field's {@code "name": } (with the separator before it) is encoded once, here.
   */
  static final class StructPrinter extends ValuePrinter {
    private final byte[][] prefixes;
    private final ValuePrinter[] fields;

    StructPrinter(Type type, PrintStyle style) {
      int n = type.children().size();
      prefixes = new byte[n][];
      fields = new ValuePrinter[n];
      for (int i = 0; i < n; i++) {
        String prefix = (i == 0 ? "{" : ", ") + "\"" + type.fieldNames().get(i) + "\": ";
        prefixes[i] = prefix.getBytes(StandardCharsets.UTF_8);
        fields[i] = ValuePrinters.create(type.child(i), style);
      }
    }

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      printFields(out, ((StructVector) v).fields, row);
    }

    /** Also used for a batch's root struct, whose fields are the batch's columns. */
    void printFields(ByteSink out, ColumnVector[] values, int row) {
      if (fields.length == 0) {
        out.put('{');
      }
      for (int i = 0; i < fields.length; i++) {
        out.put(prefixes[i]);
        fields[i].print(out, values[i], row);
      }
      out.put('}');
    }
  }

  /** {@code [1, 2]}, {@code []}. */
  static final class ListPrinter extends ValuePrinter {
    private final ValuePrinter element;

    ListPrinter(Type type, PrintStyle style) {
      element = ValuePrinters.create(type.child(0), style);
    }

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      ListVector l = (ListVector) v;
      int start = l.offsets[row];
      int end = start + l.lengths[row];
      out.put('[');
      for (int i = start; i < end; i++) {
        if (i > start) {
          out.put(SEPARATOR);
        }
        element.print(out, l.child, i);
      }
      out.put(']');
    }
  }

  /** {@code [{"key": k, "value": v}, ...]} in stored order; keys may repeat. */
  static final class MapPrinter extends ValuePrinter {
    private final ValuePrinter key;
    private final ValuePrinter value;

    MapPrinter(Type type, PrintStyle style) {
      key = ValuePrinters.create(type.child(0), style);
      value = ValuePrinters.create(type.child(1), style);
    }

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      MapVector m = (MapVector) v;
      int start = m.offsets[row];
      int end = start + m.lengths[row];
      out.put('[');
      for (int i = start; i < end; i++) {
        if (i > start) {
          out.put(SEPARATOR);
        }
        out.put(KEY);
        key.print(out, m.keys, i);
        out.put(VALUE);
        value.print(out, m.values, i);
        out.put('}');
      }
      out.put(']');
    }
  }

  /** {@code {"tag": n, "value": v}}; variant vectors are dense (see UnionVector). */
  static final class UnionPrinter extends ValuePrinter {
    private final ValuePrinter[] variants;

    UnionPrinter(Type type, PrintStyle style) {
      variants = new ValuePrinter[type.children().size()];
      for (int i = 0; i < variants.length; i++) {
        variants[i] = ValuePrinters.create(type.child(i), style);
      }
    }

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      UnionVector u = (UnionVector) v;
      int tag = u.tags[row];
      out.put(TAG);
      out.putLong(tag);
      out.put(VALUE);
      variants[tag].print(out, u.fields[tag], u.offsets[row]);
      out.put('}');
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
