package io.colfile.trevni;

/**
 * For tests outside this package: how {@link TrevniFileWriter#writeColumns} spreads a batch's
 * columns over the writer's threads.
 */
public final class WriteThreads {
  private WriteThreads() {}

  /**
   * Sets {@link TrevniFileWriter#minParallelNanos}, the cost below which a batch's columns stay
   * on the caller's thread (0: every batch on the threads); returns the floor before, to be set
   * back after the test.
   */
  public static long setFloor(long nanos) {
    long before = TrevniFileWriter.minParallelNanos;
    TrevniFileWriter.minParallelNanos = nanos;
    return before;
  }

  /** {@link TrevniFileWriter#parallelColumnWrites()} of {@code w}. */
  public static long parallelColumnWrites(TrevniFileWriter w) {
    return w.parallelColumnWrites();
  }
}
