package io.colfile.trevni.avro;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Whether a JSON value is a valid default for a schema, by Avro 1.12's rules (its {@code
 * Schema.isValidDefault}, which its parser applies to every field): strings for string, bytes,
 * enum and fixed (symbols and lengths are not checked); integers within range for int and long;
 * any number for float and double; a value of any branch for a union; for a record an object
 * whose missing fields have defaults of their own.
 */
final class AvroDefaults {
  private AvroDefaults() {}

  /**
   * Whether {@code value} is valid for {@code s}.
   *
   * @param unfinished records whose fields Avro does not know yet where it checks this default
   * @throws IllegalArgumentException when the check needs the fields of an unfinished record,
   *     as Avro fails then
   */
  static boolean isValid(AvroSchema s, Object value, Predicate<AvroSchema> unfinished) {
    switch (s.kind()) {
      case STRING:
      case BYTES:
      case ENUM:
      case FIXED:
        return value instanceof String;
      case INT:
        return value instanceof Long l && l == l.intValue();
      case LONG:
        return value instanceof Long;
      case FLOAT:
      case DOUBLE:
        return value instanceof Number;
      case BOOLEAN:
        return value instanceof Boolean;
      case NULL:
        return value == AvroSchema.JSON_NULL;
      case ARRAY:
        if (!(value instanceof List<?> list)) {
          return false;
        }
        for (Object e : list) {
          if (!isValid(s.elementType(), e, unfinished)) {
            return false;
          }
        }
        return true;
      case MAP:
        if (!(value instanceof Map<?, ?> map)) {
          return false;
        }
        for (Object v : map.values()) {
          if (!isValid(s.valueType(), v, unfinished)) {
            return false;
          }
        }
        return true;
      case UNION:
        for (AvroSchema b : s.branches()) {
          if (isValid(b, value, unfinished)) {
            return true;
          }
        }
        return false;
      case RECORD:
        if (!(value instanceof Map<?, ?> map)) {
          return false;
        }
        if (unfinished.test(s)) {
          throw new IllegalArgumentException("Avro checks it before it knows the "
              + "fields of record " + s.fullName());
        }
        for (AvroSchema.Field f : s.fields()) {
          Object v = map.containsKey(f.name()) ? map.get(f.name())
              : f.defaultValue().orElse(null);
          if (v == null || !isValid(f.schema(), v, unfinished)) {
            return false;
          }
        }
        return true;
      default:
        throw new AssertionError(s.kind());
    }
  }
}
