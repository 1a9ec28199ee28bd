package io.colfile.orc.stream;

import java.util.Random;

/**
 * One seed per test run: {@code -Dtests.seed=N} to reproduce, else the clock. Tests put {@link
 * #describe()} in their assertion messages so every failure prints it.
 */
public final class Seeds {
  static final long SEED = initialSeed();

  private Seeds() {}

  private static long initialSeed() {
    String s = System.getProperty("tests.seed");
    if (s != null && !s.isBlank() && !s.startsWith("$")) {
      return Long.decode(s.trim());
    }
    return System.nanoTime();
  }

  /** A generator for one test, derived from the run's seed and the test's name. */
  public static Random random(String test) {
    return new Random(SEED ^ test.hashCode() * 0x9E3779B97F4A7C15L);
  }

  public static String describe() {
    return "tests.seed=" + SEED;
  }
}
