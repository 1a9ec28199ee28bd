package io.colfile.core.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Fixed inputs (a fixed seed each, not the run's) that LZ4 1.9.3's {@code LZ4_compress_default}
 * compressed for {@link Lz4BlockCompressorTest}'s reference vectors. They sit on the compressor's
 * edges: the 13-byte minimum, the switch from the 16-bit to the 32-bit table at 65547 bytes,
 * matches 65535 and 65536 bytes back, literal and match lengths far past 15, and the kinds of
 * data Kudu compresses (bit-transposed integers, text, DeltaFile-like records).
 */
final class Lz4ReferenceInputs {
  private Lz4ReferenceInputs() {}

  /** One input: how it is generated and how long it is. */
  record Input(String kind, int size, long seed) {
    byte[] bytes() {
      return generate(kind, size, seed);
    }

    @Override
    public String toString() {
      return kind + " " + size;
    }
  }

  static final List<Input> INPUTS = List.of(
      new Input("random", 0, 1),
      new Input("random", 1, 2),
      new Input("random", 12, 3),
      new Input("zeros", 12, 4),
      new Input("zeros", 13, 5),
      new Input("random", 13, 6),
      new Input("zeros", 14, 7),
      new Input("alphabet", 100, 8),
      new Input("text", 1000, 9),
      new Input("transposed", 2048, 10),
      new Input("transposed", 8192, 11),
      new Input("alphabet", 8192, 12),
      new Input("copies", 32768, 13),
      new Input("zeros", 65546, 14),
      new Input("zeros", 65547, 15),
      new Input("copies", 65546, 16),
      new Input("copies", 65547, 17),
      new Input("random", 100_000, 18),
      new Input("period65535", 140_000, 19),
      new Input("period65536", 140_000, 20),
      new Input("period70000", 140_000, 21),
      new Input("copies", 200_000, 22),
      new Input("text", 300_000, 23),
      new Input("alphabet", 1 << 20, 24));

  private static final String[] WORDS = {
    "tablet", "rowset", "delta", "the", "a", "of", "key", "index", "bloom", "cfile", "redo",
    "undo", "0", "42", "-1", "\n", ", ", "block", "dictionary", "null", "Kudu",
  };

  static byte[] generate(String kind, int size, long seed) {
    Random r = new Random(seed);
    byte[] b = new byte[size];
    switch (kind) {
      case "random" -> r.nextBytes(b);
      case "zeros" -> { }
      case "alphabet" -> {
        for (int i = 0; i < size; i++) {
          b[i] = (byte) ('a' + r.nextInt(4));
        }
      }
      case "text" -> {
        StringBuilder sb = new StringBuilder(size + 32);
        while (sb.length() < size) {
          sb.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
        }
        b = Arrays.copyOf(sb.toString().getBytes(StandardCharsets.US_ASCII), size);
      }
      case "transposed" -> {
        // rows of bits of slowly growing integers, as bitshuffle lays them out: sparse low
        // rows, zero high rows
        int rows = 32;
        int rowLen = size / rows;
        for (int row = 0; row < rows / 2; row++) {
          for (int i = 0; i < rowLen; i++) {
            b[row * rowLen + i] = (byte) (row < 4 ? r.nextInt(256) : r.nextInt(8) == 0 ? 1 : 0);
          }
        }
      }
      case "copies" -> {
        // an LZ77-like mix: short random literals, then copies from up to 70000 bytes back
        int p = 0;
        while (p < size) {
          if (p < 16 || r.nextInt(3) == 0) {
            int n = Math.min(size - p, 1 + r.nextInt(20));
            for (int i = 0; i < n; i++) {
              b[p++] = (byte) r.nextInt(256);
            }
          } else {
            int distance = 1 + r.nextInt(Math.min(p, 70_000));
            int n = Math.min(size - p, 4 + r.nextInt(r.nextInt(8) == 0 ? 3000 : 60));
            for (int i = 0; i < n; i++, p++) {
              b[p] = b[p - distance];
            }
          }
        }
      }
      default -> {
        if (!kind.startsWith("period")) {
          throw new IllegalArgumentException(kind);
        }
        // random bytes repeating with this period: every match lies exactly that far back
        int period = Integer.parseInt(kind.substring("period".length()));
        byte[] unit = new byte[period];
        r.nextBytes(unit);
        for (int i = 0; i < size; i++) {
          b[i] = unit[i % period];
        }
      }
    }
    return b;
  }
}
