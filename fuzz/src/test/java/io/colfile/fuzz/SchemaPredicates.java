package io.colfile.fuzz;

import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.ComparisonOp;
import io.colfile.core.filter.Literal;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Predicates a reader must be able to take on any file of a schema: comparisons of the file's
 * own top-level scalar columns with literals of their types, so that binding never fails and
 * every failure is the file's. Evaluated against the file's statistics, row indexes and bloom
 * filters (whatever a fuzzed file claims in them) to skip stripes, row groups and blocks.
 */
final class SchemaPredicates {
  /** Columns used, at most: each read is one more pass over the input. */
  private static final int MAX_COLUMNS = 4;

  private SchemaPredicates() {}

  /**
   * Two predicates over the first scalar columns of {@code schema}: an OR of equalities (bloom
   * filters and min/max both answer those) and an AND of ranges and NOT NULLs; none if the
   * schema has no scalar top-level column.
   */
  static List<Predicate> forSchema(Type schema) {
    List<Predicate> equal = new ArrayList<>();
    List<Predicate> ranges = new ArrayList<>();
    if (schema.kind() != TypeKind.STRUCT) {
      return List.of();
    }
    List<String> names = schema.fieldNames();
    for (int i = 0; i < names.size() && equal.size() < MAX_COLUMNS; i++) {
      Object[] lits = literals(schema.child(i));
      if (lits == null) {
        continue;
      }
      ColumnPath col = ColumnPath.of(names.get(i));
      equal.add(new Predicate.Compare(col, ComparisonOp.EQ, Literal.of(lits[0])));
      ranges.add(new Predicate.Between(col, Literal.of(lits[0]), Literal.of(lits[1]), false));
      ranges.add(new Predicate.IsNull(col, true));
    }
    if (equal.isEmpty()) {
      return List.of();
    }
    return List.of(new Predicate.Or(equal), new Predicate.And(ranges));
  }

  /** A low and a high literal a column of {@code t} binds, or null for a non-scalar. */
  private static Object[] literals(Type t) {
    switch (t.kind()) {
      case BOOLEAN:
        return new Object[] {false, true};
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return new Object[] {-1L, 100L};
      case FLOAT:
      case DOUBLE:
      case DECIMAL:
        return new Object[] {new BigDecimal("-0.5"), new BigDecimal("100.25")};
      case STRING:
      case VARCHAR:
      case CHAR:
        return new Object[] {"a", "m"};
      case BINARY:
        return new Object[] {"a".getBytes(StandardCharsets.UTF_8),
            "m".getBytes(StandardCharsets.UTF_8)};
      case DATE:
        return new Object[] {LocalDate.of(1970, 1, 1), LocalDate.of(2024, 2, 29)};
      case TIMESTAMP:
        return new Object[] {LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000),
            LocalDateTime.of(2024, 2, 29, 12, 0)};
      case TIMESTAMP_INSTANT:
        return new Object[] {Instant.ofEpochSecond(-1, 500), Instant.ofEpochSecond(1_700_000_000)};
      default:
        return null;
    }
  }
}
