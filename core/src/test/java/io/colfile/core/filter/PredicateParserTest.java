package io.colfile.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text form of predicates: what it reads, and how it points at what it cannot. */
class PredicateParserTest {
  @Test
  void readsEveryForm() {
    Predicate p = Predicate.parse("a = 1 and (b.c <> 'x''y' OR NOT d iS nOt NuLl) "
        + "AND e NOT IN (1, -2.5e3, +7) and f not between 1 and 2 AND `g h`.`i``j` >= true");
    assertThat(p.toString()).isEqualTo("a = 1 AND (b.c != 'x''y' OR NOT d IS NOT NULL) AND e "
        + "NOT IN (1, -2500, 7) AND f NOT BETWEEN 1 AND 2 AND `g h`.`i``j` >= true");
    Predicate.And and = (Predicate.And) p;
    assertThat(and.terms()).hasSize(5);
    Predicate.Compare last = (Predicate.Compare) and.terms().get(4);
    assertThat(last.column().names()).containsExactly("g h", "i`j");
    assertThat(last.value().value()).isEqualTo(true);
    Predicate.In in = (Predicate.In) and.terms().get(2);
    assertThat(in.negated()).isTrue();
    assertThat(in.values().get(1).value()).isEqualTo(new BigDecimal("-2.5e3"));
  }

  @Test
  void precedenceIsNotThenAndThenOr() {
    assertThat(Predicate.parse("a = 1 OR b = 2 AND NOT c = 3"))
        .isEqualTo(Predicate.or(Predicate.equal("a", 1),
            Predicate.and(Predicate.equal("b", 2), Predicate.not(Predicate.equal("c", 3)))));
  }

  @Test
  void nestedTermsPrintBackToTheSameTree() {
    Predicate p = Predicate.and(Predicate.and(Predicate.equal("a", 1), Predicate.equal("b", 2)),
        Predicate.or(Predicate.or(Predicate.equal("c", 3), Predicate.isNull("d")),
            Predicate.not(Predicate.and(Predicate.equal("e", 4), Predicate.equal("f", 5)))));
    assertThat(Predicate.parse(p.toString())).isEqualTo(p);
  }

  @Test
  void namesThatNeedQuotesGetThem() {
    for (String name : List.of("and", "Null", "1a", "a.b", "a b", "`", "ü", "_ok")) {
      ColumnPath path = new ColumnPath(List.of(name, "x"));
      assertThat(ColumnPath.parse(path.toString())).as(name).isEqualTo(path);
    }
    assertThat(ColumnPath.of("_ok").toString()).isEqualTo("_ok");
    assertThat(ColumnPath.of("and").toString()).isEqualTo("`and`");
  }

  @Test
  void errorsPointAtTheOffendingCharacter() {
    expectError("price 10", 6, "expected an operator (=, !=, <>, <, <=, >, >=, IN, BETWEEN, IS)"
        + " after price, found '1'");
    expectError("a = ", 4, "expected a literal");
    expectError("a = 'abc", 4, "unclosed string");
    expectError("a = 1 AND", 9, "expected a column, found the end");
    expectError("(a = 1", 6, "expected ')'");
    expectError("a = 1)", 5, "unbalanced ')'");
    expectError("a IN 1", 5, "expected '(' after IN");
    expectError("a IN (1 2)", 8, "expected ',' or ')'");
    expectError("a BETWEEN 1 OR 2", 12, "expected AND between the bounds");
    expectError("a IS 5", 5, "expected NULL after IS");
    expectError("a = NULL", 4, "use IS NULL");
    expectError("a = abc", 4, "a string needs single quotes");
    expectError("1a = 2", 0, "starting with a digit must be back-quoted");
    expectError("and = 2", 0, "the keyword and");
    expectError("a == 1", 2, "equality is '='");
    expectError("a = 1e", 5, "exponent");
    expectError("a = 12x", 6, "in a number");
    expectError("`a = 1", 0, "unclosed back quote");
    expectError("a.`` = 1", 2, "cannot be empty");
    expectError("a NOT = 1", 6, "expected IN or BETWEEN after NOT");
    expectError("", 0, "found nothing");
    expectError("a = 1 b = 2", 6, "expected AND, OR or the end, found b");
    expectError("a = 1e99999", 4, "exponents beyond 10000");
    expectError("(".repeat(300) + "a = 1" + ")".repeat(300), 200, "nested deeper");
  }

  private static void expectError(String text, int index, String problem) {
    PredicateSyntaxException e =
        catchThrowableOfType(PredicateSyntaxException.class, () -> Predicate.parse(text));
    assertThat(e).as(text).isNotNull();
    assertThat(e.problem()).as(text).contains(problem);
    assertThat(e.index()).as(text + ": " + e.getMessage()).isEqualTo(index);
    assertThat(e.getMessage()).contains("at character " + (index + 1));
    assertThat(e.pointer()).endsWith("\n" + " ".repeat(index) + "^");
  }

  @Test
  void bindingChecksColumnsAndTypes() {
    io.colfile.core.types.Type schema = io.colfile.core.types.Type.parse(
        "struct<name:string,n:int,l:array<int>,s:struct<d:date,t:timestamp>,dec:decimal(5,2)>");
    bindError(schema, "nme = 'x'", "no column nme; the columns are name, n, l, s, dec");
    bindError(schema, "name > 5", "cannot compare name (string) with the number 5");
    bindError(schema, "n = 'x'", "cannot compare n (int) with the string 'x'");
    bindError(schema, "l = 1", "column l is array<int>: predicates apply to scalar columns");
    bindError(schema, "s = 1", "column s is struct<d:date,t:timestamp>");
    bindError(schema, "s.x = 1", "no column s.x; s has fields d, t");
    bindError(schema, "n.x = 1", "no column n.x: n is int, not a struct");
    bindError(schema, "s.d = '2024-13-01'", "'2024-13-01' is not a date (YYYY-MM-DD)");
    bindError(schema, "s.t < '2024-01-01 25:00:00'", "is not a timestamp");
    bindError(schema, "dec = 'abc'", "'abc' is not a decimal");
    bindError(schema, "n = true", "cannot compare n (int) with the boolean true");
  }

  private static void bindError(io.colfile.core.types.Type schema, String text, String msg) {
    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> BoundPredicate.bind(Predicate.parse(text), schema));
    assertThat(e).as(text).isNotNull();
    assertThat(e.getMessage()).as(text).contains(msg);
  }

  @Test
  void numbersBecomeExactComparisons() {
    io.colfile.core.types.Type schema = io.colfile.core.types.Type.parse(
        "struct<i:int,d:double>");
    assertThat(bound(schema, "i < 2.5")).isEqualTo("i <= 2");
    assertThat(bound(schema, "i > 2.5")).isEqualTo("i >= 3");
    assertThat(bound(schema, "i >= -2.5")).isEqualTo("i >= -2");
    assertThat(bound(schema, "i = 51.0")).isEqualTo("i = 51");
    assertThat(bound(schema, "i = 2.5")).isEqualTo("i = 2.5 (false for every value)");
    assertThat(bound(schema, "i < 1e30")).isEqualTo("i < 1E+30 (true for every value)");
    assertThat(bound(schema, "i < 1e15")).isEqualTo("i < 1000000000000000");
    assertThat(bound(schema, "i IN (1, 2.5, 1.0, 3)")).isEqualTo("i IN (1, 3)");
    assertThat(bound(schema, "i BETWEEN 1.5 AND 3.5")).isEqualTo("i BETWEEN 2 AND 3");
    assertThat(bound(schema, "d = 0.5")).isEqualTo("d = 0.5");
    // 0.1 is no double: x < 0.1 holds for the double nearest 0.1, which lies above it
    BoundPredicate.Leaf leaf = (BoundPredicate.Leaf) BoundPredicate.bind(
        Predicate.parse("d < 0.1"), schema);
    assertThat(leaf.op()).isEqualTo(BoundPredicate.Op.LE);
    assertThat((Double) leaf.value()).isEqualTo(Math.nextDown(0.1));
    assertThat(bound(schema, "d = 0.1")).isEqualTo("d = 0.1 (false for every value)");
  }

  private static String bound(io.colfile.core.types.Type schema, String text) {
    return BoundPredicate.bind(Predicate.parse(text), schema).toString();
  }
}
