package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files written with the column API alone (no avro.schema) read as rows of their root columns. */
class GenericRowReaderTest {
  @TempDir Path dir;

  @Test
  void rootColumnsBecomeFieldsAndChildrenBecomeElementFields() throws Exception {
    List<ColumnSpec> cols = List.of(
        ColumnSpec.of("id", ValueType.FIXED64),
        ColumnSpec.of("p", ValueType.NULL).asArray(),
        ColumnSpec.of("p#c", ValueType.STRING).withParent("p"),
        ColumnSpec.of("p#n", ValueType.INT).asArray().withParent("p"),
        ColumnSpec.of("a", ValueType.BOOLEAN).asArray(),
        ColumnSpec.of("v", ValueType.DOUBLE).asArray(),
        ColumnSpec.of("v#w", ValueType.BYTES).withParent("v"),
        ColumnSpec.of("z", ValueType.NULL));
    byte[] file = TrevniFiles.write(dir, cols, TrevniWriterOptions.builder()
        .codec(TrevniCodec.BZIP2).checksum(TrevniChecksum.CRC32).build(), w -> {
          w.startRow();
          w.writeLong(0, -5);
          w.writeLength(1, 2);
          w.writeNull(1);
          w.writeString(2, "x");
          w.writeLength(3, 0);
          w.writeNull(1);
          w.writeString(2, "y");
          w.writeLength(3, 2);
          w.writeInt(3, 7);
          w.writeInt(3, 8);
          w.writeLength(4, 3);
          w.writeBoolean(4, true);
          w.writeBoolean(4, false);
          w.writeBoolean(4, true);
          w.writeLength(5, 1);
          w.writeDouble(5, 0.5);
          w.writeBytes(6, new byte[] {1, 2}, 0, 2);
          w.writeNull(7);
          w.endRow();
          w.startRow();
          w.writeLong(0, 6);
          w.writeLength(1, 0);
          w.writeLength(4, 0);
          w.writeLength(5, 0);
          w.writeNull(7);
          w.endRow();
        });
    Path p = dir.resolve("generic.trv");
    Files.write(p, file);
    try (FileReader r = ColFile.open(InputFile.local(p))) {
      assertThat(r.formatName()).isEqualTo("Trevni");
      assertThat(r.schema().toString()).isEqualTo("struct<id:bigint,p:array<struct<c:string,"
          + "n:array<int>>>,a:array<boolean>,v:array<struct<value:double,w:binary>>,z:boolean>");
      assertThat(cat(r, ReadOptions.defaults())).isEqualTo(
          "{\"id\": -5, \"p\": [{\"c\": \"x\", \"n\": []}, {\"c\": \"y\", \"n\": [7, 8]}], "
              + "\"a\": [true, false, true], \"v\": [{\"value\": 0.5, \"w\": [1, 2]}], "
              + "\"z\": null}\n"
              + "{\"id\": 6, \"p\": [], \"a\": [], \"v\": [], \"z\": null}\n");
      assertThat(cat(r, ReadOptions.columns("a", "id"))).isEqualTo(
          "{\"a\": [true, false, true], \"id\": -5}\n{\"a\": [], \"id\": 6}\n");
      assertThatThrownBy(() -> r.read(ReadOptions.columns("p#c")))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no column 'p#c'; the columns are id, p, a, v, z");
    }
  }

  private static String cat(FileReader r, ReadOptions options) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    try (BatchReader rows = r.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        w.write(batch);
      }
    }
    w.flush();
    return out.toString(StandardCharsets.UTF_8);
  }
}
