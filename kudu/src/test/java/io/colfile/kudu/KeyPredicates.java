package io.colfile.kudu;

import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.ComparisonOp;
import io.colfile.core.filter.Literal;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.testkit.RandomPredicates;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random predicates aimed at a rowset's primary key, from the keys of its own rows:
 * point lookups of whole keys (present, or with one column nudged), INs and ORs of whole keys,
 * ranges and BETWEENs on the leading column, equal leading columns with a condition on the next
 * (key prefixes), ORs and NOTs of these, and all of them mixed with conditions on other columns
 * ({@link RandomPredicates}, which also gives conditions with values beside the rows' own).
 */
public final class KeyPredicates {
  private final Random random;
  private final Type schema;
  private final List<String> keys;
  private final int[] keyFields;
  private final List<Object> rows;
  private final RandomPredicates others;

  /** Predicates over {@code schema} (a struct) whose key is {@code keys}, of these rows. */
  public KeyPredicates(Random random, Type schema, List<String> keys, List<Object> rows) {
    this.random = random;
    this.schema = schema;
    this.keys = keys;
    this.keyFields = keys.stream().mapToInt(schema::fieldIndex).toArray();
    this.rows = rows;
    this.others = new RandomPredicates(random, schema, rows);
  }

  /** A predicate on the key, alone or with conditions on other columns. */
  public Predicate next() {
    Predicate p = onKey(2);
    switch (random.nextInt(6)) {
      case 0: return Predicate.and(p, others.next(1));
      case 1: return Predicate.or(p, others.leaf());
      default: return p;
    }
  }

  private Predicate onKey(int depth) {
    if (rows.isEmpty()) {
      return keyLeaf(random.nextInt(keys.size()));
    }
    int pick = random.nextInt(depth > 0 ? 10 : 7);
    switch (pick) {
      case 0: case 1: return wholeKey(row());
      case 2: { // a key beside a present one: the last column's condition from RandomPredicates
        List<Predicate> terms = equalities(row(), keys.size() - 1);
        terms.add(keyLeaf(keys.size() - 1));
        return and(terms);
      }
      case 3: {
        int n = 1 + random.nextInt(6);
        if (keys.size() == 1) {
          List<Literal> values = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            values.add(literal(0, row()));
          }
          return new Predicate.In(path(0), values, false);
        }
        List<Predicate> any = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          any.add(wholeKey(row()));
        }
        return new Predicate.Or(any);
      }
      case 4: {
        Literal a = literal(0, row());
        Literal b = literal(0, row());
        switch (random.nextInt(3)) {
          case 0: return new Predicate.Between(path(0), a, b, false);
          case 1:
            return Predicate.and(compare(0, ComparisonOp.GE, a), compare(0, ComparisonOp.LT, b));
          default: return compare(0, random.nextBoolean() ? ComparisonOp.GT : ComparisonOp.LE, a);
        }
      }
      case 5: { // a key prefix, then a condition on the next column
        int j = random.nextInt(keys.size());
        List<Predicate> terms = equalities(row(), j);
        terms.add(keyLeaf(j));
        return and(terms);
      }
      case 6: return keyLeaf(random.nextInt(keys.size()));
      case 7: return Predicate.or(onKey(depth - 1), onKey(depth - 1));
      case 8: return Predicate.and(onKey(depth - 1), onKey(depth - 1));
      default: return Predicate.not(onKey(depth - 1));
    }
  }

  private Object row() {
    return rows.get(random.nextInt(rows.size()));
  }

  private Predicate wholeKey(Object row) {
    return and(equalities(row, keys.size()));
  }

  /** {@code k = v} for the first {@code n} key columns of {@code row}. */
  private List<Predicate> equalities(Object row, int n) {
    List<Predicate> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      out.add(compare(k, ComparisonOp.EQ, literal(k, row)));
    }
    return out;
  }

  private static Predicate and(List<Predicate> terms) {
    return terms.size() == 1 ? terms.get(0) : new Predicate.And(terms);
  }

  private Predicate keyLeaf(int k) {
    return others.leaf(List.of(keys.get(k)));
  }

  private Predicate compare(int k, ComparisonOp op, Literal v) {
    return new Predicate.Compare(path(k), op, v);
  }

  private ColumnPath path(int k) {
    return new ColumnPath(List.of(keys.get(k)));
  }

  /** Key column {@code k}'s value in {@code row} as the literal a user would write. */
  private Literal literal(int k, Object row) {
    Object v = ((List<?>) row).get(keyFields[k]);
    Type t = schema.child(keyFields[k]);
    if (t.kind() == TypeKind.DATE) {
      return Literal.of(LocalDate.ofEpochDay((Long) v));
    }
    if (v instanceof Instant i) {
      return Literal.of(LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(),
          ZoneOffset.UTC));
    }
    if (v instanceof ByteBuffer b) {
      byte[] out = new byte[b.remaining()];
      b.duplicate().get(out);
      return Literal.of(out);
    }
    return Literal.of(v);
  }
}
