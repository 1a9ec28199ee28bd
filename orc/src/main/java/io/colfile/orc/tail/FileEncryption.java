package io.colfile.orc.tail;

import io.colfile.orc.stripe.StreamEntry;
import java.util.List;

/**
 * The footer's Encryption section and the stripes' encryption fields (orc.md section 11), as
 * stored: nothing is decrypted here.
 *
 * @param keys the master keys the variants name
 * @param variants the encrypted column subtrees
 * @param masks the masks of the unencrypted copies
 * @param stripeIds per stripe, the id its counter blocks use (the stripe's {@code
 *     encrypt_stripe_id}, else the previous stripe's plus one, from 1)
 * @param stripeKeys per stripe, per variant, the encrypted local key of its streams (the
 *     stripe's {@code encrypted_local_keys}, else the previous stripe's, else the variant's)
 */
public record FileEncryption(List<Key> keys, List<Variant> variants, List<Mask> masks,
    long[] stripeIds, List<List<byte[]>> stripeKeys) {

  /** A master key; {@code algorithm} is the footer's number (0 when unknown). */
  public record Key(String name, int version, int algorithm) {}

  /**
   * @param root the subtree's root column id
   * @param key index into {@link FileEncryption#keys}
   * @param encryptedKey the encrypted local key of its statistics
   * @param stripeStatistics one STRIPE_STATISTICS entry per column of the subtree
   * @param fileStatistics the encrypted, compressed FileStatistics of the subtree
   */
  public record Variant(int root, int key, byte[] encryptedKey, List<StreamEntry> stripeStatistics,
      byte[] fileStatistics) {}

  /** A mask: its name, parameters and the subtree roots it masks. */
  public record Mask(String name, List<String> parameters, List<Integer> columns) {}
}
