package io.colfile.orc.tail;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One entry of the footer's pre-order type list (orc.md section 2.1); {@link OrcTypes} turns the
 * list into a schema and back.
 *
 * @param kind null when the file gave none, or one this reader does not know
 * @param subtypes the children's ids (unsigned: huge ones arrive negative)
 * @param maximumLength char/varchar length, or null
 * @param precision decimal precision, or null (Hive 0.11 decimals record none)
 * @param scale decimal scale, or null
 * @param attributes the type's attributes in the file's order (a later pair of the same name
 *     wins, as in ORC Java)
 * @param crs geometry/geography coordinate reference system, or null
 * @param algorithm geography edge interpolation algorithm (its number in the footer), or null
 */
public record OrcType(OrcTypeKind kind, List<Integer> subtypes, List<String> fieldNames,
    Integer maximumLength, Integer precision, Integer scale, Map<String, String> attributes,
    String crs, Integer algorithm) {
  public OrcType {
    subtypes = List.copyOf(subtypes);
    fieldNames = List.copyOf(fieldNames);
    attributes = attributes.isEmpty() ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
  }

  /** A type without crs or algorithm. */
  public OrcType(OrcTypeKind kind, List<Integer> subtypes, List<String> fieldNames,
      Integer maximumLength, Integer precision, Integer scale, Map<String, String> attributes) {
    this(kind, subtypes, fieldNames, maximumLength, precision, scale, attributes, null, null);
  }

  /** A type without attributes. */
  public OrcType(OrcTypeKind kind, List<Integer> subtypes, List<String> fieldNames,
      Integer maximumLength, Integer precision, Integer scale) {
    this(kind, subtypes, fieldNames, maximumLength, precision, scale, Map.of());
  }
}
