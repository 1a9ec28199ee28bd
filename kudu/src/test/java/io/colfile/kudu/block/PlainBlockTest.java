package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import io.colfile.testkit.Hex;
import org.junit.jupiter.api.Test;

/** PLAIN fixed-width blocks (cfile.md section 6.1): the spec's INT64 block and the length check. */
class PlainBlockTest {
  @Test
  void int64BlockOfSection61() throws MalformedInputException {
    // The spec shows the header and the first two of ten values, -3 and 997.
    byte[] cells = new byte[80];
    Endian.putLongLE(cells, 0, -3);
    Endian.putLongLE(cells, 8, 997);
    for (int i = 2; i < 10; i++) {
      Endian.putLongLE(cells, 8 * i, 1000L * i);
    }
    BlockEncoder enc = BlockCodecs.encoder(KuduEncoding.PLAIN, PhysicalType.INT64, 256 << 10);
    assertThat(enc.addCells(cells, 0, 10)).isEqualTo(10);
    byte[] block = enc.finish(0);
    assertThat(Hex.of(java.util.Arrays.copyOf(block, 24))).isEqualTo(Hex.of(Hex.bytes(
        "0a 00 00 00 00 00 00 00 fd ff ff ff ff ff ff ff e5 03 00 00 00 00 00 00")));
    assertThat(block).hasSize(8 + 80);
    BlockDecoder dec = BlockCodecs.decoder(KuduEncoding.PLAIN, PhysicalType.INT64, block, 0,
        block.length);
    byte[] back = new byte[80];
    dec.readCells(back, 0, 10);
    assertThat(back).isEqualTo(cells);
  }

  @Test
  void lengthMustBeHeaderPlusCountCells() {
    byte[] block = Hex.bytes("02 00 00 00 00 00 00 00 01 00 00 00 02 00 00");
    assertThatThrownBy(() -> BlockCodecs.decoder(KuduEncoding.PLAIN, PhysicalType.INT32, block,
        0, block.length)).isInstanceOf(MalformedInputException.class);
  }
}
