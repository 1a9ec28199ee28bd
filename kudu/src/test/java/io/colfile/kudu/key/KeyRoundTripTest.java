package io.colfile.kudu.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.Bytes;
import io.colfile.testkit.TestSeed;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Random keys of random key schemas: decoding gives the values back, re-encoding gives the same
 * bytes, encoded keys sort (unsigned memcmp) exactly as their values do column by column, and
 * bytes that are no key give MalformedInputException.
 */
@ExtendWith(TestSeed.class)
class KeyRoundTripTest {
  private static final KuduType[] KEY_TYPES = Arrays.stream(KuduType.values())
      .filter(KuduType::canBeKey).toArray(KuduType[]::new);

  @Test
  void roundTripAndOrder() throws MalformedInputException {
    for (int round = 0; round < 300; round++) {
      Random r = TestSeed.random("roundTripAndOrder", round);
      KeyEncoder enc = randomSchema(r);
      KeyDecoder dec = new KeyDecoder(enc);
      List<Object[]> rows = new ArrayList<>();
      List<byte[]> keys = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        Object[] row = new Object[enc.columnCount()];
        for (int c = 0; c < row.length; c++) {
          // Reuse an earlier row's value often, so that later columns decide comparisons.
          row[c] = !rows.isEmpty() && r.nextInt(3) == 0
              ? rows.get(r.nextInt(rows.size()))[c] : randomValue(r, enc.type(c));
        }
        byte[] key = encode(enc, row, r);
        rows.add(row);
        keys.add(key);
        // Decode inside a larger array, then compare values and re-encode.
        byte[] padded = new byte[key.length + 5];
        System.arraycopy(key, 0, padded, 2, key.length);
        dec.decode(padded, 2, key.length);
        Object[] back = decoded(enc, dec);
        for (int c = 0; c < row.length; c++) {
          assertEquals(0, compareValues(enc.type(c), row[c], back[c]),
              () -> "round trip " + enc.types() + "; " + TestSeed.replay());
        }
        assertArrayEquals(key, encode(enc, back, r), TestSeed.replay());
      }
      for (int i = 0; i < rows.size(); i++) {
        for (int j = 0; j < rows.size(); j++) {
          int byValue = Integer.signum(compareRows(enc, rows.get(i), rows.get(j)));
          int byBytes = Integer.signum(Arrays.compareUnsigned(keys.get(i), keys.get(j)));
          assertEquals(byValue, byBytes, () -> "order of " + enc.types() + "; "
              + TestSeed.replay());
        }
      }
    }
  }

  /**
   * Cutting bytes off a key whose last column has a fixed width never leaves a key; with a
   * binary last column it may. Either way only MalformedInputException is thrown, at an offset
   * inside the input; and random damage is the same.
   */
  @Test
  void truncationAndDamage() {
    for (int round = 0; round < 300; round++) {
      Random r = TestSeed.random("truncationAndDamage", round);
      KeyEncoder enc = randomSchema(r);
      KeyDecoder dec = new KeyDecoder(enc);
      Object[] row = new Object[enc.columnCount()];
      for (int c = 0; c < row.length; c++) {
        row[c] = randomValue(r, enc.type(c));
      }
      byte[] key = encode(enc, row, r);
      boolean fixedLast = enc.type(enc.columnCount() - 1).physical() != PhysicalType.BINARY;
      for (int len = 0; len < key.length; len++) {
        int n = len;
        try {
          dec.decode(key, 0, len);
          if (fixedLast) {
            fail("decoded a key cut to " + n + " of " + key.length + " bytes, "
                + enc.types() + "; " + TestSeed.replay());
          }
        } catch (MalformedInputException e) {
          assertTrue(e.offset() >= 0 && e.offset() <= len, e.getMessage());
        }
      }
      for (int i = 0; i < 50; i++) {
        byte[] bad = Arrays.copyOf(key, key.length + (r.nextBoolean() ? r.nextInt(3) : 0));
        for (int k = 1 + r.nextInt(3); k > 0 && bad.length > 0; k--) {
          bad[r.nextInt(bad.length)] = (byte) (r.nextInt(4) == 0 ? 0 : r.nextInt(256));
        }
        try {
          dec.decode(bad, 0, bad.length);
        } catch (MalformedInputException e) {
          assertTrue(e.offset() >= 0 && e.offset() <= bad.length, e.getMessage());
        }
      }
    }
  }

  @Test
  void malformedKeys() {
    KeyDecoder d = new KeyDecoder(KeyEncoder.of(KuduType.STRING, KuduType.INT32));
    bad(d, "61 00 00 80 00 00", 3, "needs 4 bytes, 3 left");
    bad(d, "61 00 00 80 00 00 01 02", 7, "1 bytes after");
    bad(d, "61 62", 0, "no 00 00 terminator");
    bad(d, "61 00", 1, "ends inside");
    bad(d, "61 00 02 00 00 80 00 00 01", 2, "followed by 02");
    KeyDecoder one = new KeyDecoder(KeyEncoder.of(KuduType.INT64));
    bad(one, "", 0, "needs 8 bytes, 0 left");
  }

  private static void bad(KeyDecoder d, String hex, int offset, String why) {
    byte[] b = java.util.HexFormat.ofDelimiter(" ").parseHex(hex);
    MalformedInputException e =
        assertThrows(MalformedInputException.class, () -> d.decode(b, 0, b.length));
    assertEquals(offset, e.offset(), e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void decodedAccessors() throws MalformedInputException {
    KeyEncoder enc = KeyEncoder.of(KuduType.INT8, KuduType.BINARY, KuduType.UINT16,
        KuduType.DECIMAL128, KuduType.STRING);
    KeyBuffer buf = new KeyBuffer();
    enc.appendLong(buf, 0, -5);
    enc.appendBinary(buf, 1, new byte[] {7, 0, 8}, 0, 3);
    enc.appendLong(buf, 2, 0xFFFE);
    enc.appendInt128(buf, 3, -2, 12345);
    enc.appendBinary(buf, 4, new byte[] {0, 0}, 0, 2);
    KeyDecoder dec = new KeyDecoder(enc);
    dec.decode(buf.array(), 0, buf.size());
    assertEquals(-5, dec.getLong(0));
    assertArrayEquals(new byte[] {7, 0, 8}, dec.getBinary(1));
    assertEquals(0xFFFE, dec.getLong(2)); // zero-extended
    assertEquals(-2, dec.getInt128High(3));
    assertEquals(12345, dec.getLong(3));
    assertArrayEquals(new byte[] {0, 0}, dec.getBinary(4));
    byte[] cell = new byte[16];
    dec.copyCell(3, cell, 0);
    assertEquals(12345, Endian.getLongLE(cell, 0));
    assertEquals(-2, Endian.getLongLE(cell, 8));
    dec.copyCell(0, cell, 0);
    assertEquals((byte) -5, cell[0]);
    assertThrows(IllegalArgumentException.class, () -> dec.getBinary(0));
    assertThrows(IllegalArgumentException.class, () -> dec.getLong(1));
    assertThrows(IllegalArgumentException.class, () -> dec.getInt128High(0));
  }

  // ---- generators and the value-level comparison the encoding must agree with ----

  private static KeyEncoder randomSchema(Random r) {
    int n = 1 + r.nextInt(4);
    List<KuduType> types = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      types.add(r.nextInt(3) == 0 ? KuduType.STRING : KEY_TYPES[r.nextInt(KEY_TYPES.length)]);
    }
    return new KeyEncoder(types);
  }

  /** Long (normalized to the type: sign- or zero-extended), BigInteger, or byte[]. */
  private static Object randomValue(Random r, KuduType t) {
    PhysicalType p = t.physical();
    if (p == PhysicalType.BINARY) {
      byte[] b = new byte[r.nextInt(4) == 0 ? 0 : r.nextInt(6)];
      for (int i = 0; i < b.length; i++) {
        int k = r.nextInt(6);
        b[i] = (byte) (k == 0 ? 0 : k == 1 ? 1 : k == 2 ? 0xff : r.nextInt(256));
      }
      return b;
    }
    if (p == PhysicalType.INT128) {
      return switch (r.nextInt(6)) {
        case 0 -> BigInteger.ONE.shiftLeft(127).negate();
        case 1 -> BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
        case 2 -> BigInteger.valueOf(r.nextInt(5) - 2);
        default -> new BigInteger(128, r).subtract(BigInteger.ONE.shiftLeft(127));
      };
    }
    long v = switch (r.nextInt(6)) {
      case 0 -> 0;
      case 1 -> -1;
      case 2 -> 1;
      case 3 -> Long.MIN_VALUE;
      case 4 -> Long.MAX_VALUE;
      default -> r.nextLong();
    };
    return normalize(p, v);
  }

  private static long normalize(PhysicalType p, long v) {
    int bits = p.width() * 8;
    if (bits == 64) {
      return v;
    }
    return p.isSigned() ? (v << (64 - bits)) >> (64 - bits) : v & ((1L << bits) - 1);
  }

  private static byte[] encode(KeyEncoder enc, Object[] row, Random r) {
    KeyBuffer buf = new KeyBuffer(8);
    for (int c = 0; c < row.length; c++) {
      PhysicalType p = enc.type(c).physical();
      if (row[c] instanceof byte[] b) {
        enc.appendBinary(buf, c, b, 0, b.length);
      } else if (row[c] instanceof BigInteger big) {
        enc.appendInt128(buf, c, big.shiftRight(64).longValue(), big.longValue());
      } else if (r.nextBoolean()) {
        enc.appendLong(buf, c, (Long) row[c]);
      } else {
        byte[] cell = new byte[p.width()];
        Bytes.putCell(cell, 0, p.width(), (Long) row[c]);
        enc.appendCell(buf, c, cell, 0);
      }
    }
    return buf.toByteArray();
  }

  private static Object[] decoded(KeyEncoder enc, KeyDecoder dec) {
    Object[] out = new Object[enc.columnCount()];
    for (int c = 0; c < out.length; c++) {
      PhysicalType p = enc.type(c).physical();
      if (p == PhysicalType.BINARY) {
        out[c] = dec.getBinary(c);
      } else if (p == PhysicalType.INT128) {
        out[c] = BigInteger.valueOf(dec.getInt128High(c)).shiftLeft(64)
            .or(new BigInteger(Long.toUnsignedString(dec.getLong(c))));
      } else {
        out[c] = dec.getLong(c);
      }
    }
    return out;
  }

  private static int compareRows(KeyEncoder enc, Object[] a, Object[] b) {
    for (int c = 0; c < a.length; c++) {
      int cmp = compareValues(enc.type(c), a[c], b[c]);
      if (cmp != 0) {
        return cmp;
      }
    }
    return 0;
  }

  private static int compareValues(KuduType t, Object a, Object b) {
    if (a instanceof byte[] x) {
      return Arrays.compareUnsigned(x, (byte[]) b);
    }
    if (a instanceof BigInteger x) {
      return x.compareTo((BigInteger) b);
    }
    return t.physical().isSigned() ? Long.compare((Long) a, (Long) b)
        : Long.compareUnsigned((Long) a, (Long) b);
  }
}
