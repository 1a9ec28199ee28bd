package io.colfile.trevni;

import java.util.Locale;

/**
 * The value types of Trevni columns ({@code trevni.type}), with the names files carry. Readers
 * match names case-insensitively, as Apache Avro's Java implementation does; writers use the
 * lower-case names.
 */
public enum ValueType {
  /** No bytes at all; the type of pure repetition (parent) columns. */
  NULL,
  /** One bit, packed eight to a byte, first value in the lowest bit. */
  BOOLEAN,
  /** Zig-zag varint of a 32-bit integer. */
  INT,
  /** Zig-zag varint of a 64-bit integer. */
  LONG,
  /** Four bytes, little-endian. */
  FIXED32,
  /** Eight bytes, little-endian. */
  FIXED64,
  /** IEEE-754 single as four little-endian bytes. */
  FLOAT,
  /** IEEE-754 double as eight little-endian bytes. */
  DOUBLE,
  /** Varint length, then UTF-8. */
  STRING,
  /** Varint length, then the bytes. */
  BYTES;

  private final String wireName = name().toLowerCase(Locale.ROOT);

  /** The name in {@code trevni.type}. */
  public String wireName() {
    return wireName;
  }

  /**
   * The type called {@code name} (any letter case).
   *
   * @throws IllegalArgumentException for an unknown name
   */
  public static ValueType forName(String name) {
    for (ValueType t : values()) {
      if (t.wireName.equalsIgnoreCase(name)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown Trevni value type '" + name + "'");
  }
}
