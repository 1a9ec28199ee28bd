package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.IntegerCheckpoint;
import io.colfile.orc.index.PositionReader;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Damaged streams: truncated at every length, bytes flipped, positions garbled. Any outcome but
 * a {@link CorruptFileException} or cleanly decoded values (no checksum covers these bytes) is a
 * bug: no other exception, no hang (the timeout), no huge allocation.
 */
@Timeout(120)
@ExtendWith(TestSeed.class)
class CorruptInputTest {

  /** Decodes {@code count} values and then seeks around, however the bytes look. */
  private interface Decode {
    void run(OrcInputStream in, int count, Random random) throws CorruptFileException;
  }

  private static final Decode RLE_V2 = (in, count, random) -> {
    IntegerDecoder d = new RleV2Decoder(in, random.nextBoolean());
    d.next(new long[count], 0, count);
  };
  private static final Decode RLE_V1 = (in, count, random) -> {
    IntegerDecoder d = new RleV1Decoder(in, random.nextBoolean());
    d.skip(count / 2);
    d.next(new long[count], 0, count - count / 2);
  };
  private static final Decode BYTES = (in, count, random) ->
      new ByteRleDecoder(in).next(new long[count], 0, count);
  private static final Decode BOOLEANS = (in, count, random) ->
      new BooleanDecoder(in).nextPresent(new boolean[count], 0, count);

  private static void expectCleanOrCorrupt(FramedStream stream, int count, Decode decode,
      Random random) {
    try {
      decode.run(stream.open(), count, random);
    } catch (CorruptFileException e) {
      assertThat(e.file()).isEqualTo(FramedStream.FILE);
    } catch (Throwable t) {
      fail("%s on %s, %s", t, stream, TestSeed.replay(), t);
    }
  }

  /** Truncated copies must fail; copies with one byte changed may fail or decode. */
  private static void damage(byte[] raw, int count, Decode decode, Random random) {
    for (int round = 0; round < 3; round++) {
      FramedStream whole = FramedStream.random(raw, random);
      byte[] framed = Arrays.copyOfRange(whole.buf, whole.off, whole.off + whole.len);
      for (int cut = 0; cut < framed.length;
          cut += 1 + random.nextInt(Math.max(1, framed.length / 150))) {
        // Every byte of these streams carries value bits, so no truncation decodes cleanly.
        boolean clean = decodeDamaged(whole, Arrays.copyOf(framed, cut), count, decode, random,
            "cut at " + cut);
        assertThat(clean).as("cut at %d of %s decoded, %s", cut, whole, TestSeed.replay())
            .isFalse();
      }
      for (int flip = 0; flip < 300 && framed.length > 0; flip++) {
        byte[] copy = framed.clone();
        int at = random.nextInt(copy.length);
        copy[at] ^= (byte) (1 + random.nextInt(255));
        decodeDamaged(whole, copy, count, decode, random, "byte " + at + " changed");
      }
    }
  }

  /** True if the values decoded; false on CorruptFileException; fails on anything else. */
  private static boolean decodeDamaged(FramedStream like, byte[] bytes, int count, Decode decode,
      Random random, String damage) {
    boolean raw = like.mode == FramedStream.Mode.NONE;
    OrcInputStream in = new OrcInputStream(FramedStream.region(bytes.length), bytes, 0,
        bytes.length,
        raw ? null : new InflateDecompressor(), raw ? 0 : like.blockSize);
    try {
      decode.run(in, count, random);
      return true;
    } catch (CorruptFileException expected) {
      // The error names the stream and a file offset within it (or just past it, at its end).
      assertThat(expected.structure()).as(damage).isEqualTo(FramedStream.STRUCTURE);
      assertThat(expected.fileOffset()).as("%s: %s", damage, expected)
          .isBetween(FramedStream.STREAM_START, FramedStream.STREAM_START + bytes.length);
      return false;
    } catch (Throwable e) {
      throw new AssertionError(e + " with " + damage + " in " + like + ", " + TestSeed.replay(), e);
    }
  }

  @Test
  void damagedRleV2() {
    Random random = TestSeed.random("damagedRleV2", 0);
    RleV2Writer w = new RleV2Writer(true);
    for (int i = 0; i < 40; i++) {
      RleV2RoundTripTest.randomRun(w, random);
    }
    damage(w.out.toByteArray(), w.marks.size(), RLE_V2, random);
  }

  @Test
  void damagedRleV1() {
    Random random = TestSeed.random("damagedRleV1", 0);
    RleV1Writer w = new RleV1Writer(true);
    w.write(RleV1DecoderTest.randomValues(random, 3000, true));
    damage(w.out.toByteArray(), w.marks.size(), RLE_V1, random);
  }

  @Test
  void damagedByteAndBooleanRle() {
    Random random = TestSeed.random("damagedBytes", 0);
    ByteRleWriter w = new ByteRleWriter();
    w.write(ByteRleDecoderTest.randomBytes(random, 3000));
    damage(w.out.toByteArray(), w.marks.size(), BYTES, random);
    damage(w.out.toByteArray(), w.marks.size() * 8, BOOLEANS, random);
  }

  @Test
  void randomGarbageNeverEscapes() {
    Random random = TestSeed.random("garbage", 0);
    Decode[] decoders = {RLE_V2, RLE_V1, BYTES, BOOLEANS};
    for (int i = 0; i < 3000; i++) {
      byte[] junk = new byte[random.nextInt(200)];
      random.nextBytes(junk);
      expectCleanOrCorrupt(FramedStream.random(junk, random), 1 + random.nextInt(2000),
          decoders[i % 4], random);
    }
  }

  @Test
  void garbledPositionsAreCorruption() {
    Random random = TestSeed.random("garbledPositions", 0);
    RleV2Writer w = new RleV2Writer(false);
    for (int i = 0; i < 10; i++) {
      RleV2RoundTripTest.randomRun(w, random);
    }
    for (int i = 0; i < 2000; i++) {
      FramedStream stream = FramedStream.random(w.out.toByteArray(), random);
      long[] p = new long[random.nextInt(4)];
      for (int k = 0; k < p.length; k++) {
        p[k] = random.nextBoolean() ? random.nextInt(stream.len + 600) - 100 : random.nextLong();
      }
      try {
        IntegerDecoder d = new RleV2Decoder(stream.open(), false);
        // as the row index reader does: numbers past those the checkpoint needs are not read
        d.seek(IntegerCheckpoint.read(new PositionReader(p), stream.compressed()));
        d.next(new long[10], 0, Math.min(10, random.nextInt(11)));
      } catch (CorruptFileException expected) {
        // fine
      } catch (Throwable e) {
        fail("%s seeking %s in %s, %s", e, Arrays.toString(p), stream, TestSeed.replay(), e);
      }
    }
  }

  private static void assertCorrupt(String hex, boolean signed, int count, String message) {
    assertThatThrownBy(() -> new RleV2Decoder(FramedStream.hex(hex), signed)
        .next(new long[count], 0, count))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining(message);
  }

  @Test
  void selfContradictoryRleV2Runs() {
    // PATCHED_BASE, 2 values of 8 bits, 1-bit patches, 8-bit gaps: gap 5 patches value 5
    assertCorrupt("8e 01 00 e1 00 00 00 05 80", false, 2, "patch for value 5");
    // PATCHED_BASE with patch width 64 and gap width 1: 65 bits per entry
    assertCorrupt("8e 01 1f 01 00 00 00 00 00", false, 2, "exceed 64 bits");
    // PATCHED_BASE of 64-bit values with a patch
    assertCorrupt("be 00 00 01 00 00 00 00 00 00 00 00 00 40", false, 1, "64-bit");
    // DELTA of one value with a packed-delta width
    assertCorrupt("c2 00 02 02", false, 1, "DELTA run of 1");
    // stream ends inside DIRECT data / before a value
    assertCorrupt("5e 03 5c a1", false, 4, "ended");
    assertCorrupt("0a 27 10", false, 6, "ended");
  }

  @Test
  void badSkipCountsInPositions() {
    OrcInputStream in = FramedStream.hex("0a 27 10");
    assertThatThrownBy(() -> new RleV2Decoder(in, false).seek(PositionList.integer(false, 0, -1)))
        .isInstanceOf(CorruptFileException.class);
    assertThatThrownBy(() -> new RleV2Decoder(FramedStream.hex("0a 27 10"), false)
        .seek(PositionList.integer(false, 0, 6))).isInstanceOf(CorruptFileException.class);
    assertThatThrownBy(() -> new BooleanDecoder(FramedStream.hex("ff 80"))
        .seek(PositionList.bool(false, 0, 0, 9))).isInstanceOf(CorruptFileException.class);
    assertThatThrownBy(() -> new BooleanDecoder(FramedStream.hex("ff 80"))
        .seek(PositionList.bool(false, 0, 0))).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("row index entry has 2 positions");
  }
}
