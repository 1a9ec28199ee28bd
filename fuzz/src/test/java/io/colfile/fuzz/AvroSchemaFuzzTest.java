package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.trevni.avro.AvroColumns;
import io.colfile.trevni.avro.AvroSchema;
import io.colfile.trevni.avro.AvroTypes;
import java.nio.charset.StandardCharsets;

/**
 * Avro schema text, as a Trevni file's {@code avro.schema} metadata holds it: parsed, printed
 * and parsed again (the same schema), mapped to colfile's types and to Trevni columns. A text
 * that is no schema is an {@link IllegalArgumentException} (the reader turns it into a
 * CorruptFileException naming the metadata).
 */
class AvroSchemaFuzzTest {
  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Avro schema", true, () -> parse(new String(bytes, StandardCharsets.UTF_8)));
  }

  /** The target's body. */
  static void parse(String text) {
    AvroSchema s = AvroSchema.parse(text);
    String printed = s.toString();
    AvroSchema again = AvroSchema.parse(printed);
    if (!again.toString().equals(printed)) {
      throw new AssertionError("printed schema does not parse back to itself: " + printed
          + " vs " + again);
    }
    AvroTypes.toType(s);
    AvroColumns.of(s);
  }
}
