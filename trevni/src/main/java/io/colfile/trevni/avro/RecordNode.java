package io.colfile.trevni.avro;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A record: no column of its own, its fields' nodes in order. Also the element of an array
 * column with children in a file without an Avro schema.
 */
final class RecordNode extends RowNode {
  final String[] names;
  final RowNode[] fields;

  RecordNode(String path, List<String> names, List<RowNode> fields) {
    super(path);
    this.names = names.toArray(new String[0]);
    this.fields = fields.toArray(new RowNode[0]);
  }

  @Override
  void read(RowReader in, ColumnVector v, int i) throws IOException {
    readFields(in, ((StructVector) v).fields, i);
  }

  /** Reads the fields into {@code vectors}, one per field. */
  void readFields(RowReader in, ColumnVector[] vectors, int i) throws IOException {
    for (int f = 0; f < fields.length; f++) {
      fields[f].read(in, vectors[f], i);
    }
  }

  @Override
  void write(RowWriter out, ColumnVector v, int i) {
    checkNotNull(out, v, i);
    writeFields(out, ((StructVector) v).fields, i);
  }

  /** Writes the fields from {@code vectors}, one per field. */
  void writeFields(RowWriter out, ColumnVector[] vectors, int i) {
    for (int f = 0; f < fields.length; f++) {
      fields[f].write(out, vectors[f], i);
    }
  }

  @Override
  RecordNode project(Type want) {
    if (want == null) {
      return this;
    }
    List<String> keptNames = new ArrayList<>();
    List<RowNode> kept = new ArrayList<>();
    for (int f = 0; f < fields.length; f++) {
      int i = want.fieldIndex(names[f]);
      if (i < 0) {
        continue;
      }
      if (i != kept.size()) {
        throw new IllegalArgumentException("not a projection of the file's rows: field "
            + names[f] + " out of order in " + want);
      }
      keptNames.add(names[f]);
      kept.add(fields[f].project(want.child(i)));
    }
    if (want.kind() != TypeKind.STRUCT || kept.size() != want.children().size()) {
      throw new IllegalArgumentException("not a projection of the file's rows: " + want);
    }
    return new RecordNode(path, keptNames, kept);
  }

  @Override
  void columns(BitSet out) {
    for (RowNode f : fields) {
      f.columns(out);
    }
  }
}
