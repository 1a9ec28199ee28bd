package io.colfile.testkit;

/** What the fault-injecting files share. */
final class Faults {
  private Faults() {}

  /**
   * Whether {@code t}, a cause of it or something suppressed on the way carries {@code text} in
   * its message (a reader may wrap the failure and name where it happened).
   */
  static boolean carries(Throwable t, String text) {
    int seen = 0;
    for (Throwable c = t; c != null && seen < 50; c = c.getCause(), seen++) {
      if (c.getMessage() != null && c.getMessage().contains(text)) {
        return true;
      }
      for (Throwable s : c.getSuppressed()) {
        if (carries(s, text)) {
          return true;
        }
      }
    }
    return false;
  }
}
