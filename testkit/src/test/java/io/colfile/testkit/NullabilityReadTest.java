package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ListVector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reader schemas that differ from the file's in nullability: a looser reader reads anything, a
 * stricter one reads up to the first NULL it meets (as Avro's schema resolution), and a non-null
 * field the file lacks is refused before reading.
 */
@ExtendWith(TestSeed.class)
class NullabilityReadTest {
  private static final Type STRICT = Type.parse("struct<a:int not null,b:string,"
      + "l:array<bigint not null> not null,s:struct<x:double not null>>");
  private static final Type LOOSE = STRICT.allNullable();

  private static List<Object> read(MemoryFile file, ReadOptions options) {
    try (BatchReader r = file.read(options)) {
      return Rows.readAll(r);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void projectionsAndPlansKeepTheFilesNullability() {
    ReadPlan plan = ReadPlan.create(STRICT, ReadOptions.columns("s.x", "a"));
    assertThat(plan.schema().toString())
        .isEqualTo("struct<s:struct<x:double not null>,a:int not null>");
    assertThat(plan.fileProjection().toString())
        .isEqualTo("struct<a:int not null,s:struct<x:double not null>>");
    MemoryFile file = new MemoryFile(STRICT, TestSeed.seed(), 100, 50);
    try (BatchReader r = file.read(ReadOptions.columns("l", "a"))) {
      assertThat(r.schema().toString())
          .isEqualTo("struct<l:array<bigint not null> not null,a:int not null>");
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aLooserReaderSchemaReadsTheSameValues() {
    MemoryFile file = new MemoryFile(STRICT, TestSeed.seed(), 300, 7);
    List<Object> all = read(file, ReadOptions.defaults());
    assertThat(read(file, ReadOptions.defaults().withSchema(LOOSE))).isEqualTo(all);
    assertThat(ReadPlan.create(STRICT, ReadOptions.defaults().withSchema(LOOSE)).schema())
        .isEqualTo(LOOSE);
  }

  @Test
  void aStricterReaderSchemaReadsAFileWithoutNulls() {
    MemoryFile strictData = new MemoryFile(STRICT, TestSeed.seed(), 300, 7);
    MemoryFile file = new MemoryFile(LOOSE, strictData::batches); // nullable, but no NULLs
    List<Object> rows = read(file, ReadOptions.defaults().withSchema(STRICT));
    assertThat(rows).isEqualTo(read(strictData, ReadOptions.defaults()));
    try (BatchReader r = file.read(ReadOptions.defaults().withSchema(STRICT))) {
      assertThat(r.schema()).isEqualTo(STRICT);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aStricterReaderSchemaRefusesTheFirstNullMet() {
    // LOOSE data has NULLs in some columns: the first met in a, l, l[] or s.x is refused
    MemoryFile strictData = new MemoryFile(STRICT, TestSeed.seed(), 20, 20);
    List<ColumnBatch> batches = strictData.batches();
    batches.get(1).cols[0].setNull(4);
    MemoryFile file = new MemoryFile(LOOSE, () -> batches);
    assertThatThrownBy(() -> read(file, ReadOptions.defaults().withSchema(STRICT)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("column a is not null in the reader schema, but row 25 read has a NULL "
            + "there (counting from 1 the rows decoded since the reader opened)");
    // a field that is not read is not checked
    Type onlyB = Type.parse("struct<b:string>");
    assertThat(read(file, ReadOptions.defaults().withSchema(onlyB))).hasSize(40);
    assertThat(read(file, ReadOptions.columns("b").withSchema(STRICT))).hasSize(40);
  }

  @Test
  void nestedNullsAreRefusedWithTheirPath() {
    Type strict = Type.parse("struct<l:array<bigint not null>>");
    List<ColumnBatch> batches = new MemoryFile(strict, TestSeed.seed(), 500).batches();
    ListVector l = (ListVector) batches.get(0).cols[0];
    int row = 0;
    while (l.isNull(row) || l.lengths[row] == 0) {
      row++;
    }
    l.child.setNull(l.offsets[row] + l.lengths[row] - 1);
    MemoryFile file = new MemoryFile(strict.allNullable(), () -> batches);
    assertThatThrownBy(() -> read(file, ReadOptions.defaults().withSchema(strict)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("column l[] is not null in the reader schema, but row "
            + (row + 1) + " read has a NULL there");
  }

  @Test
  void conversionsThatGiveNullAreRefusedForNonNullColumns() {
    Type file = Type.parse("struct<v:string not null>");
    ColumnBatch batch = new ColumnBatch(file, 3);
    BytesVector v = (BytesVector) batch.cols[0];
    for (String s : new String[] {"1", "22", "not a number"}) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      v.setRef(batch.size++, b, 0, b.length);
    }
    MemoryFile memory = new MemoryFile(file, () -> List.of(batch));
    assertThat(read(memory, ReadOptions.defaults().withSchema(Type.parse("struct<v:int>"))))
        .containsExactly(List.of(1L), List.of(22L), java.util.Arrays.asList((Object) null));
    assertThatThrownBy(() -> read(memory,
        ReadOptions.defaults().withSchema(Type.parse("struct<v:int not null>"))))
        .hasMessageStartingWith("column v is not null in the reader schema, but row 3 read");
  }

  @Test
  void aNonNullFieldTheFileLacksIsRefusedBeforeReading() {
    Type reader = Type.parse("struct<a:int not null,s:struct<x:double not null,"
        + "new:int not null>>");
    assertThatThrownBy(() -> ReadPlan.create(STRICT, ReadOptions.defaults().withSchema(reader)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot read column s.new: it is not null in the reader schema, and the "
            + "file has no such column to give its values");
    // nullable, it reads as NULL
    ReadPlan.create(STRICT, ReadOptions.defaults().withSchema(
        Type.parse("struct<a:int not null,s:struct<x:double not null,new:int>>")));
  }
}
