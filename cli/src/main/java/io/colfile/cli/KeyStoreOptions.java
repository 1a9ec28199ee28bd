package io.colfile.cli;

import io.colfile.orc.KeyProvider;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/**
 * The Java key store (JCEKS or PKCS12, laid out as Hadoop's key store provider lays it out) with
 * the master keys of encrypted ORC columns, and its password: given, else from the environment
 * variable (or system property) {@code COLFILE_KEY_STORE_PASSWORD}, else empty. The password
 * is never printed.
 */
final class KeyStoreOptions {
  static final String PASSWORD_VARIABLE = "COLFILE_KEY_STORE_PASSWORD";

  @Option(names = "--key-store", paramLabel = "PATH",
      description = "ORC: a Java key store (JCEKS or PKCS12) with the master keys of encrypted "
          + "columns, each version of key NAME under alias NAME@VERSION (Hadoop's layout).")
  Path keyStore;

  @Option(names = "--key-store-password", paramLabel = "PASSWORD",
      defaultValue = "${" + PASSWORD_VARIABLE + "}", showDefaultValue = Visibility.NEVER,
      description = "The key store's password (default: the environment variable "
          + PASSWORD_VARIABLE + ").")
  String password;

  /** The store's keys; null when no store was named. */
  KeyProvider provider() throws IOException {
    if (keyStore == null) {
      return null;
    }
    try {
      return KeyProvider.keystore(keyStore, password());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new UsageException("--key-store: no file " + keyStore);
    } catch (IOException e) {
      throw new UsageException("--key-store: " + e.getMessage());
    }
  }

  char[] password() {
    return password == null ? new char[0] : password.toCharArray();
  }
}
