package io.colfile.orc;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The master keys of a Java key store file, laid out as Hadoop's {@code JavaKeyStoreProvider}
 * (and so ORC Java's tests and {@code examples/encrypted/kms.keystore}) lays them out: version
 * {@code v} of key {@code name} is a secret key under alias {@code name@v}, protected with the
 * store's password; the newest version is the current one. Aliases of another form (Hadoop's
 * key metadata under the bare name) are left alone. The key's length gives its algorithm (16
 * bytes AES/CTR 128, 32 bytes AES/CTR 256).
 *
 * <p>The store is JCEKS (Hadoop's format), JKS or PKCS12, told apart by its first bytes. Every
 * key is read when the store is opened; the file is not kept open.
 */
public final class KeystoreKeyProvider implements KeyProvider {
  private static final int JCEKS_MAGIC = 0xcececece;
  private static final int JKS_MAGIC = 0xfeedfeed;

  private final InMemoryKeyProvider keys = new InMemoryKeyProvider();
  private final Map<String, Integer> versions;

  private KeystoreKeyProvider(Map<String, Integer> versions) {
    this.versions = Collections.unmodifiableMap(versions);
  }

  /**
   * Reads the keys of the store at {@code path}.
   *
   * @throws IOException when the file cannot be read, is no key store, or {@code password} is
   *     not its password (the message says which)
   */
  public static KeystoreKeyProvider open(Path path, char[] password) throws IOException {
    byte[] bytes = Files.readAllBytes(path);
    int magic = bytes.length < 4 ? 0 : ((bytes[0] & 0xff) << 24) | ((bytes[1] & 0xff) << 16)
        | ((bytes[2] & 0xff) << 8) | (bytes[3] & 0xff);
    String type = magic == JCEKS_MAGIC ? "JCEKS" : magic == JKS_MAGIC ? "JKS" : "PKCS12";
    KeyStore store;
    try {
      store = KeyStore.getInstance(type);
      store.load(new ByteArrayInputStream(bytes), password);
    } catch (GeneralSecurityException e) {
      throw new IOException(path + ": cannot read the " + type + " key store: " + e.getMessage(),
          e);
    } catch (IOException e) {
      if (e.getCause() instanceof UnrecoverableKeyException
          || String.valueOf(e.getMessage()).contains("password")) {
        throw new IOException(path + ": wrong key store password", e);
      }
      throw new IOException(path + ": not a readable " + type + " key store: " + e.getMessage(),
          e);
    }
    TreeMap<String, Integer> current = new TreeMap<>();
    KeystoreKeyProvider out = new KeystoreKeyProvider(current);
    try {
      for (String alias : Collections.list(store.aliases())) {
        int at = alias.lastIndexOf('@');
        if (at <= 0 || !store.isKeyEntry(alias)) {
          continue;
        }
        int version;
        try {
          version = Integer.parseInt(alias.substring(at + 1));
        } catch (NumberFormatException e) {
          continue;
        }
        if (version < 0) {
          continue;
        }
        Key key;
        try {
          key = store.getKey(alias, password);
        } catch (UnrecoverableKeyException e) {
          throw new IOException(path + ": key " + alias + " is not protected by the store's "
              + "password", e);
        }
        byte[] material = key == null ? null : key.getEncoded();
        EncryptionAlgorithm algorithm = material == null ? null
            : EncryptionAlgorithm.ofKeyLength(material.length);
        if (algorithm == null) {
          continue; // not an AES key of a length ORC uses
        }
        // Key stores may change the alias' case; ORC names keys as the alias spells them
        String name = alias.substring(0, at);
        out.keys.add(name, version, algorithm, material);
        current.merge(name, version, Math::max);
      }
    } catch (GeneralSecurityException e) {
      throw new IOException(path + ": cannot read its keys: " + e.getMessage(), e);
    }
    return out;
  }

  /** The names of the keys read, each with its current (newest) version. */
  public Map<String, Integer> keyVersions() {
    return versions;
  }

  @Override
  public MasterKey currentKey(String name) {
    return keys.currentKey(name);
  }

  @Override
  public byte[] decryptLocalKey(MasterKey key, byte[] encryptedLocalKey) {
    return keys.decryptLocalKey(key, encryptedLocalKey);
  }
}
