package io.colfile.interop;

import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * One seed per test run: {@code -Dtests.seed=<hex>} or the clock. Every test derives its own
 * {@link Random} from it and a name, so one failing case can be replayed alone with the same
 * seed. Registered as an extension, it prints the seed whenever a test fails (STYLE.md §4).
 */
public final class TestSeed implements TestWatcher {
  private static final long SEED = initialSeed();

  /** The run's seed. */
  public static long seed() {
    return SEED;
  }

  /** The run's seed as {@code -Dtests.seed} takes it. */
  public static String seedText() {
    return Long.toHexString(SEED).toUpperCase();
  }

  /** Whether the exhaustive tier ({@code -Pexhaustive}) is on. */
  public static boolean exhaustive() {
    return Boolean.parseBoolean(System.getProperty("tests.exhaustive", "false"));
  }

  /**
   * A Random for one case: mixes the run seed with the case's name and index, so adding a test
   * does not change the values another test sees.
   */
  public static Random random(String name, int index) {
    return new Random(caseSeed(name, index));
  }

  public static long caseSeed(String name, int index) {
    long h = SEED ^ 0x9E3779B97F4A7C15L * (index + 1);
    for (int i = 0; i < name.length(); i++) {
      h = (h ^ name.charAt(i)) * 0x100000001B3L;
    }
    return mix(h);
  }

  /** A line for failure messages that says how to replay the run. */
  public static String replay() {
    return "reproduce with -Dtests.seed=" + seedText();
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    System.err.printf("FAILED %s %s: %s%n", context.getRequiredTestMethod().getName(),
        context.getDisplayName(), replay());
  }

  private static long initialSeed() {
    String given = System.getProperty("tests.seed", "").trim();
    if (!given.isEmpty()) {
      // hex, as printed; parseUnsignedLong so every printed seed reads back
      return Long.parseUnsignedLong(given, 16);
    }
    return mix(System.nanoTime() ^ System.currentTimeMillis());
  }

  /** SplitMix64's finalizer: spreads nearby inputs (clock ticks, indexes) over all bits. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
