package io.colfile.interop;

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
 * map                     List of Entry, in file order (keys may repeat)
 * uniontype               Union
 * null                    null
 * </pre>
 */
final class Values {
  private Values() {}

  record Entry(Object key, Object value) {}

  record Union(int tag, Object value) {}
}
