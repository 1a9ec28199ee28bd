package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.types.Type;
import io.colfile.text.convert.CsvFormat;
import io.colfile.text.convert.CsvSource;
import io.colfile.text.convert.SchemaInference;
import io.colfile.text.convert.TextInput;
import io.colfile.text.convert.TimestampText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * CSV input as {@code colfile convert} takes it: gzip or not, UTF-8, read as RFC 4180 with a
 * header and as tab-separated values with a backslash escape and {@code \N} for NULL; each time
 * its schema inferred and its rows read with that schema and with a fixed one of every scalar
 * type. A malformed line or a value that does not fit is a {@code BadInputException} (an
 * IOException) naming the line.
 */
class CsvFuzzTest {
  static final Type FIXED = Type.parse("struct<b:boolean,i:int,l:bigint,f:float,d:double,"
      + "dec:decimal(12,3),s:string,v:varchar(5),c:char(3),bin:binary,dt:date,ts:timestamp,"
      + "tz:timestamp with local time zone>");

  private static final CsvFormat[] FORMATS = {
    CsvFormat.RFC4180, new CsvFormat('\t', '"', '\\', true, "\\N")
  };

  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("CSV", false, () -> read(bytes));
  }

  /** The target's body. */
  static void read(byte[] bytes) throws IOException {
    for (CsvFormat format : FORMATS) {
      Type inferred = null;
      try (var in = reader(bytes)) {
        SchemaInference.Accumulator a = new SchemaInference.Accumulator(TimestampText.DEFAULT);
        a.addCsv("fuzz.csv", in, format);
        inferred = a.schema();
      } catch (IOException refused) {
        // the fixed schema still reads
      }
      if (inferred != null) {
        try {
          TextSteps.drain(new CsvSource("fuzz.csv", reader(bytes), inferred, format,
              TimestampText.DEFAULT), inferred);
        } catch (IOException refused) {
          // next step
        }
      }
      try {
        TextSteps.drain(new CsvSource("fuzz.csv", reader(bytes), FIXED, format,
            TimestampText.DEFAULT), FIXED);
      } catch (IOException refused) {
        // next format
      }
    }
  }

  private static InputStreamReader reader(byte[] bytes) throws IOException {
    return new InputStreamReader(TextInput.decoded(new ByteArrayInputStream(bytes)),
        StandardCharsets.UTF_8);
  }
}
