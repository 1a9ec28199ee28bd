package io.colfile.kudu.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.colfile.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class KuduCityHash64Test {
  private static final String HEX16 = "0123456789abcdef";

  /** Every vector of the table in cfile.md section 10.4 (taken from Kudu's own city.cc). */
  @Test
  void specVectors() {
    check("", 0xc47b6e9e3a970ed3L);
    check("a", 0x235e57f972565b24L);
    check("abc", 0x224ca0a599a6c2bfL);
    check("abcd", 0x5879a172f0097253L);
    check("hello", 0xe34068fd14d12c4eL);
    check("abcdefgh", 0x79a5b627c36d88ccL);
    check("abcdefghi", 0x6d7cbfc79f788a41L);
    check(HEX16, 0x4f2c4bbf27ba62daL);
    check(HEX16 + "g", 0x15217d1c650a8aa7L);
    check(HEX16.repeat(2), 0xc93306c3601dd791L);
    check(HEX16.repeat(2) + "0", 0xb24f58fa0878be0cL);
    check(HEX16.repeat(4), 0xebb9816789bda166L);
    check(HEX16.repeat(4) + "X", 0xf08a51dcba61ac5dL);
    check("The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy"
        + " dog! 0123456789", 0xb3b5f0839b07c306L);
    assertEquals(0xd7e089a4c738ad33L,
        KuduCityHash64.hash64(new byte[] {(byte) 0x80, 0, 0, 1}), "INT32 key 1");
  }

  private static void check(String input, long expected) {
    byte[] b = input.getBytes(StandardCharsets.US_ASCII);
    assertEquals(expected, KuduCityHash64.hash64(b),
        () -> "length " + b.length + " \"" + input + "\"");
  }

  /**
   * The hash of a window depends only on its bytes, not on where it sits in the array or what
   * surrounds it; covers every length from 0 to 300, so every branch and chunk-loop count runs.
   */
  @Test
  void windowEqualsCopy() {
    Random r = TestSeed.random("windowEqualsCopy", 0);
    for (int len = 0; len <= 300; len++) {
      byte[] key = new byte[len];
      r.nextBytes(key);
      int pad = r.nextInt(9);
      byte[] big = new byte[pad + len + r.nextInt(9)];
      r.nextBytes(big);
      System.arraycopy(key, 0, big, pad, len);
      int n = len;
      assertEquals(KuduCityHash64.hash64(key), KuduCityHash64.hash64(big, pad, len),
          () -> "length " + n + "; " + TestSeed.replay());
    }
  }

  /** One flipped bit anywhere changes the hash (a dropped byte in a branch would not). */
  @Test
  void everyByteMatters() {
    Random r = TestSeed.random("everyByteMatters", 0);
    int[] lengths = {1, 2, 3, 4, 7, 8, 9, 16, 17, 31, 32, 33, 64, 65, 127, 128, 129, 200};
    for (int len : lengths) {
      byte[] key = new byte[len];
      r.nextBytes(key);
      long h = KuduCityHash64.hash64(key);
      for (int i = 0; i < len; i++) {
        for (int bit = 0; bit < 8; bit++) {
          key[i] ^= (byte) (1 << bit);
          int at = i;
          assertNotEquals(h, KuduCityHash64.hash64(key),
              () -> "length " + len + " byte " + at + "; " + TestSeed.replay());
          key[i] ^= (byte) (1 << bit);
        }
      }
    }
  }

  @Test
  void badWindowRejected() {
    byte[] b = new byte[4];
    assertThrows(IndexOutOfBoundsException.class, () -> KuduCityHash64.hash64(b, 2, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> KuduCityHash64.hash64(b, -1, 1));
  }
}
