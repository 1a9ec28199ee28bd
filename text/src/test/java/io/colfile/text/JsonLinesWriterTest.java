package io.colfile.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Scalar types, roots and buffering; nested types are in {@link NestedPrintingTest}. */
class JsonLinesWriterTest {
  @Test
  void structRootPrintsObjectsWithTheCppSeparators() throws IOException {
    Type t = Type.parse("struct<b:boolean,i:int,big:bigint,f:float,d:double,s:string,"
        + "c:char(3),v:varchar(5),bin:binary>");
    ColumnBatch batch = new ColumnBatch(t, 4);
    longs(batch, 0, 0, 1, 1);
    longs(batch, 1, 65536, -1, 0);
    longs(batch, 2, Long.MAX_VALUE, Long.MIN_VALUE, 9);
    doubles(batch, 3, 1.0f, 3.1415f, Float.NaN);
    doubles(batch, 4, -15, 0.77624090391187, Double.NEGATIVE_INFINITY);
    strings(batch, 5, "hi", "", "naïve");
    strings(batch, 6, "ab ", "xyz", "  a");
    strings(batch, 7, "x", "yy", "zzz");
    bytes(batch, 8, new byte[] {0, 1, 2}, new byte[0], new byte[] {(byte) 255, 127, -128});
    batch.size = 3;
    for (int c = 0; c < batch.cols.length; c++) {
      batch.cols[c].setNull(2); // row 2: every field null
    }
    assertThat(print(batch)).isEqualTo(""
        + "{\"b\": false, \"i\": 65536, \"big\": 9223372036854775807, \"f\": 1, \"d\": -15, "
        + "\"s\": \"hi\", \"c\": \"ab \", \"v\": \"x\", \"bin\": [0, 1, 2]}\n"
        + "{\"b\": true, \"i\": -1, \"big\": -9223372036854775808, \"f\": 3.1415, "
        + "\"d\": 0.77624090391187, \"s\": \"\", \"c\": \"xyz\", \"v\": \"yy\", \"bin\": []}\n"
        + "{\"b\": null, \"i\": null, \"big\": null, \"f\": null, \"d\": null, \"s\": null, "
        + "\"c\": null, \"v\": null, \"bin\": null}\n");
  }

  @Test
  void nonFiniteFloatsAreBareTokens() throws IOException {
    ColumnBatch batch = new ColumnBatch(Type.parse("struct<f:float,d:double>"), 4);
    doubles(batch, 0, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f);
    doubles(batch, 1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0);
    batch.size = 4;
    assertThat(print(batch)).isEqualTo("{\"f\": NaN, \"d\": NaN}\n"
        + "{\"f\": Infinity, \"d\": Infinity}\n{\"f\": -Infinity, \"d\": -Infinity}\n"
        + "{\"f\": -0, \"d\": -0}\n");
  }

  @Test
  void nonStructRootPrintsBareValues() throws IOException {
    ColumnBatch batch = new ColumnBatch(Type.TIMESTAMP, 3);
    TimestampVector t = (TimestampVector) batch.cols[0];
    t.seconds[0] = 2_114_380_800L;
    t.nanos[0] = 999_000;
    t.setNull(1);
    t.seconds[2] = -2_208_988_800L;
    t.nanos[2] = 0;
    batch.size = 3;
    assertThat(print(batch))
        .isEqualTo("\"2037-01-01 00:00:00.000999\"\nnull\n\"1900-01-01 00:00:00.0\"\n");

    ColumnBatch longs = new ColumnBatch(Type.LONG, 2);
    longs(longs, 0, 1, 100);
    longs.size = 2;
    assertThat(print(longs)).isEqualTo("1\n100\n");
  }

  @Test
  void emptyBatchAndEmptyStructPrint() throws IOException {
    ColumnBatch none = new ColumnBatch(Type.parse("struct<a:int>"), 4);
    assertThat(print(none)).isEmpty();
    ColumnBatch empty = new ColumnBatch(Type.parse("struct<>"), 4);
    empty.size = 2;
    assertThat(print(empty)).isEqualTo("{}\n{}\n");
  }

  /** Only " \ \b \f \n \r \t are escaped; other bytes, invalid UTF-8 included, pass through. */
  @Test
  void stringsEscapeOnlyTheCppSetAndCopyOtherBytes() throws IOException {
    byte[] value = {'"', '\\', '\b', '\f', '\n', '\r', '\t', 1, 0x1f, '/', (byte) 0xc3,
        (byte) 0xa9, (byte) 0xff, 0x7f, 0};
    ColumnBatch batch = new ColumnBatch(Type.STRING, 1);
    ((BytesVector) batch.cols[0]).setRef(0, value, 0, value.length);
    batch.size = 1;
    byte[] want = {'"', '\\', '"', '\\', '\\', '\\', 'b', '\\', 'f', '\\', 'n', '\\', 'r', '\\',
        't', 1, 0x1f, '/', (byte) 0xc3, (byte) 0xa9, (byte) 0xff, 0x7f, 0, '"', '\n'};
    assertThat(printBytes(batch)).isEqualTo(want);
  }

  @Test
  void fieldNamesAreWrittenRaw() throws IOException {
    Type t = Type.struct(java.util.List.of("a b", "1x", "é.\"q"), java.util.List.of(Type.INT,
        Type.INT, Type.INT));
    ColumnBatch batch = new ColumnBatch(t, 1);
    longs(batch, 0, 1);
    longs(batch, 1, 2);
    longs(batch, 2, 3);
    batch.size = 1;
    assertThat(print(batch)).isEqualTo("{\"a b\": 1, \"1x\": 2, \"é.\"q\": 3}\n");
  }

  @Test
  void decimalsDatesAndTimestamps() throws IOException {
    Type t = Type.parse("struct<d:decimal(10,2),w:decimal(38,10),z:decimal(5,0),h:decimal(0,0),"
        + "dt:date,ts:timestamp,tl:timestamp with local time zone>");
    ColumnBatch batch = new ColumnBatch(t, 2);
    DecimalVector d = (DecimalVector) batch.cols[0];
    d.unscaled[0] = -5;
    d.unscaled[1] = 150;
    DecimalVector w = (DecimalVector) batch.cols[1];
    w.wide[0] = new BigInteger("-12345678901234567890123456789012345678");
    w.wide[1] = BigInteger.ZERO;
    DecimalVector z = (DecimalVector) batch.cols[2];
    z.unscaled[0] = -12345;
    z.unscaled[1] = 0;
    DecimalVector h = (DecimalVector) batch.cols[3]; // Hive 0.11: read at scale 6
    assertThat(h.scale).isEqualTo(6);
    h.wide[0] = BigInteger.valueOf(-1_000_500_000L);
    h.wide[1] = BigInteger.valueOf(12_345_678_654_745L);
    longs(batch, 4, -719_162, -25_567);
    TimestampVector ts = (TimestampVector) batch.cols[5];
    ts.seconds[0] = -1;
    ts.nanos[0] = 999_999_999;
    ts.seconds[1] = 1_640_563_200L;
    ts.nanos[1] = 222;
    TimestampVector tl = (TimestampVector) batch.cols[6];
    tl.seconds[0] = 0;
    tl.nanos[0] = 1_000_000;
    tl.setNull(1);
    batch.size = 2;
    assertThat(print(batch)).isEqualTo("{\"d\": -0.05, "
        + "\"w\": -1234567890123456789012345678.9012345678, \"z\": -12345, \"h\": -1000.500000, "
        + "\"dt\": \"0001-01-01\", \"ts\": \"1969-12-31 23:59:59.999999999\", "
        + "\"tl\": \"1970-01-01 00:00:00.001\"}\n"
        + "{\"d\": 1.50, \"w\": 0.0000000000, \"z\": 0, \"h\": 12345678.654745, "
        + "\"dt\": \"1900-01-01\", \"ts\": \"2021-12-27 00:00:00.000000222\", \"tl\": null}\n");
  }

  /** Output much larger than the buffer, and one value larger than it, arrive whole and in order. */
  @Test
  void bigOutputsAndHugeValuesPassThroughTheBuffer() throws IOException {
    ColumnBatch batch = new ColumnBatch(Type.parse("struct<s:string,n:bigint>"), 3000);
    String huge = "x".repeat(200_000) + "\n";
    StringBuilder want = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      String s = i == 1500 ? huge : "row" + i;
      strings(batch, 0, i, s);
      ((LongVector) batch.cols[1]).vector[i] = i * 1_000_003L;
      want.append("{\"s\": \"").append(s.replace("\n", "\\n")).append("\", \"n\": ")
          .append(i * 1_000_003L).append("}\n");
    }
    batch.size = 3000;
    assertThat(print(batch)).isEqualTo(want.toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    w.write(batch, 10, 12);
    w.flush();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo("{\"s\": \"row10\", \"n\": 10000030}\n{\"s\": \"row11\", \"n\": 11000033}\n");
  }

  @Test
  void schemaChangesBetweenBatchesAreFollowed() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    ColumnBatch a = new ColumnBatch(Type.parse("struct<a:int>"), 1);
    longs(a, 0, 1);
    a.size = 1;
    ColumnBatch b = new ColumnBatch(Type.parse("struct<b:string>"), 1);
    strings(b, 0, "x");
    b.size = 1;
    w.write(a);
    w.write(b);
    w.write(a);
    w.flush();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo("{\"a\": 1}\n{\"b\": \"x\"}\n{\"a\": 1}\n");
  }

  @Test
  void streamFailuresSurfaceAsIoExceptions() {
    OutputStream broken = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("disk full");
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        throw new IOException("disk full");
      }
    };
    ColumnBatch batch = new ColumnBatch(Type.STRING, 1);
    strings(batch, 0, "y".repeat(100_000));
    batch.size = 1;
    JsonLinesWriter w = new JsonLinesWriter(broken);
    assertThatThrownBy(() -> {
      w.write(batch);
      w.flush();
    }).isInstanceOf(IOException.class).hasMessage("disk full");
  }

  static String print(ColumnBatch batch) throws IOException {
    return new String(printBytes(batch), StandardCharsets.UTF_8);
  }

  static byte[] printBytes(ColumnBatch batch) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    w.write(batch);
    w.flush();
    return out.toByteArray();
  }

  static void longs(ColumnBatch batch, int col, long... values) {
    System.arraycopy(values, 0, ((LongVector) batch.cols[col]).vector, 0, values.length);
  }

  static void doubles(ColumnBatch batch, int col, double... values) {
    System.arraycopy(values, 0, ((DoubleVector) batch.cols[col]).vector, 0, values.length);
  }

  static void strings(ColumnBatch batch, int col, String... values) {
    for (int i = 0; i < values.length; i++) {
      strings(batch, col, i, values[i]);
    }
  }

  static void strings(ColumnBatch batch, int col, int row, String value) {
    byte[] b = value.getBytes(StandardCharsets.UTF_8);
    ((BytesVector) batch.cols[col]).setRef(row, b, 0, b.length);
  }

  static void bytes(ColumnBatch batch, int col, byte[]... values) {
    for (int i = 0; i < values.length; i++) {
      ((BytesVector) batch.cols[col]).setRef(i, values[i], 0, values[i].length);
    }
  }
}
