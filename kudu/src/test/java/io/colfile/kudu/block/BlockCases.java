package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Shared by the round-trip and corruption suites: every (encoding, physical type) pair Kudu
 * allows, value generators that favour the edges, and a writer loop that feeds an encoder in
 * varied batches, as a CFile writer would.
 */
final class BlockCases {
  private BlockCases() {}

  /** Values for one column: cells for fixed-width types, byte strings for BINARY. */
  record Values(PhysicalType type, byte[] cells, List<byte[]> strings, int count) {
    int width() {
      return type.width();
    }
  }

  /** The blocks an encoder made of some values, and the dictionary block for DICT. */
  record Encoded(List<byte[]> blocks, List<Integer> firstRows, byte[] dictionary) {}

  static Stream<Arguments> pairs() {
    List<Arguments> pairs = new ArrayList<>();
    for (KuduEncoding e : KuduEncoding.values()) {
      for (PhysicalType t : PhysicalType.values()) {
        if (BlockCodecs.supports(e, t)) {
          pairs.add(Arguments.of(e, t));
        }
      }
    }
    return pairs.stream();
  }

  static Values generate(PhysicalType type, int n, Random r) {
    if (type == PhysicalType.BINARY) {
      List<byte[]> s = new ArrayList<>(n);
      while (s.size() < n) {
        int run = r.nextInt(4) == 0 ? 1 + r.nextInt(20) : 1;
        byte[] v = string(r, s.isEmpty() ? null : s.get(s.size() - 1));
        for (int k = 0; k < run && s.size() < n; k++) {
          s.add(v);
        }
      }
      return new Values(type, null, s, n);
    }
    int w = type.width();
    byte[] cells = new byte[n * w];
    int i = 0;
    while (i < n) {
      int run = switch (r.nextInt(5)) {
        case 0 -> 8 + r.nextInt(60);
        case 1 -> 1 + r.nextInt(9);
        default -> 1;
      };
      boolean sorted = r.nextInt(6) == 0;
      byte[] cell = cell(type, r);
      long base = r.nextInt(1000);
      for (int k = 0; k < run && i < n; k++, i++) {
        if (sorted && w <= 8 && type != PhysicalType.BOOL) {
          Bytes.putCell(cells, i * w, w, base + k);
        } else {
          System.arraycopy(run == 1 ? cell(type, r) : cell, 0, cells, i * w, w);
        }
      }
    }
    return new Values(type, cells, null, n);
  }

  /** One cell: the type's extremes, 0, -1, small numbers, NaN payloads, or random bits. */
  static byte[] cell(PhysicalType type, Random r) {
    int w = type.width();
    byte[] c = new byte[w];
    if (type == PhysicalType.BOOL) {
      c[0] = (byte) (r.nextInt(3) == 0 ? 1 : 0);
      return c;
    }
    if (type == PhysicalType.FLOAT) {
      int[] special = {0x7FC00000, 0x7FC00001, 0xFFC00000, 0x7F800001, 0x7FBFFFFF, 0x80000000,
          0x7F800000, 0xFF800000, Float.floatToRawIntBits(1.5f), 1};
      Endian.putIntLE(c, 0, r.nextBoolean() ? special[r.nextInt(special.length)] : r.nextInt());
      return c;
    }
    if (type == PhysicalType.DOUBLE) {
      long[] special = {0x7FF8000000000000L, 0x7FF8000000000001L, 0xFFF0000000000001L,
          0x7FF7FFFFFFFFFFFFL, 0x8000000000000000L, 0x7FF0000000000000L,
          Double.doubleToRawLongBits(-2.25), 1};
      Endian.putLongLE(c, 0, r.nextBoolean() ? special[r.nextInt(special.length)] : r.nextLong());
      return c;
    }
    switch (r.nextInt(7)) {
      case 0 -> Arrays.fill(c, (byte) 0xFF); // -1, or the unsigned maximum
      case 1 -> c[w - 1] = (byte) 0x80; // the signed minimum
      case 2 -> {
        Arrays.fill(c, (byte) 0xFF); // the signed maximum
        c[w - 1] = 0x7F;
      }
      case 3 -> { } // 0
      case 4 -> c[0] = (byte) r.nextInt(16);
      default -> r.nextBytes(c);
    }
    return c;
  }

  private static byte[] string(Random r, byte[] previous) {
    return switch (r.nextInt(9)) {
      case 0 -> new byte[0];
      case 1 -> {
        byte[] b = new byte[300 + r.nextInt(3000)];
        r.nextBytes(b);
        yield b;
      }
      case 2 -> ("ключ-" + r.nextInt(50) + "-☃").getBytes(StandardCharsets.UTF_8);
      case 3 -> {
        // The previous value with a different tail: long shared prefixes for PREFIX.
        if (previous == null) {
          yield "p".getBytes(StandardCharsets.UTF_8);
        }
        byte[] b = Arrays.copyOf(previous, r.nextInt(previous.length + 1) + r.nextInt(4));
        if (b.length > 0) {
          b[b.length - 1] = (byte) r.nextInt(256);
        }
        yield b;
      }
      default -> ("value-" + r.nextInt(r.nextBoolean() ? 20 : 100_000))
          .getBytes(StandardCharsets.UTF_8);
    };
  }

  /**
   * Encodes {@code v} in blocks of {@code blockSize} bytes, adding batches of varied sizes and
   * finishing a block whenever the encoder says it is full (and the last one, possibly empty).
   */
  static Encoded encode(KuduEncoding encoding, Values v, int blockSize, Random r, String what) {
    BlockEncoder enc = BlockCodecs.encoder(encoding, v.type(), blockSize);
    List<byte[]> blocks = new ArrayList<>();
    List<Integer> firstRows = new ArrayList<>();
    BytesVector strings = v.strings() == null ? null : Strings.vector(v.strings());
    int row = 0;
    int blockStart = 0;
    while (row < v.count() || blocks.isEmpty()) {
      int batch = Math.min(v.count() - row, switch (r.nextInt(4)) {
        case 0 -> 1;
        case 1 -> 1 + r.nextInt(8);
        case 2 -> 1 + r.nextInt(100);
        default -> 1 + r.nextInt(2000);
      });
      int taken = 0;
      if (batch > 0) {
        taken = strings != null ? enc.addBinary(strings, row, batch)
            : enc.addCells(v.cells(), row * v.width(), batch);
        assertThat(taken).as("taken of %d, %s", batch, what).isBetween(0, batch);
        if (taken < batch) {
          assertThat(enc.isFull()).as("an encoder that stops early is full, %s", what).isTrue();
        }
      }
      row += taken;
      assertThat(enc.count()).as(what).isEqualTo(row - blockStart);
      if (enc.isFull() || row == v.count()) {
        blocks.add(enc.finish(blockStart));
        firstRows.add(blockStart);
        assertThat(enc.count()).as(what).isZero();
        blockStart = row;
      }
    }
    byte[] dictionary = enc instanceof DictBlockEncoder d ? d.dictionaryBlock() : null;
    return new Encoded(blocks, firstRows, dictionary);
  }
}
