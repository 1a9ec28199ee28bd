package io.colfile.testkit;

/** What the fault-injecting files ({@link FaultyOutputFile}, {@link FaultyInputFile}) share. */
public final class Faults {
  private Faults() {}

  /**
   * Which of {@code calls} calls (numbered from 1) a test fails in turn: the first, the last and
   * random others, {@code most} in all (every call when there are no more than that).
   */
  public static java.util.SortedSet<Integer> toFail(int calls, int most, java.util.Random r) {
    java.util.TreeSet<Integer> ns = new java.util.TreeSet<>();
    if (calls > 0) {
      ns.add(1);
      ns.add(calls);
    }
    while (ns.size() < Math.min(calls, most)) {
      ns.add(1 + r.nextInt(calls));
    }
    return ns;
  }

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
