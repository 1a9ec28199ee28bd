package io.colfile.core.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.CoreTestSeed;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(CoreTestSeed.class)
class EndianTest {
  @Test
  void byteOrderOfKnownValues() {
    byte[] b = {1, 2, 3, 4, 5, 6, 7, 8, (byte) 0xF0};
    assertThat(Endian.getShortLE(b, 0)).isEqualTo((short) 0x0201);
    assertThat(Endian.getShortBE(b, 0)).isEqualTo((short) 0x0102);
    assertThat(Endian.getIntLE(b, 1)).isEqualTo(0x05040302);
    assertThat(Endian.getIntBE(b, 1)).isEqualTo(0x02030405);
    assertThat(Endian.getLongLE(b, 1)).isEqualTo(0xF008070605040302L);
    assertThat(Endian.getLongBE(b, 1)).isEqualTo(0x02030405060708F0L);
  }

  /** Every accessor agrees with ByteBuffer at every (unaligned) offset. */
  @Test
  void agreesWithByteBufferAtUnalignedOffsets() {
    Random r = CoreTestSeed.random(0);
    byte[] b = new byte[64];
    r.nextBytes(b);
    ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer be = ByteBuffer.wrap(b).order(ByteOrder.BIG_ENDIAN);
    for (int off = 0; off + 8 <= b.length; off++) {
      String at = "offset " + off + ", " + CoreTestSeed.replay();
      assertThat(Endian.getShortLE(b, off)).as(at).isEqualTo(le.getShort(off));
      assertThat(Endian.getIntLE(b, off)).as(at).isEqualTo(le.getInt(off));
      assertThat(Endian.getLongLE(b, off)).as(at).isEqualTo(le.getLong(off));
      assertThat(Float.floatToRawIntBits(Endian.getFloatLE(b, off))).as(at)
          .isEqualTo(Float.floatToRawIntBits(le.getFloat(off)));
      assertThat(Double.doubleToRawLongBits(Endian.getDoubleLE(b, off))).as(at)
          .isEqualTo(Double.doubleToRawLongBits(le.getDouble(off)));
      assertThat(Endian.getShortBE(b, off)).as(at).isEqualTo(be.getShort(off));
      assertThat(Endian.getIntBE(b, off)).as(at).isEqualTo(be.getInt(off));
      assertThat(Endian.getLongBE(b, off)).as(at).isEqualTo(be.getLong(off));
    }
  }

  @Test
  void storesReadBack() {
    Random r = CoreTestSeed.random(0);
    byte[] b = new byte[16];
    ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer be = ByteBuffer.wrap(b).order(ByteOrder.BIG_ENDIAN);
    for (int i = 0; i < 100; i++) {
      long v = r.nextLong();
      int off = r.nextInt(9);
      Endian.putLongLE(b, off, v);
      assertThat(le.getLong(off)).isEqualTo(v);
      Endian.putLongBE(b, off, v);
      assertThat(be.getLong(off)).isEqualTo(v);
      Endian.putIntLE(b, off, (int) v);
      assertThat(le.getInt(off)).isEqualTo((int) v);
      Endian.putIntBE(b, off, (int) v);
      assertThat(be.getInt(off)).isEqualTo((int) v);
      Endian.putShortLE(b, off, (short) v);
      assertThat(le.getShort(off)).isEqualTo((short) v);
      Endian.putShortBE(b, off, (short) v);
      assertThat(be.getShort(off)).isEqualTo((short) v);
    }
  }

  @Test
  void outOfRangeIsAnIndexError() {
    byte[] b = new byte[7];
    assertThatThrownBy(() -> Endian.getLongLE(b, 0))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> Endian.putIntBE(b, 4, 1))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }
}
