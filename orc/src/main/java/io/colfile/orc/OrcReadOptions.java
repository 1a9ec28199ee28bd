package io.colfile.orc;

/**
 * How an ORC file is opened ({@link OrcReader#open(io.colfile.core.io.InputFile,
 * OrcReadOptions)}), beside the per-read {@link io.colfile.core.ReadOptions}: the keys of its
 * encrypted columns. Immutable; each {@code with} returns a changed copy.
 */
public final class OrcReadOptions {
  /**
   * A stripe whose data streams read hold more bytes than this is read stream by stream through
   * windows of a few MiB instead of whole: 64 MiB.
   */
  public static final long DEFAULT_STREAMED_STRIPE_BYTES = 64L << 20;
  private static final OrcReadOptions DEFAULTS =
      new OrcReadOptions(null, DEFAULT_STREAMED_STRIPE_BYTES);

  private final KeyProvider keyProvider;
  private final long streamedStripeBytes;

  private OrcReadOptions(KeyProvider keyProvider, long streamedStripeBytes) {
    this.keyProvider = keyProvider;
    this.streamedStripeBytes = streamedStripeBytes;
  }

  /** No keys: encrypted columns read as their masked copies. */
  public static OrcReadOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Reads the encrypted columns whose master key {@code keys} has with their real values and
   * statistics (file, stripe and row group); the others stay masked. Null: no keys.
   */
  public OrcReadOptions withKeyProvider(KeyProvider keys) {
    return new OrcReadOptions(keys, streamedStripeBytes);
  }

  /**
   * Reads a stripe whose data streams of the columns read hold more than {@code bytes} bytes
   * through a window of a few MiB per stream, read from the file as decoding moves on (and
   * seeks), instead of reading them whole before decoding: the heap such a read needs does not
   * grow with the stripe. Smaller stripes are read whole, with as few reads as their layout
   * allows (faster where a read has a high latency). Default {@link
   * #DEFAULT_STREAMED_STRIPE_BYTES}; 0 streams every stripe.
   */
  public OrcReadOptions withStreamedStripeBytes(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("streamed stripe bytes " + bytes);
    }
    return new OrcReadOptions(keyProvider, bytes);
  }

  /** See {@link #withStreamedStripeBytes}. */
  public long streamedStripeBytes() {
    return streamedStripeBytes;
  }

  /** The key provider; null when none was given. */
  public KeyProvider keyProvider() {
    return keyProvider;
  }
}
