package io.colfile.orc.tail;

import java.util.List;

/**
 * One entry of the footer's pre-order type list (orc.md section 2.1); {@link OrcTypes} turns the
 * list into a schema and back.
 *
 * @param kind null when the file gave none, or one this reader does not know
 * @param subtypes the children's ids (unsigned: huge ones arrive negative)
 * @param maximumLength char/varchar length, or null
 * @param precision decimal precision, or null (Hive 0.11 decimals record none)
 * @param scale decimal scale, or null
 */
public record OrcType(OrcTypeKind kind, List<Integer> subtypes, List<String> fieldNames,
    Integer maximumLength, Integer precision, Integer scale) {
  public OrcType {
    subtypes = List.copyOf(subtypes);
    fieldNames = List.copyOf(fieldNames);
  }
}
