package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cat --output csv|table}, and {@code cat --output csv} read back by convert. */
class CatOutputFormsTest {
  /** Every scalar type ORC has, with NULLs, empty strings and text that CSV must quote. */
  static final String SCALARS = "struct<b:boolean,t:tinyint,s:smallint,i:int,l:bigint,"
      + "f:float,d:double,dec:decimal(10,3),wide:decimal(38,6),str:string,vc:varchar(10),"
      + "ch:char(4),bin:binary,day:date,ts:timestamp,tz:timestamp with local time zone>";
  static final String ROWS = ""
      + "{\"b\": true, \"t\": -128, \"s\": 32767, \"i\": -2147483648, \"l\": "
      + "9223372036854775807, \"f\": 1.5, \"d\": -2.25, \"dec\": 1234567.891, \"wide\": "
      + "-12345678901234567890123456789012.123456, \"str\": \"a, \\\"quoted\\\"\\nline\", "
      + "\"vc\": \"  lead\", \"ch\": \"ab  \", \"bin\": [104, 105], \"day\": \"1969-12-31\", "
      + "\"ts\": \"2024-03-31 02:30:00.123456789\", \"tz\": \"1900-01-01 00:00:00.5\"}\n"
      + "{\"b\": null, \"t\": null, \"s\": null, \"i\": null, \"l\": null, \"f\": null, "
      + "\"d\": null, \"dec\": null, \"wide\": null, \"str\": null, \"vc\": null, \"ch\": null, "
      + "\"bin\": null, \"day\": null, \"ts\": null, \"tz\": null}\n"
      + "{\"b\": false, \"t\": 0, \"s\": 0, \"i\": 0, \"l\": 0, \"f\": NaN, \"d\": -Infinity, "
      + "\"dec\": 0.000, \"wide\": 0.000000, \"str\": \"\", \"vc\": \"\", \"ch\": \"    \", "
      + "\"bin\": [], \"day\": \"2024-02-29\", \"ts\": \"1970-01-01 00:00:00.0\", \"tz\": "
      + "\"2038-01-19 03:14:08.0\"}\n";

  @TempDir Path dir;

  private Path scalars(String format) throws IOException {
    Path jsonl = dir.resolve("rows.jsonl");
    Files.writeString(jsonl, ROWS);
    Path out = dir.resolve("scalars." + format);
    Cli.Result r = Cli.run("convert", jsonl.toString(), out.toString(), "--schema", SCALARS,
        "--format", format);
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Cli.run("cat", out.toString()).out()).isEqualTo(ROWS);
    return out;
  }

  @Test
  void csvOfEveryScalarTypeReadsBackAsTheSameRows() throws IOException {
    Path orc = scalars("orc");
    Cli.Result csv = Cli.run("cat", orc.toString(), "--output", "csv");
    assertThat(csv.status()).as(csv.err()).isZero();
    assertThat(csv.out()).startsWith("b,t,s,i,l,f,d,dec,wide,str,vc,ch,bin,day,ts,tz\n"
        + "true,-128,32767,-2147483648,9223372036854775807,1.5,-2.25,1234567.891,"
        + "-12345678901234567890123456789012.123456,\"a, \"\"quoted\"\"\nline\",  lead,ab  ,hi,"
        + "1969-12-31,2024-03-31 02:30:00.123456789,1900-01-01 00:00:00.5\n"
        + ",,,,,,,,,,,,,,,\n"
        + "false,0,0,0,0,NaN,-Infinity,0.000,0.000000,\"\",\"\",    ,\"\",2024-02-29,");
    Path text = dir.resolve("rows.csv");
    Files.writeString(text, csv.out(), StandardCharsets.UTF_8);
    Path back = dir.resolve("back.orc");
    Cli.Result r = Cli.run("convert", text.toString(), back.toString(), "--schema", SCALARS);
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Cli.run("cat", back.toString()).out()).isEqualTo(ROWS);
  }

  @Test
  void csvOfNestedValuesIsTheirJsonText() throws IOException {
    Path jsonl = dir.resolve("n.jsonl");
    Files.writeString(jsonl, "{\"id\": 1, \"m\": [{\"key\": \"k\", \"value\": [1, null]}]}\n");
    Path orc = dir.resolve("n.orc");
    assertThat(Cli.run("convert", jsonl.toString(), orc.toString(), "--schema",
        "struct<id:int,m:map<string,array<int>>>").status()).isZero();
    assertThat(Cli.run("cat", orc.toString(), "--output", "csv").out())
        .isEqualTo("id,m\n1,\"[{\"\"key\"\": \"\"k\"\", \"\"value\"\": [1, null]}]\"\n");
  }

  @Test
  void tableAlignsCutsAndShowsNull() throws IOException {
    Path orc = scalars("orc");
    Cli.Result t = Cli.run("cat", orc.toString(), "--output", "table", "--columns",
        "b,i,dec,str,ch,day", "--max-width", "12");
    assertThat(t.status()).as(t.err()).isZero();
    assertThat(t.out()).isEqualTo(""
        + "b     | i           | dec         | str          | ch   | day\n"
        + "------+-------------+-------------+--------------+------+-----------\n"
        + "true  | -2147483648 | 1234567.891 | a, \"quoted\"… | ab   | 1969-12-31\n"
        + "NULL  | NULL        | NULL        | NULL         | NULL | NULL\n"
        + "false |           0 |       0.000 |              |      | 2024-02-29\n");
  }

  @Test
  void theDefaultOutputIsJsonLines() throws IOException {
    Path orc = scalars("orc");
    assertThat(Cli.run("cat", orc.toString(), "--output", "json").out())
        .isEqualTo(Cli.run("cat", orc.toString()).out()).isEqualTo(ROWS);
  }
}
