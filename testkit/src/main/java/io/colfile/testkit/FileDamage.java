package io.colfile.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Damaged copies of a real file for sweeps that read each copy fully: truncations, bit flips,
 * zeroed ranges, random ranges and varint runs (bytes with the continuation bit set, so a varint
 * read there runs on), each at a random place, half of them in the file's last {@code tailBytes}
 * bytes where the formats keep their footers. The same {@link Random} gives the same copies.
 */
public final class FileDamage {
  /** Matches a message that names where in the file: {@code file offset 7013}, {@code byte 12}. */
  private static final Pattern OFFSET =
      Pattern.compile("(file )?offset -?\\d+|\\bbytes? \\d+|\\bat \\d+");

  private FileDamage() {}

  /** The kinds of damage. */
  public enum Kind { TRUNCATE, FLIP, ZERO, RANDOM, VARINT_RUN }

  /** One damaged copy and how it was made. */
  public record Copy(String what, Kind kind, byte[] bytes) {}

  /**
   * {@code count} damaged copies of {@code file} (at least 2 bytes long), cycling through the
   * kinds.
   */
  public static List<Copy> copies(byte[] file, Random random, int count, int tailBytes) {
    List<Copy> out = new ArrayList<>(count);
    Kind[] kinds = Kind.values();
    for (int i = 0; i < count; i++) {
      out.add(copy(file, random, kinds[i % kinds.length], i % 2 == 0 ? tailBytes : 0));
    }
    return out;
  }

  /** One damaged copy of {@code kind}; within the last {@code tailBytes} bytes unless 0. */
  public static Copy copy(byte[] file, Random random, Kind kind, int tailBytes) {
    int len = file.length;
    int from = tailBytes > 0 ? Math.max(0, len - tailBytes) : 0;
    int pos = from + random.nextInt(len - from);
    if (kind == Kind.TRUNCATE) {
      int cut = Math.max(1, Math.min(len - 1, pos));
      return new Copy("truncated to " + cut + " bytes", kind, Arrays.copyOf(file, cut));
    }
    byte[] b = file.clone();
    if (kind == Kind.FLIP) {
      int bit = random.nextInt(8);
      b[pos] ^= (byte) (1 << bit);
      return new Copy("bit " + bit + " of byte " + pos + " flipped", kind, b);
    }
    int n = Math.min(len - pos, 1 + random.nextInt(random.nextBoolean() ? 4 : 64));
    for (int i = pos; i < pos + n; i++) {
      b[i] = switch (kind) {
        case ZERO -> 0;
        case RANDOM -> (byte) random.nextInt(256);
        default -> (byte) (0x80 | random.nextInt(128));
      };
    }
    return new Copy(kind.name().toLowerCase() + " bytes " + pos + ".." + (pos + n - 1), kind, b);
  }

  /** Whether an error message names a byte offset of the file. */
  public static boolean namesOffset(String message) {
    return message != null && OFFSET.matcher(message).find();
  }
}
