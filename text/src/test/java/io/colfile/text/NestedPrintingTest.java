package io.colfile.text;

import static io.colfile.text.JsonLinesWriterTest.print;
import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.UnionVector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Lists, maps, unions and structs, nested, with nulls at every depth. */
class NestedPrintingTest {
  @Test
  void nestedValuesWithNullsAtEveryDepth() throws IOException {
    Type t = Type.parse("struct<l:array<int>,m:map<string,int>,"
        + "u:uniontype<int,string,array<double>>,st:struct<x:int,y:struct<z:string>>>");
    ColumnBatch batch = new ColumnBatch(t, 4);

    // l: [1, 2] | [] | null | [null, 3]
    ListVector l = (ListVector) batch.cols[0];
    span(l.offsets, l.lengths, 0, 0, 2);
    span(l.offsets, l.lengths, 1, 2, 0);
    l.setNull(2);
    span(l.offsets, l.lengths, 3, 2, 2);
    setLongs(l.child, 1, 2, 0, 3);
    l.child.setNull(2);
    l.childCount = 4;

    // m: a->1, a->null (keys may repeat) | [] | null | b->7
    MapVector m = (MapVector) batch.cols[1];
    span(m.offsets, m.lengths, 0, 0, 2);
    span(m.offsets, m.lengths, 1, 2, 0);
    m.setNull(2);
    span(m.offsets, m.lengths, 3, 2, 1);
    setStrings(m.keys, "a", "a", "b");
    setLongs(m.values, 1, 0, 7);
    m.values.setNull(1);
    m.childCount = 3;

    // u: tag 0 = 5 | tag 1 = null | null | tag 2 = [1.5, -0.0]
    UnionVector u = (UnionVector) batch.cols[2];
    u.tags[0] = 0;
    u.offsets[0] = 0;
    u.tags[1] = 1;
    u.offsets[1] = 0;
    u.setNull(2);
    u.tags[3] = 2;
    u.offsets[3] = 0;
    setLongs(u.fields[0], 5);
    u.fields[1].setNull(0);
    ListVector ul = (ListVector) u.fields[2];
    span(ul.offsets, ul.lengths, 0, 0, 2);
    ((DoubleVector) ul.child).vector[0] = 1.5;
    ((DoubleVector) ul.child).vector[1] = -0.0;
    ul.childCount = 2;
    u.counts[0] = 1;
    u.counts[1] = 1;
    u.counts[2] = 1;

    // st: {x: 1, y: {z: "q"}} | {x: null, y: null} | null | {x: 2, y: {z: null}}
    StructVector st = (StructVector) batch.cols[3];
    setLongs(st.fields[0], 1, 0, 0, 2);
    st.fields[0].setNull(1);
    StructVector y = (StructVector) st.fields[1];
    y.setNull(1);
    st.setNull(2);
    setStrings(y.fields[0], "q", "", "", "");
    y.fields[0].setNull(3);

    batch.size = 4;
    batch.validate();
    assertThat(print(batch)).isEqualTo(""
        + "{\"l\": [1, 2], \"m\": [{\"key\": \"a\", \"value\": 1}, {\"key\": \"a\", \"value\": null}], "
        + "\"u\": {\"tag\": 0, \"value\": 5}, \"st\": {\"x\": 1, \"y\": {\"z\": \"q\"}}}\n"
        + "{\"l\": [], \"m\": [], \"u\": {\"tag\": 1, \"value\": null}, "
        + "\"st\": {\"x\": null, \"y\": null}}\n"
        + "{\"l\": null, \"m\": null, \"u\": null, \"st\": null}\n"
        + "{\"l\": [null, 3], \"m\": [{\"key\": \"b\", \"value\": 7}], "
        + "\"u\": {\"tag\": 2, \"value\": [1.5, -0]}, \"st\": {\"x\": 2, \"y\": {\"z\": null}}}\n");
  }

  /** A non-struct root of a compound type: one bare list per line. */
  @Test
  void listOfMapsOfBinaryAsRoot() throws IOException {
    ColumnBatch batch = new ColumnBatch(Type.parse("array<map<int,binary>>"), 2);
    ListVector l = (ListVector) batch.cols[0];
    span(l.offsets, l.lengths, 0, 0, 2);
    span(l.offsets, l.lengths, 1, 2, 1);
    l.childCount = 3;
    MapVector m = (MapVector) l.child;
    m.ensureCapacity(3, false); // three maps in two rows' lists
    span(m.offsets, m.lengths, 0, 0, 1);
    span(m.offsets, m.lengths, 1, 1, 0);
    m.setNull(2);
    m.childCount = 1;
    setLongs(m.keys, -4);
    BytesVector v = (BytesVector) m.values;
    v.setRef(0, new byte[] {9, (byte) 200}, 0, 2);
    batch.size = 2;
    batch.validate();
    assertThat(print(batch))
        .isEqualTo("[[{\"key\": -4, \"value\": [9, 200]}], []]\n[null]\n");
  }

  /** Unions in a struct root point at dense variants through their offsets. */
  @Test
  void unionRowsReadTheirVariantsThroughOffsets() throws IOException {
    ColumnBatch batch = new ColumnBatch(Type.parse("uniontype<int,string>"), 5);
    UnionVector u = (UnionVector) batch.cols[0];
    int[] tags = {1, 0, 1, 0, 1};
    int[] counts = new int[2];
    for (int i = 0; i < tags.length; i++) {
      u.tags[i] = tags[i];
      u.offsets[i] = counts[tags[i]]++;
    }
    setLongs(u.fields[0], 10, 20);
    setStrings(u.fields[1], "a", "b", "c");
    u.counts[0] = counts[0];
    u.counts[1] = counts[1];
    batch.size = 5;
    batch.validate();
    assertThat(print(batch)).isEqualTo("{\"tag\": 1, \"value\": \"a\"}\n"
        + "{\"tag\": 0, \"value\": 10}\n{\"tag\": 1, \"value\": \"b\"}\n"
        + "{\"tag\": 0, \"value\": 20}\n{\"tag\": 1, \"value\": \"c\"}\n");
  }

  private static void span(int[] offsets, int[] lengths, int row, int offset, int length) {
    offsets[row] = offset;
    lengths[row] = length;
  }

  private static void setLongs(ColumnVector v, long... values) {
    System.arraycopy(values, 0, ((LongVector) v).vector, 0, values.length);
  }

  private static void setStrings(ColumnVector v, String... values) {
    for (int i = 0; i < values.length; i++) {
      byte[] b = values[i].getBytes(StandardCharsets.UTF_8);
      ((BytesVector) v).setRef(i, b, 0, b.length);
    }
  }
}
