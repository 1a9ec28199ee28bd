package io.colfile.orc;

import io.colfile.orc.crypto.OrcCrypto;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Master keys a program holds in memory. As ORC Java's {@code InMemoryKeystore} does, key
 * material shorter than the algorithm's key is padded with zeros and longer material is cut,
 * and the newest version added is the current one. Thread-safe.
 */
public final class InMemoryKeyProvider implements KeyProvider {
  private final Map<String, TreeMap<Integer, Entry>> keys = new ConcurrentHashMap<>();

  private record Entry(EncryptionAlgorithm algorithm, byte[] material) {}

  InMemoryKeyProvider() {}

  /** Adds version {@code version} of master key {@code name}; returns this provider. */
  public synchronized InMemoryKeyProvider add(String name, int version,
      EncryptionAlgorithm algorithm, byte[] material) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(algorithm, "algorithm");
    if (version < 0) {
      throw new IllegalArgumentException("negative key version " + version);
    }
    keys.computeIfAbsent(name, n -> new TreeMap<>()).put(version,
        new Entry(algorithm, Arrays.copyOf(material, algorithm.keyLength)));
    return this;
  }

  /** Version 0 of master key {@code name}. */
  public InMemoryKeyProvider add(String name, EncryptionAlgorithm algorithm, byte[] material) {
    return add(name, 0, algorithm, material);
  }

  @Override
  public synchronized MasterKey currentKey(String name) {
    TreeMap<Integer, Entry> versions = keys.get(name);
    if (versions == null || versions.isEmpty()) {
      return null;
    }
    Map.Entry<Integer, Entry> last = versions.lastEntry();
    return new MasterKey(name, last.getKey(), last.getValue().algorithm());
  }

  @Override
  public synchronized byte[] decryptLocalKey(MasterKey key, byte[] encryptedLocalKey) {
    TreeMap<Integer, Entry> versions = keys.get(key.name());
    Entry e = versions == null ? null : versions.get(key.version());
    return e == null ? null : OrcCrypto.unwrapLocalKey(e.algorithm(), e.material(),
        encryptedLocalKey);
  }
}
