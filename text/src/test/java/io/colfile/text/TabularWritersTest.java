package io.colfile.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TabularWritersTest {
  private static final Type SCHEMA =
      Type.parse("struct<id:int,name:string,x:double,at:timestamp,l:array<int>>");

  /** Rows 1, 2 and 3: a string with a comma and quotes, the empty string, then {@code third}. */
  private static ColumnBatch batch(String third) {
    ColumnBatch b = new ColumnBatch(SCHEMA, 4);
    LongVector id = (LongVector) b.cols[0];
    BytesVector name = (BytesVector) b.cols[1];
    DoubleVector x = (DoubleVector) b.cols[2];
    TimestampVector at = (TimestampVector) b.cols[3];
    ListVector l = (ListVector) b.cols[4];
    for (int i = 0; i < 3; i++) {
      id.vector[i] = i + 1;
    }
    byte[] first = "a, \"b\"".getBytes(StandardCharsets.UTF_8);
    name.setRef(0, first, 0, first.length);
    name.setRef(1, new byte[0], 0, 0);
    if (third == null) {
      name.setNull(2);
    } else {
      byte[] t = third.getBytes(StandardCharsets.UTF_8);
      name.setRef(2, t, 0, t.length);
    }
    x.vector[0] = 1.5;
    x.setNull(1);
    x.vector[2] = 0.1f;
    at.seconds[0] = 1704067200;
    at.nanos[0] = 500_000_000;
    at.setNull(1);
    at.setNull(2);
    ((LongVector) l.child).vector[0] = 1;
    ((LongVector) l.child).vector[1] = 2;
    l.offsets[0] = 0;
    l.lengths[0] = 2;
    l.childCount = 2;
    l.setNull(1);
    l.offsets[2] = 2;
    l.lengths[2] = 0;
    b.size = 3;
    return b;
  }

  private static String print(RowPrinter p, ByteArrayOutputStream out, ColumnBatch b)
      throws IOException {
    p.begin(b.schema());
    p.write(b, 0, b.size);
    p.flush();
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void csvQuotesWhatNeedsItAndTellsNullFromEmpty() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String csv = print(new CsvRowWriter(out, JsonLinesWriter.TimestampStyle.TRIMMED_NANOS,
        false), out, batch("two\nlines"));
    assertThat(csv).isEqualTo("id,name,x,at,l\n"
        + "1,\"a, \"\"b\"\"\",1.5,2024-01-01 00:00:00.5,\"[1, 2]\"\n"
        + "2,\"\",,,\n"
        + "3,\"two\nlines\",0.10000000149012,,[]\n");
  }

  @Test
  void exactFloatsInCsv() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String csv = print(new CsvRowWriter(out, JsonLinesWriter.TimestampStyle.TRIMMED_NANOS,
        true), out, batch(null));
    assertThat(csv).endsWith("3,,0.10000000149011612,,[]\n");
  }

  @Test
  void tableAlignsCountsWideCharactersAndCuts() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String table = print(new TableWriter(out, JsonLinesWriter.TimestampStyle.TRIMMED_NANOS,
        false, 8, 1000), out, batch("日本語テキスト"));
    assertThat(table).isEqualTo(""
        + "id | name    | x        | at       | l\n"
        + "---+---------+----------+----------+-------\n"
        + " 1 | a, \"b\"  |      1.5 | 2024-01… | [1, 2]\n"
        + " 2 |         | NULL     | NULL     | NULL\n"
        + " 3 | 日本語… | 0.10000… | NULL     | []\n");
  }

  @Test
  void tableAlignsEachPageOnItsOwn() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ColumnBatch b = batch("x\ty");
    TableWriter w = new TableWriter(out, JsonLinesWriter.TimestampStyle.TRIMMED_NANOS, false,
        40, 2);
    w.begin(SCHEMA);
    w.write(b, 0, 3);
    w.flush();
    String[] pages = out.toString(StandardCharsets.UTF_8).split("\n\n");
    assertThat(pages).hasSize(2);
    assertThat(pages[0]).startsWith("id | name").contains(" 2 |");
    assertThat(pages[1]).startsWith("id | name").contains(" 3 | x\\ty");
  }

  @Test
  void tableOfNoRowsIsTheHeader() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    TableWriter w = new TableWriter(out, JsonLinesWriter.TimestampStyle.TRIMMED_NANOS, false,
        40, 2);
    w.begin(Type.parse("struct<a:int,bb:string>"));
    w.flush();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("a | bb\n--+---\n");
  }

  @Test
  void widths() {
    assertThat(TableWriter.width("abc")).isEqualTo(3);
    assertThat(TableWriter.width("中文")).isEqualTo(4);
    assertThat(TableWriter.width("한국어")).isEqualTo(6);
    assertThat(TableWriter.width("e\u0301")).isEqualTo(1); // e + combining acute
    assertThat(TableWriter.width("ｆｕｌｌ")).isEqualTo(8);
  }
}
