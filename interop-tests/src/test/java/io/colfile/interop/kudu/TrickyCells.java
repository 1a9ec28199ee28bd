package io.colfile.interop.kudu;

import io.colfile.kudu.KuduType;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Values of every Kudu type chosen to trip a printer up: extremes, signs, NaNs, negative zero,
 * subnormals, numbers on the edge between %g's fixed and exponent forms or between 6 and 8 (15
 * and 17) digits, dates and timestamps at and beyond the ends of Kudu's range, years below 1000,
 * every byte in strings and invalid UTF-8; then random ones. Fixed-width cells come as the
 * physical type's little-endian bytes, byte strings as they are.
 */
final class TrickyCells {
  private TrickyCells() {}

  /** Fixed-width cells for {@code type}, each {@code type.physical().width()} bytes. */
  static List<byte[]> fixed(KuduType type, Random r) {
    List<byte[]> out = new ArrayList<>();
    int width = type.physical().width();
    switch (type) {
      case BOOL -> {
        out.add(new byte[] {1});
        out.add(new byte[] {0});
        for (int i = 0; i < 100; i++) {
          out.add(new byte[] {(byte) (r.nextBoolean() ? 1 : 0)});
        }
      }
      case FLOAT -> floats(r).forEach(f -> out.add(le(4, f)));
      case DOUBLE -> doubles(r).forEach(d -> out.add(le(8, d)));
      case DATE -> dates(r).forEach(d -> out.add(le(4, d)));
      case UNIXTIME_MICROS -> timestamps(r).forEach(t -> out.add(le(8, t)));
      case INT128, DECIMAL128 -> int128s(r).forEach(v -> out.add(le128(v)));
      default -> integers(width, type, r).forEach(v -> out.add(le(width, v)));
    }
    return out;
  }

  /** Byte strings for STRING, VARCHAR and BINARY. */
  static List<byte[]> binary(Random r) {
    List<byte[]> out = new ArrayList<>();
    byte[] all = new byte[256];
    for (int b = 0; b < 256; b++) {
      out.add(new byte[] {(byte) b});
      all[b] = (byte) b;
    }
    out.add(all);
    out.add(new byte[0]);
    out.add(bytes(0xc3)); // cut-off two-byte sequence
    out.add(bytes('a', 0x80, 'b')); // lone continuation byte
    out.add(bytes(0xe2, 0x82)); // cut-off three-byte sequence
    out.add(bytes(0xed, 0xa0, 0x80)); // a UTF-16 surrogate, encoded
    out.add(bytes(0xc0, 0xaf)); // overlong '/'
    out.add(bytes(0xf4, 0x90, 0x80, 0x80)); // beyond U+10FFFF
    out.add(bytes(0xff, 0xfe, 0xfd));
    out.add(utf8("na\u00efve \u2013 \u65e5\u672c\u8a9e \u2713 \uD83D\uDE00 \u0416"));
    out.add(utf8("tab\there\nnewline \"quoted\" it's back\\slash \u0001\u0000nul\r"));
    out.add(bytes(1, 'a', 1, 'g', 0x19, 'F', 0x7f, '0', '\t', 'b')); // hex digits after escapes
    out.add(bytes(1, '1', '2', 0, '7')); // digits after octal escapes
    byte[] longText = new byte[3000];
    for (int i = 0; i < longText.length; i++) {
      longText[i] = (byte) (0x20 + r.nextInt(0x5f));
    }
    out.add(longText);
    for (int i = 0; i < 150; i++) {
      byte[] b = new byte[r.nextInt(17)];
      r.nextBytes(b);
      out.add(b);
    }
    return out;
  }

  private static List<Long> integers(int width, KuduType type, Random r) {
    int bits = width * 8;
    long mask = bits == 64 ? -1L : (1L << bits) - 1;
    List<Long> out = new ArrayList<>(List.of(0L, 1L, -1L & mask, 1L << (bits - 1),
        (1L << (bits - 1)) - 1, 2L, 10L, 100L));
    if (type == KuduType.DECIMAL32) {
      out.addAll(List.of(999_999_999L, -999_999_999L & mask));
    } else if (type == KuduType.DECIMAL64) {
      out.addAll(List.of(999_999_999_999_999_999L, -999_999_999_999_999_999L));
    }
    for (int i = 0; i < 200; i++) {
      out.add(r.nextLong() & mask);
      out.add((r.nextInt(201) - 100) & mask);
    }
    return out;
  }

  private static List<BigInteger> int128s(Random r) {
    BigInteger min = BigInteger.ONE.shiftLeft(127).negate();
    BigInteger max38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
    List<BigInteger> out = new ArrayList<>(List.of(min, min.negate().subtract(BigInteger.ONE),
        BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), max38, max38.negate(),
        BigInteger.ONE.shiftLeft(64), BigInteger.ONE.shiftLeft(64).negate(),
        BigInteger.ONE.shiftLeft(63), BigInteger.valueOf(Long.MIN_VALUE),
        // Kudu 1.17 prints magnitudes from 2^64 with the zeros at the top of the last 20 digits
        // missing (KuduValueText.int128Text); these have many such zeros
        BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE), BigInteger.TEN.pow(20),
        BigInteger.TEN.pow(20).add(BigInteger.ONE), BigInteger.TEN.pow(21).add(BigInteger.TEN),
        BigInteger.TEN.pow(37).negate(), new BigInteger("1000000000000000000000000000000000009")));
    for (int i = 0; i < 200; i++) {
      BigInteger v = new BigInteger(1 + r.nextInt(127), r);
      out.add(r.nextBoolean() ? v : v.negate());
    }
    return out;
  }

  private static List<Integer> floats(Random r) {
    List<Integer> out = new ArrayList<>();
    for (int bits : new int[] {0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fffffff,
        0x80000000, 0, 1, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0xff7fffff,
        0x7f800000, 0xff800000}) {
      out.add(bits);
    }
    float[] plain = {0.1f, -0.1f, 0.3f, 30.1f, 1e21f, 1e-7f, 1e-4f, 1e-5f, 1e6f, 1e15f, 1e16f,
        16777216f, 16777217f, 33554432f, 1234567f, 123456.7f, 999999.5f, 9999995f, 3.14159265f,
        2.5f, -1.5f, 100000f, 1000000f, 0.0001234f, 1.1754944e-38f};
    for (float f : plain) {
      out.add(Float.floatToRawIntBits(f));
    }
    for (int e = -45; e <= 38; e++) {
      out.add(Float.floatToRawIntBits(Float.parseFloat("1e" + e)));
    }
    for (int i = 0; i < 600; i++) {
      out.add(r.nextInt());
    }
    for (int i = 0; i < 300; i++) { // decimal-looking values: 6 or 7 significant digits
      float f = (float) ((r.nextInt(20_000_000) - 10_000_000) / Math.pow(10, r.nextInt(12) - 2));
      out.add(Float.floatToRawIntBits(f));
    }
    return out;
  }

  private static List<Long> doubles(Random r) {
    List<Long> out = new ArrayList<>();
    for (long bits : new long[] {0x7ff8000000000000L, 0xfff8000000000000L, 0x7ff0000000000001L,
        0xfff0000000000001L, 0x8000000000000000L, 0L, 1L, 0x8000000000000001L,
        0x000fffffffffffffL, 0x800fffffffffffffL, 0x0010000000000000L, 0x7fefffffffffffffL,
        0xffefffffffffffffL, 0x7ff0000000000000L, 0xfff0000000000000L, 3L}) {
      out.add(bits);
    }
    double[] plain = {0.1, 0.2, 0.1 + 0.2, 30.1, 30.2, 30.200000000000003, 1e21, 1e22, 1e23,
        1e-7, 1e-4, 1e-5, 1e15, 1e16, 1e17, 1.0 / 3, 2.0 / 3, 100, 123456789012345678.0,
        9007199254740992.0, 9007199254740993.0, 9007199254740994.0, 999999999999999.5,
        0.1f, 3.141592653589793, 2.5, -1.5, 5e-324 * 3};
    for (double d : plain) {
      out.add(Double.doubleToRawLongBits(d));
    }
    for (int e = -324; e <= 308; e += 7) {
      out.add(Double.doubleToRawLongBits(Double.parseDouble("1e" + e)));
    }
    for (int i = 0; i < 600; i++) {
      out.add(r.nextLong());
    }
    for (int i = 0; i < 300; i++) { // decimal-looking values: 15 to 17 significant digits
      double d = (r.nextLong() % 100_000_000_000_000_000L) / Math.pow(10, r.nextInt(30) - 5);
      out.add(Double.doubleToRawLongBits(d));
    }
    return out;
  }

  private static List<Integer> dates(Random r) {
    List<Integer> out = new ArrayList<>(List.of(KuduType.MIN_DATE, KuduType.MAX_DATE,
        KuduType.MIN_DATE - 1, KuduType.MAX_DATE + 1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0,
        -1, 19000, 11016, -25508, -25507, KuduType.MIN_DATE + 365, KuduType.MIN_DATE + 36600));
    for (int i = 0; i < 200; i++) {
      out.add(KuduType.MIN_DATE + r.nextInt(KuduType.MAX_DATE - KuduType.MIN_DATE + 1));
    }
    for (int i = 0; i < 20; i++) {
      out.add(r.nextInt());
    }
    return out;
  }

  private static List<Long> timestamps(Random r) {
    long year1 = -62135596800000000L;
    long year10000 = 253402300800000000L;
    List<Long> out = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, 1L, -1L,
        -999_999L, -1_000_000L, -1_000_001L, 1_000_000L, year1, year1 - 1, year10000,
        year10000 - 1, -62167219200000000L, -62167219200000001L, -62198755200000000L,
        -12219292800000000L, 1700000000123456L, 951782400000000L));
    for (int i = 0; i < 200; i++) {
      long t = year1 + (long) (r.nextDouble() * (year10000 - year1));
      out.add(t);
      out.add(t / 1_000_000 * 1_000_000); // whole seconds
    }
    for (int i = 0; i < 50; i++) {
      out.add(r.nextLong());
    }
    return out;
  }

  static byte[] le(int width, long v) {
    byte[] out = new byte[width];
    for (int i = 0; i < width; i++) {
      out[i] = (byte) (v >>> (8 * i));
    }
    return out;
  }

  static byte[] le128(BigInteger v) {
    byte[] be = v.toByteArray(); // two's complement, at most 16 bytes for 128-bit values
    byte[] out = new byte[16];
    byte fill = (byte) (v.signum() < 0 ? 0xff : 0);
    for (int i = 0; i < 16; i++) {
      out[i] = i < be.length ? be[be.length - 1 - i] : fill;
    }
    return out;
  }

  static byte[] bytes(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) v[i];
    }
    return out;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
