package io.colfile.orc;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.Objects;

/**
 * Where the master keys of ORC column encryption live (orc.md section 11). A file names, for
 * each encrypted column subtree, a master key (name, version, algorithm) and a local key
 * encrypted with it; a provider that has that master key decrypts the local key, with which the
 * column's streams and statistics are read. A reader without it reads the masked copy the
 * writer stored.
 *
 * <p>Local keys are wrapped the way Hadoop's KMS and ORC Java's in-memory key store wrap them:
 * the encrypted local key is random bytes of the key's length, and the local key is those bytes
 * decrypted with the master key in AES/CTR, the first 16 of them being the counter's start.
 * {@link #inMemory()} and {@link #keystore} do so; a provider backed by a key server may do it
 * remotely.
 *
 * <pre>
 * KeyProvider keys = KeyProvider.keystore(Path.of("kms.keystore"), password);
 * try (OrcReader orc = OrcReader.open(InputFile.local(path),
 *     OrcReadOptions.defaults().withKeyProvider(keys))) { ... }
 * </pre>
 */
public interface KeyProvider {
  /**
   * A version of a master key.
   *
   * @param name the key's name, as files name it
   * @param version its version
   * @param algorithm the cipher its local keys use
   */
  record MasterKey(String name, int version, EncryptionAlgorithm algorithm) {
    public MasterKey {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(algorithm, "algorithm");
    }
  }

  /**
   * A local key: what the file stores ({@code encrypted}) and what the data is encrypted with
   * ({@code decrypted}).
   */
  record LocalKey(byte[] encrypted, byte[] decrypted) {}

  /** The newest version of master key {@code name}, or null when this provider has none. */
  MasterKey currentKey(String name) throws IOException;

  /**
   * The local key that {@code encryptedLocalKey} wraps with {@code key}, or null when this
   * provider does not have that master key (then the column is read masked).
   */
  byte[] decryptLocalKey(MasterKey key, byte[] encryptedLocalKey) throws IOException;

  /**
   * A fresh local key for a file a writer writes: random bytes of the key's length, stored as
   * they are, and the key they decrypt to.
   *
   * @throws IOException when this provider does not have {@code key}
   */
  default LocalKey createLocalKey(MasterKey key, SecureRandom random) throws IOException {
    byte[] encrypted = new byte[key.algorithm().keyLength];
    random.nextBytes(encrypted);
    byte[] decrypted = decryptLocalKey(key, encrypted);
    if (decrypted == null) {
      throw new IOException("no master key " + key.name() + " version " + key.version());
    }
    return new LocalKey(encrypted, decrypted);
  }

  /** An empty provider for programs to add keys to ({@link InMemoryKeyProvider#add}). */
  static InMemoryKeyProvider inMemory() {
    return new InMemoryKeyProvider();
  }

  /**
   * The keys of a Java key store (JCEKS or PKCS12) laid out as Hadoop's key store provider lays
   * them out: each version of key {@code name} is a secret AES key under alias {@code
   * name@version}; see {@link KeystoreKeyProvider}.
   */
  static KeystoreKeyProvider keystore(java.nio.file.Path path, char[] password)
      throws IOException {
    return KeystoreKeyProvider.open(path, password);
  }
}
