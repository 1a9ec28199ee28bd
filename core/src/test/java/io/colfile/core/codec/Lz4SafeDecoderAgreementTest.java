package io.colfile.core.codec;

import static io.colfile.core.codec.Windows.PAD;
import static io.colfile.core.codec.Windows.assertCanariesOutside;
import static io.colfile.core.codec.Windows.canaries;
import static io.colfile.core.codec.Windows.embedded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.airlift.compress.lz4.Lz4Compressor;
import io.colfile.core.CoreTestSeed;
import io.colfile.core.error.MalformedInputException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * lz4-java's safe decoder decodes first and {@link BlockChecks#lz4}'s walk runs only on the
 * blocks it refuses ({@link Lz4JavaDecompressor}). That is the old order's result (walk, then
 * decode) only if the library never decodes a block the walk refuses. Shown here on damaged
 * blocks (bit flips, changed bytes, cuts, bytes added and removed, limits too small, exact and
 * loose; seeded) and on every input of up to 2 bytes: the library alone never accepts what the
 * walk refuses, the decoder gives exactly the old order's bytes or message and offset, and
 * neither writes outside its output window, refusing or not.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ExtendWith(CoreTestSeed.class)
class Lz4SafeDecoderAgreementTest {
  private static final int MUTANTS = 20_000;

  /** A block's fate: the bytes written, or the refusal's offset and message. */
  private record Outcome(byte[] bytes, String error) {
    static Outcome of(byte[] bytes) {
      return new Outcome(bytes, null);
    }

    static Outcome refused(MalformedInputException e) {
      return new Outcome(null, e.offset() + ": " + e.getMessage());
    }

    boolean accepted() {
      return bytes != null;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Outcome other && Arrays.equals(bytes, other.bytes)
          && java.util.Objects.equals(error, other.error);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes) * 31 + java.util.Objects.hashCode(error);
    }

    @Override
    public String toString() {
      return accepted() ? bytes.length + " bytes" : "refused (" + error + ")";
    }
  }

  /** What is counted over one run, for the assertions that the inputs were varied enough. */
  private static final class Tally {
    int blocks;
    int libraryAccepted;
    int walkRefused;
    int libraryRefusedWalkAccepted;
  }

  private final LZ4SafeDecompressor library = LZ4Factory.nativeInstance().safeDecompressor();
  /** The old order: the walk on every block, then the library. */
  private final Decompressor walkFirst =
      new CheckedDecompressor("lz4", library::decompress, BlockChecks::lz4);
  private Decompressor libraryFirst;

  private static void assumeNative() {
    assumeTrue(CodecImplementations.nativeDecompressor(CompressionCodec.LZ4),
        () -> "skipped: lz4-java is not native here ("
            + CodecImplementations.nativeUnavailableReason(CompressionCodec.LZ4).orElse("?")
            + ")");
  }

  /** Decodes {@code block} (embedded in junk) into a window of {@code limit} with canaries. */
  private static Outcome decode(Decompressor d, byte[] block, int limit, Random r) {
    int at = r.nextInt(8);
    byte[] in = embedded(block, at, r);
    byte[] out = canaries(limit);
    Outcome o;
    try {
      int n = d.decompress(in, at, block.length, out, PAD, limit);
      assertThat(n).isBetween(0, limit);
      o = Outcome.of(Arrays.copyOfRange(out, PAD, PAD + n));
    } catch (MalformedInputException e) {
      o = Outcome.refused(e);
    }
    assertCanariesOutside(out, PAD, limit);
    return o;
  }

  /** Whether lz4-java's decoder alone, with no walk before or after, decodes the block. */
  private boolean libraryAccepts(byte[] block, int limit) {
    byte[] out = canaries(Math.max(limit, 1));
    try {
      library.decompress(block, 0, block.length, out, PAD, Math.max(limit, 1));
      return true;
    } catch (RuntimeException refused) {
      return false;
    } finally {
      assertCanariesOutside(out, PAD, Math.max(limit, 1));
    }
  }

  private static boolean walkRefuses(byte[] block, int limit) {
    try {
      BlockChecks.lz4(block, 0, block.length, limit);
      return false;
    } catch (MalformedInputException e) {
      return true;
    }
  }

  private void check(byte[] block, int limit, Random r, Tally t, String what) {
    t.blocks++;
    boolean accepts = libraryAccepts(block, limit);
    boolean refuses = walkRefuses(block, limit);
    t.libraryAccepted += accepts ? 1 : 0;
    t.walkRefused += refuses ? 1 : 0;
    t.libraryRefusedWalkAccepted += !accepts && !refuses ? 1 : 0;
    assertThat(accepts && refuses)
        .as("lz4-java decodes a block the walk refuses: %s, limit %d, %s; %s", what, limit,
            java.util.HexFormat.of().formatHex(block, 0, Math.min(block.length, 64)),
            CoreTestSeed.replay())
        .isFalse();
    long seed = r.nextLong();
    Outcome before = decode(walkFirst, block, limit, new Random(seed));
    Outcome now = decode(libraryFirst, block, limit, new Random(seed));
    assertThat(now).as("%s, limit %d; %s", what, limit, CoreTestSeed.replay())
        .isEqualTo(before);
  }

  /** One damage of many kinds, some near the block's end where its last sequence lies. */
  private static byte[] mutate(byte[] block, Random r) {
    byte[] b = block.clone();
    int kind = r.nextInt(8);
    switch (kind) {
      case 0 -> {
        for (int f = 1 + r.nextInt(3); f > 0 && b.length > 0; f--) {
          b[position(b.length, r)] ^= (byte) (1 << r.nextInt(8));
        }
      }
      case 1 -> {
        if (b.length > 0) {
          int[] values = {0x00, 0xFF, 0x0F, 0xF0, r.nextInt(256)};
          b[position(b.length, r)] = (byte) values[r.nextInt(values.length)];
        }
      }
      case 2 -> b = Arrays.copyOf(b, r.nextInt(b.length + 1));
      case 3 -> b = Arrays.copyOf(b, Math.max(0, b.length - 1 - r.nextInt(8)));
      case 4 -> {
        byte[] tail = new byte[1 + r.nextInt(8)];
        r.nextBytes(tail);
        b = Arrays.copyOf(b, b.length + tail.length);
        System.arraycopy(tail, 0, b, b.length - tail.length, tail.length);
      }
      case 5 -> {
        if (b.length > 1) {
          int at = position(b.length, r);
          int n = Math.min(b.length - at, 1 + r.nextInt(4));
          byte[] shorter = new byte[b.length - n];
          System.arraycopy(b, 0, shorter, 0, at);
          System.arraycopy(b, at + n, shorter, at, b.length - at - n);
          b = shorter;
        }
      }
      case 6 -> {
        int at = b.length == 0 ? 0 : position(b.length, r);
        byte[] extra = new byte[1 + r.nextInt(4)];
        r.nextBytes(extra);
        byte[] longer = new byte[b.length + extra.length];
        System.arraycopy(b, 0, longer, 0, at);
        System.arraycopy(extra, 0, longer, at, extra.length);
        System.arraycopy(b, at, longer, at + extra.length, b.length - at);
        b = longer;
      }
      default -> b = mutate(mutate(b, r), r);
    }
    return b;
  }

  /** A position anywhere, near the start, or near the end. */
  private static int position(int length, Random r) {
    return switch (r.nextInt(3)) {
      case 0 -> r.nextInt(length);
      case 1 -> r.nextInt(Math.min(length, 16));
      default -> length - 1 - r.nextInt(Math.min(length, 16));
    };
  }

  /** The decoded size a caller allows: exact (Kudu, Trevni), too small, larger (ORC), none. */
  private static int limit(int size, Random r) {
    return switch (r.nextInt(6)) {
      case 0, 1, 2 -> size;
      case 3 -> Math.max(0, size - 1 - r.nextInt(16));
      case 4 -> size + 1 + r.nextInt(r.nextBoolean() ? 16 : 4096);
      default -> r.nextInt(4) == 0 ? 0 : r.nextInt(size + 32);
    };
  }

  /** Text-like, repetitive, random or mixed data, mostly small so that cuts hit structure. */
  private static byte[] data(Random r) {
    int size = r.nextInt(1 << (1 + r.nextInt(r.nextInt(4) == 0 ? 17 : 11)));
    byte[] d = new byte[size];
    switch (r.nextInt(4)) {
      case 0 -> r.nextBytes(d);
      case 1 -> Arrays.fill(d, (byte) r.nextInt(256));
      case 2 -> {
        for (int i = 0; i < size; i++) {
          d[i] = (byte) ('a' + r.nextInt(1 + (i / 37) % 5));
        }
      }
      default -> {
        for (int i = 0; i < size; ) {
          int run = Math.min(size - i, 1 + r.nextInt(40));
          if (r.nextBoolean()) {
            Arrays.fill(d, i, i + run, (byte) r.nextInt(3));
          } else {
            for (int j = i; j < i + run; j++) {
              d[j] = (byte) r.nextInt(256);
            }
          }
          i += run;
        }
      }
    }
    return d;
  }

  private static byte[] compress(Compressor c, byte[] data) {
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    return Arrays.copyOf(out, c.compress(data, 0, data.length, out, 0, out.length));
  }

  @Test
  void damagedBlocksGetTheWalkFirstResult() {
    assumeNative();
    libraryFirst = CompressionCodec.LZ4.newDecompressor();
    Random r = CoreTestSeed.random(161);
    Compressor kudus = new Lz4BlockCompressor();
    Compressor aircompressors = new AirliftCompressor(new Lz4Compressor());
    Tally t = new Tally();
    int intact = 0;
    for (int i = 0; i < MUTANTS; i++) {
      byte[] data = data(r);
      byte[] block = compress(r.nextBoolean() ? kudus : aircompressors, data);
      if (i % 10 == 0) {
        // the intact block decodes to its data on both orders
        check(block, data.length, r, t, "intact block of " + data.length);
        Outcome o = decode(libraryFirst, block, data.length, r);
        assertThat(o.bytes()).as(CoreTestSeed.replay()).isEqualTo(data);
        intact++;
      }
      byte[] damaged = mutate(block, r);
      check(damaged, limit(data.length, r), r, t,
          "damaged block of " + data.length + " (" + damaged.length + " of " + block.length
              + " bytes)");
    }
    System.out.printf("lz4 damage: %d blocks (%d intact), library decoded %d, walk refused %d,"
            + " library alone refused %d%n", t.blocks, intact, t.libraryAccepted,
        t.walkRefused, t.libraryRefusedWalkAccepted);
    // enough of each verdict that the agreement means something
    assertThat(t.walkRefused).as("cut blocks").isGreaterThan(MUTANTS / 10);
    assertThat(t.libraryAccepted).as("decoded blocks").isGreaterThan(MUTANTS / 10);
    assertThat(t.libraryRefusedWalkAccepted).as("blocks only the library refuses")
        .isGreaterThan(MUTANTS / 20);
  }

  @Test
  void everyInputOfUpToTwoBytesGetsTheWalkFirstResult() {
    assumeNative();
    libraryFirst = CompressionCodec.LZ4.newDecompressor();
    Random r = CoreTestSeed.random(162);
    Tally t = new Tally();
    int[] limits = {0, 1, 16, 300};
    for (int limit : limits) {
      check(new byte[0], limit, r, t, "empty input");
      for (int a = 0; a < 256; a++) {
        check(new byte[] {(byte) a}, limit, r, t, "1 byte");
        for (int b = 0; b < 256; b++) {
          check(new byte[] {(byte) a, (byte) b}, limit, r, t, "2 bytes");
        }
      }
    }
    assertThat(t.blocks).isEqualTo(limits.length * (1 + 256 + 256 * 256));
    assertThat(t.walkRefused).isPositive();
    assertThat(t.libraryAccepted).isPositive();
  }

  @Test
  void aCutBlockKeepsTheWalksMessage() throws MalformedInputException {
    assumeNative();
    // "abcd", a match (offset 4, length 4): cut right after the match
    byte[] cut = {0x40, 'a', 'b', 'c', 'd', 0x04, 0x00};
    Outcome o = decode(CompressionCodec.LZ4.newDecompressor(), cut, 100, new Random(1));
    assertThat(o.error()).isEqualTo(
        "7: lz4 block ends after a match; the last sequence must be literals only (truncated?)");
    assertThat(decode(CompressionCodec.LZ4.newDecompressor(), new byte[0], 10, new Random(2))
        .error()).isEqualTo("0: lz4 block is empty; even an empty block has a token");
  }
}
