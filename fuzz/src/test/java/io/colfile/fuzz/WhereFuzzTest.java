package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.testkit.MemoryFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The {@code --where} text ({@link Predicate#parse}): parsed; its text form parses back to the
 * same predicate, as {@link Predicate} promises; then bound to a schema of every scalar type
 * (nested structs too) and evaluated on seeded random rows. Text that is no predicate, or names
 * no column of the schema, or compares a column with a literal of another type, is an {@link
 * IllegalArgumentException} ({@code PredicateSyntaxException} for syntax).
 */
class WhereFuzzTest {
  static final Type SCHEMA = Type.parse("struct<id:bigint,name:string,price:decimal(10,2),"
      + "qty:int,small:tinyint,ratio:double,f:float,ok:boolean,day:date,at:timestamp,"
      + "inst:timestamp with local time zone,raw:binary,code:char(3),v:varchar(8),"
      + "`odd name`:string,customer:struct<country:string,address:struct<city:string>>,"
      + "tags:array<string>>");

  private static final MemoryFile ROWS = new MemoryFile(SCHEMA, 0x5EEDL, 50, 50);

  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("--where", true, () -> where(new String(bytes, StandardCharsets.UTF_8)));
  }

  /** The target's body. */
  static void where(String text) throws IOException {
    Predicate p = Predicate.parse(text);
    String printed = p.toString();
    Predicate again;
    try {
      again = Predicate.parse(printed);
    } catch (IllegalArgumentException e) {
      throw new AssertionError("the text form " + printed + " of " + text
          + " does not parse", e);
    }
    if (!again.equals(p)) {
      throw new AssertionError("the text form " + printed + " of " + text
          + " parses to another predicate: " + again);
    }
    FuzzTargets.readAll(ROWS, ReadOptions.defaults().withFilter(p));
  }
}
