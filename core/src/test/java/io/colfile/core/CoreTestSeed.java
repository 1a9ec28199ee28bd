package io.colfile.core;

import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * The run's seed for core's own tests: {@code -Dtests.seed=<hex>} (an optional {@code 0x}), read
 * as the testkit's {@code TestSeed} reads it, which core's tests cannot use (the testkit depends
 * on core); else the clock. Registered as an extension, it prints how to replay a failed test.
 */
public final class CoreTestSeed implements TestWatcher {
  /** The run's seed. */
  public static final long SEED = initialSeed(System.getProperty("tests.seed", "").trim());

  /** A Random for one use, mixing the run's seed with {@code salt}. */
  public static Random random(long salt) {
    return new Random(SEED * 31 + salt);
  }

  /** A line for failure messages that says how to replay the run. */
  public static String replay() {
    return "reproduce with -Dtests.seed=" + Long.toHexString(SEED).toUpperCase();
  }

  static long initialSeed(String given) {
    if (given.isEmpty() || given.startsWith("$")) {
      return System.nanoTime() ^ System.currentTimeMillis();
    }
    boolean prefixed = given.startsWith("0x") || given.startsWith("0X");
    return Long.parseUnsignedLong(prefixed ? given.substring(2) : given, 16);
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    System.err.println("FAILED " + context.getDisplayName() + ": " + replay());
  }
}
