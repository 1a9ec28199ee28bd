package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.types.Type;
import io.colfile.text.convert.JsonLinesSource;
import io.colfile.text.convert.SchemaInference;
import io.colfile.text.convert.TextInput;
import io.colfile.text.convert.TimestampText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * JSON-lines input as {@code colfile convert} takes it: gzip or not ({@link TextInput}), its
 * schema inferred, then its rows read with that schema and with a fixed one of every kind of
 * type (so values that do not fit are met). A line that is not JSON, or a value that does not
 * fit, is a {@code BadInputException} (an IOException) naming the line.
 */
class JsonLinesFuzzTest {
  /** A schema with a column of every kind, nested ones included. */
  static final Type FIXED = Type.parse("struct<b:boolean,i:int,l:bigint,f:float,d:double,"
      + "dec:decimal(12,3),s:string,v:varchar(5),bin:binary,dt:date,ts:timestamp,"
      + "tz:timestamp with local time zone,a:array<int>,m:map<string,double>,"
      + "st:struct<x:string,y:array<struct<z:bigint>>>>");

  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("JSON lines", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    Type inferred = null;
    try (InputStream in = TextInput.decoded(new ByteArrayInputStream(bytes))) {
      SchemaInference.Accumulator a = new SchemaInference.Accumulator(TimestampText.DEFAULT);
      a.addJson("fuzz.jsonl", in);
      inferred = a.schema();
    } catch (IOException refused) {
      // the fixed schema still reads
    }
    if (inferred != null) {
      try {
        TextSteps.drain(new JsonLinesSource("fuzz.jsonl",
            TextInput.decoded(new ByteArrayInputStream(bytes)), inferred), inferred);
      } catch (IOException refused) {
        // next step
      }
    }
    TextSteps.drain(new JsonLinesSource("fuzz.jsonl",
        TextInput.decoded(new ByteArrayInputStream(bytes)), FIXED), FIXED);
  }
}
