package io.colfile.orc.crypto;

import io.colfile.orc.EncryptionAlgorithm;
import io.colfile.orc.stripe.StreamKind;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES/CTR as ORC column encryption uses it (orc.md section 11): local keys wrapped by master
 * keys, and the 16-byte counter block of each encrypted stream: column id (3 bytes) ‖ stream
 * kind (2 bytes) ‖ stripe id (3 bytes, 1-based) ‖ block counter (8 bytes) starting at 0. CTR is
 * its own inverse, so the same calls encrypt and decrypt.
 */
public final class OrcCrypto {
  public static final int BLOCK = 16;
  /** Stripe id of the footer's encrypted statistics: number of stripes + 1. */
  public static final int STRIPE_STATISTICS_KIND = 100;
  public static final int FILE_STATISTICS_KIND = 101;
  /** Largest column id and stripe id a counter block holds. */
  public static final int MAX_ID = 0xffffff;

  private OrcCrypto() {}

  /**
   * The local key {@code encrypted} wraps with master key {@code material}: {@code encrypted}
   * decrypted with its own first 16 bytes as the counter's start.
   */
  public static byte[] unwrapLocalKey(EncryptionAlgorithm algorithm, byte[] material,
      byte[] encrypted) {
    byte[] iv = Arrays.copyOf(encrypted, BLOCK);
    byte[] out = encrypted.clone();
    apply(Arrays.copyOf(material, algorithm.keyLength), iv, 0, out, 0, out.length);
    return out;
  }

  /** The counter block of a stream's first 16 bytes. */
  public static byte[] iv(int column, int kind, long stripeId) {
    if (column < 0 || column > MAX_ID || stripeId < 0 || stripeId > MAX_ID) {
      throw new IllegalArgumentException("column " + column + " or stripe id " + stripeId
          + " does not fit an ORC counter block");
    }
    byte[] iv = new byte[BLOCK];
    iv[0] = (byte) (column >>> 16);
    iv[1] = (byte) (column >>> 8);
    iv[2] = (byte) column;
    iv[3] = (byte) (kind >>> 8);
    iv[4] = (byte) kind;
    iv[5] = (byte) (stripeId >>> 16);
    iv[6] = (byte) (stripeId >>> 8);
    iv[7] = (byte) stripeId;
    return iv;
  }

  public static byte[] iv(int column, StreamKind kind, long stripeId) {
    return iv(column, kind.wireId, stripeId);
  }

  /**
   * En- or decrypts {@code buf[off, off + len)} in place: bytes {@code [from, from + len)} of a
   * stream whose first counter block is {@code iv}.
   */
  public static void apply(byte[] key, byte[] iv, long from, byte[] buf, int off, int len) {
    if (len == 0) {
      return;
    }
    // the counter block of byte "from": iv plus from / 16, as a 128-bit big-endian number
    byte[] start = iv.clone();
    long add = from / BLOCK;
    int carry = 0;
    for (int i = BLOCK - 1; i >= 0; i--) {
      int sum = (start[i] & 0xff) + (int) (add & 0xff) + carry;
      start[i] = (byte) sum;
      carry = sum >>> 8;
      add >>>= 8;
    }
    try {
      Cipher c = Cipher.getInstance("AES/CTR/NoPadding");
      c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(start));
      int skip = (int) (from % BLOCK);
      if (skip > 0) {
        c.update(new byte[skip]);
      }
      int done = c.update(buf, off, len, buf, off);
      if (done != len) {
        throw new IllegalStateException("AES/CTR returned " + done + " of " + len + " bytes");
      }
    } catch (ShortBufferException e) {
      throw new IllegalStateException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES/CTR is not available: " + e.getMessage(), e);
    }
  }

  /** En- or decrypts the whole of {@code buf} in place, a stream starting at {@code iv}. */
  public static void apply(byte[] key, byte[] iv, byte[] buf) {
    apply(key, iv, 0, buf, 0, buf.length);
  }
}
