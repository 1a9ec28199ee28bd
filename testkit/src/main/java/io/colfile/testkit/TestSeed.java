package io.colfile.testkit;

import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * One seed per test run: {@code -Dtests.seed=<hex>} or the clock. Each test
 * derives its own {@link Random} from it, a name and an index, so one case replays alone with
 * the same seed and adding a test changes no other test's values. Registered as an extension
 * ({@code @ExtendWith(TestSeed.class)}), it prints how to replay whenever a test fails; put
 * {@link #replay()} in assertion descriptions too (STYLE.md section 4).
 */
public final class TestSeed implements TestWatcher {
  private static final long SEED = initialSeed();

  /** The run's seed. */
  public static long seed() {
    return SEED;
  }

  /** A Random for one case, mixing the run's seed with the case's name and index. */
  public static Random random(String name, int index) {
    long h = SEED ^ 0x9E3779B97F4A7C15L * (index + 1);
    for (int i = 0; i < name.length(); i++) {
      h = (h ^ name.charAt(i)) * 0x100000001B3L;
    }
    return new Random(mix(h));
  }

  /** A line for failure messages that says how to replay the run. */
  public static String replay() {
    return "reproduce with -Dtests.seed=" + Long.toHexString(SEED).toUpperCase();
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    System.err.printf("FAILED %s %s: %s%n", context.getRequiredTestMethod().getName(),
        context.getDisplayName(), replay());
  }

  private static long initialSeed() {
    String given = System.getProperty("tests.seed", "").trim();
    if (!given.isEmpty()) {
      return Long.parseUnsignedLong(given, 16);
    }
    return mix(System.nanoTime() ^ System.currentTimeMillis());
  }

  /** SplitMix64's finalizer, so nearby inputs give unrelated seeds. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
