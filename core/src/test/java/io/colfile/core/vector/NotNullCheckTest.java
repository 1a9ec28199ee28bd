package io.colfile.core.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import org.junit.jupiter.api.Test;

class NotNullCheckTest {
  @Test
  void aSchemaWithoutNonNullChildrenNeedsNoCheck() {
    assertThat(NotNullCheck.of(Type.parse("struct<a:int,b:array<map<string,int>>>"))).isNull();
    assertThat(NotNullCheck.of(Type.parse("array<int>"))).isNull();
  }

  @Test
  void findsTheFirstRowThenTheFirstColumn() {
    Type t = Type.parse("struct<a:int,b:int not null,c:string not null>");
    ColumnBatch batch = new ColumnBatch(t, 8);
    batch.size = 8;
    NotNullCheck check = NotNullCheck.of(t);
    assertThat(check.find(batch)).isNull();
    batch.cols[0].setNull(0); // nullable: fine
    assertThat(check.find(batch)).isNull();
    batch.cols[2].setNull(3);
    assertThat(check.find(batch)).isEqualTo(new NotNullCheck.Violation("c", 3));
    batch.cols[1].setNull(5);
    assertThat(check.find(batch)).isEqualTo(new NotNullCheck.Violation("c", 3));
    batch.cols[1].setNull(3);
    assertThat(check.find(batch)).isEqualTo(new NotNullCheck.Violation("b", 3));
    batch.size = 3; // rows past the size do not count
    assertThat(check.find(batch)).isNull();
  }

  @Test
  void looksInsideOnlyPresentValues() {
    Type t = Type.parse("struct<s:struct<x:int not null>,l:array<int not null>,"
        + "m:map<string,string not null>>");
    ColumnBatch batch = new ColumnBatch(t, 4);
    batch.size = 4;
    StructVector s = (StructVector) batch.cols[0];
    ListVector l = (ListVector) batch.cols[1];
    MapVector m = (MapVector) batch.cols[2];
    // row 1: a null struct whose field's flag is set too, as readers set it
    s.setNull(1);
    s.fields[0].setNull(1);
    // row 2: a null list over element 5, which is null; rows 0..3 own elements 0..3
    for (int r = 0; r < 4; r++) {
      l.offsets[r] = r;
      l.lengths[r] = 1;
      m.offsets[r] = r;
      m.lengths[r] = 1;
    }
    l.child.ensureCapacity(6, false);
    l.childCount = 6;
    l.lengths[2] = 0;
    l.child.setNull(5);
    m.childCount = 4;
    m.keys.setNull(0); // keys are not checked
    NotNullCheck check = NotNullCheck.of(t);
    assertThat(check.find(batch)).isNull();

    l.child.setNull(3);
    assertThat(check.find(batch)).isEqualTo(new NotNullCheck.Violation("l[]", 3));
    m.values.setNull(2);
    assertThat(check.find(batch)).isEqualTo(new NotNullCheck.Violation("m.value", 2));
    s.fields[0].setNull(0);
    assertThat(check.find(batch)).isEqualTo(new NotNullCheck.Violation("s.x", 0));
  }

  @Test
  void checksUnionVariantsAndBareRoots() {
    Type t = Type.parse("array<uniontype<int,struct<y:int not null>>>");
    ColumnBatch batch = new ColumnBatch(t, 2);
    batch.size = 2;
    ListVector l = (ListVector) batch.cols[0];
    l.child.ensureCapacity(3, false);
    UnionVector u = (UnionVector) l.child;
    l.offsets[0] = 0;
    l.lengths[0] = 1;
    l.offsets[1] = 1;
    l.lengths[1] = 2;
    l.childCount = 3;
    u.tags[0] = 1;
    u.offsets[0] = 0;
    u.tags[1] = 0;
    u.offsets[1] = 0;
    u.tags[2] = 1;
    u.offsets[2] = 1;
    StructVector variant = (StructVector) u.fields[1];
    NotNullCheck check = NotNullCheck.of(t);
    assertThat(check.find(batch)).isNull();
    variant.fields[0].setNull(1);
    assertThat(check.find(batch)).isEqualTo(new NotNullCheck.Violation("[].1.y", 1));
  }
}
