package io.colfile.text.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonLinesSourceTest {
  private static final Type SCHEMA = Type.parse("struct<b:boolean,t:tinyint,i:int,l:bigint,"
      + "f:float,d:double,s:string,c:char(3),v:varchar(5),bin:binary,dec:decimal(10,2),"
      + "big:decimal(38,6),day:date,ts:timestamp,tsi:timestamp with local time zone,"
      + "arr:array<int>,m:map<string,double>,u:uniontype<int,string>,st:struct<x:int,y:string>>");

  /** Prints the batch as {@code colfile cat} does. */
  private static String print(ColumnBatch batch) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    w.write(batch);
    w.flush();
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  private static String readAndPrint(Type schema, byte[] text) throws IOException {
    StringBuilder all = new StringBuilder();
    try (JsonLinesSource src = new JsonLinesSource("in.jsonl", new ByteArrayInputStream(text),
        schema)) {
      ColumnBatch batch = new ColumnBatch(schema, 2);
      while (src.next(batch)) {
        batch.validate();
        all.append(print(batch));
      }
    }
    return all.toString();
  }

  private static ColumnBatch sample() {
    ColumnBatch b = new ColumnBatch(SCHEMA, 3);
    b.size = 3;
    for (var c : b.cols) {
      c.setNull(2);
    }
    long[] bools = ((LongVector) b.cols[0]).vector;
    bools[0] = 1;
    ((LongVector) b.cols[1]).vector[0] = -128;
    ((LongVector) b.cols[1]).vector[1] = 127;
    ((LongVector) b.cols[2]).vector[0] = Integer.MIN_VALUE;
    ((LongVector) b.cols[3]).vector[0] = Long.MAX_VALUE;
    ((LongVector) b.cols[3]).vector[1] = Long.MIN_VALUE;
    ((DoubleVector) b.cols[4]).vector[0] = 3.4028234663852886E38;
    ((DoubleVector) b.cols[4]).vector[1] = Double.NaN;
    ((DoubleVector) b.cols[5]).vector[0] = -0.0;
    ((DoubleVector) b.cols[5]).vector[1] = Double.NEGATIVE_INFINITY;
    byte[] raw = {'a', '"', '\\', '\n', 1, (byte) 0xff, (byte) 0xc3, (byte) 0xa9, '\t'};
    ((BytesVector) b.cols[6]).setRef(0, raw, 0, raw.length);
    ((BytesVector) b.cols[6]).setRef(1, new byte[0], 0, 0);
    byte[] abc = "ab ".getBytes(StandardCharsets.UTF_8);
    ((BytesVector) b.cols[7]).setRef(0, abc, 0, 3);
    ((BytesVector) b.cols[7]).setRef(1, abc, 0, 3);
    byte[] v = "日本".getBytes(StandardCharsets.UTF_8);
    ((BytesVector) b.cols[8]).setRef(0, v, 0, v.length);
    ((BytesVector) b.cols[8]).setRef(1, v, 0, 3);
    ((BytesVector) b.cols[9]).setRef(0, new byte[] {0, (byte) 255, 7}, 0, 3);
    ((BytesVector) b.cols[9]).setRef(1, new byte[0], 0, 0);
    ((DecimalVector) b.cols[10]).unscaled[0] = -5;
    ((DecimalVector) b.cols[10]).unscaled[1] = 9_999_999_999L;
    ((DecimalVector) b.cols[11]).wide[0] = BigInteger.TEN.pow(37).negate().add(BigInteger.ONE);
    ((DecimalVector) b.cols[11]).wide[1] = BigInteger.ZERO;
    ((LongVector) b.cols[12]).vector[0] = -719_528;      // 0000-01-01
    ((LongVector) b.cols[12]).vector[1] = 25_000;
    TimestampVector ts = (TimestampVector) b.cols[13];
    ts.seconds[0] = -1;
    ts.nanos[0] = 999_999_999;
    ts.seconds[1] = 4_102_444_800L;
    ts.nanos[1] = 1000;
    TimestampVector tsi = (TimestampVector) b.cols[14];
    tsi.seconds[0] = 0;
    tsi.seconds[1] = -86_400L * 365 * 300;
    tsi.nanos[1] = 5;
    ListVector arr = (ListVector) b.cols[15];
    arr.offsets[0] = 0;
    arr.lengths[0] = 3;
    arr.offsets[1] = 3;
    arr.lengths[1] = 0;
    arr.childCount = 3;
    ((LongVector) arr.child).vector[0] = 1;
    arr.child.setNull(1);
    ((LongVector) arr.child).vector[2] = -3;
    MapVector m = (MapVector) b.cols[16];
    m.offsets[0] = 0;
    m.lengths[0] = 2;
    m.childCount = 2;
    byte[] k = "k".getBytes(StandardCharsets.UTF_8);
    ((BytesVector) m.keys).setRef(0, k, 0, 1);
    ((BytesVector) m.keys).setRef(1, k, 0, 1);
    ((DoubleVector) m.values).vector[0] = 1.5;
    m.values.setNull(1);
    m.offsets[1] = 2;
    UnionVector u = (UnionVector) b.cols[17];
    u.tags[0] = 1;
    u.offsets[0] = 0;
    u.tags[1] = 0;
    u.offsets[1] = 0;
    ((BytesVector) u.fields[1]).setRef(0, k, 0, 1);
    ((LongVector) u.fields[0]).vector[0] = 42;
    u.counts[0] = 1;
    u.counts[1] = 1;
    var st = (io.colfile.core.vector.StructVector) b.cols[18];
    ((LongVector) st.fields[0]).vector[0] = 5;
    st.fields[1].setNull(0);
    st.fields[1].setNull(1);
    st.fields[1].setNull(2);
    st.setNull(1);
    b.validate();
    return b;
  }

  @Test
  void readsBackWhatCatPrintsForEveryType() throws IOException {
    String printed = print(sample());
    String again = readAndPrint(SCHEMA, printed.getBytes(StandardCharsets.ISO_8859_1));
    assertThat(again).isEqualTo(printed);
    assertThat(printed).contains("NaN").contains("-Infinity").contains("\"0000-01-01\"");
  }

  @Test
  void acceptsOtherValidJsonSpellings() throws IOException {
    Type t = Type.parse("struct<s:string,d:decimal(5,2),x:double>");
    String in = "{ \"x\" : 1e3 , \"s\":\"\\u00e9\\ud83d\\ude00\\/\", \"d\": 1.005}\n\n"
        + "{\"s\": null}\r\n";
    String out = readAndPrint(t, in.getBytes(StandardCharsets.UTF_8));
    assertThat(new String(out.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8))
        .isEqualTo("{\"s\": \"é😀/\", \"d\": 1.01, \"x\": 1000}\n"
            + "{\"s\": null, \"d\": null, \"x\": null}\n");
  }

  @Test
  void bareValuesForANonStructSchema() throws IOException {
    assertThat(readAndPrint(Type.parse("array<bigint>"),
        "[1,2]\nnull\n[]\n".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("[1, 2]\nnull\n[]\n");
  }

  private static void assertBad(Type t, String in, long line, String column, String what) {
    assertThatThrownBy(() -> readAndPrint(t, in.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(line);
          assertThat(e.column()).isEqualTo(column);
          assertThat(e.getMessage()).contains("in.jsonl").contains(what);
        });
  }

  @Test
  void badRowsNameLineAndColumn() {
    Type t = Type.parse("struct<a:tinyint,l:array<struct<x:int>>,d:decimal(4,1),day:date>");
    assertBad(t, "{\"a\": 1}\n{\"a\": 300}\n", 2, "a", "300 does not fit tinyint");
    assertBad(t, "{}\n{}\n{\"l\": [{\"x\": 1}, {\"x\": \"no\"}]}\n", 3, "l[1].x",
        "\"no\" is not a int");
    assertBad(t, "{\"d\": 12345.6}\n", 1, "d", "more digits");
    assertBad(t, "{\"day\": \"2024-02-30\"}\n", 1, "day", "not a date");
    assertBad(t, "{\"zz\": 1}\n", 1, "zz", "no such field");
    assertBad(t, "{\"a\": 1,}\n", 1, null, "malformed JSON");
    assertBad(t, "{\"a\": 1} x\n", 1, null, "after the value");
    assertBad(t, "[1]\n", 1, "", "is not an object");
    assertBad(t, "{\"a\": 1.5}\n", 1, "a", "'1.5' is not a tinyint");
  }

  @Test
  void infersSchemas() throws IOException {
    String in = "{\"a\": 1, \"b\": \"2024-01-01\", \"c\": [1, 2.5], \"n\": null}\n"
        + "{\"a\": 2, \"b\": \"2024-01-02\", \"t\": \"2024-01-02 10:00:00.5\", \"o\": {\"x\": true}}\n";
    assertThat(SchemaInference.json("in", new ByteArrayInputStream(
        in.getBytes(StandardCharsets.UTF_8))).toString())
        .isEqualTo("struct<a:bigint,b:date,c:array<double>,n:string,t:timestamp,"
            + "o:struct<x:boolean>>");
    assertThatThrownBy(() -> SchemaInference.json("in", new ByteArrayInputStream(
        "{\"a\": 1}\n{\"a\": \"x\"}\n".getBytes(StandardCharsets.UTF_8))))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(2);
          assertThat(e.column()).isEqualTo("a");
        });
  }
}
