package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.StructVector;
import io.colfile.testkit.Rows;
import io.colfile.trevni.avro.AvroSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Columns declared sorted ({@link ColumnSpec#sorted()}, {@link
 * TrevniWriterOptions#sortedFields()}): the writer keeps them in Java's order (trevni.md section
 * 8), refusing a value out of order with the column and row and giving the file up; the column's
 * metadata says so, and filtered reads skip its blocks unread.
 */
class SortedColumnTest {
  @TempDir Path dir;

  /** Writes {@code values} to a sorted column of {@code type}; the file, or the refusal. */
  private Path write(ValueType type, BiConsumer<TrevniFileWriter, Object> put, Object... values)
      throws IOException {
    Path p = dir.resolve(type.wireName() + "-" + System.nanoTime() + ".trv");
    TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(p),
        List.of(ColumnSpec.of("v", type).sorted(), ColumnSpec.of("n", ValueType.INT)),
        TrevniWriterOptions.builder().blockSize(8).build());
    try {
      for (Object v : values) {
        w.startRow();
        put.accept(w, v);
        w.writeInt(1, 7);
        w.endRow();
      }
    } finally {
      w.close(); // after a refusal: nothing
    }
    return p;
  }

  @Test
  void valuesInJavasOrderAreTakenAndTheColumnSaysItIsSorted() throws IOException {
    Path p = write(ValueType.DOUBLE, (w, v) -> w.writeDouble(0, (Double) v),
        Double.NEGATIVE_INFINITY, -0.0, 0.0, 0.0, 1.5, Double.POSITIVE_INFINITY, Double.NaN);
    try (TrevniFile r = TrevniFile.open(InputFile.local(p))) {
      ColumnSpec v = r.column(0);
      assertThat(v.isSorted()).isTrue();
      assertThat(v.hasFirstValues()).isTrue();
      assertThat(v.metadata().getString(TrevniMetadata.SORTED)).contains("");
      assertThat(r.column(1).isSorted()).isFalse();
      assertThat(r.blocks(0)).hasSizeGreaterThan(1);
    }
    // strings as Java compares them: UTF-16 code units, so U+1F600 before U+FFFD
    write(ValueType.STRING, (w, v) -> w.writeString(0, (String) v), "", "a", "ab", "b",
        "\uD83D\uDE00", "\uE000", "\uFFFD");
    // bytes signed: 0x80 before 0x00
    write(ValueType.BYTES, (w, v) -> w.writeBytes(0, (byte[]) v, 0, ((byte[]) v).length),
        new byte[0], new byte[] {(byte) 0x80}, new byte[] {0}, new byte[] {0x7f});
    write(ValueType.BOOLEAN, (w, v) -> w.writeBoolean(0, (Boolean) v), false, false, true);
    write(ValueType.FIXED32, (w, v) -> w.writeValue(0, v), Integer.MIN_VALUE, -1, 0, 5);
    assertThatThrownBy(() -> ColumnSpec.of("v", ValueType.INT).withMetadata("colfile.sorted",
        "")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sorted()");
    assertThatThrownBy(() -> ColumnSpec.of("v", ValueType.INT).asArray().sorted())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("plain columns");
  }

  private void refused(ValueType type, BiConsumer<TrevniFileWriter, Object> put, String problem,
      Object... values) {
    int before = dir.toFile().list().length;
    assertThatThrownBy(() -> write(type, put, values)).as(type.wireName())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("column 'v' is declared sorted, but row %d comes before row %d in Java's "
            + "order (%s); the file was not written", values.length - 1, values.length - 2,
            problem);
    assertThat(dir.toFile().list()).as("nothing published").hasSize(before);
  }

  @Test
  void aValueOutOfOrderIsRefusedWithItsRowAndTheFileGivenUp() {
    refused(ValueType.LONG, (w, v) -> w.writeLong(0, (Long) v), "5, then 4", 1L, 5L, 5L, 4L);
    refused(ValueType.INT, (w, v) -> w.writeInt(0, (Integer) v), "0, then -1", 0, -1);
    refused(ValueType.DOUBLE, (w, v) -> w.writeDouble(0, (Double) v), "NaN, then 1.0", 0.0,
        Double.NaN, 1.0);
    refused(ValueType.FLOAT, (w, v) -> w.writeFloat(0, (Float) v), "0.0, then -0.0", 0f, -0f);
    refused(ValueType.STRING, (w, v) -> w.writeString(0, (String) v),
        "'\uFFFD', then '\uD83D\uDE00'", "a", "\uFFFD", "\uD83D\uDE00");
    refused(ValueType.STRING, (w, v) -> w.writeBytes(0, (byte[]) v, 0, ((byte[]) v).length),
        "'b', then 'a'", "b".getBytes(StandardCharsets.UTF_8),
        "a".getBytes(StandardCharsets.UTF_8));
    refused(ValueType.BYTES, (w, v) -> w.writeBytes(0, (byte[]) v, 0, ((byte[]) v).length),
        "0x00, then 0x80", new byte[] {0}, new byte[] {(byte) 0x80});
    refused(ValueType.BOOLEAN, (w, v) -> w.writeBoolean(0, (Boolean) v), "true, then false",
        true, false);
    refused(ValueType.FIXED64, (w, v) -> w.writeValue(0, v), "3, then 2", 3L, 2L);
  }

  @Test
  void afterARefusalTheWriterIsClosed() throws IOException {
    Path p = dir.resolve("x.trv");
    TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(p),
        List.of(ColumnSpec.of("v", ValueType.LONG).sorted()), TrevniWriterOptions.defaults());
    w.startRow();
    w.writeLong(0, 2);
    w.endRow();
    w.startRow();
    assertThatThrownBy(() -> w.writeLong(0, 1)).hasMessageContaining("row 1 comes before row 0");
    assertThatThrownBy(w::endRow).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
    w.close();
    assertThat(Files.exists(p)).isFalse();
  }

  private static final String RECORD = "{\"type\":\"record\",\"name\":\"R\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"name\",\"type\":[\"null\",\"string\"]},"
      + "{\"name\":\"in\",\"type\":{\"type\":\"record\",\"name\":\"I\",\"fields\":["
      + "{\"name\":\"at\",\"type\":\"string\"},"
      + "{\"name\":\"e\",\"type\":{\"type\":\"enum\",\"name\":\"E\",\"symbols\":[\"x\"]}}]}}]}";

  private Path records(String name, long[] ids, String... sorted) throws IOException {
    AvroSchema schema = AvroSchema.parse(RECORD);
    Path p = dir.resolve(name);
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema,
        TrevniWriterOptions.builder().blockSize(64).sortedFields(sorted).build())) {
      Type type = w.schema();
      ColumnBatch batch = new ColumnBatch(type, ids.length);
      for (int i = 0; i < ids.length; i++) {
        ((LongVector) batch.cols[0]).vector[i] = ids[i];
        text((BytesVector) batch.cols[1], i, "n" + i);
        StructVector in = (StructVector) batch.cols[2];
        text((BytesVector) in.fields[0], i, String.format("%05d", i));
        text((BytesVector) in.fields[1], i, "x");
      }
      batch.size = ids.length;
      w.write(batch);
    }
    return p;
  }

  private static void text(BytesVector v, int row, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    v.setRef(row, b, 0, b.length);
  }

  @Test
  void theRecordWriterDeclaresFieldsReachedThroughRecordsSorted() throws IOException {
    long[] ids = new long[500];
    Arrays.setAll(ids, i -> i * 3L);
    Path p = records("sorted.trv", ids, "id", "in.at");
    try (TrevniReader r = TrevniReader.open(InputFile.local(p))) {
      TrevniFile f = r.file();
      assertThat(f.column(f.columnIndex("id")).isSorted()).isTrue();
      assertThat(f.column(f.columnIndex("in#at")).isSorted()).isTrue();
      assertThat(f.column(f.columnIndex("in#e")).hasFirstValues()).isFalse();
      int blocks = f.blocks(f.columnIndex("id")).size();
      assertThat(blocks).isGreaterThan(5);
      try (BatchReader rows = r.read(ReadOptions.columns("id").withFilter(
          Predicate.parse("id = 300")))) {
        assertThat(Rows.readAll(rows)).containsExactly(List.of(300L));
        assertThat(rows.report().counts("blocks")).isEqualTo(
            new ScanReport.Counts(1, blocks - 1));
        assertThat(rows.report().notes()).anySatisfy(n -> assertThat(n)
            .startsWith("column 'id': first values used, declared sorted"));
      }
    }
    ids[321] = 5;
    assertThatThrownBy(() -> records("refused.trv", ids, "id"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column 'id' is declared sorted, but row 321 comes before row 320"
            + " in Java's order (960, then 5)");
    assertThat(Files.exists(dir.resolve("refused.trv"))).isFalse();
    for (String field : List.of("name", "in.e", "in", "nope", "in.nope")) {
      assertThatThrownBy(() -> records("bad.trv", ids, field)).as(field)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("sorted field '" + field + "': ");
    }
    assertThatThrownBy(() -> TrevniWriter.create(OutputFile.local(dir.resolve("t.trv")),
        Type.parse("struct<id:bigint>"), TrevniWriterOptions.builder().sortedFields("id")
            .build())).hasMessageContaining("a nullable field is a union");
    assertThatThrownBy(() -> TrevniFileWriter.create(OutputFile.local(dir.resolve("c.trv")),
        List.of(ColumnSpec.of("id", ValueType.LONG)), TrevniWriterOptions.builder()
            .sortedFields("id").build())).hasMessageContaining("ColumnSpec.sorted()");
  }
}
