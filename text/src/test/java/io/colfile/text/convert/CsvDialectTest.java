package io.colfile.text.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CsvDialectTest {
  private static final Type AB = Type.parse("struct<a:int,b:string>");

  private static String convert(Type schema, CsvFormat format, String csv) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter w = new JsonLinesWriter(out);
    try (CsvSource src = new CsvSource("in.csv", new StringReader(csv), schema, format,
        TimestampText.DEFAULT)) {
      ColumnBatch batch = new ColumnBatch(schema, 2);
      while (src.next(batch)) {
        batch.validate();
        w.write(batch);
      }
    }
    w.flush();
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void emptyUnquotedIsNullQuotedEmptyIsTheEmptyString() throws IOException {
    assertThat(convert(AB, CsvFormat.RFC4180, "a,b\n1,\n,\"\"\n2,\"x\"\"y\"\n")).isEqualTo(
        "{\"a\": 1, \"b\": null}\n{\"a\": null, \"b\": \"\"}\n{\"a\": 2, \"b\": \"x\\\"y\"}\n");
  }

  @Test
  void quotedEmptyInANonStringColumnIsAnErrorNamingLineAndColumn() {
    assertThatThrownBy(() -> convert(AB, CsvFormat.RFC4180, "a,b\n1,x\n\"\",y\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(3);
          assertThat(e.column()).isEqualTo("a");
          assertThat(e.getMessage()).contains("an empty quoted value is not a int");
        });
  }

  @Test
  void separatorQuoteEscapeAndNullString() throws IOException {
    CsvFormat f = new CsvFormat(';', '\'', '\\', true, "\\N");
    assertThat(convert(AB, f, "a;b\n1;'it''s; ok'\n\\N;\\N\n3;a\\;b\n4;'q\\'q'\n5;\\\\N\n"))
        .isEqualTo("{\"a\": 1, \"b\": \"it's; ok\"}\n"
            + "{\"a\": null, \"b\": null}\n"
            + "{\"a\": 3, \"b\": \"a;b\"}\n"
            + "{\"a\": 4, \"b\": \"q'q\"}\n"
            + "{\"a\": 5, \"b\": \"\\\\N\"}\n");
    // without an escape character, \N is the null string as it stands
    CsvFormat tab = new CsvFormat('\t', '"', (char) 0, true, "\\N");
    assertThat(convert(AB, tab, "a\tb\n\\N\t\\N\n1\t\"\\N\"\n")).isEqualTo(
        "{\"a\": null, \"b\": null}\n{\"a\": 1, \"b\": \"\\\\N\"}\n");
  }

  @Test
  void withoutHeaderTheColumnsAreTheSchemasFields() throws IOException {
    assertThat(convert(AB, CsvFormat.RFC4180.withHeader(false), "1,x\r\n\r\n2,y")).isEqualTo(
        "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2, \"b\": \"y\"}\n");
    assertThatThrownBy(() -> convert(AB, CsvFormat.RFC4180.withHeader(false), "1,x\n2\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(2);
          assertThat(e.getMessage()).contains("the row has 1 fields, the schema 2");
        });
  }

  @Test
  void lineNumbersCountLinesInsideQuotesAndCrlf() {
    assertThatThrownBy(() -> convert(AB, CsvFormat.RFC4180,
        "a,b\r\n1,\"two\r\nlines\"\r\n\r\nx,y\r\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(5);
          assertThat(e.column()).isEqualTo("a");
        });
  }

  @Test
  void malformedCsvNamesTheLine() {
    assertThatThrownBy(() -> convert(AB, CsvFormat.RFC4180, "a,b\n1,\"open\n2,x\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(2);
          assertThat(e.getMessage()).contains("never closed");
        });
    assertThatThrownBy(() -> convert(AB, CsvFormat.RFC4180, "a,b\n1,\"x\"y\n"))
        .isInstanceOfSatisfying(BadInputException.class, e -> {
          assertThat(e.line()).isEqualTo(2);
          assertThat(e.getMessage()).contains("'y' after a closing quote");
        });
    CsvFormat esc = new CsvFormat(',', '"', '\\', true, null);
    assertThatThrownBy(() -> convert(AB, esc, "a,b\n1,x\\"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("escape character at the end");
  }

  @Test
  void formatsThatCannotWork() {
    assertThatThrownBy(() -> new CsvFormat(',', ',', (char) 0, true, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CsvFormat('\n', '"', (char) 0, true, null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void inferenceOverSeveralInputsTellsQuotedEmptyFromNull() throws IOException {
    SchemaInference.Accumulator a = new SchemaInference.Accumulator(TimestampText.DEFAULT);
    a.addCsv("1.csv", new StringReader("a,b,c\n1,,\n"), CsvFormat.RFC4180);
    a.addCsv("2.csv", new StringReader("c;a;d\n\\N;1.5;\"\"\n2;;\n"),
        new CsvFormat(';', '"', (char) 0, true, "\\N"));
    assertThat(a.schema().toString()).isEqualTo("struct<a:double,b:string,c:bigint,d:string>");
  }

  @Test
  void inferenceReadsTimestampsInThePattern() throws IOException {
    SchemaInference.Accumulator a = new SchemaInference.Accumulator(
        TimestampText.of("dd/MM/yyyy HH:mm", null));
    a.addCsv("1.csv", new StringReader("t,u\n31/01/2024 10:00,2024-01-31 10:00:00\n"),
        CsvFormat.RFC4180);
    assertThat(a.schema().toString()).isEqualTo("struct<t:timestamp,u:string>");
  }
}
