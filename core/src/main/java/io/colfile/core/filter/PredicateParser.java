package io.colfile.core.filter;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads the text form of predicates. Keywords are case-insensitive; a name that is a keyword,
 * holds other characters than letters, digits and {@code _}, or starts with a digit must be
 * back-quoted.
 *
 * <pre>
 * expr      := term (OR term)*
 * term      := factor (AND factor)*
 * factor    := NOT factor | '(' expr ')' | predicate
 * predicate := column op literal | column [NOT] IN '(' literal (',' literal)* ')'
 *            | column [NOT] BETWEEN literal AND literal | column IS [NOT] NULL
 * op        := = | != | &lt;&gt; | &lt; | &lt;= | &gt; | &gt;=
 * column    := name ('.' name)*          name := identifier | `any text, `` for a back quote`
 * literal   := number | 'string' ('' is a quote) | true | false
 * number    := [+-] digits [. digits] [(e|E) [+-] digits]  (also [+-] . digits ...)
 * </pre>
 */
final class PredicateParser {
  private static final Set<String> KEYWORDS =
      Set.of("AND", "OR", "NOT", "IN", "BETWEEN", "IS", "NULL", "TRUE", "FALSE");
  /** Deeper nesting than this is refused rather than risking the stack. */
  private static final int MAX_DEPTH = 200;
  /** Number literals longer than this are refused (BigDecimal parsing grows with the text). */
  private static final int MAX_NUMBER_LENGTH = 10_000;

  private final String text;
  private int pos;
  private int depth;

  private PredicateParser(String text) {
    this.text = text;
  }

  static Predicate parse(String text) {
    PredicateParser p = new PredicateParser(text);
    p.skipSpace();
    if (p.pos == text.length()) {
      throw p.error("expected a predicate, found nothing");
    }
    Predicate result = p.expr();
    p.skipSpace();
    if (p.pos < text.length()) {
      throw p.error(text.charAt(p.pos) == ')' ? "unbalanced ')'"
          : "expected AND, OR or the end, found " + p.describeNext());
    }
    return result;
  }

  static ColumnPath parsePath(String text) {
    PredicateParser p = new PredicateParser(text);
    p.skipSpace();
    ColumnPath path = p.column();
    p.skipSpace();
    if (p.pos < text.length()) {
      throw p.error("expected '.' or the end of the column path, found " + p.describeNext());
    }
    return path;
  }

  static boolean isKeyword(String name) {
    return KEYWORDS.contains(name.toUpperCase(Locale.ROOT));
  }

  private Predicate expr() {
    List<Predicate> terms = new ArrayList<>();
    terms.add(term());
    while (keyword("OR")) {
      terms.add(term());
    }
    return terms.size() == 1 ? terms.get(0) : new Predicate.Or(terms);
  }

  private Predicate term() {
    List<Predicate> factors = new ArrayList<>();
    factors.add(factor());
    while (keyword("AND")) {
      factors.add(factor());
    }
    return factors.size() == 1 ? factors.get(0) : new Predicate.And(factors);
  }

  private Predicate factor() {
    if (++depth > MAX_DEPTH) {
      throw error("the predicate is nested deeper than " + MAX_DEPTH + " levels");
    }
    try {
      if (keyword("NOT")) {
        return new Predicate.Not(factor());
      }
      skipSpace();
      if (peek() == '(') {
        pos++;
        Predicate inner = expr();
        skipSpace();
        if (peek() != ')') {
          throw error("expected ')' to close the '(' , found " + describeNext());
        }
        pos++;
        return inner;
      }
      return predicate();
    } finally {
      depth--;
    }
  }

  private Predicate predicate() {
    skipSpace();
    if (isKeywordAhead()) {
      throw error("expected a column, found the keyword " + word()
          + " (back-quote a column of that name)");
    }
    if (pos < text.length() && Character.isDigit(peek())) {
      throw error("a column name starting with a digit must be back-quoted");
    }
    if (pos >= text.length() || !(isNameStart(peek()) || peek() == '`')) {
      throw error("expected a column, found " + describeNext());
    }
    ColumnPath column = column();
    skipSpace();
    int opAt = pos;
    if (keyword("IS")) {
      boolean not = keyword("NOT");
      if (!keyword("NULL")) {
        throw error("expected NULL after IS" + (not ? " NOT" : "") + ", found " + describeNext());
      }
      return new Predicate.IsNull(column, not);
    }
    boolean not = keyword("NOT");
    if (keyword("IN")) {
      skipSpace();
      if (peek() != '(') {
        throw error("expected '(' after IN, found " + describeNext());
      }
      pos++;
      List<Literal> values = new ArrayList<>();
      do {
        values.add(literal());
        skipSpace();
      } while (consume(','));
      if (peek() != ')') {
        throw error("expected ',' or ')' in the IN list, found " + describeNext());
      }
      pos++;
      return new Predicate.In(column, values, not);
    }
    if (keyword("BETWEEN")) {
      Literal low = literal();
      if (!keyword("AND")) {
        throw error("expected AND between the bounds of BETWEEN, found " + describeNext());
      }
      Literal high = literal();
      return new Predicate.Between(column, low, high, not);
    }
    if (not) {
      throw error("expected IN or BETWEEN after NOT, found " + describeNext());
    }
    ComparisonOp op = operator();
    if (op == null) {
      pos = opAt;
      throw error("expected an operator (=, !=, <>, <, <=, >, >=, IN, BETWEEN, IS) after "
          + column + ", found " + describeNext());
    }
    return new Predicate.Compare(column, op, literal());
  }

  private ComparisonOp operator() {
    skipSpace();
    if (text.startsWith("<=", pos)) {
      pos += 2;
      return ComparisonOp.LE;
    }
    if (text.startsWith(">=", pos)) {
      pos += 2;
      return ComparisonOp.GE;
    }
    if (text.startsWith("!=", pos) || text.startsWith("<>", pos)) {
      pos += 2;
      return ComparisonOp.NE;
    }
    if (text.startsWith("==", pos)) {
      throw error("'==' is not an operator; equality is '='");
    }
    switch (peek()) {
      case '=': pos++; return ComparisonOp.EQ;
      case '<': pos++; return ComparisonOp.LT;
      case '>': pos++; return ComparisonOp.GT;
      default: return null;
    }
  }

  private ColumnPath column() {
    List<String> names = new ArrayList<>();
    names.add(name());
    while (peek() == '.') {
      pos++;
      names.add(name());
    }
    return new ColumnPath(names);
  }

  private String name() {
    if (peek() == '`') {
      int open = pos;
      pos++;
      StringBuilder sb = new StringBuilder();
      while (true) {
        if (pos >= text.length()) {
          pos = open;
          throw error("unclosed back quote");
        }
        char c = text.charAt(pos++);
        if (c == '`') {
          if (peek() == '`') {
            sb.append('`');
            pos++;
          } else {
            break;
          }
        } else {
          sb.append(c);
        }
      }
      if (sb.length() == 0) {
        pos = open;
        throw error("a column name cannot be empty");
      }
      return sb.toString();
    }
    if (!isNameStart(peek())) {
      throw error(Character.isDigit(peek())
          ? "a column name starting with a digit must be back-quoted"
          : "expected a column name, found " + describeNext());
    }
    int start = pos;
    while (pos < text.length() && isNamePart(text.charAt(pos))) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private Literal literal() {
    skipSpace();
    char c = peek();
    if (c == '\'') {
      int open = pos;
      pos++;
      StringBuilder sb = new StringBuilder();
      while (true) {
        if (pos >= text.length()) {
          pos = open;
          throw error("unclosed string: a quote inside a string is written ''");
        }
        char ch = text.charAt(pos++);
        if (ch == '\'') {
          if (peek() == '\'') {
            sb.append('\'');
            pos++;
          } else {
            break;
          }
        } else {
          sb.append(ch);
        }
      }
      return Literal.of(sb.toString());
    }
    if (c == '+' || c == '-' || c == '.' || Character.isDigit(c)) {
      return number();
    }
    if (isNameStart(c)) {
      String w = word();
      if (w.equalsIgnoreCase("true") || w.equalsIgnoreCase("false")) {
        pos += w.length();
        return Literal.of(Boolean.parseBoolean(w.toLowerCase(Locale.ROOT)));
      }
      if (w.equalsIgnoreCase("null")) {
        throw error("NULL is not a value to compare with: use IS NULL or IS NOT NULL");
      }
      throw error("expected a literal (a number, 'text', true or false), found " + w
          + " (a string needs single quotes)");
    }
    throw error("expected a literal (a number, 'text', true or false), found " + describeNext());
  }

  private Literal number() {
    int start = pos;
    if (peek() == '+' || peek() == '-') {
      pos++;
    }
    int digits = digits();
    if (peek() == '.') {
      pos++;
      digits += digits();
    }
    if (digits == 0) {
      pos = start;
      throw error("expected a number, found " + describeNext());
    }
    if (peek() == 'e' || peek() == 'E') {
      int e = pos;
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      if (digits() == 0) {
        pos = e;
        throw error("expected the digits of an exponent");
      }
    }
    if (pos < text.length() && isNamePart(peek())) {
      throw error("unexpected character " + describeNext() + " in a number");
    }
    String s = text.substring(start, pos);
    if (s.length() > MAX_NUMBER_LENGTH) {
      pos = start;
      throw error("a number of more than " + MAX_NUMBER_LENGTH + " characters");
    }
    BigDecimal value;
    try {
      value = new BigDecimal(s.startsWith("+") ? s.substring(1) : s);
    } catch (NumberFormatException | ArithmeticException e) {
      pos = start;
      throw error("'" + s + "' is out of range");
    }
    if (Math.abs((long) value.scale()) > 10_000) {
      pos = start;
      throw error("'" + s + "' is out of range: exponents beyond 10000 are refused");
    }
    return Literal.of(value);
  }

  private int digits() {
    int n = 0;
    while (pos < text.length() && Character.isDigit(text.charAt(pos))
        && text.charAt(pos) < 128) {
      pos++;
      n++;
    }
    return n;
  }

  /** Consumes keyword {@code k} (any case) if it comes next as a whole word. */
  private boolean keyword(String k) {
    skipSpace();
    if (text.regionMatches(true, pos, k, 0, k.length())
        && (pos + k.length() == text.length() || !isNamePart(text.charAt(pos + k.length())))) {
      pos += k.length();
      return true;
    }
    return false;
  }

  private boolean isKeywordAhead() {
    return isNameStart(peek()) && isKeyword(word());
  }

  /** The identifier-like word at the position, not consumed. */
  private String word() {
    int end = pos;
    while (end < text.length() && isNamePart(text.charAt(end))) {
      end++;
    }
    return text.substring(pos, end);
  }

  private boolean consume(char c) {
    skipSpace();
    if (peek() == c) {
      pos++;
      return true;
    }
    return false;
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private String describeNext() {
    skipSpace();
    if (pos >= text.length()) {
      return "the end";
    }
    if (isNameStart(peek())) {
      return word();
    }
    return "'" + text.charAt(pos) + "'";
  }

  private static boolean isNameStart(char c) {
    return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  private static boolean isNamePart(char c) {
    return isNameStart(c) || c >= '0' && c <= '9';
  }

  private PredicateSyntaxException error(String problem) {
    return new PredicateSyntaxException(text, Math.min(pos, text.length()), problem);
  }
}
