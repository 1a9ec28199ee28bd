package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.proto.OrcProto;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An encrypted file whose Encryption section lies (a root, key or local key that does not
 * exist, an unknown cipher, statistics beyond their section or not statistics at all) read
 * with its keys: a CorruptFileException naming where, never a crash.
 */
class EncryptedHostileTest {
  static final Type SCHEMA = Type.parse("struct<id:bigint,secret:string>");

  @TempDir
  Path dir;

  private byte[] written(KeyProvider keys) throws IOException {
    Path file = dir.resolve("good.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(CompressionCodec.NONE)
        .encrypt(keys, "k:secret").build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(file), SCHEMA, options)) {
      ColumnBatch batch = new ColumnBatch(SCHEMA, 100);
      for (int i = 0; i < 100; i++) {
        ((LongVector) batch.cols[0]).vector[i] = i;
        byte[] s = ("s" + i).getBytes(StandardCharsets.UTF_8);
        ((BytesVector) batch.cols[1]).setRef(i, s, 0, s.length);
      }
      batch.size = 100;
      w.write(batch);
    }
    return Files.readAllBytes(file);
  }

  /** {@code file} with its (uncompressed) footer changed by {@code change}. */
  static byte[] withFooter(byte[] file, UnaryOperator<OrcProto.Footer.Builder> change)
      throws IOException {
    int psLen = file[file.length - 1] & 0xff;
    OrcProto.PostScript ps = OrcProto.PostScript.parseFrom(
        Arrays.copyOfRange(file, file.length - 1 - psLen, file.length - 1));
    int footerStart = (int) (file.length - 1 - psLen - ps.getFooterLength());
    OrcProto.Footer footer = OrcProto.Footer.parseFrom(
        Arrays.copyOfRange(file, footerStart, file.length - 1 - psLen));
    byte[] f = change.apply(footer.toBuilder()).build().toByteArray();
    byte[] p = ps.toBuilder().setFooterLength(f.length).build().toByteArray();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(file, 0, footerStart);
    out.write(f);
    out.write(p);
    out.write(p.length);
    return out.toByteArray();
  }

  private static void readAll(byte[] bytes, KeyProvider keys) throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.of("hostile.orc", bytes),
        OrcReadOptions.defaults().withKeyProvider(keys))) {
      r.stripeStatistics();
      try (BatchReader rows = r.read(ReadOptions.defaults())) {
        ColumnBatch batch = rows.newBatch();
        while (rows.next(batch)) {
          batch.validate();
        }
      }
    }
  }

  @Test
  void lyingEncryptionSectionsAreCorrupt() throws IOException {
    byte[] material = new byte[32];
    Arrays.fill(material, (byte) 7);
    KeyProvider keys = KeyProvider.inMemory().add("k", 0, EncryptionAlgorithm.AES_CTR_256,
        material);
    byte[] good = written(keys);
    readAll(good, keys); // the unchanged file reads
    UnaryOperator<OrcProto.EncryptionVariant.Builder>[] variants = new UnaryOperator[] {
        v -> ((OrcProto.EncryptionVariant.Builder) v).setRoot(99),
        v -> ((OrcProto.EncryptionVariant.Builder) v).setRoot(0),
        v -> ((OrcProto.EncryptionVariant.Builder) v).setKey(5),
        v -> ((OrcProto.EncryptionVariant.Builder) v).setEncryptedKey(
            com.google.protobuf.ByteString.copyFrom(new byte[3])),
        v -> ((OrcProto.EncryptionVariant.Builder) v).setFileStatistics(
            com.google.protobuf.ByteString.copyFrom(new byte[] {1, 2, 3, 4, 5, 6, 7})),
        v -> ((OrcProto.EncryptionVariant.Builder) v).setStripeStatistics(0,
            ((OrcProto.EncryptionVariant.Builder) v).getStripeStatistics(0).toBuilder()
                .setLength(1L << 40)),
        v -> ((OrcProto.EncryptionVariant.Builder) v).setStripeStatistics(0,
            ((OrcProto.EncryptionVariant.Builder) v).getStripeStatistics(0).toBuilder()
                .setColumn(1)),
    };
    for (int i = 0; i < variants.length; i++) {
      UnaryOperator<OrcProto.EncryptionVariant.Builder> change = variants[i];
      byte[] bad = withFooter(good, f -> {
        OrcProto.Encryption.Builder e = f.getEncryptionBuilder();
        change.apply(e.getVariantsBuilder(0));
        return f;
      });
      assertThatThrownBy(() -> readAll(bad, keys)).as("change %d", i)
          .isInstanceOf(CorruptFileException.class).hasMessageContaining("hostile.orc");
    }
    byte[] unknownCipher = withFooter(good, f -> {
      f.getEncryptionBuilder().getKeyBuilder(0).setAlgorithm(
          OrcProto.EncryptionAlgorithm.UNKNOWN_ENCRYPTION);
      return f;
    });
    assertThatThrownBy(() -> readAll(unknownCipher, keys))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("unknown algorithm");
    byte[] shortStripeKey = withFooter(good, f -> {
      f.getStripesBuilder(0).setEncryptedLocalKeys(0,
          com.google.protobuf.ByteString.copyFrom(new byte[31]));
      return f;
    });
    assertThatThrownBy(() -> readAll(shortStripeKey, keys))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("local key of 31 bytes");
  }
}
