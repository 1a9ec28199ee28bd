package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.testkit.TestSeed;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Varints (orc.md 6.1), decimal big varints and IEEE floats, across chunk boundaries. */
@Timeout(60)
@ExtendWith(TestSeed.class)
class VarintAndFloatTest {

  @Test
  void seedTableOfVarints() throws Exception {
    OrcInputStream in = FramedStream.hex("00 01 7f 80 01 81 01 ff 7f 80 80 01 81 80 01");
    for (long want : new long[] {0, 1, 127, 128, 129, 16383, 16384, 16385}) {
      assertThat(in.readVarUnsigned()).isEqualTo(want);
    }
    in = FramedStream.hex("00 01 02 03 04");
    for (long want : new long[] {0, -1, 1, -2, 2}) {
      assertThat(in.readVarSigned()).isEqualTo(want);
    }
  }

  @Test
  void varintsRoundTripInEveryFraming() throws Exception {
    Random random = TestSeed.random("varints", 0);
    long[] values = new long[2000];
    ByteWriter w = new ByteWriter();
    for (int i = 0; i < values.length; i++) {
      values[i] = i < 4 ? new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0}[i]
          : random.nextLong() >> random.nextInt(64);
      w.writeVarSigned(values[i]);
      w.writeVarUnsigned(values[i]);
    }
    for (int round = 0; round < 8; round++) {
      FramedStream stream = FramedStream.random(w.toByteArray(), random);
      OrcInputStream in = stream.open();
      for (long v : values) {
        assertThat(in.readVarSigned()).as("%s, %s", stream, TestSeed.replay()).isEqualTo(v);
        assertThat(in.readVarUnsigned()).isEqualTo(v);
      }
      assertThat(in.hasMore()).isFalse();
    }
  }

  @Test
  void bulkSignedVarintsMatchSingleReadsInEveryFraming() throws Exception {
    Random random = TestSeed.random("bulk varints", 0);
    long[] values = new long[3000];
    ByteWriter w = new ByteWriter();
    for (int i = 0; i < values.length; i++) {
      values[i] = i < 4 ? new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0}[i]
          : random.nextLong() >> random.nextInt(64);
      w.writeVarSigned(values[i]);
    }
    for (int round = 0; round < 8; round++) {
      FramedStream stream = FramedStream.random(w.toByteArray(), random);
      OrcInputStream in = stream.open();
      long[] got = new long[values.length + 5];
      int done = 0;
      while (done < values.length) {
        int k = Math.min(values.length - done, 1 + random.nextInt(700));
        in.readVarSigned(got, 5 + done, k);
        done += k;
      }
      assertThat(java.util.Arrays.copyOfRange(got, 5, got.length))
          .as("%s, %s", stream, TestSeed.replay()).containsExactly(values);
      assertThat(in.hasMore()).isFalse();
    }
  }

  @Test
  void bulkOverlongAndTruncatedVarintsAreCorruption() {
    String eleven = "80 80 80 80 80 80 80 80 80 80 01";
    String padded = "02 " + eleven + " 00 00 00 00 00 00 00 00 00 00 00"; // the fast path
    for (String hex : new String[] {eleven, padded, "80", "02 ff ff"}) {
      assertThatThrownBy(() -> FramedStream.hex(hex).readVarSigned(new long[4], 0, 4)).as(hex)
          .isInstanceOf(io.colfile.core.error.CorruptFileException.class);
    }
  }

  @Test
  void overlongAndTruncatedVarintsAreCorruption() {
    String eleven = "80 80 80 80 80 80 80 80 80 80 01";
    String padded = eleven + " 00 00 00 00 00 00 00 00 00 00 00"; // exercises the fast path
    for (String hex : new String[] {eleven, padded, "80", "ff ff"}) {
      assertThatThrownBy(() -> FramedStream.hex(hex).readVarUnsigned()).as(hex)
          .isInstanceOf(io.colfile.core.error.CorruptFileException.class);
    }
  }

  @Test
  void bigVarintsRoundTrip() throws Exception {
    Random random = TestSeed.random("bigVarints", 0);
    BigInteger[] values = new BigInteger[1000];
    ByteWriter w = new ByteWriter();
    for (int i = 0; i < values.length; i++) {
      BigInteger v = new BigInteger(random.nextInt(257), random);
      values[i] = random.nextBoolean() ? v.negate() : v;
      w.writeBigVarSigned(values[i]);
    }
    BigInteger max = BigInteger.ONE.shiftLeft(255); // the largest magnitude allowed + 1
    w.writeBigVarSigned(max.subtract(BigInteger.ONE));
    w.writeBigVarSigned(max.negate());
    for (int round = 0; round < 6; round++) {
      FramedStream stream = FramedStream.random(w.toByteArray(), random);
      OrcInputStream in = stream.open();
      for (BigInteger v : values) {
        assertThat(in.readBigVarSigned()).as("%s, %s", stream, TestSeed.replay()).isEqualTo(v);
      }
      assertThat(in.readBigVarSigned()).isEqualTo(max.subtract(BigInteger.ONE));
      assertThat(in.readBigVarSigned()).isEqualTo(max.negate());
      assertThat(in.hasMore()).isFalse();
    }
  }

  @Test
  void bigVarintsLongerThan37BytesAreCorruption() {
    ByteWriter w = new ByteWriter();
    w.writeBigVarSigned(BigInteger.ONE.shiftLeft(259)); // zigzag has 261 bits: 38 groups
    assertThatThrownBy(() -> FramedStream.raw(w.toByteArray()).open().readBigVarSigned())
        .isInstanceOf(io.colfile.core.error.CorruptFileException.class);
    assertThatThrownBy(() -> FramedStream.hex("80 80").readBigVarSigned())
        .isInstanceOf(io.colfile.core.error.CorruptFileException.class);
  }

  @Test
  void floatsAndDoublesAcrossChunkBoundaries() throws Exception {
    Random random = TestSeed.random("floats", 0);
    float[] floats = new float[777];
    double[] doubles = new double[777];
    ByteWriter w = new ByteWriter();
    for (int i = 0; i < floats.length; i++) {
      floats[i] = i < 5 ? new float[] {Float.NaN, -0.0f, Float.NEGATIVE_INFINITY,
          Float.MIN_VALUE, Float.MAX_VALUE}[i] : Float.intBitsToFloat(random.nextInt());
      int bits = Float.floatToRawIntBits(floats[i]);
      for (int b = 0; b < 4; b++) {
        w.write(bits >>> (8 * b));
      }
    }
    for (int i = 0; i < doubles.length; i++) {
      doubles[i] = Double.longBitsToDouble(random.nextLong());
      w.writeBigEndian(Long.reverseBytes(Double.doubleToRawLongBits(doubles[i])), 8);
    }
    for (int round = 0; round < 10; round++) {
      FramedStream stream = FramedStream.random(w.toByteArray(), random);
      String where = stream + ", " + TestSeed.replay();
      OrcInputStream in = stream.open();
      float[] f = new float[floats.length];
      for (int i = 0; i < f.length; ) {
        int n = Math.min(f.length - i, 1 + random.nextInt(100));
        in.readFloats(f, i, n);
        i += n;
      }
      for (int i = 0; i < f.length; i++) {
        assertThat(Float.floatToRawIntBits(f[i])).as(where)
            .isEqualTo(Float.floatToRawIntBits(floats[i]));
      }
      in.seek(PositionList.offset(stream.compressed(), stream.position(0, false)));
      double[] widened = new double[floats.length];
      in.readFloats(widened, 0, widened.length);
      for (int i = 0; i < f.length; i++) {
        assertThat(Double.compare(widened[i], floats[i])).as(where).isZero(); // NaN == NaN
      }
      double[] d = new double[doubles.length];
      in.readDoubles(d, 0, d.length);
      for (int i = 0; i < d.length; i++) {
        assertThat(Double.doubleToRawLongBits(d[i])).as(where)
            .isEqualTo(Double.doubleToRawLongBits(doubles[i]));
      }
      assertThatThrownBy(() -> in.readDoubles(new double[1], 0, 1))
          .isInstanceOf(io.colfile.core.error.CorruptFileException.class);
    }
  }
}
