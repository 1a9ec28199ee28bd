package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

@Timeout(60)
@ExtendWith(TestSeed.class)
class ByteRleDecoderTest {

  @Test
  void specExamples() throws Exception {
    byte[] zeros = new byte[100];
    new ByteRleDecoder(FramedStream.hex("61 00")).next(zeros, 0, 100);
    assertThat(zeros).containsOnly(0);
    byte[] two = new byte[2];
    new ByteRleDecoder(FramedStream.hex("fe 44 45")).next(two, 0, 2);
    assertThat(two).containsExactly(0x44, 0x45);
  }

  @Test
  void longestRunAndLiteralGroup() throws Exception {
    // 0x7f: run of 130; 0x80: 128 literals
    ByteWriter w = new ByteWriter();
    w.write(0x7f);
    w.write(0xfe);
    w.write(0x80);
    for (int i = 0; i < 128; i++) {
      w.write(i - 64);
    }
    ByteRleDecoder d = new ByteRleDecoder(FramedStream.raw(w.toByteArray()).open());
    long[] out = new long[258];
    d.next(out, 0, 258);
    for (int i = 0; i < 130; i++) {
      assertThat(out[i]).isEqualTo(-2);
    }
    for (int i = 0; i < 128; i++) {
      assertThat(out[130 + i]).isEqualTo(i - 64);
    }
  }

  static byte[] randomBytes(Random r, int n) {
    byte[] v = new byte[n];
    int i = 0;
    while (i < n) {
      int len = Math.min(n - i, 1 + r.nextInt(r.nextBoolean() ? 4 : 300));
      byte b = (byte) r.nextInt(r.nextBoolean() ? 3 : 256);
      boolean repeat = r.nextBoolean();
      for (int k = 0; k < len; k++) {
        v[i++] = repeat ? b : (byte) r.nextInt(256);
      }
    }
    return v;
  }

  @Test
  void roundTripsAsLongsWithSeeks() throws Exception {
    Random random = TestSeed.random("byteRleRoundTrip", 0);
    for (int round = 0; round < 10; round++) {
      ByteRleWriter w = new ByteRleWriter();
      w.write(randomBytes(random, random.nextInt(5000)));
      ValueMarks marks = w.marks;
      DecoderChecks.checkAll(w.out.toByteArray(), marks.values(),
          (stream, i, end) -> marks.position(stream, i, end), ByteRleDecoderTest::asLongDecoder,
          random);
    }
  }

  @Test
  void roundTripsAsBytes() throws Exception {
    Random random = TestSeed.random("byteRleBytes", 0);
    byte[] values = randomBytes(random, 3000);
    ByteRleWriter w = new ByteRleWriter();
    w.write(values);
    FramedStream stream = FramedStream.random(w.out.toByteArray(), random);
    ByteRleDecoder d = new ByteRleDecoder(stream.open());
    byte[] out = new byte[values.length];
    int i = 0;
    while (i < values.length) {
      int n = Math.min(values.length - i, 1 + random.nextInt(200));
      if (random.nextInt(4) == 0) {
        out[i] = d.next();
        n = 1;
      } else {
        d.next(out, i, n);
      }
      i += n;
    }
    assertThat(out).as("%s, %s", stream, TestSeed.replay()).containsExactly(values);
  }

  static DecoderChecks.LongDecoder asLongDecoder(OrcInputStream in) {
    ByteRleDecoder d = new ByteRleDecoder(in);
    return new DecoderChecks.LongDecoder() {
      @Override public void next(long[] dst, int off, int n) throws CorruptFileException {
        d.next(dst, off, n);
      }
      @Override public void next(long[] dst, int off, int n, boolean[] isNull)
          throws CorruptFileException {
        d.next(dst, off, n, isNull);
      }
      @Override public void skip(long n) throws CorruptFileException {
        d.skip(n);
      }
      @Override public void seek(long[] p, boolean compressed)
          throws CorruptFileException {
        d.seek(PositionList.byteRle(compressed, p));
      }
    };
  }
}
