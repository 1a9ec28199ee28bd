package io.colfile.kudu;

import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * One seed per test run: {@code -Dtests.seed=<hex>} or the clock. Each randomized test derives
 * its {@link Random} from it and a name, so one case replays alone with the same seed. As a JUnit
 * extension ({@code @ExtendWith(KuduTestSeed.class)}) it prints the seed whenever a test fails
 * (STYLE.md section 4). Named apart from interop-tests' TestSeed so that branches do not clash.
 */
public final class KuduTestSeed implements TestWatcher {
  private static final long SEED = initialSeed();

  public static long seed() {
    return SEED;
  }

  /** The seed as {@code -Dtests.seed} takes it. */
  public static String seedText() {
    return Long.toHexString(SEED).toUpperCase(java.util.Locale.ROOT);
  }

  /** A Random for one case, mixing the run seed with the case's name and index. */
  public static Random random(String name, int index) {
    long h = SEED ^ 0x9E3779B97F4A7C15L * (index + 1);
    for (int i = 0; i < name.length(); i++) {
      h = (h ^ name.charAt(i)) * 0x100000001B3L;
    }
    return new Random(mix(h));
  }

  /** What a failure message says so that the run can be replayed. */
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
      return Long.parseUnsignedLong(given, 16);
    }
    return mix(System.nanoTime() ^ System.currentTimeMillis());
  }

  /** SplitMix64's finalizer, so that nearby clock values give unrelated seeds. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
