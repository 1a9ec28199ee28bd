package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.RowSetReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kudu's NOT NULL columns as colfile types: a rowset written from a type keeps its non-null
 * fields NOT NULL (the key always), and reads back with the same type.
 */
class KuduNullabilityTest {
  @TempDir Path tmp;

  private static final Type TYPE = Type.parse("struct<id:int not null,name:string not null,"
      + "note:string,n:bigint>");

  private Path write(Type type, String key, boolean nullName) throws IOException {
    Path dir = tmp.resolve("rs-" + System.nanoTime());
    try (FileWriter w = new KuduFormat().createDirectory(dir, type,
        WriteOptions.defaults().withProperty(KuduFormat.KEY_PROPERTY, key))) {
      ColumnBatch b = new ColumnBatch(type, 3);
      for (int r = 0; r < 3; r++) {
        ((LongVector) b.cols[0]).vector[r] = 10 - r;
        byte[] name = ("name" + r).getBytes(StandardCharsets.UTF_8);
        ((BytesVector) b.cols[1]).setRef(r, name, 0, name.length);
        b.cols[2].setNull(r);
        ((LongVector) b.cols[3]).vector[r] = r;
      }
      if (nullName) {
        b.cols[1].setNull(2);
      }
      b.size = 3;
      w.write(b);
    }
    return dir;
  }

  @Test
  void nonNullFieldsBecomeNotNullColumnsAndReadBack() throws IOException {
    Path dir = write(TYPE, "id", false);
    try (RowSetReader r = RowSetReader.openDirectory(dir)) {
      assertThat(r.kuduSchema().columns()).extracting(KuduColumn::nullable)
          .containsExactly(false, false, true, true);
      assertThat(r.schema()).isEqualTo(TYPE);
      try (BatchReader rows = r.read(ReadOptions.columns("n", "name"))) {
        assertThat(rows.schema()).hasToString("struct<n:bigint,name:string not null>");
      }
    }
    try (FileReader r = ColFile.openDirectory(dir)) {
      assertThat(r.schema()).hasToString(
          "struct<id:int not null,name:string not null,note:string,n:bigint>");
    }
  }

  @Test
  void keyColumnsAreNotNullWhateverTheTypeSays() throws IOException {
    Path dir = write(TYPE.allNullable(), "n,id", false);
    try (RowSetReader r = RowSetReader.openDirectory(dir)) {
      assertThat(r.kuduSchema().columns()).extracting(KuduColumn::nullable)
          .containsExactly(false, true, true, false);
      assertThat(r.schema()).hasToString("struct<id:int not null,name:string,note:string,"
          + "n:bigint not null>");
    }
  }

  @Test
  void aNullInANotNullColumnIsRefusedNamingTheRow() {
    assertThatThrownBy(() -> write(TYPE, "id", true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row 3: column name is not nullable");
    assertThat(tmp.toFile().list()).as("nothing is published").isEmpty();
  }
}
