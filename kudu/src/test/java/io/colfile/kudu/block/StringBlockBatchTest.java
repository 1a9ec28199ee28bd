package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bulk row fills of BINARY PLAIN and DICT blocks (codewords of 1, 2 and 4 bytes, and the
 * plain mode after the dictionary filled) against the strings that went in: random batch sizes
 * at random rows of a vector reused across batches and blocks, whose rows held other buffers,
 * the same buffer or nothing before (the reference store is skipped only when it is the same).
 */
@ExtendWith(TestSeed.class)
class StringBlockBatchTest {
  private static List<byte[]> strings(Random r, int n, int distinct) {
    List<byte[]> pool = new ArrayList<>();
    for (int i = 0; i < distinct; i++) {
      pool.add(("s" + i + "-" + "x".repeat(r.nextInt(12))).getBytes(StandardCharsets.UTF_8));
    }
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // Runs of one string now and then, so codewords repeat in place too.
      byte[] s = pool.get(r.nextInt(distinct));
      for (int k = r.nextInt(8) == 0 ? r.nextInt(30) : 1; k > 0 && out.size() < n; k--) {
        out.add(s);
      }
      i = out.size() - 1;
    }
    return out;
  }

  /** Reads every block in random batches into one vector, comparing each row with the input. */
  private static void readBack(List<BlockDecoder> blocks, List<byte[]> expected, Random r,
      String what) throws MalformedInputException {
    BytesVector v = new BytesVector(700);
    byte[] other = new byte[64];
    int at = 0;
    for (BlockDecoder d : blocks) {
      while (d.position() < d.count()) {
        int k = 1 + r.nextInt(Math.min(d.count() - d.position(), r.nextBoolean() ? 5 : 600));
        int row = r.nextInt(700 - k + 1);
        if (r.nextInt(4) == 0) {
          for (int i = row; i < row + k; i++) {
            v.setRef(i, other, 0, 0);
          }
        }
        d.readBinary(v, row, k);
        for (int i = 0; i < k; i++) {
          byte[] want = expected.get(at + i);
          assertThat(v.get(row + i)).as("value %d, %s", at + i, what).isEqualTo(want);
        }
        at += k;
      }
    }
    assertThat(at).as(what).isEqualTo(expected.size());
  }

  @Test
  void binaryPlainBlocksInRandomBatches() throws MalformedInputException {
    for (int c = 0; c < 30; c++) {
      Random r = TestSeed.random("plainBatches", c);
      List<byte[]> in = strings(r, 1 + r.nextInt(5000), 1 + r.nextInt(2000));
      List<BlockDecoder> blocks = new ArrayList<>();
      int row = 0;
      while (row < in.size()) {
        BinaryPlainBlockEncoder enc = new BinaryPlainBlockEncoder(1024 + r.nextInt(16384));
        int first = row;
        while (row < in.size() && !enc.isFull()) {
          int n = Math.min(1 + r.nextInt(50), in.size() - row);
          row += enc.addBinary(Strings.vector(in.subList(row, row + n)), 0, n);
        }
        byte[] b = enc.finish(first);
        blocks.add(new BinaryPlainBlockDecoder(b, 0, b.length));
      }
      readBack(blocks, in, r, "case " + c + ", " + TestSeed.replay());
    }
  }

  @Test
  void dictBlocksOfEveryCodewordWidthInRandomBatches() throws MalformedInputException {
    int[] distinct = {1, 7, 255, 256, 300, 5000, 70_000};
    for (int c = 0; c < 2 * distinct.length; c++) {
      Random r = TestSeed.random("dictBatches", c);
      int d = distinct[c % distinct.length];
      List<byte[]> in = strings(r, 2000 + r.nextInt(d > 1000 ? 150_000 : 20_000), d);
      DictBlockEncoder enc = new DictBlockEncoder(8192 << r.nextInt(6));
      List<byte[]> encoded = new ArrayList<>();
      int row = 0;
      int blockStart = 0;
      while (row < in.size()) {
        int n = Math.min(1 + r.nextInt(100), in.size() - row);
        row += enc.addBinary(Strings.vector(in.subList(row, row + n)), 0, n);
        if (enc.isFull() || row == in.size()) {
          encoded.add(enc.finish(blockStart));
          blockStart = row;
        }
      }
      byte[] dictBlock = enc.dictionaryBlock();
      BinaryDictionary dict = BinaryDictionary.decode(dictBlock, 0, dictBlock.length);
      List<BlockDecoder> blocks = new ArrayList<>();
      for (byte[] b : encoded) {
        blocks.add(new DictBlockDecoder(b, 0, b.length, dict));
      }
      readBack(blocks, in, r, "case " + c + " (" + d + " strings, dictionary of "
          + dict.size() + "), " + TestSeed.replay());
    }
  }
}
