package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Byte RLE and boolean RLE encoders (orc.md sections 6.2, 6.3): examples and round trips. */
@Timeout(60)
@ExtendWith(TestSeed.class)
class ByteRleEncoderTest {

  static String bytes(int... values) throws Exception {
    OrcOutputStream out = new OrcOutputStream(null, 0);
    ByteRleEncoder e = new ByteRleEncoder(out);
    for (int v : values) {
      e.write((byte) v);
    }
    e.flush();
    return Hex.of(out.toByteArray());
  }

  static String bits(boolean... values) throws Exception {
    OrcOutputStream out = new OrcOutputStream(null, 0);
    BooleanEncoder e = new BooleanEncoder(out);
    for (boolean v : values) {
      e.write(v);
    }
    e.flush();
    return Hex.of(out.toByteArray());
  }

  @Test
  void specExamples() throws Exception {
    assertThat(bytes(new int[100])).isEqualTo("61 00");
    assertThat(bytes(0x44, 0x45)).isEqualTo("fe 44 45");
    assertThat(bits(true, false, false, false, false, false, false, false)).isEqualTo("ff 80");
    assertThat(bits(true)).isEqualTo("ff 80"); // padded with zero bits
  }

  @Test
  void groupBoundaries() throws Exception {
    // a run starts at the third equal byte; literals before it go first
    assertThat(bytes(1, 2, 3, 3, 3)).isEqualTo("fe 01 02 00 03");
    // runs end at 130, literal groups at 128
    int[] long131 = new int[131];
    Arrays.fill(long131, 9);
    assertThat(bytes(long131)).isEqualTo("7f 09 ff 09");
    int[] distinct = new int[129];
    for (int i = 0; i < distinct.length; i++) {
      distinct[i] = i;
    }
    String hex = bytes(distinct);
    assertThat(hex).startsWith("80 00 01").endsWith("7f ff 80");
  }

  @Test
  void bytesRoundTripWithPositions() throws Exception {
    Random r = TestSeed.random("byteRleEncoder", 0);
    for (int round = 0; round < 40; round++) {
      WrittenStream s = WrittenStream.random(r);
      byte[] values = new byte[r.nextInt(5000)];
      for (int i = 0; i < values.length; ) {
        byte x = (byte) r.nextInt();
        int times = r.nextBoolean() ? 1 : 1 + r.nextInt(r.nextBoolean() ? 5 : 300);
        for (int k = 0; k < times && i < values.length; k++) {
          values[i++] = x;
        }
      }
      ByteRleEncoder e = new ByteRleEncoder(s.out);
      List<Integer> marked = new ArrayList<>();
      List<PositionList> positions = new ArrayList<>();
      for (int i = 0; i < values.length; i++) {
        if (r.nextInt(30) == 0) {
          PositionList p = PositionList.of(e.checkpoint(), s.out.isCompressed());
          marked.add(i);
          positions.add(p);
        }
        e.write(values[i]);
      }
      e.flush();
      ByteRleDecoder d = new ByteRleDecoder(s.open());
      byte[] read = new byte[values.length];
      d.next(read, 0, read.length);
      assertThat(read).as("%s, %s", s, TestSeed.replay()).isEqualTo(values);
      for (int k = marked.size() - 1; k >= 0; k--) {
        int from = marked.get(k);
        d.seek(PositionList.byteRle(s.out.isCompressed(), positions.get(k).toArray()));
        assertThat(d.next()).as("value %d via %s in %s, %s", from, positions.get(k), s,
            TestSeed.replay()).isEqualTo(values[from]);
      }
    }
  }

  @Test
  void booleansRoundTripWithPositions() throws Exception {
    Random r = TestSeed.random("booleanEncoder", 0);
    for (int round = 0; round < 40; round++) {
      WrittenStream s = WrittenStream.random(r);
      boolean[] values = new boolean[r.nextInt(20_000)];
      int density = r.nextInt(101);
      for (int i = 0; i < values.length; ) {
        boolean x = r.nextInt(100) < density;
        int times = r.nextBoolean() ? 1 : 1 + r.nextInt(500);
        for (int k = 0; k < times && i < values.length; k++) {
          values[i++] = x;
        }
      }
      BooleanEncoder e = new BooleanEncoder(s.out);
      List<Integer> marked = new ArrayList<>();
      List<PositionList> positions = new ArrayList<>();
      for (int i = 0; i < values.length; i++) {
        if (r.nextInt(50) == 0) {
          PositionList p = PositionList.of(e.checkpoint(), s.out.isCompressed());
          assertThat(p.toArray()[p.toArray().length - 1]).isEqualTo(i % 8);
          marked.add(i);
          positions.add(p);
        }
        e.write(values[i]);
      }
      e.flush();
      BooleanDecoder d = new BooleanDecoder(s.open());
      for (int i = 0; i < values.length; i++) {
        assertThat(d.next()).as("bit %d, %s", i, TestSeed.replay()).isEqualTo(values[i] ? 1 : 0);
      }
      for (int k = marked.size() - 1; k >= 0; k--) {
        int from = marked.get(k);
        d.seek(PositionList.bool(s.out.isCompressed(), positions.get(k).toArray()));
        int n = Math.min(20, values.length - from);
        for (int j = 0; j < n; j++) {
          assertThat(d.next()).as("bit %d after seeking to %d via %s in %s, %s", from + j, from,
              positions.get(k), s, TestSeed.replay()).isEqualTo(values[from + j] ? 1 : 0);
        }
      }
    }
  }
}
