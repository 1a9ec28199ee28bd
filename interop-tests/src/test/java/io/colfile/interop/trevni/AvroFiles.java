package io.colfile.interop.trevni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniReader;
import io.colfile.trevni.TrevniWriter;
import io.colfile.trevni.TrevniWriterOptions;
import io.colfile.trevni.avro.AvroSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.avro.AvroColumnReader;
import org.apache.trevni.avro.AvroColumnWriter;

/** Writing Avro records with trevni-avro and with colfile, and reading them back with either. */
final class AvroFiles {
  private AvroFiles() {}

  /** Codec and checksum, each either written to the file metadata or left out. */
  record Settings(TrevniCodec codec, TrevniChecksum checksum, boolean explicitCodec,
      boolean explicitChecksum) {
    static Settings defaults() {
      return new Settings(TrevniCodec.NULL, TrevniChecksum.NULL, false, false);
    }

    ColumnFileMetaData javaMeta() {
      ColumnFileMetaData m = new ColumnFileMetaData();
      if (explicitCodec || codec != TrevniCodec.NULL) {
        m.setCodec(codec.wireName());
      }
      if (explicitChecksum || checksum != TrevniChecksum.NULL) {
        m.setChecksum(checksum.wireName());
      }
      return m;
    }

    TrevniWriterOptions options() {
      TrevniWriterOptions.Builder b = TrevniWriterOptions.builder();
      if (explicitCodec || codec != TrevniCodec.NULL) {
        b.codec(codec);
      }
      if (explicitChecksum || checksum != TrevniChecksum.NULL) {
        b.checksum(checksum);
      }
      return b.build();
    }
  }

  static void writeJava(Path file, Schema schema, List<?> records, Settings s)
      throws IOException {
    AvroColumnWriter<Object> w = new AvroColumnWriter<>(schema, s.javaMeta());
    for (Object rec : records) {
      w.write(rec);
    }
    w.writeTo(file.toFile());
  }

  /** Writes with colfile from batches of the given sizes (cycled). */
  static void writeColfile(Path file, Schema schema, List<?> records, Settings s,
      int... batchSizes) throws IOException {
    AvroSchema cs = AvroSchema.parse(schema.toString());
    TrevniWriter w = TrevniWriter.create(OutputFile.local(file), cs, s.options());
    boolean done = false;
    try {
      int at = 0;
      for (int k = 0; at < records.size(); k++) {
        int n = Math.min(records.size() - at, batchSizes[k % batchSizes.length]);
        w.write(AvroRows.batch(schema, records, at, at + n));
        at += n;
      }
      assertEquals(records.size(), w.numberOfRows(), "rows colfile's TrevniWriter took");
      w.close();
      done = true;
    } finally {
      if (!done) {
        w.abort();
      }
    }
  }

  /** trevni-avro reads {@code file} with {@code readSchema} (null: the file's) and gets {@code expected}. */
  static void assertJavaReads(Path file, Schema readSchema, List<?> expected, Schema expectedSchema,
      String what) throws IOException {
    AvroColumnReader.Params p = new AvroColumnReader.Params(file.toFile());
    if (readSchema != null) {
      p.setSchema(readSchema);
    }
    try {
      javaReads(p, readSchema == null, expected, expectedSchema, what);
    } catch (RuntimeException e) {
      throw new AssertionError(what + ": trevni-avro fails reading: " + e, e);
    }
  }

  private static void javaReads(AvroColumnReader.Params p, boolean fileSchema,
      List<?> expected, Schema expectedSchema, String what) throws IOException {
    try (AvroColumnReader<Object> r = new AvroColumnReader<>(p)) {
      // names and namespaces decide how unions resolve and which columns trevni-avro reads
      // (compared with the expected schema's own text parsed, as number nodes of defaults differ)
      if (fileSchema) {
        assertEquals(new Schema.Parser().parse(expectedSchema.toString()), r.getFileSchema(),
            what + ": the schema trevni-avro parses from the file's avro.schema");
      }
      assertEquals(expected.size(), r.getRowCount(), what + ": trevni-avro's row count");
      for (int i = 0; i < expected.size(); i++) {
        assertTrue(r.hasNext(), what + ": trevni-avro ends before row " + i);
        Object got = r.next();
        assertSame(AvroRows.norm(expectedSchema, expected.get(i)),
            AvroRows.norm(expectedSchema, got), what + ": trevni-avro's row " + i);
      }
      assertFalse(r.hasNext(), what + ": trevni-avro has more rows");
    }
  }

  /**
   * colfile reads {@code file} (projected to {@code columns} when not null) in batches of
   * {@code batchSize} and gets {@code expected}, the rows in comparable form.
   */
  static void assertColfileReads(Path file, Schema schema, List<String> columns,
      List<List<Object>> expected, int batchSize, String what) throws IOException {
    Type full = AvroRows.rowType(schema);
    try (TrevniReader r = TrevniReader.open(InputFile.local(file))) {
      assertEquals(full, r.schema(), what + ": colfile's row type");
      assertTrue(r.avroSchema().isPresent(), what + ": colfile finds avro.schema");
      assertEquals(expected.size(), r.numberOfRows(), what + ": colfile's row count");
      ReadOptions o = (columns == null ? ReadOptions.defaults()
          : ReadOptions.columns(columns.toArray(String[]::new))).withBatchSize(batchSize);
      try (BatchReader rows = r.read(o)) {
        if (columns != null) {
          List<Type> types = new ArrayList<>();
          List<Boolean> nullable = new ArrayList<>();
          for (String c : columns) {
            types.add(full.child(full.fieldIndex(c)));
            nullable.add(full.isChildNullable(full.fieldIndex(c)));
          }
          assertEquals(Type.struct(columns, types, nullable), rows.schema(),
              what + ": colfile's projected row type");
        }
        ColumnBatch batch = rows.newBatch();
        int row = 0;
        while (rows.next(batch)) {
          batch.validate();
          if (batch.size == 0) {
            fail(what + ": an empty batch before the end");
          }
          for (int i = 0; i < batch.size; i++, row++) {
            if (row >= expected.size()) {
              fail(what + ": colfile returns more than " + expected.size() + " rows");
            }
            assertSame(expected.get(row), AvroRows.row(batch, i), what + ": colfile's row " + row);
          }
        }
        assertEquals(expected.size(), row, what + ": rows colfile returns");
      }
      assertEquals(schema.toString(), r.avroSchema().get().toString(),
          what + ": colfile's Avro schema text");
    }
  }

  static void assertSame(Object expected, Object actual, String what) {
    if (!Objects.equals(expected, actual)) {
      fail(what + ":\n  expected " + expected + "\n  but was  " + actual);
    }
  }

  static List<List<Object>> normRows(Schema schema, List<?> records) {
    List<List<Object>> out = new ArrayList<>();
    for (Object rec : records) {
      out.add(AvroRows.normRow(schema, rec));
    }
    return out;
  }
}
