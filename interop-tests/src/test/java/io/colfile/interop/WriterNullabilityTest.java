package io.colfile.interop;

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
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writers take batches whose schema differs from theirs in nullability only (batches read from
 * a Kudu rowset or a Trevni file with required fields, written to a writer made from a nullable
 * type, and the other way round); a NULL where the file's schema has none is refused at that
 * value, and a batch of another schema is refused whole.
 */
class WriterNullabilityTest {
  private static final Type NULLABLE = Type.parse("struct<id:bigint,name:string>");
  private static final Type REQUIRED = Type.parse("struct<id:bigint not null,name:string>");

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni"})
  void batchesDifferingOnlyInNullabilityAreWritten(String format) throws IOException {
    for (Type writerType : List.of(NULLABLE, REQUIRED)) {
      Type batchType = writerType == NULLABLE ? REQUIRED : NULLABLE;
      Path p = dir.resolve(format + (writerType == NULLABLE ? "-nullable" : "-required"));
      try (FileWriter w = ColFile.writer(format, p, writerType, WriteOptions.defaults())) {
        w.write(batch(batchType, false));
        assertThatThrownBy(() -> w.write(new ColumnBatch(Type.parse("struct<id:int>"), 1)))
            .isInstanceOf(IllegalArgumentException.class);
      }
      try (FileReader r = ColFile.open(p); BatchReader rows = r.read(ReadOptions.defaults())) {
        assertThat(Rows.readAll(rows)).as(format + " " + writerType)
            .containsExactly(List.of(1L, utf8("a")), List.of(2L, utf8("b")));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"trevni"})
  void aNullWhereTheFileHasNoneIsRefused(String format) throws IOException {
    Path p = dir.resolve(format + "-null");
    try (FileWriter w = ColFile.writer(format, p, REQUIRED, WriteOptions.defaults())) {
      assertThatThrownBy(() -> w.write(batch(NULLABLE, true)))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("id");
    }
  }

  private static ByteBuffer utf8(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  private static ColumnBatch batch(Type type, boolean withNull) {
    ColumnBatch b = new ColumnBatch(type, 2);
    LongVector id = (LongVector) b.cols[0];
    BytesVector name = (BytesVector) b.cols[1];
    for (int i = 0; i < 2; i++) {
      id.vector[i] = i + 1;
      byte[] s = String.valueOf((char) ('a' + i)).getBytes(StandardCharsets.UTF_8);
      name.setRef(i, s, 0, s.length);
    }
    if (withNull) {
      id.setNull(1);
    }
    b.size = 2;
    return b;
  }
}
