package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.encoding.Endian;
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
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Damaged blocks of every (encoding, physical type) pair, run for each decoder by {@link
 * AbstractBlockDecoderTest}: truncated at every length, one byte changed at every position, u32
 * fields and varints set to absurd values, and random bytes. Decoding each (construction, reads
 * in chunks, seeks and re-reads) may fail only with {@link MalformedInputException}, or succeed
 * with other values; never another exception, a hang (the timeout) or a large allocation
 * (surefire runs this module with -Xmx384m).
 */
class BlockCorruptionTest {
  /** Values read per damaged block at most, so absurd (but consistent) counts stay quick. */
  private static final int READ_LIMIT = 20_000;
  private static final int[] ABSURD = {-1, 0x7FFFFFFF, 0x80000000, 0x0FFFFFFF, 0x00010001, 0};

  /**
   * Damaged blocks of one pair, decoded; what went wrong other than {@link
   * MalformedInputException} (at most ten descriptions). Run for every pair by {@link
   * AbstractBlockDecoderTest}.
   */
  static List<String> damaged(KuduEncoding encoding, PhysicalType type) {
    String name = "corrupt " + encoding + " " + type;
    List<String> failures = new ArrayList<>();
    int[] counts = {0, 1, 9, 40, 300};
    for (int c = 0; c < counts.length; c++) {
      Random r = TestSeed.random(name, c);
      BlockCases.Values v = BlockCases.generate(type, counts[c], r);
      BlockCases.Encoded e = BlockCases.encode(encoding, v, 256 << 10, r, name);
      byte[] block = e.blocks().get(0);
      byte[] dictionary = e.dictionary();
      String what = name + " count " + counts[c];
      mutants(block, r, m -> run(encoding, type, m, dictionary, r, what, failures));
      if (dictionary != null) {
        // A damaged dictionary under an intact data block.
        mutants(dictionary, r, m -> run(encoding, type, block, m, r, what + " dictionary",
            failures));
      }
    }
    for (int k = 0; k < 200; k++) {
      Random r = TestSeed.random(name + " garbage", k);
      byte[] garbage = new byte[r.nextInt(k < 100 ? 40 : 2000)];
      r.nextBytes(garbage);
      run(encoding, type, garbage, garbage, r, name + " garbage " + k, failures);
    }
    return failures;
  }

  /**
   * Hands {@code to} truncations, single-byte changes, absurd u32 fields and over-long varints
   * of {@code block}, one at a time (blocks of random strings can be large).
   */
  static void mutants(byte[] block, Random r, Consumer<byte[]> to) {
    boolean every = block.length <= 700;
    for (int k = 0; k < (every ? block.length : 300); k++) {
      to.accept(Arrays.copyOf(block, every ? k : r.nextInt(block.length)));
      byte[] flipped = block.clone();
      flipped[every ? k : r.nextInt(block.length)] ^= (byte) (1 + r.nextInt(255));
      to.accept(flipped);
    }
    to.accept(Arrays.copyOf(block, block.length + 1 + r.nextInt(20)));
    for (int at = 0; at + 4 <= block.length; at++) {
      if (at > 40 && at < block.length - 12 && r.nextInt(20) != 0) {
        continue;
      }
      for (int x : ABSURD) {
        byte[] b = block.clone();
        Endian.putIntLE(b, at, x);
        to.accept(b);
      }
      byte[] big = block.clone();
      Endian.putIntBE(big, at, 0x7FFFFFFF);
      to.accept(big);
    }
    for (int k = 0; k < 40 && block.length > 0; k++) {
      byte[] b = block.clone();
      int at = r.nextInt(block.length);
      Arrays.fill(b, at, Math.min(b.length, at + 1 + r.nextInt(6)), (byte) 0xFF);
      to.accept(b);
    }
  }

  private static void run(KuduEncoding encoding, PhysicalType type, byte[] block,
      byte[] dictionary, Random r, String what, List<String> failures) {
    check(() -> exercise(encoding, type, block, dictionary, r), block, what, failures);
  }

  interface Decoding {
    void run() throws MalformedInputException;
  }

  /** Runs {@code d}, recording in {@code failures} anything it throws but bad-input reports. */
  static void check(Decoding d, byte[] block, String what, List<String> failures) {
    try {
      d.run();
    } catch (MalformedInputException expected) {
      // The only acceptable failure.
    } catch (Throwable t) {
      if (failures.size() < 10) {
        failures.add(what + ": " + t + " on " + Hex.of(Arrays.copyOf(block,
            Math.min(block.length, 64))) + (block.length > 64 ? " ..." : "") + " at "
            + (t.getStackTrace().length > 0 ? t.getStackTrace()[0] : "?"));
      }
    }
  }

  private static void exercise(KuduEncoding encoding, PhysicalType type, byte[] block,
      byte[] dictionary, Random r) throws MalformedInputException {
    BinaryDictionary dict = dictionary == null ? null
        : BinaryDictionary.decode(dictionary, 0, dictionary.length);
    // Inside a larger array, so that reading past the block's end would not always throw.
    byte[] buf = new byte[block.length + 16];
    System.arraycopy(block, 0, buf, 8, block.length);
    BlockDecoder dec = BlockCodecs.decoder(encoding, type, buf, 8, block.length, dict);
    int count = Math.min(dec.count(), READ_LIMIT);
    read(dec, type, count, r);
    for (int s = 0; s < 4; s++) {
      int at = r.nextInt(count + 1);
      dec.seek(at);
      read(dec, type, Math.min(count - at, 1 + r.nextInt(100)), r);
    }
  }

  private static void read(BlockDecoder dec, PhysicalType type, int n, Random r)
      throws MalformedInputException {
    while (n > 0) {
      int k = Math.min(n, 1 + r.nextInt(500));
      if (type == PhysicalType.BINARY) {
        BytesVector out = new BytesVector(k);
        dec.readBinary(out, 0, k);
        out.validate(k);
      } else {
        dec.readCells(new byte[k * type.width()], 0, k);
      }
      n -= k;
    }
  }

  @Test
  void harnessReportsEverythingButMalformedInput() {
    List<String> failures = new ArrayList<>();
    check(() -> {
      throw new MalformedInputException(0, "fine");
    }, new byte[1], "malformed", failures);
    assertThat(failures).isEmpty();
    check(() -> {
      throw new ArrayIndexOutOfBoundsException(3);
    }, new byte[1], "index", failures);
    check(() -> {
      throw new OutOfMemoryError("big");
    }, new byte[1], "memory", failures);
    assertThat(failures).hasSize(2);
  }
}
