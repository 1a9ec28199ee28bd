package io.colfile.kudu.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kudu's protobuf container format on hand-made files: records of both versions, the torn last
 * record a crash leaves (ends a version 2 file cleanly, is damage in version 1) and checksums
 * that do not match (damage naming the file and the checksum's offset).
 */
class ProtoContainerTest {
  private static final byte[] A = "first record".getBytes(StandardCharsets.UTF_8);
  private static final byte[] B = "second, longer record".getBytes(StandardCharsets.UTF_8);

  private static ProtoContainer read(byte[] bytes) throws IOException {
    return ProtoContainer.read(InputFile.of("t.container", bytes));
  }

  /** Where the first record after the supplemental header starts. */
  private static int firstRecordAt(int version) {
    return Containers.container(version, "x.T", List.of()).length;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void readsRecordsOfBothVersions(int version) throws IOException {
    ProtoContainer c = read(Containers.container(version, "x.T", List.of(A, B)));
    assertThat(c.version()).isEqualTo(version);
    assertThat(c.messageType()).isEqualTo("x.T");
    assertThat(c.records()).hasSize(2);
    assertThat(c.records().get(0).body()).isEqualTo(A);
    assertThat(c.records().get(1).body()).isEqualTo(B);
    int head = version == 2 ? 8 : 4;
    assertThat(c.records().get(0).offset()).isEqualTo(firstRecordAt(version));
    assertThat(c.records().get(1).offset()).isEqualTo(firstRecordAt(version) + head + A.length
        + 4);
    assertThat(c.tornAt()).isEqualTo(-1);
    assertThat(c.single("x.T").body()).isEqualTo(A);
  }

  @Test
  void aTornLastRecordEndsAVersion2FileCleanly() throws IOException {
    byte[] whole = Containers.container(2, "x.T", List.of(A, B));
    int secondAt = firstRecordAt(2) + 8 + A.length + 4;
    for (int cut = secondAt + 1; cut < whole.length; cut++) {
      ProtoContainer c = read(Arrays.copyOf(whole, cut));
      assertThat(c.records()).as("cut at %d", cut).hasSize(1);
      assertThat(c.records().get(0).body()).isEqualTo(A);
      assertThat(c.tornAt()).isEqualTo(secondAt);
    }
  }

  @Test
  void zerosWhereARecordShouldBeAreATornRecord() throws IOException {
    byte[] one = Containers.container(2, "x.T", List.of(A));
    ProtoContainer c = read(Arrays.copyOf(one, one.length + 4096)); // extended, not written
    assertThat(c.records()).hasSize(1);
    assertThat(c.tornAt()).isEqualTo(one.length);
  }

  @Test
  void zerosFollowedByDataAreDamage() {
    byte[] one = Containers.container(2, "x.T", List.of(A));
    byte[] bytes = Arrays.copyOf(one, one.length + 64);
    bytes[bytes.length - 1] = 1;
    assertThatThrownBy(() -> read(bytes)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("record length checksum does not match")
        .hasMessageContaining("t.container")
        .satisfies(e -> assertThat(((CorruptFileException) e).fileOffset())
            .isEqualTo(one.length + 4));
  }

  @Test
  void aTornRecordIsDamageInVersion1() {
    byte[] whole = Containers.container(1, "x.T", List.of(A, B));
    assertThatThrownBy(() -> read(Arrays.copyOf(whole, whole.length - 3)))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("runs past the end of the file");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void aFlippedBodyByteIsDamageAtTheRecordChecksum(int version) {
    byte[] bytes = Containers.container(version, "x.T", List.of(A, B));
    int head = version == 2 ? 8 : 4;
    int at = firstRecordAt(version);
    bytes[at + head + 3] ^= 0x10;
    assertThatThrownBy(() -> read(bytes)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("checksum does not match")
        .hasMessageContaining("t.container")
        .satisfies(e -> assertThat(((CorruptFileException) e).fileOffset())
            .isEqualTo(at + head + A.length));
  }

  @Test
  void aFlippedByteInTheLastRecordIsDamageNotATornRecord() {
    byte[] bytes = Containers.container(2, "x.T", List.of(A, B));
    bytes[bytes.length - 6] ^= 1;
    assertThatThrownBy(() -> read(bytes)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("record body checksum does not match");
  }

  @Test
  void headerDamage() {
    byte[] good = Containers.container(2, "x.T", List.of(A));
    byte[] magic = good.clone();
    magic[0] = 'K';
    assertThatThrownBy(() -> read(magic)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("magic");
    byte[] version = good.clone();
    version[8] = 3;
    assertThatThrownBy(() -> read(version)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("version 3");
    byte[] crc = good.clone();
    crc[13] ^= 1;
    assertThatThrownBy(() -> read(crc)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("file header checksum");
    assertThatThrownBy(() -> read(Arrays.copyOf(good, 10)))
        .isInstanceOf(CorruptFileException.class);
    assertThatThrownBy(() -> read(Arrays.copyOf(good, 16)))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("supplemental header");
  }

  @Test
  void singleChecksTheTypeAndThatARecordIsThere() throws IOException {
    assertThatThrownBy(() -> read(Containers.container(2, "x.T", List.of(A))).single("y.U"))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("not y.U");
    assertThatThrownBy(() -> read(Containers.container(2, "x.T", List.of())).single("x.T"))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("holds no x.T record");
  }

  @Test
  void anAbsurdRecordLengthIsRefusedBeforeReading() {
    byte[] head = Containers.container(2, "x.T", List.of());
    byte[] len = Containers.le32(0x7fffffff);
    byte[] bytes = new byte[head.length + 8 + 16];
    System.arraycopy(head, 0, bytes, 0, head.length);
    System.arraycopy(len, 0, bytes, head.length, 4);
    System.arraycopy(Containers.le32(Containers.crc(len)), 0, bytes, head.length + 4, 4);
    assertThatThrownBy(() -> read(bytes)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("record of 2147483647 bytes");
  }
}
