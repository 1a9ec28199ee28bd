package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.ComparisonOp;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.CellVectors;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.RandomColumns;
import io.colfile.testkit.TestSeed;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The key ranges a filter gives ({@link KeyConditions}, {@link KeyRanges}) against {@link
 * ReferenceEvaluator}, without files: random keys of every key type (edges of the type's range,
 * small values, empty strings and zero bytes) and random predicates on them (values beside the
 * keys', fractions of decimals and timestamps, NOT, OR, IN). For a single-column key the ranges
 * hold exactly the keys that satisfy the predicate; for composite keys, at least those (a
 * condition after the first ranged column is left to the row filter), and whole keys asked for
 * with {@code =} come out one range each, ready for the bloom filter.
 */
@ExtendWith(TestSeed.class)
class KeyRangesTest {
  private static final boolean EXHAUSTIVE = TestSeed.exhaustive();
  private static final int PREDICATES = EXHAUSTIVE ? 400 : 80;
  static Stream<KuduType> keyTypes() {
    return Arrays.stream(KuduType.values()).filter(KuduType::canBeKey);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keyTypes")
  void singleColumnKeyRangesHoldExactlyTheMatchingKeys(KuduType type) {
    for (int round = 0; round < (EXHAUSTIVE ? 20 : 3); round++) {
      Random r = TestSeed.random("single key " + type, round);
      KuduSchema schema = new KuduSchema(List.of(
          RandomColumns.column(r, "k", 0, type, false, true),
          KuduColumn.of("v", 1, KuduType.INT32, true, false)), List.of("k"));
      check(schema, r, true);
    }
  }

  @Test
  void compositeKeyRangesHoldEveryMatchingKey() {
    List<KuduType> types = keyTypes().toList();
    for (int round = 0; round < (EXHAUSTIVE ? 200 : 25); round++) {
      Random r = TestSeed.random("composite key", round);
      List<KuduColumn> cols = new ArrayList<>();
      List<String> keys = new ArrayList<>();
      int n = 2 + r.nextInt(2);
      for (int k = 0; k < n; k++) {
        cols.add(RandomColumns.column(r, "k" + k, k, types.get(r.nextInt(types.size())), false,
            true));
        keys.add("k" + k);
      }
      cols.add(KuduColumn.of("v", n, KuduType.INT32, true, false));
      check(new KuduSchema(cols, keys), r, false);
    }
  }

  @Test
  void aRangeOfTheLeadingColumnIsOneRangeOfEncodedKeys() {
    KuduSchema schema = new KuduSchema(List.of(KuduColumn.of("id", 0, KuduType.INT32, false,
        true)), List.of("id"));
    List<KeyRanges.Range> ranges = ranges(schema, Predicate.parse("id >= 5 AND id < 9.5"));
    assertThat(ranges).hasSize(1);
    assertThat(HexFormat.of().formatHex(ranges.get(0).lo())).isEqualTo("80000005");
    assertThat(HexFormat.of().formatHex(ranges.get(0).hi())).isEqualTo("8000000a");
    KuduSchema two = new KuduSchema(List.of(KuduColumn.of("s", 0, KuduType.STRING, false,
        true), KuduColumn.of("n", 1, KuduType.INT8, false, true)), List.of("s", "n"));
    ranges = ranges(two, Predicate.parse("s = 'a' AND n > 3 OR s = 'a' AND n = 1"));
    assertThat(ranges).extracting(r -> HexFormat.of().formatHex(r.lo()))
        .containsExactly("61000081", "61000084");
    assertThat(ranges.get(0).text()).isEqualTo("('a', 1)");
    assertThat(HexFormat.of().formatHex(ranges.get(1).hi())).isEqualTo("610001");
  }

  @Test
  @Timeout(10)
  void literalsFarBeyondTheTypeCostNothing() {
    KuduSchema schema = new KuduSchema(List.of(new KuduColumn("d", 0, KuduType.DECIMAL128,
        false, true, 38, 10, 0, null, null, 0, null)), List.of("d"));
    BigDecimal huge = new BigDecimal("1e100000000");
    assertThat(ranges(schema, Predicate.compare("d", ComparisonOp.LT, huge))).hasSize(1);
    assertThat(ranges(schema, Predicate.compare("d", ComparisonOp.GT, huge))).isEmpty();
    assertThat(ranges(schema, Predicate.compare("d", ComparisonOp.EQ, huge.negate()))).isEmpty();
    assertThat(ranges(schema, Predicate.compare("d", ComparisonOp.GE, huge.negate())))
        .hasSize(1);
    BigDecimal tiny = new BigDecimal("1e-100000000");
    assertThat(ranges(schema, Predicate.compare("d", ComparisonOp.GT, tiny))).hasSize(1);
    assertThat(ranges(schema, Predicate.compare("d", ComparisonOp.EQ, tiny.negate()))).isEmpty();
  }

  private static List<KeyRanges.Range> ranges(KuduSchema schema, Predicate p) {
    List<KeyColumn> keys = keyColumns(schema);
    BoundPredicate bound = BoundPredicate.bind(p, schema.rowType());
    return new KeyRanges(keys).of(new KeyConditions(keys).boxes(bound));
  }

  private static List<KeyColumn> keyColumns(KuduSchema schema) {
    List<KeyColumn> keys = new ArrayList<>();
    for (int i = 0; i < schema.keys().size(); i++) {
      keys.add(new KeyColumn(schema.keys().get(i), i, schema.keys().size()));
    }
    return keys;
  }

  /** Random rows and predicates: every matching key in a range (and only those, if exact). */
  private static void check(KuduSchema schema, Random r, boolean exact) {
    List<KuduColumn> keys = schema.keys();
    List<KuduType> types = keys.stream().map(KuduColumn::type).toList();
    Type rowType = schema.rowType();
    List<Object> rows = new ArrayList<>();
    List<byte[]> encoded = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      List<Object> row = new ArrayList<>();
      KeyBuffer key = new KeyBuffer();
      KeyEncoder enc = new KeyEncoder(types);
      for (int k = 0; k < keys.size(); k++) {
        byte[] cell = cell(keys.get(k).type(), r);
        row.add(value(keys.get(k), cell));
        if (types.get(k).physical() == PhysicalType.BINARY) {
          enc.appendBinary(key, k, cell, 0, cell.length);
        } else {
          enc.appendCell(key, k, cell, 0);
        }
      }
      row.add(r.nextBoolean() ? null : (long) r.nextInt(10));
      rows.add(row);
      encoded.add(key.toByteArray());
    }
    RandomPredicates gen = new RandomPredicates(r, rowType, rows);
    for (int i = 0; i < PREDICATES; i++) {
      Predicate p = exact ? onKeyOnly(gen, r, 3) : gen.next(3);
      List<KeyRanges.Range> ranges = ranges(schema, p);
      for (int row = 0; row < rows.size(); row++) {
        boolean matches = Boolean.TRUE.equals(ReferenceEvaluator.evaluate(p, rowType,
            rows.get(row)));
        byte[] key = encoded.get(row);
        boolean inRange = ranges.stream().anyMatch(x -> holds(x, key));
        String what = p + " on " + rows.get(row) + " (key "
            + HexFormat.of().formatHex(key) + "), " + TestSeed.replay();
        if (matches) {
          assertThat(inRange).as("matching key outside the ranges: %s", what).isTrue();
        } else if (exact) {
          assertThat(inRange).as("key in the ranges does not match: %s", what).isFalse();
        }
      }
    }
  }

  /** A random predicate of AND, OR and NOT over conditions on {@code k} alone. */
  private static Predicate onKeyOnly(RandomPredicates gen, Random r, int depth) {
    int pick = r.nextInt(8);
    if (depth > 0 && pick < 2) {
      return Predicate.and(onKeyOnly(gen, r, depth - 1), onKeyOnly(gen, r, depth - 1));
    }
    if (depth > 0 && pick < 4) {
      return Predicate.or(onKeyOnly(gen, r, depth - 1), onKeyOnly(gen, r, depth - 1));
    }
    if (depth > 0 && pick < 5) {
      return Predicate.not(onKeyOnly(gen, r, depth - 1));
    }
    return gen.leaf(List.of("k"));
  }

  private static boolean holds(KeyRanges.Range range, byte[] key) {
    return Arrays.compareUnsigned(range.lo(), key) <= 0
        && (range.hi() == null || Arrays.compareUnsigned(key, range.hi()) < 0);
  }

  /** A random cell: the type's edges, small values, or anything (bytes with zeros). */
  private static byte[] cell(KuduType t, Random r) {
    PhysicalType p = t.physical();
    if (p == PhysicalType.BINARY) {
      byte[] b = new byte[r.nextInt(4)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) (r.nextInt(3) == 0 ? r.nextInt(2) : 'a' + r.nextInt(3));
      }
      return b;
    }
    int bits = 8 * p.width();
    BigInteger min = p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
    BigInteger max = min.add(BigInteger.ONE.shiftLeft(bits)).subtract(BigInteger.ONE);
    BigInteger v = switch (r.nextInt(5)) {
      case 0 -> r.nextBoolean() ? min : max;
      case 1 -> new BigInteger(bits, r).add(min);
      default -> BigInteger.valueOf(r.nextInt(41) - 20).max(min);
    };
    byte[] cell = new byte[p.width()];
    byte[] be = v.toByteArray(); // big-endian two's complement, then sign-extended
    for (int i = 0; i < cell.length; i++) {
      int from = be.length - 1 - i;
      cell[i] = from >= 0 ? be[from] : (byte) (v.signum() < 0 ? 0xFF : 0);
    }
    return cell;
  }

  /** The cell as a row read from the rowset holds it (through the reader's vectors). */
  private static Object value(KuduColumn c, byte[] cell) {
    ColumnVector v = ColumnVector.create(c.logicalType(), 1);
    if (v instanceof BytesVector b) {
      b.setRef(0, cell, 0, cell.length);
    } else {
      CellVectors.read(c.type(), cell, v, 0, 1);
    }
    return io.colfile.testkit.Rows.value(c.logicalType(), v, 0);
  }
}
