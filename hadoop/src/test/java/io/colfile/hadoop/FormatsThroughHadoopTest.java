package io.colfile.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** colfile's own files, written and read through Hadoop, equal the same files done locally. */
@ExtendWith(TestSeed.class)
class FormatsThroughHadoopTest {
  @TempDir
  java.nio.file.Path dir;

  private final Configuration conf = new Configuration();

  private static final Type TREVNI_SCHEMA = Type.parse("struct<a:int,b:bigint,c:double,d:string,"
      + "e:boolean,f:date,g:timestamp,h:decimal(10,2),i:binary,l:array<int>,"
      + "s:struct<x:string,y:bigint>>");

  private static void write(OutputFile out, String format, Type schema, long seed, int rows)
      throws IOException {
    RandomBatches gen = new RandomBatches(new Random(seed), ZoneOffset.UTC);
    try (FileWriter w = ColFile.writer(format, out, schema, WriteOptions.defaults())) {
      for (int done = 0; done < rows; done += 500) {
        ColumnBatch batch = gen.batch(schema, Math.min(500, rows - done), done);
        w.write(batch);
      }
    }
  }

  private static List<Object> readAll(InputFile in) throws IOException {
    try (FileReader r = ColFile.open(in)) {
      return Rows.readAll(r.read(ReadOptions.defaults()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni"})
  void readingThroughHadoopEqualsReadingLocally(String format) throws IOException {
    Random r = TestSeed.random("hadoop-format-" + format, 0);
    // ORC takes any schema; Trevni (Avro) no null map keys and no unions of one kind twice,
    // which random schemas and data may hold: it gets a fixed schema of many kinds
    Type schema = format.equals("orc") ? RandomBatches.randomSchema(r, 5) : TREVNI_SCHEMA;
    long seed = r.nextLong();
    int rows = 1 + r.nextInt(3000);
    java.nio.file.Path local = dir.resolve("local." + format);
    java.nio.file.Path viaHadoop = dir.resolve("hadoop." + format);
    write(OutputFile.local(local), format, schema, seed, rows);
    write(HadoopOutputFile.of(new Path(viaHadoop.toUri()), conf), format, schema, seed, rows);

    String what = format + " " + schema + " " + rows + " rows; " + TestSeed.replay();
    assertThat(Files.readAllBytes(viaHadoop)).as(what).isEqualTo(Files.readAllBytes(local));
    List<Object> expected = readAll(InputFile.local(local));
    assertThat(expected).as(what).hasSize(rows);
    assertThat(readAll(HadoopInputFile.of(new Path(local.toUri()), conf))).as(what)
        .isEqualTo(expected);
  }
}
