package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.crypto.OrcCrypto;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.StringStatistics;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code encrypted/sample1.orc} read with its key store (real values and statistics) and
 * without (the masked copies), and the key store read as Hadoop's provider reads it.
 */
class EncryptedReadTest {
  static final char[] PASSWORD = "ORC_KEY".toCharArray();
  static final String MASKED = "{\"ssn\": null, \"email\": "
      + "\"841626795E7D351555B835A002E3BF10669DE9B81C95A3D59E10865AC37EA7C3\", "
      + "\"name\": \"Dongjoon Hyun\"}\n";
  static final String REAL = "{\"ssn\": \"123456789\", \"email\": \"dongjoon@apache.org\", "
      + "\"name\": \"Dongjoon Hyun\"}\n";

  static Path dir() {
    return SharedData.orcExamples().resolve("encrypted");
  }

  static String cat(OrcReader r, ReadOptions options) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    JsonLinesWriter out = new JsonLinesWriter(bytes);
    try (BatchReader rows = r.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        batch.validate();
        out.write(batch);
      }
    }
    out.flush();
    return bytes.toString(StandardCharsets.UTF_8);
  }

  static OrcReader open(Path file, KeyProvider keys) throws IOException {
    return OrcReader.open(InputFile.local(file),
        OrcReadOptions.defaults().withKeyProvider(keys));
  }

  @Test
  void keystoreHoldsTheMasterKeyAsHadoopStoresIt() throws IOException {
    KeystoreKeyProvider keys = KeyProvider.keystore(dir().resolve("kms.keystore"), PASSWORD);
    assertThat(keys.keyVersions()).containsEntry("pii", 0);
    assertThat(keys.currentKey("pii")).isEqualTo(
        new KeyProvider.MasterKey("pii", 0, EncryptionAlgorithm.AES_CTR_256));
    assertThat(keys.currentKey("nope")).isNull();
  }

  @Test
  void withTheKeyTheRealValuesAndStatistics() throws IOException {
    KeyProvider keys = KeyProvider.keystore(dir().resolve("kms.keystore"), PASSWORD);
    try (OrcReader r = open(dir().resolve("sample1.orc"), keys)) {
      assertThat(r.decryptsAll()).isTrue();
      assertThat(cat(r, ReadOptions.defaults())).isEqualTo(REAL);
      assertThat(cat(r, ReadOptions.columns("email", "ssn")))
          .isEqualTo("{\"email\": \"dongjoon@apache.org\", \"ssn\": \"123456789\"}\n");
      List<ColumnStatistics> stats = r.statistics();
      assertThat(((StringStatistics) stats.get(1).typed()).minimum()).isEqualTo("123456789");
      assertThat(((StringStatistics) stats.get(2).typed()).maximum()).isEqualTo("dongjoon@apache.org");
      List<ColumnStatistics> stripe = r.stripeStatistics().get(0);
      assertThat(((StringStatistics) stripe.get(1).typed()).maximum()).isEqualTo("123456789");
      assertThat(((StringStatistics) stripe.get(2).typed()).minimum()).isEqualTo("dongjoon@apache.org");
    }
  }

  @Test
  void withoutTheKeyTheMaskedCopies() throws IOException {
    for (KeyProvider keys : new KeyProvider[] {null, KeyProvider.inMemory(),
        KeyProvider.inMemory().add("pii", 1, EncryptionAlgorithm.AES_CTR_256, new byte[32])}) {
      try (OrcReader r = open(dir().resolve("sample1.orc"), keys)) {
        assertThat(r.decryptsAny()).isFalse();
        assertThat(cat(r, ReadOptions.defaults())).isEqualTo(MASKED);
        assertThat(r.statistics().get(1).numberOfValues()).isZero();
      }
    }
  }

  @Test
  void inMemoryKeyReadsAsTheKeystoreDoes() throws Exception {
    java.security.KeyStore ks = java.security.KeyStore.getInstance("JCEKS");
    try (var in = java.nio.file.Files.newInputStream(dir().resolve("kms.keystore"))) {
      ks.load(in, PASSWORD);
    }
    byte[] material = ks.getKey("pii@0", PASSWORD).getEncoded();
    KeyProvider keys = KeyProvider.inMemory().add("pii", 0, EncryptionAlgorithm.AES_CTR_256,
        material);
    try (OrcReader r = open(dir().resolve("sample1.orc"), keys)) {
      assertThat(cat(r, ReadOptions.defaults())).isEqualTo(REAL);
    }
  }

  @Test
  void wrongPasswordSaysSo() {
    assertThatThrownBy(() -> KeyProvider.keystore(dir().resolve("kms.keystore"),
        "nope".toCharArray())).isInstanceOf(IOException.class)
        .hasMessageContaining("wrong key store password");
    assertThatThrownBy(() -> KeyProvider.keystore(dir().resolve("sample1.orc"), PASSWORD))
        .isInstanceOf(IOException.class).hasMessageContaining("key store");
  }

  @Test
  void counterModeAtAnyOffsetIsTheWholeStreamsSlice() {
    java.util.Random random = new java.util.Random(17);
    byte[] key = new byte[32];
    random.nextBytes(key);
    byte[] iv = OrcCrypto.iv(5, 1, 3);
    iv[15] = (byte) 0xff; // the counter carries into the higher bytes
    byte[] whole = new byte[1000];
    random.nextBytes(whole);
    byte[] expected = whole.clone();
    OrcCrypto.apply(key, iv, 0, expected, 0, expected.length);
    for (int from : new int[] {0, 1, 15, 16, 17, 255, 999}) {
      for (int len : new int[] {0, 1, 16, 100}) {
        int n = Math.min(len, whole.length - from);
        byte[] part = java.util.Arrays.copyOfRange(whole, from, from + n);
        OrcCrypto.apply(key, iv, from, part, 0, n);
        assertThat(part).as("from %d, %d bytes", from, n)
            .isEqualTo(java.util.Arrays.copyOfRange(expected, from, from + n));
      }
    }
    // its own inverse
    OrcCrypto.apply(key, iv, 0, expected, 0, expected.length);
    assertThat(expected).isEqualTo(whole);
  }
}
