package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * colfile's encrypted files read back by colfile: with the keys the rows written, without them
 * the masked copies; the plaintext of encrypted columns never in the file's bytes.
 */
@ExtendWith(TestSeed.class)
class EncryptedWriteTest {
  static final Type SCHEMA = Type.parse("struct<id:bigint,name:string,ssn:string,"
      + "pii:struct<a:int,c:string>,tags:array<string>>");

  @TempDir
  Path dir;

  static KeyProvider keys(Random r, EncryptionAlgorithm a) {
    byte[] pii = new byte[a.keyLength];
    byte[] other = new byte[16];
    r.nextBytes(pii);
    r.nextBytes(other);
    return KeyProvider.inMemory().add("pii", 2, a, pii)
        .add("other", 0, EncryptionAlgorithm.AES_CTR_128, other);
  }

  @Test
  void readsBackWithAndWithoutKeys() throws IOException {
    for (EncryptionAlgorithm a : EncryptionAlgorithm.values()) {
      Random r = TestSeed.random("orc-encrypted-write", a.ordinal());
      KeyProvider keys = keys(r, a);
      OrcWriterOptions options = OrcWriterOptions.builder().stripeSize(32 * 1024).memoryCheckRows(200)
          .rowIndexStride(1000).compressionBlockSize(4096)
          .bloomFilterColumns(List.of("ssn", "pii"))
          .encrypt(keys, "pii:ssn,pii;other:tags").masks("sha256:ssn;redact:pii").build();
      Path file = dir.resolve("enc-" + a + ".orc");
      WrittenFile written = WrittenFile.write(file, r, SCHEMA, options, 5000);
      try (OrcReader reader = OrcReader.open(InputFile.local(file),
          OrcReadOptions.defaults().withKeyProvider(keys))) {
        assertThat(reader.decryptsAll()).isTrue();
        assertThat(reader.stripes().size()).as("stripes").isGreaterThan(1);
        assertThat(EncryptedReadTest.cat(reader, ReadOptions.defaults()))
            .isEqualTo(String.join("\n", written.lines()) + "\n");
      }
      try (OrcReader reader = OrcReader.open(InputFile.local(file))) {
        assertThat(reader.hasEncryption()).isTrue();
        String masked = EncryptedReadTest.cat(reader, ReadOptions.columns("tags"));
        assertThat(masked.split("\n")).allMatch(l -> l.equals("{\"tags\": null}"));
        // the masked copies: ssn as its SHA-256, pii's int redacted to nines
        String[] ssn = EncryptedReadTest.cat(reader, ReadOptions.columns("ssn")).split("\n");
        assertThat(ssn).hasSize(written.lines().size())
            .allMatch(l -> l.matches("\\{\"ssn\": (null|\"[0-9A-F]{64}\")}"));
        long realSsn = written.lines().stream().filter(l -> !l.contains("\"ssn\": null"))
            .count();
        assertThat(java.util.Arrays.stream(ssn).filter(l -> !l.contains("null")).count())
            .isEqualTo(realSsn);
        String[] pii = EncryptedReadTest.cat(reader, ReadOptions.columns("pii")).split("\n");
        assertThat(pii).allMatch(l -> l.matches(".*\"a\": (null|-?9+),.*") || l.contains(
            "{\"pii\": null}"));
      }
    }
  }

  /**
   * A projection whose streams are read in two spans (an unencrypted column of more than the
   * 1 MiB merge gap between them) into one reused array: the encrypted column's bytes, at an
   * offset in that array, are decrypted where they lie. (The decryption once took their offset
   * in the span for their offset in the array and read garbage.)
   */
  @Test
  void encryptedStreamsReadAfterAGapDecryptWhereTheyLie() throws IOException {
    Type schema = Type.parse("struct<id:bigint,name:string,ssn:string>");
    Random r = TestSeed.random("orc-encrypted-gap", 0);
    KeyProvider keys = keys(r, EncryptionAlgorithm.AES_CTR_128);
    OrcWriterOptions options = OrcWriterOptions.builder()
        .compression(io.colfile.core.codec.CompressionCodec.NONE)
        .encrypt(keys, "pii:ssn").build();
    Path file = dir.resolve("gap.orc");
    int rows = 6000;
    List<String> ssns = new ArrayList<>();
    try (OrcWriter w = OrcWriter.create(io.colfile.core.io.OutputFile.local(file), schema,
        options)) {
      io.colfile.core.vector.ColumnBatch b = new io.colfile.core.vector.ColumnBatch(schema, rows);
      for (int i = 0; i < rows; i++) {
        ((io.colfile.core.vector.LongVector) b.cols[0]).vector[i] = i;
        byte[] name = new byte[300];
        for (int k = 0; k < name.length; k++) {
          name[k] = (byte) ('a' + r.nextInt(26));
        }
        ((io.colfile.core.vector.BytesVector) b.cols[1]).setRef(i, name, 0, name.length);
        String ssn = String.format("%09d", r.nextInt(1_000_000_000));
        ssns.add(ssn);
        byte[] v = ssn.getBytes(StandardCharsets.UTF_8);
        ((io.colfile.core.vector.BytesVector) b.cols[2]).setRef(i, v, 0, v.length);
      }
      b.size = rows;
      w.write(b);
    }
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < rows; i++) {
      expected.append("{\"id\": ").append(i).append(", \"ssn\": \"").append(ssns.get(i))
          .append("\"}\n");
    }
    try (OrcReader reader = OrcReader.open(InputFile.local(file),
        OrcReadOptions.defaults().withKeyProvider(keys))) {
      assertThat(reader.stripes()).hasSize(1);
      assertThat(EncryptedReadTest.cat(reader, ReadOptions.columns("id", "ssn")))
          .isEqualTo(expected.toString());
    }
  }

  @Test
  void thePlaintextOfEncryptedColumnsIsNowhereInTheFile() throws IOException {
    Random r = TestSeed.random("orc-encrypted-plaintext", 0);
    KeyProvider keys = keys(r, EncryptionAlgorithm.AES_CTR_256);
    Type schema = Type.parse("struct<id:bigint,secret:string,nested:struct<s:string>>");
    List<String> secrets = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      secrets.add("SECRET-" + Long.toHexString(r.nextLong()) + "-" + i);
    }
    Path file = dir.resolve("secret.orc");
    for (io.colfile.core.codec.CompressionCodec codec : new io.colfile.core.codec
        .CompressionCodec[] {io.colfile.core.codec.CompressionCodec.NONE,
        io.colfile.core.codec.CompressionCodec.ZLIB}) {
      OrcWriterOptions options = OrcWriterOptions.builder().compression(codec)
          .stripeSize(4096).rowIndexStride(1000).memoryCheckRows(100)
          .bloomFilterColumns(List.of("secret", "nested"))
          .encrypt(keys, "pii:secret,nested").build();
      try (OrcWriter w = OrcWriter.create(io.colfile.core.io.OutputFile.local(file), schema,
          options)) {
        io.colfile.core.vector.ColumnBatch batch = new io.colfile.core.vector.ColumnBatch(
            schema, 1000);
        for (int b = 0; b < 10; b++) {
          batch.reset();
          for (int i = 0; i < 1000; i++) {
            byte[] s = secrets.get((b * 1000 + i) % secrets.size())
                .getBytes(StandardCharsets.UTF_8);
            ((io.colfile.core.vector.LongVector) batch.cols[0]).vector[i] = b * 1000 + i;
            ((io.colfile.core.vector.BytesVector) batch.cols[1]).setRef(i, s, 0, s.length);
            ((io.colfile.core.vector.BytesVector) ((io.colfile.core.vector.StructVector)
                batch.cols[2]).fields[0]).setRef(i, s, 0, s.length);
          }
          batch.size = 1000;
          w.write(batch);
        }
      }
      byte[] bytes = Files.readAllBytes(file);
      String raw = new String(bytes, StandardCharsets.ISO_8859_1);
      for (String s : secrets) {
        assertThat(raw).as(codec + ": the file holds %s", s).doesNotContain(s);
        assertThat(raw).as("%s", codec).doesNotContain(s.substring(0, 12));
      }
      try (OrcReader reader = OrcReader.open(InputFile.local(file),
          OrcReadOptions.defaults().withKeyProvider(keys))) {
        assertThat(reader.stripes().size()).isGreaterThan(1);
        String text = EncryptedReadTest.cat(reader, ReadOptions.columns("secret"));
        assertThat(text).contains(secrets.get(0));
        assertThat(reader.statistics().get(2).get("min")).isEqualTo(
            secrets.stream().sorted().findFirst().orElseThrow());
      }
    }
  }

  @Test
  void withTheKeysPushdownUsesTheRealStatistics() throws IOException {
    Random r = TestSeed.random("orc-encrypted-pushdown", 0);
    KeyProvider keys = keys(r, EncryptionAlgorithm.AES_CTR_128);
    Type schema = Type.parse("struct<id:bigint,secret:bigint>");
    Path file = dir.resolve("pushdown.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().stripeSize(2048).memoryCheckRows(100)
        .encrypt(keys, "pii:secret").build();
    try (OrcWriter w = OrcWriter.create(io.colfile.core.io.OutputFile.local(file), schema,
        options)) {
      io.colfile.core.vector.ColumnBatch batch = new io.colfile.core.vector.ColumnBatch(
          schema, 1000);
      for (int b = 0; b < 20; b++) {
        for (int i = 0; i < 1000; i++) {
          ((io.colfile.core.vector.LongVector) batch.cols[0]).vector[i] = b * 1000 + i;
          ((io.colfile.core.vector.LongVector) batch.cols[1]).vector[i] = (b * 1000L + i) * 3;
        }
        batch.size = 1000;
        w.write(batch);
      }
    }
    ReadOptions filtered = ReadOptions.defaults().withFilter(
        io.colfile.core.filter.Predicate.parse("secret = 31500"));
    try (OrcReader reader = OrcReader.open(InputFile.local(file),
        OrcReadOptions.defaults().withKeyProvider(keys));
         io.colfile.core.BatchReader rows = reader.read(filtered)) {
      assertThat(reader.stripes().size()).isGreaterThan(3);
      io.colfile.core.vector.ColumnBatch batch = rows.newBatch();
      List<Long> ids = new ArrayList<>();
      while (rows.next(batch)) {
        for (int i = 0; i < batch.size; i++) {
          ids.add(((io.colfile.core.vector.LongVector) batch.cols[0]).vector[i]);
        }
      }
      assertThat(ids).containsExactly(10500L);
      assertThat(rows.report().counts(OrcBatchReader.STRIPES).skipped())
          .isEqualTo(reader.stripes().size() - 1);
    }
    // without the key the masked (null) statistics are not trusted: every stripe is read
    try (OrcReader reader = OrcReader.open(InputFile.local(file));
         io.colfile.core.BatchReader rows = reader.read(filtered)) {
      io.colfile.core.vector.ColumnBatch batch = rows.newBatch();
      int n = 0;
      while (rows.next(batch)) {
        n += batch.size;
      }
      assertThat(n).isZero();
      assertThat(rows.report().counts(OrcBatchReader.STRIPES).skipped()).isZero();
    }
  }

  @Test
  void unknownKeysAndColumnsAreRefused() {
    KeyProvider keys = KeyProvider.inMemory();
    assertThatThrownBy(() -> OrcWriter.create(io.colfile.core.io.OutputFile.local(
        dir.resolve("x.orc")), SCHEMA, OrcWriterOptions.builder().encrypt(keys, "nope:ssn")
        .build())).hasMessageContaining("no key named 'nope'");
    KeyProvider some = keys(new Random(1), EncryptionAlgorithm.AES_CTR_128);
    assertThatThrownBy(() -> OrcWriter.create(io.colfile.core.io.OutputFile.local(
        dir.resolve("y.orc")), SCHEMA, OrcWriterOptions.builder().encrypt(some, "pii:nope")
        .build())).hasMessageContaining("no column named 'nope'");
    assertThatThrownBy(() -> OrcWriter.create(io.colfile.core.io.OutputFile.local(
        dir.resolve("z.orc")), SCHEMA, OrcWriterOptions.builder().encrypt(some,
        "pii:pii;other:pii.a").build())).hasMessageContaining("does not nest");
  }
}
