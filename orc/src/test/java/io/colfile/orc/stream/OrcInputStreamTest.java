package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

@Timeout(60)
@ExtendWith(TestSeed.class)
class OrcInputStreamTest {

  private static OrcInputStream compressed(String hex, int blockSize) {
    byte[] b = Hex.bytes(hex);
    return new OrcInputStream(FramedStream.region(b.length), b, 0, b.length,
        new InflateDecompressor(), blockSize);
  }

  @Test
  void rawStreamReadsSkipsAndSeeks() throws Exception {
    OrcInputStream in = FramedStream.hex("01 02 03 04 05");
    assertThat(in.read()).isEqualTo(1);
    in.skip(2);
    byte[] two = new byte[2];
    in.readFully(two, 0, 2);
    assertThat(two).containsExactly(4, 5);
    assertThat(in.hasMore()).isFalse();
    assertThat(in.read()).isEqualTo(-1);
    in.seek(PositionList.offset(false, 1));
    assertThat(in.read()).isEqualTo(2);
    in.seek(PositionList.offset(false, 5));
    assertThat(in.hasMore()).isFalse();
  }

  @Test
  void takeRestInPlaceTakesARawStreamsRestWhenItsWindowHoldsItAll() throws Exception {
    Random random = TestSeed.random("takeRestInPlace", 0);
    for (int round = 0; round < 100; round++) {
      byte[] raw = new byte[1 + random.nextInt(500)];
      random.nextBytes(raw);
      int head = random.nextInt(raw.length + 1);
      byte[] file = new byte[raw.length + 7];
      System.arraycopy(raw, 0, file, 7, raw.length);
      OrcInputStream whole = new OrcInputStream(FramedStream.region(file.length), file, 7,
          raw.length, null, 1 << 16);
      whole.skip(head);
      assertThat(whole.restLength()).isEqualTo(raw.length - head);
      int at = whole.takeRestInPlace();
      assertThat(whole.array()).isSameAs(file);
      assertThat(Arrays.copyOfRange(file, at, at + raw.length - head)).as(TestSeed.replay())
          .isEqualTo(Arrays.copyOfRange(raw, head, raw.length));
      assertThat(whole.restLength()).isZero();
      assertThat(whole.read()).isEqualTo(-1);

      // read in two pieces: the rest is in the window only once the second piece is shown
      int cut = 1 + random.nextInt(raw.length);
      OrcInputStream.Segment[] pieces = cut == raw.length
          ? new OrcInputStream.Segment[] {new OrcInputStream.Segment(0, raw, 0, raw.length)}
          : new OrcInputStream.Segment[] {new OrcInputStream.Segment(0, raw, 0, cut),
              new OrcInputStream.Segment(cut, raw.clone(), cut, raw.length - cut)};
      OrcInputStream split = new OrcInputStream(FramedStream.region(raw.length), raw.length,
          pieces, null, 1 << 16);
      split.skip(head);
      long rest = split.restLength();
      assertThat(rest).isEqualTo(raw.length - head);
      byte[] window = split.array();
      int p = split.takeRestInPlace();
      if (pieces.length == 2 && head <= cut) { // the window is the first piece still
        assertThat(p).as(TestSeed.replay()).isEqualTo(-1);
        byte[] copy = new byte[(int) rest];
        split.readFully(copy, 0, copy.length); // nothing was consumed by the refusal
        assertThat(copy).isEqualTo(Arrays.copyOfRange(raw, head, raw.length));
      } else if (rest > 0) {
        assertThat(Arrays.copyOfRange(window, p, p + (int) rest)).as(TestSeed.replay())
            .isEqualTo(Arrays.copyOfRange(raw, head, raw.length));
      }
      assertThat(split.read()).isEqualTo(-1);
    }
    // a compressed stream is never taken whole: its window is one chunk at most
    OrcInputStream c = FramedStream.of(new byte[100], FramedStream.Mode.ORIGINAL, 1000,
        random).open();
    assertThat(c.restLength()).isEqualTo(-1);
    assertThat(c.takeRestInPlace()).isEqualTo(-1);
    assertThat(c.read()).isZero();
  }

  @Test
  void takeInPlacePointsIntoRawStreamsAndOriginalChunksOnly() throws Exception {
    Random random = TestSeed.random("takeInPlace", 0);
    int[] refused = new int[FramedStream.Mode.values().length];
    for (int round = 0; round < 200; round++) {
      byte[] raw = new byte[1 + random.nextInt(3000)];
      // compressible (runs of one byte), so DEFLATE mode stores no chunk as original
      for (int i = 0; i < raw.length; i++) {
        raw[i] = (byte) (i / 50);
      }
      FramedStream.Mode mode = FramedStream.Mode.values()[random.nextInt(4)];
      int[] sizes = {64, 100, 1000, 1 << 16};
      FramedStream framed = FramedStream.of(raw, mode, sizes[random.nextInt(sizes.length)],
          random);
      OrcInputStream in = framed.open();
      int at = 0;
      while (at < raw.length) {
        int k = Math.min(raw.length - at, 1 + random.nextInt(200));
        if (random.nextInt(4) == 0) {
          assertThat(in.read()).isEqualTo(raw[at] & 0xff); // fills the window at chunk starts
          at++;
          continue;
        }
        byte[] array = in.array();
        int p = in.takeInPlace(k);
        if (p >= 0) {
          // the stream's own bytes, never the reused decompression buffer
          assertThat(array).as(TestSeed.replay()).isSameAs(framed.buf);
          assertThat(Arrays.copyOfRange(array, p, p + k)).as("%s at %d, %s", mode, at,
              TestSeed.replay()).isEqualTo(Arrays.copyOfRange(raw, at, at + k));
        } else {
          // a raw stream is one window here: nothing but its end could stop it
          assertThat(mode).as(TestSeed.replay()).isNotEqualTo(FramedStream.Mode.NONE);
          refused[mode.ordinal()]++;
          byte[] copy = new byte[k];
          in.readFully(copy, 0, k); // nothing was consumed by the refusal
          assertThat(copy).as("%s at %d, %s", mode, at, TestSeed.replay())
              .isEqualTo(Arrays.copyOfRange(raw, at, at + k));
        }
        at += k;
      }
    }
    // 200 rounds of random modes: decompressed chunks were met, and refused
    assertThat(refused[FramedStream.Mode.DEFLATE.ordinal()]).as(TestSeed.replay()).isPositive();
  }

  @Test
  void specHeaderForFiveOriginalBytes() throws Exception {
    OrcInputStream in = compressed("0b 00 00 0a 0b 0c 0d 0e", 5);
    byte[] out = new byte[5];
    in.readFully(out, 0, 5);
    assertThat(out).containsExactly(10, 11, 12, 13, 14);
    assertThat(in.read()).isEqualTo(-1);
  }

  @Test
  void emptyAndZeroLengthChunks() throws Exception {
    assertThat(compressed("", 8).hasMore()).isFalse();
    OrcInputStream in = compressed("01 00 00 03 00 00 07 01 00 00", 8); // empty, [7], empty
    assertThat(in.read()).isEqualTo(7);
    assertThat(in.read()).isEqualTo(-1);
  }

  @Test
  void everyFramingReadsBackTheSameBytes() throws Exception {
    Random random = TestSeed.random("framingReads", 0);
    for (int round = 0; round < 40; round++) {
      byte[] raw = new byte[random.nextInt(3000)];
      for (int i = 0; i < raw.length; i++) {
        raw[i] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : i / 50);
      }
      FramedStream stream = FramedStream.random(raw, random);
      OrcInputStream in = stream.open();
      byte[] out = new byte[raw.length];
      int i = 0;
      while (i < raw.length) {
        int n = Math.min(raw.length - i, random.nextInt(300));
        switch (random.nextInt(3)) {
          case 0 -> in.readFully(out, i, n);
          case 1 -> {
            in.skip(n);
            System.arraycopy(raw, i, out, i, n);
          }
          default -> {
            n = Math.min(n, 1);
            if (n == 1) {
              out[i] = (byte) in.read();
            }
          }
        }
        i += n;
      }
      assertThat(out).as("%s, %s", stream, TestSeed.replay()).containsExactly(raw);
      assertThat(in.read()).isEqualTo(-1);
      assertThatThrownBy(() -> in.readFully(new byte[1], 0, 1))
          .isInstanceOf(CorruptFileException.class);
    }
  }

  @Test
  void seeksToEveryOffsetInBothChunkForms() throws Exception {
    Random random = TestSeed.random("framingSeeks", 0);
    byte[] raw = new byte[700];
    random.nextBytes(raw);
    for (FramedStream.Mode mode : FramedStream.Mode.values()) {
      for (int blockSize : new int[] {1, 7, 64, 700, 4096}) {
        FramedStream stream = FramedStream.of(raw, mode, blockSize, random);
        OrcInputStream in = stream.open();
        for (int off = raw.length; off >= 0; off -= 1 + random.nextInt(5)) {
          for (boolean endForm : new boolean[] {false, true}) {
            in.seek(PositionList.offset(stream.compressed(), stream.position(off, endForm)));
            byte[] rest = new byte[raw.length - off];
            in.readFully(rest, 0, rest.length);
            assertThat(rest).as("offset %d of %s", off, stream)
                .containsExactly(Arrays.copyOfRange(raw, off, raw.length));
            assertThat(in.hasMore()).isFalse();
          }
        }
      }
    }
  }

  @Test
  void badPositionsAreCorruption() {
    FramedStream raw = FramedStream.raw(new byte[10]);
    for (long p : new long[] {-1, 11, Long.MAX_VALUE}) {
      assertThatThrownBy(() -> raw.open().seek(PositionList.offset(false, p)))
          .isInstanceOf(CorruptFileException.class);
    }
    FramedStream framed = FramedStream.of(new byte[10], FramedStream.Mode.ORIGINAL, 4, null);
    long[][] bad = {{-1, 0}, {0, 5}, {0, -1}, {framed.len, 1}, {framed.len + 1, 0}, {7, 5}, {0}};
    for (long[] p : bad) {
      assertThatThrownBy(() -> framed.open().seek(PositionList.offset(true, p)))
          .as(Arrays.toString(p)).isInstanceOf(CorruptFileException.class);
    }
  }

  @Test
  void badChunksAreCorruption() {
    String[] bad = {
      "03", "03 00", // truncated header
      "0b 00 00 01 02", // 5 original bytes announced, 2 present
      "11 00 00 01 02 03 04 05 06 07 08", // 8 original bytes, block size 4
      "08 00 00 ff ff ff ff", // 4 "deflated" bytes that are not deflate
      "ff ff ff", // length 2^23 - 1
    };
    for (String hex : bad) {
      assertThatThrownBy(() -> {
        OrcInputStream in = compressed(hex, 4);
        while (in.read() >= 0) {
          // drain
        }
      }).as(hex).isInstanceOf(CorruptFileException.class);
    }
  }

  @Test
  void codecErrorsKeepTheirCauseAndChunkOffset() {
    OrcInputStream in = compressed("03 00 00 07 08 00 00 ff ff ff ff", 4);
    assertThatThrownBy(() -> {
      in.read();
      in.read();
    }).isInstanceOfSatisfying(CorruptFileException.class, e -> {
      assertThat(e.offset()).isEqualTo(4);
      assertThat(e.fileOffset()).isEqualTo(FramedStream.STREAM_START + 4);
      assertThat(e.structure()).isEqualTo(FramedStream.STRUCTURE);
      assertThat(e.getCause()).isInstanceOf(MalformedInputException.class);
    });
  }

  @Test
  void chunkThatInflatesPastTheBlockSizeIsCorruption() {
    byte[] raw = new byte[100];
    FramedStream big = FramedStream.of(raw, FramedStream.Mode.DEFLATE, 100, new Random(1));
    // Same bytes read with a smaller block size: the chunk's 100 bytes no longer fit.
    OrcInputStream in = new OrcInputStream(FramedStream.region(big.len), big.buf, big.off,
        big.len,
        new InflateDecompressor(), 50);
    assertThatThrownBy(in::read).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void corruptNamesFileStructureAndOffset() throws Exception {
    OrcInputStream in = FramedStream.hex("01 02 03");
    in.skip(2);
    CorruptFileException e = in.corrupt("bad %s", "thing");
    assertThat(e.file()).isEqualTo(FramedStream.FILE);
    assertThat(e.structure()).isEqualTo(FramedStream.STRUCTURE);
    assertThat(e.offset()).isEqualTo(2);
    assertThat(e.fileOffset()).isEqualTo(FramedStream.STREAM_START + 2);
    assertThat(e.getMessage())
        .isEqualTo("bad thing [t.orc: stripe 0 / column 1 / DATA, file offset 5]");
  }
}
