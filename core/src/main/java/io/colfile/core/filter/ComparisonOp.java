package io.colfile.core.filter;

/** The comparison operators of predicates, with their symbols in the text form. */
public enum ComparisonOp {
  EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

  private final String symbol;

  ComparisonOp(String symbol) {
    this.symbol = symbol;
  }

  public String symbol() {
    return symbol;
  }

  /** The operator that holds when this one does not (for values, not NULLs): {@code < -> >=}. */
  public ComparisonOp negate() {
    switch (this) {
      case EQ: return NE;
      case NE: return EQ;
      case LT: return GE;
      case LE: return GT;
      case GT: return LE;
      default: return LT;
    }
  }

  /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
  public ComparisonOp flip() {
    switch (this) {
      case LT: return GT;
      case LE: return GE;
      case GT: return LT;
      case GE: return LE;
      default: return this;
    }
  }
}
