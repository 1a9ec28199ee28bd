package io.colfile.orc;

/**
 * How an ORC file is opened ({@link OrcReader#open(io.colfile.core.io.InputFile,
 * OrcReadOptions)}), beside the per-read {@link io.colfile.core.ReadOptions}: the keys of its
 * encrypted columns. Immutable; each {@code with} returns a changed copy.
 */
public final class OrcReadOptions {
  private static final OrcReadOptions DEFAULTS = new OrcReadOptions(null);

  private final KeyProvider keyProvider;

  private OrcReadOptions(KeyProvider keyProvider) {
    this.keyProvider = keyProvider;
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
    return new OrcReadOptions(keys);
  }

  /** The key provider; null when none was given. */
  public KeyProvider keyProvider() {
    return keyProvider;
  }
}
