package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A single CFile opened through {@link ColFile#open} has rows of a bare value: its one column,
 * {@link ReadOptions#BARE_VALUE_COLUMN}, can be chosen (by name and by index) and filtered, and
 * a filtered read returns exactly the rows a full read filtered row by row holds.
 */
@ExtendWith(TestSeed.class)
class CFileFilterTest {
  @ParameterizedTest
  @EnumSource(value = KuduType.class, names = {"INT32", "INT64", "DOUBLE", "STRING", "BINARY",
      "UNIXTIME_MICROS", "DECIMAL64"})
  void theBareValueIsOneColumnToChooseAndFilter(KuduType type) throws IOException {
    Random r = TestSeed.random("cfile filter " + type, 0);
    int n = 1 + r.nextInt(3000);
    byte[][] cells = ColumnGen.column(type, r, n, true);
    CFileWriterOptions o = CFileWriterOptions.builder(type).nullable(true)
        .blockSize(new int[] {64, 512, 4096}[r.nextInt(3)]).build();
    byte[] file = CFiles.writeVectors(o, cells, r);
    try (FileReader f = ColFile.open(InputFile.of(type + ".cfile", file))) {
      List<Object> all = read(f, ReadOptions.defaults());
      assertThat(all).hasSize(n);
      String column = ReadOptions.BARE_VALUE_COLUMN;
      assertThat(read(f, ReadOptions.columns(column))).isEqualTo(all);
      assertThat(read(f, ReadOptions.defaults().withColumnIndexes(0))).isEqualTo(all);
      Type asStruct = Type.struct(List.of(column), List.of(f.schema()));
      List<Object> rows = new ArrayList<>();
      all.forEach(v -> rows.add(java.util.Collections.singletonList(v)));
      RandomPredicates gen = new RandomPredicates(r, asStruct, rows);
      for (int i = 0; i < 12; i++) {
        Predicate p = i == 0 ? Predicate.parse(column + " IS NULL") : gen.next(2);
        List<Object> expected = new ArrayList<>();
        ReferenceEvaluator.filter(p, asStruct, rows).forEach(row -> expected.add(((List<?>) row)
            .get(0)));
        assertThat(read(f, ReadOptions.defaults().withFilter(p)))
            .as("%s: %s", TestSeed.replay(), p).isEqualTo(expected);
      }
    }
  }

  private static List<Object> read(FileReader f, ReadOptions options) throws IOException {
    try (BatchReader rows = f.read(options)) {
      return Rows.readAll(rows);
    }
  }
}
