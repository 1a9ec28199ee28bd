package io.colfile.orc.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link StringDictionary} against a map: values of 0 to 40 bytes over two- to four-letter
 * alphabets (so that many share their first and last bytes, the words the table compares
 * first), placed at random offsets of larger arrays, get ids in order of first appearance, the
 * same id whenever the bytes are equal, and a sorted order that is unsigned byte order; and
 * again after {@code clear()}.
 */
@ExtendWith(TestSeed.class)
class StringDictionaryTest {

  @Test
  void idsAreThoseOfAMapOfTheBytes() {
    int cases = TestSeed.exhaustive() ? 400 : 60;
    for (int c = 0; c < cases; c++) {
      Random r = TestSeed.random("stringDictionary", c);
      StringDictionary dictionary = new StringDictionary();
      for (int round = 0; round < 2; round++) {
        Map<String, Integer> expected = new HashMap<>();
        List<byte[]> distinct = new ArrayList<>();
        byte[] alphabet = new byte[2 + r.nextInt(3)];
        for (int k = 0; k < alphabet.length; k++) {
          alphabet[k] = (byte) (r.nextBoolean() ? 'a' + k : 0x80 + k * 37);
        }
        int maxLength = 1 + r.nextInt(40);
        int n = r.nextInt(3000);
        for (int i = 0; i < n; i++) {
          int len = r.nextInt(maxLength + 1);
          int off = r.nextInt(9);
          byte[] buf = new byte[off + len + r.nextInt(9)];
          r.nextBytes(buf); // bytes around the value must not matter
          for (int k = 0; k < len; k++) {
            buf[off + k] = alphabet[r.nextInt(alphabet.length)];
          }
          byte[] value = Arrays.copyOfRange(buf, off, off + len);
          String key = new String(value, StandardCharsets.ISO_8859_1);
          Integer want = expected.get(key);
          if (want == null) {
            want = expected.size();
            expected.put(key, want);
            distinct.add(value);
          }
          assertThat(dictionary.add(buf, off, len))
              .as("case %d round %d value %d %s", c, round, i, TestSeed.replay()).isEqualTo(want);
        }
        assertThat(dictionary.size()).isEqualTo(expected.size());
        for (int id = 0; id < distinct.size(); id++) {
          byte[] stored = Arrays.copyOfRange(dictionary.bytes(), dictionary.start(id),
              dictionary.start(id) + dictionary.length(id));
          assertThat(stored).isEqualTo(distinct.get(id));
        }
        int[] sorted = dictionary.sortedIds();
        for (int k = 1; k < sorted.length; k++) {
          assertThat(Arrays.compareUnsigned(distinct.get(sorted[k - 1]), distinct.get(sorted[k])))
              .isNegative();
        }
        dictionary.clear();
      }
    }
  }
}
