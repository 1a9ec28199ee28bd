package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniFile;
import io.colfile.trevni.TrevniFileWriter;
import io.colfile.trevni.TrevniMetadata;
import io.colfile.trevni.TrevniReader;
import io.colfile.trevni.TrevniWriter;
import io.colfile.trevni.TrevniWriterOptions;
import io.colfile.trevni.ValueType;
import io.colfile.trevni.avro.AvroSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.ColumnFileReader;
import org.apache.trevni.ColumnFileWriter;
import org.apache.trevni.ColumnMetaData;
import org.apache.trevni.ColumnValues;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Columns colfile declares sorted ({@code ColumnSpec.sorted()}, {@code
 * TrevniWriterOptions.sortedFields}) carry {@code colfile.sorted} in their metadata, which Apache
 * Avro's trevni-core and trevni-avro ignore: they read such files, and
 * trevni-core writes the same bytes when given the key itself (so it treats both files alike,
 * its seeks by value included).
 */
@ExtendWith(TestSeed.class)
class TrevniSortedColumnTest {
  /** Enough for several 64 KiB blocks in every column. */
  private static final int ROWS = 60_000;

  @TempDir Path dir;

  @Test
  void trevniCoreReadsDeclaredSortedColumnsAndWritesTheSameBytesGivenTheKey() throws IOException {
    Random r = TestSeed.random("sorted columns", 0);
    int[] n = new int[ROWS];
    for (int i = 0; i < ROWS; i++) {
      n[i] = r.nextInt(1000);
    }
    Path mine = dir.resolve("colfile.trv");
    try (TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(mine), List.of(
        ColumnSpec.of("k", ValueType.LONG).sorted(), ColumnSpec.of("s", ValueType.STRING)
            .sorted(), ColumnSpec.of("n", ValueType.INT)),
        TrevniWriterOptions.builder().codec(TrevniCodec.DEFLATE).build())) {
      for (int i = 0; i < ROWS; i++) {
        w.startRow();
        w.writeLong(0, i * 2L);
        w.writeString(1, String.format("k%06d", i));
        w.writeInt(2, n[i]);
        w.endRow();
      }
    }
    Path java = dir.resolve("java.trv");
    ColumnFileWriter jw = new ColumnFileWriter(new ColumnFileMetaData().setCodec("deflate"),
        new ColumnMetaData("k", org.apache.trevni.ValueType.LONG).hasIndexValues(true)
            .set(TrevniMetadata.SORTED, ""),
        new ColumnMetaData("s", org.apache.trevni.ValueType.STRING).hasIndexValues(true)
            .set(TrevniMetadata.SORTED, ""),
        new ColumnMetaData("n", org.apache.trevni.ValueType.INT));
    for (int i = 0; i < ROWS; i++) {
      jw.writeRow(i * 2L, String.format("k%06d", i), n[i]);
    }
    jw.writeTo(java.toFile());
    TrevniFileParts.assertBytes(Files.readAllBytes(java), Files.readAllBytes(mine),
        "colfile's file with two columns declared sorted");

    try (ColumnFileReader jr = new ColumnFileReader(mine.toFile())) {
      assertEquals("", jr.getColumnMetaData("k").getString(TrevniMetadata.SORTED));
      assertThat(jr.getColumnMetaData("k").hasIndexValues()).isTrue();
      ColumnValues<Long> k = jr.getValues("k");
      ColumnValues<String> s = jr.getValues("s");
      ColumnValues<Integer> v = jr.getValues("n");
      for (int i = 0; i < ROWS; i++) {
        assertEquals(i * 2L, k.next());
        assertEquals(String.format("k%06d", i), s.next());
        assertEquals(n[i], v.next());
      }
    }

    // colfile reads trevni-core's file as declared sorted: a point lookup reads one block
    try (TrevniReader cr = TrevniReader.open(InputFile.local(java))) {
      TrevniFile f = cr.file();
      assertThat(f.column(0).isSorted()).isTrue();
      assertThat(f.column(2).isSorted()).isFalse();
      int blocks = f.blocks(0).size();
      assertThat(blocks).isGreaterThan(2);
      Predicate p = Predicate.parse("k = 60002");
      List<Object> all = Rows.readAll(cr.read(ReadOptions.defaults()));
      try (BatchReader rows = cr.read(ReadOptions.defaults().withFilter(p))) {
        assertThat(Rows.readAll(rows)).isEqualTo(ReferenceEvaluator.filter(p, cr.schema(), all))
            .hasSize(1);
        assertThat(rows.report().counts("blocks"))
            .isEqualTo(new ScanReport.Counts(1, blocks - 1));
        assertThat(rows.report().notes())
            .anySatisfy(t -> assertThat(t).startsWith("column 'k': first values used, declared"));
      }
    }
  }

  @Test
  void trevniAvroReadsRecordsWithAFieldDeclaredSorted() throws IOException {
    Schema schema = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"at\",\"type\":{\"type\":\"record\","
        + "\"name\":\"A\",\"fields\":[{\"name\":\"day\",\"type\":\"string\"}]}},"
        + "{\"name\":\"note\",\"type\":[\"null\",\"string\"]}]}");
    Schema at = schema.getField("at").schema();
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericRecord a = new GenericData.Record(at);
      a.put("day", String.format("2024-%05d", i / 3));
      GenericRecord rec = new GenericData.Record(schema);
      rec.put("id", 1000L + i);
      rec.put("at", a);
      rec.put("note", i % 4 == 0 ? null : "n" + i);
      records.add(rec);
    }
    Path file = dir.resolve("records.trv");
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(file),
        AvroSchema.parse(schema.toString()),
        TrevniWriterOptions.builder().sortedFields("id", "at.day").build())) {
      for (int from = 0; from < ROWS; from += 7000) {
        w.write(AvroRows.batch(schema, records, from, Math.min(ROWS, from + 7000)));
      }
    }
    try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
      assertThat(f.column(f.columnIndex("id")).isSorted()).isTrue();
      assertThat(f.column(f.columnIndex("at#day")).isSorted()).isTrue();
    }
    AvroFiles.assertJavaReads(file, null, records, schema, "records with sorted fields");
  }
}
