package io.colfile.kudu.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.rowset.KuduColumn;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Row operations laid out as Kudu's client encodes them, decoded back. */
class RowOperationsTest {
  static final List<KuduColumn> COLUMNS = List.of(
      KuduColumn.of("id", 0, KuduType.INT64, false, true),
      KuduColumn.of("s", 1, KuduType.STRING, true, false),
      KuduColumn.of("i8", 2, KuduType.INT8, true, false),
      KuduColumn.of("d", 3, KuduType.DOUBLE, true, false),
      KuduColumn.of("dec", 4, KuduType.DECIMAL128, true, false),
      KuduColumn.of("b", 5, KuduType.BOOL, true, false));

  static ByteBuffer le(int n) {
    return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
  }

  @Test
  void insertUpdateAndDeleteDecode() throws Exception {
    ByteArrayOutputStream rows = new ByteArrayOutputStream();
    byte[] indirect = "hello".getBytes(StandardCharsets.UTF_8);
    // INSERT id=7, s='hello', i8=-3, d=2.5, dec=-1 (128 bits), b=true: all set, none null
    rows.write(1);
    rows.write(0b111111);
    rows.write(0);
    rows.writeBytes(le(8).putLong(7).array());
    rows.writeBytes(le(16).putLong(0).putLong(5).array());
    rows.write(-3);
    rows.writeBytes(le(8).putDouble(2.5).array());
    rows.writeBytes(le(16).putLong(-1).putLong(-1).array());
    rows.write(1);
    // UPDATE id=7 set s=NULL, i8=4
    rows.write(2);
    rows.write(0b000111);
    rows.write(0b000010);
    rows.writeBytes(le(8).putLong(7).array());
    rows.write(4);
    // DELETE id=7
    rows.write(3);
    rows.write(0b000001);
    rows.write(0);
    rows.writeBytes(le(8).putLong(7).array());

    List<RowOperations.Op> ops =
        RowOperations.decode(rows.toByteArray(), indirect, COLUMNS, "wal-1 / op 1.2");
    assertThat(ops).extracting(RowOperations.Op::type).containsExactly(
        RowOperations.Type.INSERT, RowOperations.Type.UPDATE, RowOperations.Type.DELETE);
    RowOperations.Op insert = ops.get(0);
    assertThat(insert.values()[0]).isEqualTo(7L);
    assertThat((byte[]) insert.values()[1]).isEqualTo(indirect);
    assertThat(insert.values()[2]).isEqualTo(-3L);
    assertThat(insert.values()[3]).isEqualTo(2.5);
    assertThat(insert.values()[4]).isEqualTo(BigInteger.valueOf(-1));
    assertThat(insert.values()[5]).isEqualTo(true);
    RowOperations.Op update = ops.get(1);
    assertThat(update.isSet(1)).isTrue();
    assertThat(update.values()[1]).isNull();
    assertThat(update.values()[2]).isEqualTo(4L);
    assertThat(update.isSet(3)).isFalse();
    assertThat(ops.get(2).set()).containsExactly(true, false, false, false, false, false);
  }

  @Test
  void damagedRowsNameTheOperation() {
    byte[] shortRow = {1, 0b1, 0, 7, 0, 0};
    assertThatThrownBy(() -> RowOperations.decode(shortRow, new byte[0], COLUMNS, "w"))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("column id runs past the end");
    byte[] badType = {42, 0, 0};
    assertThatThrownBy(() -> RowOperations.decode(badType, new byte[0], COLUMNS, "w"))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("operation type 42");
    ByteBuffer slice = le(1 + 2 + 8 + 16).put((byte) 1).put((byte) 0b11).put((byte) 0)
        .putLong(1).putLong(3).putLong(10);
    assertThatThrownBy(() -> RowOperations.decode(slice.array(), new byte[5], COLUMNS, "w"))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("indirect data");
  }
}
