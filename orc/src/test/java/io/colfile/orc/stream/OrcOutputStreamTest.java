package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Chunking and positions of {@link OrcOutputStream} (orc.md section 4), checked by reading back
 * through {@link OrcInputStream}, by walking the chunk headers, and on small hand-made cases.
 */
@Timeout(60)
@ExtendWith(TestSeed.class)
class OrcOutputStreamTest {

  /** Bytes that compress well in places and not at all in others. */
  private static int longestRun(byte[] b) {
    int longest = 0;
    for (int i = 0, run = 0; i < b.length; i++) {
      run = i > 0 && b[i] == b[i - 1] ? run + 1 : 1;
      longest = Math.max(longest, run);
    }
    return longest;
  }

  private static byte[] data(Random r, int n) {
    byte[] b = new byte[n];
    int i = 0;
    while (i < n) {
      int run = 1 + r.nextInt(300);
      boolean noise = r.nextBoolean();
      byte x = (byte) r.nextInt();
      for (int k = 0; k < run && i < n; k++) {
        b[i++] = noise ? (byte) r.nextInt() : x;
      }
    }
    return b;
  }

  @Test
  void emptyStreamsHaveNoBytes() throws Exception {
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.NONE,
        CompressionCodec.ZLIB, CompressionCodec.LZ4}) {
      WrittenStream s = new WrittenStream(codec, 16);
      s.out.write(new byte[0], 0, 0);
      s.out.flush();
      assertThat(s.out.toByteArray()).as("%s", codec).isEmpty();
      assertThat(s.out.outputLength()).isZero();
      assertThat(s.position().toArray()).hasSize(codec == CompressionCodec.NONE ? 1 : 2)
          .containsOnly(0);
    }
  }

  @Test
  void rawStreamsAreTheBytesAndOffsets() throws Exception {
    WrittenStream s = new WrittenStream(CompressionCodec.NONE, 0);
    Random r = TestSeed.random("rawStream", 0);
    byte[] data = data(r, 5000);
    s.out.write(data, 0, 1234);
    assertThat(s.position().toArray()).containsExactly(1234);
    s.out.write(data, 1234, data.length - 1234);
    s.out.flush();
    assertThat(s.out.toByteArray()).isEqualTo(data);
  }

  @Test
  void chunkHeadersAsTheSpecShowsThem() throws Exception {
    WrittenStream s = new WrittenStream(CompressionCodec.ZLIB, 5);
    s.out.write(new byte[] {10, 11, 12, 13, 14}, 0, 5);
    s.out.flush();
    assertThat(Hex.of(s.out.toByteArray())).isEqualTo("0b 00 00 0a 0b 0c 0d 0e");

    WrittenStream zeros = new WrittenStream(CompressionCodec.ZLIB, 100_000);
    zeros.out.write(new byte[100_000], 0, 100_000);
    zeros.out.flush();
    byte[] b = zeros.out.toByteArray();
    int header = (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16;
    assertThat(header & 1).as("compressed").isZero();
    assertThat(header >>> 1).isEqualTo(b.length - 3);
  }

  /** Walks the chunks: every one but the last holds exactly bufferSize bytes. */
  @Test
  void chunksHoldExactlyTheBufferSize() throws Exception {
    Random r = TestSeed.random("chunkSizes", 0);
    for (int round = 0; round < 60; round++) {
      WrittenStream s = WrittenStream.random(r);
      if (s.codec == CompressionCodec.NONE) {
        continue;
      }
      byte[] data = data(r, r.nextInt(20_000));
      writeInPieces(s.out, data, r);
      s.out.flush();
      byte[] b = s.out.toByteArray();
      Decompressor d = s.codec.newDecompressor();
      byte[] chunk = new byte[s.bufferSize];
      int at = 0;
      int raw = 0;
      boolean sawCompressed = false;
      while (at < b.length) {
        int h = (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16;
        int len = h >>> 1;
        int n;
        if ((h & 1) == 1) {
          n = len;
          System.arraycopy(b, at + 3, chunk, 0, len);
        } else {
          sawCompressed = true;
          assertThat(len).as("compressed chunks are smaller").isLessThan(s.bufferSize);
          n = d.decompress(b, at + 3, len, chunk, 0, chunk.length);
        }
        assertThat(Arrays.copyOf(chunk, n)).isEqualTo(Arrays.copyOfRange(data, raw, raw + n));
        raw += n;
        at += 3 + len;
        assertThat(n).as("chunk size in %s, %s", s, TestSeed.replay())
            .isEqualTo(at == b.length ? data.length - (raw - n) : s.bufferSize);
      }
      assertThat(raw).isEqualTo(data.length);
      if (s.bufferSize >= 64 && longestRun(data) >= 2 * s.bufferSize) {
        // a whole chunk of one repeated byte: no codec stores that raw
        assertThat(sawCompressed).as("%s, %s", s, TestSeed.replay()).isTrue();
      }
    }
  }

  private static void writeInPieces(OrcOutputStream out, byte[] data, Random r) {
    int i = 0;
    while (i < data.length) {
      if (r.nextBoolean()) {
        out.write(data[i++]);
      } else {
        int n = Math.min(data.length - i, r.nextInt(r.nextBoolean() ? 20 : 3000));
        out.write(data, i, n);
        i += n;
      }
    }
  }

  @Test
  void positionsSeekToTheByteWrittenNext() throws Exception {
    Random r = TestSeed.random("streamPositions", 0);
    for (int round = 0; round < 60; round++) {
      WrittenStream s = WrittenStream.random(r);
      byte[] data = data(r, r.nextInt(8000));
      List<Integer> offsets = new ArrayList<>();
      List<PositionList> positions = new ArrayList<>();
      int i = 0;
      while (i < data.length) {
        offsets.add(i);
        positions.add(s.position());
        int n = Math.min(data.length - i, r.nextInt(r.nextBoolean() ? 4 : 500));
        if (n == 1) {
          s.out.write(data[i]);
        } else {
          s.out.write(data, i, n);
        }
        i += n;
      }
      s.out.flush();
      OrcInputStream in = s.open();
      for (int k = offsets.size() - 1; k >= 0; k--) {
        int off = offsets.get(k);
        in.seek(PositionList.offset(s.out.isCompressed(), positions.get(k).toArray()));
        int n = Math.min(16, data.length - off);
        byte[] got = new byte[n];
        in.readFully(got, 0, n);
        assertThat(got).as("seek to byte %d via %s in %s, %s", off, positions.get(k), s,
            TestSeed.replay()).isEqualTo(Arrays.copyOfRange(data, off, off + n));
      }
    }
  }

  @Test
  void aFullChunkSpillsOnlyWhenTheNextByteArrives() throws Exception {
    WrittenStream s = new WrittenStream(CompressionCodec.ZLIB, 4);
    s.out.write(new byte[] {1, 2, 3, 4}, 0, 4);
    assertThat(s.position().toArray()).containsExactly(0, 4); // end of chunk 0, not (7, 0)
    assertThat(s.out.outputLength()).isZero();
    s.out.write(5);
    assertThat(s.position().toArray()).containsExactly(7, 1); // chunk 0 stored original
    s.out.write(new byte[] {6, 7, 8}, 0, 3);
    assertThat(s.position().toArray()).containsExactly(7, 4);
    s.out.flush();
    assertThat(Hex.of(s.out.toByteArray()))
        .isEqualTo("09 00 00 01 02 03 04 09 00 00 05 06 07 08");
  }

  @Test
  void singleAndBulkWritesGiveTheSameBytesAndPositions() throws Exception {
    Random r = TestSeed.random("singleVsBulk", 0);
    for (int round = 0; round < 20; round++) {
      int size = new int[] {1, 3, 10, 100, 1000}[r.nextInt(5)];
      CompressionCodec codec = r.nextBoolean() ? CompressionCodec.ZLIB : CompressionCodec.LZ4;
      WrittenStream bulk = new WrittenStream(codec, size);
      WrittenStream single = new WrittenStream(codec, size);
      byte[] data = data(r, r.nextInt(5000));
      int i = 0;
      while (i < data.length) {
        // at least one byte: an empty bulk write already makes orc-core allocate its buffer
        int n = Math.min(data.length - i, 1 + r.nextInt(700));
        bulk.out.write(data, i, n);
        for (int k = 0; k < n; k++) {
          single.out.write(data[i + k]);
        }
        i += n;
        String at = bulk + " at byte " + i + ", " + TestSeed.replay();
        assertThat(bulk.position().toArray()).as(at).isEqualTo(single.position().toArray());
        assertThat(bulk.out.bufferedSize()).as(at).isEqualTo(single.out.bufferedSize());
      }
      bulk.out.flush();
      single.out.flush();
      assertThat(bulk.out.toByteArray()).isEqualTo(single.out.toByteArray());
    }
  }

  @Test
  void primitivesReadBack() throws Exception {
    Random r = TestSeed.random("primitives", 0);
    for (int round = 0; round < 20; round++) {
      WrittenStream s = WrittenStream.random(r);
      int n = r.nextInt(400);
      float[] floats = new float[n];
      double[] doubles = new double[n];
      long[] unsigned = new long[n];
      long[] signed = new long[n];
      BigInteger[] bigs = new BigInteger[n];
      for (int i = 0; i < n; i++) {
        floats[i] = r.nextInt(10) == 0 ? Float.NaN : (float) r.nextGaussian() * 1e6f;
        doubles[i] = r.nextInt(10) == 0 ? -0.0 : r.nextGaussian() * 1e100;
        unsigned[i] = r.nextLong() >>> r.nextInt(64);
        signed[i] = r.nextLong() >> r.nextInt(64);
        bigs[i] = new BigInteger(1 + r.nextInt(200), r);
        if (r.nextBoolean()) {
          bigs[i] = bigs[i].negate();
        }
      }
      for (int i = 0; i < n; i++) {
        s.out.writeFloat(floats[i]);
        s.out.writeDouble(doubles[i]);
        s.out.writeVarUnsigned(unsigned[i]);
        s.out.writeVarSigned(signed[i]);
        s.out.writeVarSigned(bigs[i]);
      }
      s.out.flush();
      OrcInputStream in = s.open();
      float[] f = new float[1];
      double[] d = new double[1];
      for (int i = 0; i < n; i++) {
        in.readFloats(f, 0, 1);
        assertThat(Float.floatToIntBits(f[0])).isEqualTo(Float.floatToIntBits(floats[i]));
        in.readDoubles(d, 0, 1);
        assertThat(Double.doubleToLongBits(d[0])).isEqualTo(Double.doubleToLongBits(doubles[i]));
        assertThat(in.readVarUnsigned()).isEqualTo(unsigned[i]);
        assertThat(in.readVarSigned()).isEqualTo(signed[i]);
        assertThat(in.readBigVarSigned()).as("%s in %s", bigs[i], s).isEqualTo(bigs[i]);
      }
      assertThat(in.hasMore()).isFalse();
    }
  }

  @Test
  void primitiveByteLayout() throws Exception {
    WrittenStream s = new WrittenStream(CompressionCodec.NONE, 0);
    s.out.writeFloat(1.0f);
    s.out.writeDouble(-2.0);
    s.out.writeFloat(Float.intBitsToFloat(0x7fc00001)); // a NaN with payload: canonical NaN
    s.out.writeVarUnsigned(300);
    s.out.writeVarSigned(-1);
    s.out.writeVarSigned(BigInteger.ONE.shiftLeft(70).negate());
    s.out.flush();
    assertThat(Hex.of(s.out.toByteArray())).isEqualTo(
        "00 00 80 3f 00 00 00 00 00 00 00 c0 00 00 c0 7f ac 02 01"
            + " ff ff ff ff ff ff ff ff ff ff 01"); // zigzag 2^71 - 1: ten full groups, then 1
  }

  @Test
  void resetStartsTheNextStripeAfresh() throws Exception {
    Random r = TestSeed.random("reset", 0);
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.NONE,
        CompressionCodec.ZLIB}) {
      WrittenStream reused = new WrittenStream(codec, 100);
      writeInPieces(reused.out, data(r, 30_000), r);
      reused.out.flush();
      reused.out.reset();
      assertThat(reused.out.outputLength()).isZero();
      assertThat(reused.out.bufferedSize()).isZero();
      byte[] next = data(r, 3000);
      WrittenStream fresh = new WrittenStream(codec, 100);
      writeInPieces(reused.out, next, r);
      writeInPieces(fresh.out, next, r);
      assertThat(reused.position().toArray()).isEqualTo(fresh.position().toArray());
      assertThat(reused.out.bufferedSize()).isEqualTo(fresh.out.bufferedSize());
      reused.out.flush();
      fresh.out.flush();
      assertThat(reused.out.toByteArray()).isEqualTo(fresh.out.toByteArray());
      ByteArrayOutputStream copy = new ByteArrayOutputStream();
      reused.out.writeTo(copy);
      assertThat(copy.toByteArray()).isEqualTo(fresh.out.toByteArray());
    }
  }

  @Test
  void misuseIsRejected() {
    assertThatThrownBy(() -> new OrcOutputStream(CompressionCodec.ZLIB.newCompressor(), 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new OrcOutputStream(CompressionCodec.ZLIB.newCompressor(), 1 << 23))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("8388608");
    OrcOutputStream out = new OrcOutputStream(CompressionCodec.ZLIB.newCompressor(), 10);
    out.write(1);
    assertThatThrownBy(() -> out.writeTo(new ByteArrayOutputStream()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("flush");
  }

  @Test
  void bufferedSizeCountsWhatOrcCoreWouldHold() throws Exception {
    OrcOutputStream raw = new OrcOutputStream(null, 100);
    assertThat(raw.bufferedSize()).isZero();
    raw.write(1);
    assertThat(raw.bufferedSize()).isEqualTo(100); // 1 byte + 99 free in the buffer
    raw.write(new byte[150], 0, 150);
    assertThat(raw.bufferedSize()).isEqualTo(200);

    OrcOutputStream zlib = new OrcOutputStream(CompressionCodec.ZLIB.newCompressor(), 100);
    zlib.write(new byte[100], 0, 100);
    assertThat(zlib.bufferedSize()).isEqualTo(103); // the input buffer only
    zlib.write(1); // spills chunk 0 compressed into a new compressed buffer
    assertThat(zlib.bufferedSize()).isEqualTo(2 * 103 + zlib.outputLength());
    zlib.flush();
    assertThat(zlib.bufferedSize()).isEqualTo(zlib.outputLength());
  }
}
