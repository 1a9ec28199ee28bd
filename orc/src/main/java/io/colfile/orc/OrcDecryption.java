package io.colfile.orc;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.orc.crypto.OrcCrypto;
import io.colfile.orc.proto.TailMessages;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.tail.FileEncryption;
import io.colfile.orc.tail.OrcType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a reader with keys decrypts in a file with encrypted columns (orc.md section 11): the
 * local key of each variant whose master key the {@link KeyProvider} has (for the footer's
 * statistics and for each stripe), which column belongs to which such variant, and the real
 * file and stripe statistics of those columns. Variants whose key the provider lacks stay
 * masked, as ORC Java leaves them.
 */
final class OrcDecryption {
  private final FileEncryption encryption;
  /** Per column id, the decrypted variant it belongs to, else -1. */
  private final int[] variantOf;
  /** Per variant, one past its subtree's last column id. */
  private final int[] ends;
  /** Per variant, the local key of its footer statistics; null when not decrypted. */
  private final byte[][] footerKeys;
  /** Per stripe, per variant, the local key of its streams; null when not decrypted. */
  private final byte[][][] stripeKeys;
  private final boolean all;

  private OrcDecryption(FileEncryption encryption, int[] variantOf, int[] ends,
      byte[][] footerKeys, byte[][][] stripeKeys, boolean all) {
    this.encryption = encryption;
    this.variantOf = variantOf;
    this.ends = ends;
    this.footerKeys = footerKeys;
    this.stripeKeys = stripeKeys;
    this.all = all;
  }

  /**
   * The decryption {@code keys} allow; null when they decrypt no variant.
   *
   * @param where the footer, for errors
   */
  static OrcDecryption create(FileRegion where, FileEncryption enc, List<OrcType> types,
      KeyProvider keys) throws IOException {
    int columns = types.size();
    int variants = enc.variants().size();
    int[] variantOf = new int[columns];
    Arrays.fill(variantOf, -1);
    int[] ends = new int[variants];
    byte[][] footerKeys = new byte[variants][];
    byte[][][] stripeKeys = new byte[enc.stripeIds().length][variants][];
    Map<String, byte[]> unwrapped = new HashMap<>();
    boolean any = false;
    boolean all = true;
    for (int v = 0; v < variants; v++) {
      FileEncryption.Variant variant = enc.variants().get(v);
      int root = variant.root();
      if (root <= 0 || root >= columns) {
        throw where.corrupt("encryption variant %d has root column %d of %d", v,
            Integer.toUnsignedLong(root), columns);
      }
      ends[v] = subtreeEnd(where, types, root);
      if (variant.key() < 0 || variant.key() >= enc.keys().size()) {
        throw where.corrupt("encryption variant %d names key %d of %d", v,
            Integer.toUnsignedLong(variant.key()), enc.keys().size());
      }
      FileEncryption.Key key = enc.keys().get(variant.key());
      EncryptionAlgorithm algorithm = EncryptionAlgorithm.of(key.algorithm());
      if (algorithm == null) {
        throw where.corrupt("encryption key %s uses unknown algorithm %d", key.name(),
            key.algorithm());
      }
      KeyProvider.MasterKey master = new KeyProvider.MasterKey(key.name(), key.version(),
          algorithm);
      byte[] footerKey = unwrap(where, keys, master, variant.encryptedKey(), unwrapped, v);
      if (footerKey == null) {
        all = false;
        continue;
      }
      any = true;
      footerKeys[v] = footerKey;
      for (int s = 0; s < stripeKeys.length; s++) {
        List<byte[]> stripe = enc.stripeKeys().get(s);
        if (v >= stripe.size()) {
          throw where.corrupt("stripe %d has %d encrypted local keys for %d variants", s,
              stripe.size(), variants);
        }
        stripeKeys[s][v] = unwrap(where, keys, master, stripe.get(v), unwrapped, v);
      }
      for (int c = root; c < ends[v]; c++) {
        if (variantOf[c] >= 0) {
          throw where.corrupt("column %d is in encryption variants %d and %d", c, variantOf[c],
              v);
        }
        variantOf[c] = v;
      }
    }
    return any ? new OrcDecryption(enc, variantOf, ends, footerKeys, stripeKeys, all) : null;
  }

  private static byte[] unwrap(FileRegion where, KeyProvider keys, KeyProvider.MasterKey master,
      byte[] encrypted, Map<String, byte[]> cache, int v) throws IOException {
    if (encrypted.length != master.algorithm().keyLength) {
      throw where.corrupt("encryption variant %d has a local key of %d bytes, %s needs %d", v,
          encrypted.length, master.algorithm(), master.algorithm().keyLength);
    }
    String id = master.name() + "@" + master.version() + ":" + Arrays.toString(encrypted);
    byte[] key = cache.get(id);
    if (key == null && !cache.containsKey(id)) {
      key = keys.decryptLocalKey(master, encrypted);
      if (key != null && key.length != master.algorithm().keyLength) {
        throw new IOException("key provider gave a local key of " + key.length + " bytes for "
            + master.algorithm());
      }
      cache.put(id, key);
    }
    return key;
  }

  /** One past the last column id of the subtree at {@code root} (ids are pre-order). */
  private static int subtreeEnd(FileRegion where, List<OrcType> types, int root)
      throws CorruptFileException {
    int end = root + 1;
    int[] stack = {root};
    int depth = 1;
    while (depth > 0) {
      int c = stack[--depth];
      for (int child : types.get(c).subtypes()) {
        if (child <= c || child >= types.size()) {
          throw where.corrupt("type %d has subtype %d", c, Integer.toUnsignedLong(child));
        }
        end = Math.max(end, child + 1);
        if (depth == stack.length) {
          stack = Arrays.copyOf(stack, stack.length * 2);
        }
        stack[depth++] = child;
      }
    }
    return end;
  }

  /** Whether every variant is decrypted. */
  boolean all() {
    return all;
  }

  /** The decrypted variant column {@code column} belongs to, else -1. */
  int variant(int column) {
    return column >= 0 && column < variantOf.length ? variantOf[column] : -1;
  }

  /** The root column id of variant {@code v}'s subtree. */
  int root(int v) {
    return encryption.variants().get(v).root();
  }

  /** Whether variant {@code v} is decrypted. */
  boolean decrypts(int v) {
    return footerKeys[v] != null;
  }

  /** The local key of variant {@code v}'s streams in stripe {@code stripe}. */
  byte[] stripeKey(int stripe, int v) {
    return stripeKeys[stripe][v];
  }

  /** The id stripe {@code stripe}'s counter blocks use. */
  long stripeId(int stripe) {
    return encryption.stripeIds()[stripe];
  }

  /** The counter block of the footer's encrypted statistics. */
  private long footerStripeId() {
    return encryption.stripeIds().length + 1L;
  }

  /** {@code masked} with the decrypted variants' columns replaced by their real statistics. */
  List<ColumnStatistics> fileStatistics(FileRegion footer, List<ColumnStatistics> masked,
      OrcTail tail) throws CorruptFileException {
    List<ColumnStatistics> out = new ArrayList<>(masked);
    for (int v = 0; v < footerKeys.length; v++) {
      if (footerKeys[v] == null) {
        continue;
      }
      FileEncryption.Variant variant = encryption.variants().get(v);
      FileRegion where = footer.part("encryption variant", v).part("file statistics");
      byte[] bytes = variant.fileStatistics().clone();
      OrcCrypto.apply(footerKeys[v], OrcCrypto.iv(variant.root(),
          OrcCrypto.FILE_STATISTICS_KIND, footerStripeId()), 0, bytes, 0, bytes.length);
      List<ColumnStatistics> real = TailMessages.parseFileStatistics(where,
          OrcTail.decompress(where, bytes, 0, bytes.length, tail.codec, tail.blockSize));
      int root = variant.root();
      if (real.size() != ends[v] - root) {
        throw where.corrupt("%d column statistics for the %d columns of the subtree at %d",
            real.size(), ends[v] - root, root);
      }
      for (int i = 0; i < real.size() && root + i < out.size(); i++) {
        out.set(root + i, real.get(i));
      }
    }
    return out;
  }

  /**
   * {@code masked} (one list per stripe) with the decrypted variants' columns replaced by their
   * real statistics from the encrypted stripe statistics before the Metadata section.
   */
  List<List<ColumnStatistics>> stripeStatistics(InputFile in, OrcTail tail,
      List<List<ColumnStatistics>> masked) throws IOException {
    int stripes = encryption.stripeIds().length;
    if (masked.size() != stripes) {
      return masked;
    }
    List<List<ColumnStatistics>> out = new ArrayList<>();
    for (List<ColumnStatistics> s : masked) {
      out.add(new ArrayList<>(s));
    }
    long length = tail.postScript.stripeStatisticsLength();
    long start = tail.fileLength - tail.tailLength - length;
    FileRegion region = tail.region.slice("encrypted stripe statistics", start, length);
    long offset = start;
    for (int v = 0; v < footerKeys.length; v++) {
      for (StreamEntry e : encryption.variants().get(v).stripeStatistics()) {
        long len = e.length();
        if (len < 0 || offset + len > start + length || len > Integer.MAX_VALUE - 16) {
          throw region.corrupt("encryption variant %d's statistics of column %d (%d bytes at "
              + "%d) run past the section's end", v, Integer.toUnsignedLong(e.column()), len,
              offset);
        }
        int column = e.column();
        if (footerKeys[v] != null && e.kind() == StreamKind.STRIPE_STATISTICS) {
          FileRegion where = region.part("column", Integer.toUnsignedLong(column))
              .at(offset, len);
          if (variant(column) != v) {
            throw where.corrupt("statistics of column %d in encryption variant %d, whose "
                + "subtree does not hold it", Integer.toUnsignedLong(column), v);
          }
          byte[] bytes = in.read(offset, (int) len);
          OrcCrypto.apply(footerKeys[v], OrcCrypto.iv(column, OrcCrypto.STRIPE_STATISTICS_KIND,
              footerStripeId()), 0, bytes, 0, bytes.length);
          List<ColumnStatistics> real = TailMessages.parseColumnarStripeStatistics(where,
              OrcTail.decompress(where, bytes, 0, bytes.length, tail.codec, tail.blockSize));
          if (real.size() != stripes) {
            throw where.corrupt("%d stripe statistics of column %d for %d stripes",
                real.size(), column, stripes);
          }
          for (int s = 0; s < stripes; s++) {
            if (column < out.get(s).size()) {
              out.get(s).set(column, real.get(s));
            }
          }
        }
        offset += len;
      }
    }
    List<List<ColumnStatistics>> frozen = new ArrayList<>();
    for (List<ColumnStatistics> s : out) {
      frozen.add(List.copyOf(s));
    }
    return List.copyOf(frozen);
  }
}
