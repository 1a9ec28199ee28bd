package io.colfile.core.filter;

/**
 * Text that is not a predicate (or a column path): the message says what was wrong and at which
 * character, counted from 1.
 */
public final class PredicateSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String text;
  private final int index;
  private final String problem;

  PredicateSyntaxException(String text, int index, String problem) {
    super(problem + " at character " + (index + 1) + ": " + excerpt(text, index));
    this.text = text;
    this.index = index;
    this.problem = problem;
  }

  /** The text parsed. */
  public String text() {
    return text;
  }

  /** The index (from 0) of the offending character; the text's length at its end. */
  public int index() {
    return index;
  }

  /** What was wrong, without the position. */
  public String problem() {
    return problem;
  }

  /** The text, with a marker line beneath pointing at the offending character. */
  public String pointer() {
    return text + "\n" + " ".repeat(index) + "^";
  }

  /** The text around the error, the offending character marked: {@code price >>>10}. */
  private static String excerpt(String text, int index) {
    int from = Math.max(0, index - 30);
    int to = Math.min(text.length(), index + 30);
    return (from > 0 ? "..." : "") + text.substring(from, index) + "\u2192"
        + text.substring(index, to) + (to < text.length() ? "..." : "");
  }
}
