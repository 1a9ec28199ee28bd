package io.colfile.interop;

import io.colfile.testkit.Rows;
import io.colfile.testkit.ValueFill;
import java.util.Map;

/**
 * The value model both sides of the tests share. A generated row, and a row read back by
 * orc-core, are trees of plain Java objects, one kind per ORC type:
 *
 * <pre>
 * boolean                 Boolean
 * tinyint..bigint         Long
 * float / double          Float / Double
 * string, varchar, char   String (char already padded to its length, as the file holds it)
 * binary                  byte[]
 * decimal(p,s)            BigDecimal at scale s
 * date                    LocalDate
 * timestamp               LocalDateTime, the writer zone's wall clock
 * timestamp with local tz Instant
 * struct, list            List (fields in schema order / elements)
 * map                     List of Entry (a Map.Entry), in file order (keys may repeat)
 * uniontype               {@link Rows.Variant} (the testkit's)
 * null                    null
 * </pre>
 */
final class Values {
  private Values() {}

  /** A map entry; a Map.Entry so that the testkit's {@link ValueFill} takes it. */
  record Entry(Object key, Object value) implements Map.Entry<Object, Object> {
    @Override
    public Object getKey() {
      return key;
    }

    @Override
    public Object getValue() {
      return value;
    }

    @Override
    public Object setValue(Object v) {
      throw new UnsupportedOperationException();
    }
  }
}
