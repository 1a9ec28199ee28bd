package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.nio.file.Paths;
import java.security.KeyStore;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cat --key-store} and {@code convert --encrypt --mask --key-store}: encrypted ORC
 * columns read with their keys and without, written with a key store's keys, and the errors
 * of a wrong password or a missing key.
 */
class OrcEncryptionCliTest {
  private static final String REAL = "{\"ssn\": \"123456789\", \"email\": "
      + "\"dongjoon@apache.org\", \"name\": \"Dongjoon Hyun\"}\n";
  private static final String MASKED = "{\"ssn\": null, \"email\": "
      + "\"841626795E7D351555B835A002E3BF10669DE9B81C95A3D59E10865AC37EA7C3\", "
      + "\"name\": \"Dongjoon Hyun\"}\n";

  @TempDir
  Path dir;

  private static Path encrypted() {
    String prop = System.getProperty("colfile.shared.dir");
    Path base = prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
    Path d = base.resolve("orc-examples").resolve("encrypted");
    assumeTrue(Files.isDirectory(d), "skipped: the ORC example files are not at " + d);
    return d;
  }

  @Test
  void catReadsTheRealValuesWithTheKeyStoreAndTheMaskedOnesWithout() {
    Path d = encrypted();
    String file = d.resolve("sample1.orc").toString();
    String store = d.resolve("kms.keystore").toString();
    Cli.Result with = Cli.run("cat", file, "--key-store", store, "--key-store-password",
        "ORC_KEY");
    assertThat(with.status()).as(with.err()).isZero();
    assertThat(with.out()).isEqualTo(REAL);
    Cli.Result without = Cli.run("cat", file);
    assertThat(without.status()).as(without.err()).isZero();
    assertThat(without.out()).isEqualTo(MASKED);
  }

  @Test
  void thePasswordMayComeFromTheEnvironmentAndIsNeverEchoed() {
    Path d = encrypted();
    String file = d.resolve("sample1.orc").toString();
    String store = d.resolve("kms.keystore").toString();
    // picocli reads ${COLFILE_KEY_STORE_PASSWORD} from a system property, then the environment
    System.setProperty(KeyStoreOptions.PASSWORD_VARIABLE, "ORC_KEY");
    try {
      Cli.Result r = Cli.run("cat", file, "--key-store", store);
      assertThat(r.status()).as(r.err()).isZero();
      assertThat(r.out()).isEqualTo(REAL);
      Cli.Result help = Cli.run("cat", "--help");
      assertThat(help.out()).contains("--key-store-password").doesNotContain("ORC_KEY");
    } finally {
      System.clearProperty(KeyStoreOptions.PASSWORD_VARIABLE);
    }
    Cli.Result wrong = Cli.run("cat", file, "--key-store", store, "--key-store-password",
        "s3cret-guess");
    assertThat(wrong.status()).isNotZero();
    assertThat(wrong.err()).contains("wrong key store password").doesNotContain("s3cret-guess");
    assertThat(wrong.out()).isEmpty();
  }

  @Test
  void convertEncryptsWithTheStoresKeyAndMasks() throws Exception {
    Path store = dir.resolve("keys.jceks");
    KeyStore ks = KeyStore.getInstance("JCEKS");
    ks.load(null, null);
    char[] password = "pw".toCharArray();
    byte[] key = new byte[16];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (i * 7 + 1);
    }
    ks.setEntry("pii@1", new KeyStore.SecretKeyEntry(new SecretKeySpec(key, "AES")),
        new KeyStore.PasswordProtection(password));
    try (OutputStream out = Files.newOutputStream(store)) {
      ks.store(out, password);
    }
    Path json = dir.resolve("in.jsonl");
    Files.writeString(json, "{\"id\": 1, \"ssn\": \"123-45-6789\", \"email\": \"a@b.c\"}\n"
        + "{\"id\": 2, \"ssn\": \"987-65-4321\", \"email\": null}\n", StandardCharsets.UTF_8);
    Path orc = dir.resolve("out.orc");
    Cli.Result convert = Cli.run("convert", json.toString(), orc.toString(), "--schema",
        "struct<id:bigint,ssn:string,email:string>", "--encrypt", "pii:ssn,email",
        "--mask", "sha256:ssn", "--key-store", store.toString(), "--key-store-password", "pw");
    assertThat(convert.status()).as(convert.err()).isZero();
    assertThat(new String(Files.readAllBytes(orc), StandardCharsets.ISO_8859_1))
        .doesNotContain("123-45-6789").doesNotContain("a@b.c");
    Cli.Result real = Cli.run("cat", orc.toString(), "--key-store", store.toString(),
        "--key-store-password", "pw");
    assertThat(real.status()).as(real.err()).isZero();
    assertThat(real.out()).isEqualTo(new String(Files.readAllBytes(json),
        StandardCharsets.UTF_8));
    Cli.Result masked = Cli.run("cat", orc.toString());
    assertThat(masked.status()).as(masked.err()).isZero();
    assertThat(masked.out()).isEqualTo("{\"id\": 1, \"ssn\": "
        + "\"01A54629EFB952287E554EB23EF69C52097A75AECC0E3A93CA0855AB6D7A31A0\", "
        + "\"email\": null}\n{\"id\": 2, \"ssn\": "
        + "\"ECDBC061A36DD6495E016BA4696DEDBC4C0B822B4D6EC55B4FB57D17F1DF5695\", \"email\": null}\n");

    // meta and stats: the real statistics with the keys, the masked copies' without
    for (String command : List.of("meta", "stats")) {
      Cli.Result keyed = Cli.run(command, orc.toString(), "--key-store", store.toString(),
          "--key-store-password", "pw");
      assertThat(keyed.status()).as(keyed.err()).isZero();
      assertThat(keyed.out()).as(command).contains("min: 123-45-6789", "max: 987-65-4321",
          "min: a@b.c").doesNotContain("01A54629EFB9");
      assertThat(keyed.out()).as(command).doesNotContain("pw");
      Cli.Result plain = Cli.run(command, orc.toString());
      assertThat(plain.status()).as(plain.err()).isZero();
      assertThat(plain.out()).as(command).contains("01A54629EFB9")
          .doesNotContain("123-45-6789").doesNotContain("a@b.c");
    }
    // orc-core's type attributes on the encrypted columns
    assertThat(Cli.run("schema", "--attributes", orc.toString()).out())
        .contains("2 ssn: encrypt=pii mask=sha256\n", "3 email: encrypt=pii\n");

    Cli.Result noKey = Cli.run("convert", json.toString(), dir.resolve("x.orc").toString(),
        "--encrypt", "nope:ssn", "--key-store", store.toString(), "--key-store-password", "pw");
    assertThat(noKey.status()).isNotZero();
    assertThat(noKey.err()).contains("no key named 'nope'");
    Cli.Result wrong = Cli.run("convert", json.toString(), dir.resolve("y.orc").toString(),
        "--encrypt", "pii:ssn", "--key-store", store.toString(), "--key-store-password", "no");
    assertThat(wrong.status()).isNotZero();
    assertThat(wrong.err()).contains("wrong key store password");
    Cli.Result maskOnly = Cli.run("convert", json.toString(), dir.resolve("z.orc").toString(),
        "--mask", "sha256:ssn");
    assertThat(maskOnly.status()).isNotZero();
    assertThat(maskOnly.err()).contains("--mask needs --encrypt");

    // merge: two encrypted files into one, which needs the keys
    Path second = dir.resolve("second.orc");
    Cli.Result again = Cli.run("convert", json.toString(), second.toString(), "--schema",
        "struct<id:bigint,ssn:string,email:string>", "--encrypt", "pii:ssn,email",
        "--mask", "sha256:ssn", "--key-store", store.toString(), "--key-store-password", "pw");
    assertThat(again.status()).as(again.err()).isZero();
    Path merged = dir.resolve("merged.orc");
    Cli.Result keyless = Cli.run("merge", merged.toString(), orc.toString(), second.toString());
    assertThat(keyless.status()).isNotZero();
    assertThat(keyless.err()).contains("master key pii version 1", "no key provider");
    assertThat(merged).doesNotExist();
    Cli.Result merge = Cli.run("merge", merged.toString(), orc.toString(), second.toString(),
        "--key-store", store.toString(), "--key-store-password", "pw");
    assertThat(merge.status()).as(merge.err()).isZero();
    String rows = new String(Files.readAllBytes(json), StandardCharsets.UTF_8);
    Cli.Result both = Cli.run("cat", merged.toString(), "--key-store", store.toString(),
        "--key-store-password", "pw");
    assertThat(both.status()).as(both.err()).isZero();
    assertThat(both.out()).isEqualTo(rows + rows);
    assertThat(Cli.run("cat", merged.toString()).out()).isEqualTo(masked.out() + masked.out());
  }
}
