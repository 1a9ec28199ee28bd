package io.colfile.orc;

/**
 * The ciphers ORC column encryption uses (orc.md section 11): AES in counter mode without
 * padding, with a 16-byte or 32-byte key. Both master keys and the local keys they wrap use it.
 */
public enum EncryptionAlgorithm {
  AES_CTR_128(1, 16),
  AES_CTR_256(2, 32);

  /** The footer's EncryptionAlgorithm number. */
  public final int wireId;
  /** Key length in bytes. */
  public final int keyLength;

  EncryptionAlgorithm(int wireId, int keyLength) {
    this.wireId = wireId;
    this.keyLength = keyLength;
  }

  /** The algorithm with footer number {@code id}, or null for an unknown one. */
  public static EncryptionAlgorithm of(int id) {
    for (EncryptionAlgorithm a : values()) {
      if (a.wireId == id) {
        return a;
      }
    }
    return null;
  }

  /** The algorithm whose keys are {@code bytes} long, or null when none is. */
  public static EncryptionAlgorithm ofKeyLength(int bytes) {
    for (EncryptionAlgorithm a : values()) {
      if (a.keyLength == bytes) {
        return a;
      }
    }
    return null;
  }
}
