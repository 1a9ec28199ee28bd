package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniReader;
import io.colfile.trevni.TrevniWriter;
import io.colfile.trevni.TrevniWriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.trevni.avro.AvroColumnReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every ORC example file (but the 1.9-million-row demos and zero.orc, which is empty) written
 * as Trevni by colfile through {@code AvroTypes.fromType}, the path {@code colfile convert
 * --format trevni} takes: trevni-avro's {@code AvroColumnReader} reads the file, and its
 * records equal what colfile reads back from it, row by row (timestamps, varchar, decimals,
 * unions, maps with non-string keys as key/value records, non-struct roots).
 */
class TrevniFromOrcExamplesTest {
  @TempDir Path dir;

  static Stream<Path> files() throws IOException {
    Path examples = Path.of(System.getProperty("colfile.shared.dir", "../../shared"),
        "orc-examples");
    if (!Files.isDirectory(examples)) {
      return Stream.of(examples.resolve("(missing)"));
    }
    try (Stream<Path> ls = Files.list(examples)) {
      return ls.filter(p -> p.toString().endsWith(".orc") && Files.isRegularFile(p))
          .filter(p -> !p.getFileName().toString().startsWith("demo-"))
          .filter(p -> !p.getFileName().toString().equals("zero.orc"))
          .sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void trevniAvroReadsColfilesConversion(Path orc) throws IOException {
    Assumptions.assumeTrue(Files.isRegularFile(orc),
        "no ORC examples at " + orc.getParent() + " (../shared is absent)");
    Path trv = dir.resolve("x.trv");
    Files.deleteIfExists(trv);
    try (FileReader reader = ColFile.open(InputFile.local(orc));
         TrevniWriter writer = TrevniWriter.create(OutputFile.local(trv), reader.schema(),
             TrevniWriterOptions.builder().codec(TrevniCodec.DEFLATE).build());
         BatchReader rows = reader.read(ReadOptions.defaults())) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        writer.write(batch);
      }
    }
    List<List<Object>> colfile = new ArrayList<>();
    Schema schema;
    try (TrevniReader reader = TrevniReader.open(InputFile.local(trv));
         BatchReader rows = reader.read(ReadOptions.defaults())) {
      schema = new Schema.Parser().parse(reader.avroSchema().orElseThrow().toString());
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        for (int i = 0; i < batch.size; i++) {
          colfile.add(AvroRows.row(batch, i));
        }
      }
    }
    if (schema.getType() == Schema.Type.RECORD && schema.getFields().isEmpty()) {
      // struct<> (version1999.orc): a file of rows without columns, which trevni-avro's reader
      // cannot iterate (it asks its first column whether rows are left)
      assertThatThrownBy(() -> {
        try (AvroColumnReader<Object> reader =
            new AvroColumnReader<>(new AvroColumnReader.Params(trv.toFile()))) {
          reader.hasNext();
        }
      }).isInstanceOf(ArrayIndexOutOfBoundsException.class);
      try (FileReader original = ColFile.open(InputFile.local(orc))) {
        assertThat((long) colfile.size()).isEqualTo(original.numberOfRows());
      }
      return;
    }
    int row = 0;
    try (AvroColumnReader<Object> reader =
        new AvroColumnReader<>(new AvroColumnReader.Params(trv.toFile()))) {
      for (Object record : reader) {
        if (row >= colfile.size()) {
          fail(orc.getFileName() + ": trevni-avro reads more rows than colfile (" + row + ")");
        }
        List<Object> expected = colfile.get(row);
        List<Object> actual = AvroRows.normRow(schema, record);
        if (!expected.equals(actual)) {
          fail(String.format("%s row %d%n  colfile     %s%n  trevni-avro %s", orc.getFileName(),
              row, expected, actual));
        }
        row++;
      }
    }
    assertThat(row).as("%s: rows trevni-avro read", orc.getFileName()).isEqualTo(colfile.size());
  }
}
