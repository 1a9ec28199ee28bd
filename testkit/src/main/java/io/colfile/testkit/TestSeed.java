package io.colfile.testkit;

import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * One seed per test run, for every module's tests: {@code -Dtests.seed=<hex>} (as {@link
 * #replay()} prints it, an optional {@code 0x} allowed) or the clock. Each test derives its own
 * {@link Random} from it, a name and an index, so one case replays alone with the same seed and
 * adding a test changes no other test's values. Registered as an extension ({@code
 * @ExtendWith(TestSeed.class)}), it prints how to replay whenever a test fails; put {@link
 * #replay()} in assertion descriptions too (STYLE.md section 4).
 */
public final class TestSeed implements TestWatcher {
  private static final String GIVEN = System.getProperty("tests.seed", "").trim();
  private static final long SEED = initialSeed(GIVEN);

  /** The run's seed. */
  public static long seed() {
    return SEED;
  }

  /**
   * Whether {@code -Dtests.seed} chose the seed rather than the clock: for the rare test that
   * keeps a fixed seed of its own unless asked for another.
   */
  public static boolean given() {
    return !GIVEN.isEmpty() && !GIVEN.startsWith("$");
  }

  /** The run's seed as {@code -Dtests.seed} takes it: upper-case hex. */
  public static String seedText() {
    return Long.toHexString(SEED).toUpperCase();
  }

  /** Whether the exhaustive tier ({@code -Pexhaustive}, {@code -Dtests.exhaustive=true}) is on. */
  public static boolean exhaustive() {
    return Boolean.getBoolean("tests.exhaustive");
  }

  /** A Random for one case, mixing the run's seed with the case's name and index. */
  public static Random random(String name, int index) {
    return new Random(caseSeed(name, index));
  }

  /**
   * The seed of one case, for code that needs a number rather than a {@link Random} (a
   * generator of its own, or a seed to pass to a reference implementation).
   */
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
    String method = context.getTestMethod().map(m -> m.getName()).orElse("");
    System.err.printf("FAILED %s %s: %s%n", method, context.getDisplayName(), replay());
  }

  /**
   * Parses {@code -Dtests.seed}: hex as printed (unsigned, so every printed seed reads back),
   * with or without {@code 0x}. Empty, or a Maven placeholder left unresolved, means the clock.
   */
  static long initialSeed(String given) {
    String text = given.trim();
    if (text.isEmpty() || text.startsWith("$")) {
      return mix(System.nanoTime() ^ System.currentTimeMillis());
    }
    if (text.startsWith("0x") || text.startsWith("0X")) {
      text = text.substring(2);
    }
    try {
      return Long.parseUnsignedLong(text, 16);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "-Dtests.seed takes the hex a failed run prints, not \"" + given + "\"", e);
    }
  }

  /** SplitMix64's finalizer, so nearby inputs give unrelated seeds. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
