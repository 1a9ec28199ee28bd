package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every {@link BlockDecoder} meets, run by a small subclass per decoder for each
 * physical type its encoding takes (cfile.md section 7), on blocks our encoders make:
 *
 * <ul>
 *   <li>round trips of seeded random values with edges on purpose, counts on the boundaries,
 *       several block sizes, read forward in varied chunks and again after seeks
 *       ({@link BlockRoundTripTest#check});
 *   <li>an empty block and a single value: count, first ordinal, position, seek to either end;
 *   <li>reading past the count, seeking past it, and asking a fixed-width block for byte strings
 *       (or a BINARY block for cells) are caller bugs: {@link IllegalStateException} or {@link
 *       IndexOutOfBoundsException}, and the position stays;
 *   <li>damaged bytes (truncated, changed, absurd u32 fields and varints, garbage) fail only
 *       with {@link MalformedInputException}, never another exception, a hang or a huge
 *       allocation ({@link BlockCorruptionTest#mutants}).
 * </ul>
 */
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
abstract class AbstractBlockDecoderTest {
  private static final int[] COUNTS = {0, 1, 7, 8, 9, 511, 512, 513};
  private static final int[] BLOCK_SIZES = {64, 512, 4096, 256 << 10};
  /**
   * The block size of the blocks made whole for one test (at most 300 values): far more than 300
   * of the longest values {@link BlockCases#generate} makes (about 3,300 bytes, a few more when
   * it extends the previous one), so that one block takes them all.
   */
  private static final int ONE_BLOCK = 4 << 20;

  /** The encoding whose blocks the decoder reads. */
  abstract KuduEncoding encoding();

  /** The physical types the decoder reads with {@link #encoding()}. */
  abstract List<PhysicalType> types();

  /** The class {@link BlockCodecs#decoder} gives for every type of {@link #types()}. */
  abstract Class<? extends BlockDecoder> decoderClass();

  @Test
  void blockCodecsGiveThisDecoderForEachType() throws MalformedInputException {
    assertThat(types()).isNotEmpty();
    for (PhysicalType type : types()) {
      assertThat(BlockCodecs.supports(encoding(), type)).as("%s", type).isTrue();
      assertThat(decoder(type, encode(type, 3, new Random(type.ordinal())))).as("%s", type)
          .isExactlyInstanceOf(decoderClass());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void roundTrips(PhysicalType type) throws MalformedInputException {
    KuduEncoding encoding = encoding();
    String name = "roundTrip " + encoding + " " + type;
    int cases = COUNTS.length + 12;
    for (int c = 0; c < cases; c++) {
      Random r = TestSeed.random(name, c);
      int n = c < COUNTS.length ? COUNTS[c] : r.nextInt(c % 4 == 0 ? 20_000 : 3000);
      int blockSize = BLOCK_SIZES[r.nextInt(BLOCK_SIZES.length)];
      if (c >= COUNTS.length && c % 3 == 0 && encoding == KuduEncoding.BIT_SHUFFLE) {
        // Exactly full blocks: a multiple of the capacity.
        n = (blockSize / type.width()) * (1 + r.nextInt(3));
        n = Math.min(n, 40_000);
      }
      String what = name + " case " + c + " n " + n + " block size " + blockSize + ", "
          + TestSeed.replay();
      BlockRoundTripTest.check(encoding, type, BlockCases.generate(type, n, r), blockSize, r,
          what);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void emptyBlock(PhysicalType type) throws MalformedInputException {
    Encoded e = encode(type, 0, TestSeed.random("empty " + encoding() + " " + type, 0));
    BlockDecoder dec = decoder(type, e);
    assertThat(dec.count()).isZero();
    assertThat(dec.firstOrdinal()).isEqualTo(e.firstOrdinal);
    assertThat(dec.position()).isZero();
    dec.seek(0);
    assertThat(dec.position()).isZero();
    read(dec, type, 0);
    assertThat(dec.position()).isZero();
    assertCallerBugs(dec, type);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void singleValue(PhysicalType type) throws MalformedInputException {
    String name = "single " + encoding() + " " + type;
    for (int c = 0; c < 20; c++) {
      Random r = TestSeed.random(name, c);
      BlockCases.Values v = BlockCases.generate(type, 1, r);
      BlockCases.Encoded blocks = BlockCases.encode(encoding(), v, 256 << 10, r, name);
      assertThat(blocks.blocks()).hasSize(1);
      Encoded e = new Encoded(blocks.blocks().get(0), blocks.dictionary(), 0);
      BlockDecoder dec = decoder(type, e);
      assertThat(dec.count()).isEqualTo(1);
      assertThat(dec.firstOrdinal()).isZero();
      Object first = read(dec, type, 1);
      assertThat(first).as("%s, %s", name, TestSeed.replay()).isEqualTo(expected(v, 0));
      assertThat(dec.position()).isEqualTo(1);
      dec.seek(0);
      assertThat(read(dec, type, 1)).isEqualTo(first);
      dec.seek(1);
      assertThat(dec.position()).isEqualTo(1);
      assertCallerBugs(dec, type);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void theFirstOrdinalIsTheHeaders(PhysicalType type) throws MalformedInputException {
    Random r = TestSeed.random("ordinal " + encoding() + " " + type, 0);
    for (long ordinal : new long[] {0, 1, 12_345, Integer.MAX_VALUE - 1L}) {
      BlockEncoder enc = BlockCodecs.encoder(encoding(), type, ONE_BLOCK);
      add(enc, type, BlockCases.generate(type, 5, r));
      Encoded e = new Encoded(enc.finish(ordinal), BlockCodecs.dictionaryBlock(enc), ordinal);
      BlockDecoder dec = decoder(type, e);
      assertThat(dec.firstOrdinal()).isEqualTo(ordinal);
      assertThat(dec.count()).isEqualTo(5);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void readsPastTheCountAreCallerBugs(PhysicalType type) throws MalformedInputException {
    Random r = TestSeed.random("past " + encoding() + " " + type, 0);
    BlockDecoder dec = decoder(type, encode(type, 300, r));
    int count = dec.count();
    assertThat(count).isEqualTo(300);
    read(dec, type, count - 5);
    int at = dec.position();
    if (type == PhysicalType.BINARY) {
      assertThatThrownBy(() -> dec.readBinary(new BytesVector(6), 0, 6))
          .isInstanceOf(IllegalStateException.class);
    } else {
      assertThatThrownBy(() -> dec.readCells(new byte[6 * type.width()], 0, 6))
          .isInstanceOf(IllegalStateException.class);
    }
    assertThat(dec.position()).isEqualTo(at);
    assertThatThrownBy(() -> dec.seek(count + 1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> dec.seek(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(dec.position()).isEqualTo(at);
    read(dec, type, 5);
    assertCallerBugs(dec, type);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void damagedBlocksFailOnlyAsMalformedInput(PhysicalType type) {
    assertThat(BlockCorruptionTest.damaged(encoding(), type)).as("%s", TestSeed.replay())
        .isEmpty();
  }

  /** At the end of a block: one more value, a seek past it, and the other kind of read. */
  private static void assertCallerBugs(BlockDecoder dec, PhysicalType type) {
    int end = dec.count();
    assertThat(dec.position()).isEqualTo(end);
    assertThatThrownBy(() -> dec.readCells(new byte[16], 0, 1))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> dec.readBinary(new BytesVector(1), 0, 1))
        .isInstanceOf(IllegalStateException.class);
    if (type == PhysicalType.BINARY) {
      assertThatThrownBy(() -> dec.readCells(new byte[16], 0, 0))
          .isInstanceOf(IllegalStateException.class);
    } else {
      assertThatThrownBy(() -> dec.readBinary(new BytesVector(1), 0, 0))
          .isInstanceOf(IllegalStateException.class);
    }
    assertThatThrownBy(() -> dec.seek(end + 1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(dec.position()).isEqualTo(end);
  }

  /** One block and, for DICT, the dictionary block. */
  record Encoded(byte[] block, byte[] dictionary, long firstOrdinal) {}

  private Encoded encode(PhysicalType type, int n, Random r) {
    BlockEncoder enc = BlockCodecs.encoder(encoding(), type, ONE_BLOCK);
    add(enc, type, BlockCases.generate(type, n, r));
    return new Encoded(enc.finish(7), BlockCodecs.dictionaryBlock(enc), 7);
  }

  private static void add(BlockEncoder enc, PhysicalType type, BlockCases.Values v) {
    int taken = type == PhysicalType.BINARY ? enc.addBinary(Strings.vector(v.strings()), 0,
        v.count()) : enc.addCells(v.cells(), 0, v.count());
    assertThat(taken).isEqualTo(v.count());
  }

  /** A decoder over the block, placed inside a larger array as a CFile reader hands it over. */
  private BlockDecoder decoder(PhysicalType type, Encoded e) throws MalformedInputException {
    BinaryDictionary dict = e.dictionary() == null ? null
        : BinaryDictionary.decode(e.dictionary(), 0, e.dictionary().length);
    byte[] buf = new byte[e.block().length + 9];
    System.arraycopy(e.block(), 0, buf, 3, e.block().length);
    return BlockCodecs.decoder(encoding(), type, buf, 3, e.block().length, dict);
  }

  /** Reads {@code n} values; the last one as hex (cells) or bytes (BINARY), or null. */
  private static Object read(BlockDecoder dec, PhysicalType type, int n)
      throws MalformedInputException {
    if (type == PhysicalType.BINARY) {
      BytesVector out = new BytesVector(Math.max(1, n));
      dec.readBinary(out, 0, n);
      out.validate(n);
      return n == 0 ? null : out.get(n - 1);
    }
    byte[] out = new byte[n * type.width()];
    dec.readCells(out, 0, n);
    return n == 0 ? null
        : Hex.of(Arrays.copyOfRange(out, (n - 1) * type.width(), out.length));
  }

  private static Object expected(BlockCases.Values v, int i) {
    if (v.type() == PhysicalType.BINARY) {
      return v.strings().get(i);
    }
    int w = v.width();
    return Hex.of(Arrays.copyOfRange(v.cells(), i * w, (i + 1) * w));
  }

  /** Every (encoding, type) pair the subclasses cover, for the completeness check. */
  static List<String> pairs(List<AbstractBlockDecoderTest> contracts) {
    List<String> out = new ArrayList<>();
    for (AbstractBlockDecoderTest t : contracts) {
      for (PhysicalType type : t.types()) {
        out.add(t.encoding() + " " + type);
      }
    }
    return out;
  }
}
