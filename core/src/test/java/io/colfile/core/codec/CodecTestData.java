package io.colfile.core.codec;

import io.colfile.core.CoreTestSeed;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Named;

/**
 * The corpus the codec tests share, made from the run's seed ({@link CoreTestSeed}); every
 * generator derives its {@link Random} from it.
 */
final class CodecTestData {
  private static final String[] WORDS = {
    "stripe", "footer", "column", "the", "a", "of", "row", "index", "bloom", "filter", "zstd",
    "Ünïcödé", "0", "42", "-1", "\n", ", ", "postscript", "dictionary", "present", "length",
  };

  private static final List<Named<byte[]>> CORPUS = List.of(
      Named.of("empty", new byte[0]),
      Named.of("1 byte", new byte[] {42}),
      Named.of("random 17 bytes", random(17, 1)),
      Named.of("text 1000 bytes", text(1000, 2)),
      Named.of("random 100 KiB", random(100 << 10, 3)),
      Named.of("text 300 KiB", text(300 << 10, 4)),
      Named.of("zeros 256 KiB", new byte[256 << 10]));

  private CodecTestData() {}

  static List<Named<byte[]>> corpus() {
    return CORPUS;
  }

  static Random random(long salt) {
    return CoreTestSeed.random(salt);
  }

  /** Incompressible bytes. */
  static byte[] random(int length, long salt) {
    byte[] b = new byte[length];
    random(salt).nextBytes(b);
    return b;
  }

  /** Repetitive text from a small vocabulary: compresses well, but not to nothing. */
  static byte[] text(int length, long salt) {
    Random r = random(salt);
    StringBuilder sb = new StringBuilder(length + 32);
    while (sb.length() < length) {
      sb.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
    }
    return Arrays.copyOf(sb.toString().getBytes(StandardCharsets.UTF_8), length);
  }
}
