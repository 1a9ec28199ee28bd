package io.colfile.trevni;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * One column of a Trevni file: its name and value type, and optionally a parent column, the
 * array flag (a length before each row's, or each parent element's, values), first values in
 * the block descriptors ({@code trevni.values}, which makes {@link ColumnCursor#seekValue}
 * possible), its own codec or checksum, and user metadata. Immutable; the {@code with} methods
 * return changed copies.
 *
 * <p>Metadata is written in Apache Avro's order: name, type, parent, array, values, codec,
 * checksum, then user entries.
 */
public final class ColumnSpec {
  private final String name;
  private final ValueType type;
  private final String parent;
  private final boolean array;
  private final boolean firstValues;
  private final TrevniCodec codec;
  private final TrevniChecksum checksum;
  private final TrevniMetadata metadata;

  private ColumnSpec(String name, ValueType type, String parent, boolean array,
      boolean firstValues, TrevniCodec codec, TrevniChecksum checksum, TrevniMetadata metadata) {
    this.name = name;
    this.type = type;
    this.parent = parent;
    this.array = array;
    this.firstValues = firstValues;
    this.codec = codec;
    this.checksum = checksum;
    this.metadata = metadata;
  }

  /** A plain column. */
  public static ColumnSpec of(String name, ValueType type) {
    return new ColumnSpec(Objects.requireNonNull(name, "name"), Objects.requireNonNull(type),
        null, false, false, null, null, TrevniMetadata.empty());
  }

  /** A copy whose values belong to the elements of the (earlier) array column {@code parent}. */
  public ColumnSpec withParent(String parent) {
    return new ColumnSpec(name, type, Objects.requireNonNull(parent, "parent"), array,
        firstValues, codec, checksum, metadata);
  }

  /** A copy that is an array column: each row (or parent element) starts with a length. */
  public ColumnSpec asArray() {
    if (firstValues) {
      throw new IllegalArgumentException(
          "column " + name + ": an array column cannot have first values (trevni.values)");
    }
    return new ColumnSpec(name, type, parent, true, false, codec, checksum, metadata);
  }

  /** A copy that stores each block's first value, for {@link ColumnCursor#seekValue}. */
  public ColumnSpec withFirstValues() {
    if (array || parent != null) {
      throw new IllegalArgumentException("column " + name
          + ": only plain columns (no array flag, no parent) can have first values");
    }
    return new ColumnSpec(name, type, parent, array, true, codec, checksum, metadata);
  }

  /** A copy with its own codec instead of the file's. */
  public ColumnSpec withCodec(TrevniCodec codec) {
    return new ColumnSpec(name, type, parent, array, firstValues, Objects.requireNonNull(codec),
        checksum, metadata);
  }

  /** A copy with its own checksum instead of the file's. */
  public ColumnSpec withChecksum(TrevniChecksum checksum) {
    return new ColumnSpec(name, type, parent, array, firstValues, codec,
        Objects.requireNonNull(checksum), metadata);
  }

  /**
   * A copy with a user metadata entry.
   *
   * @throws IllegalArgumentException for keys starting with {@code trevni.}
   */
  public ColumnSpec withMetadata(String key, byte[] value) {
    if (key.startsWith(TrevniMetadata.RESERVED_PREFIX)) {
      throw new IllegalArgumentException("metadata key '" + key + "' is reserved by Trevni");
    }
    return new ColumnSpec(name, type, parent, array, firstValues, codec, checksum,
        metadata.with(key, value));
  }

  public ColumnSpec withMetadata(String key, String value) {
    return withMetadata(key, value.getBytes(StandardCharsets.UTF_8));
  }

  static ColumnSpec fromFile(TrevniMetadata all, String name, ValueType type, String parent,
      boolean array, boolean firstValues, TrevniCodec codec, TrevniChecksum checksum) {
    return new ColumnSpec(name, type, parent, array, firstValues, codec, checksum, all);
  }

  public String name() {
    return name;
  }

  public ValueType type() {
    return type;
  }

  /** The name of the parent column, if any. */
  public Optional<String> parent() {
    return Optional.ofNullable(parent);
  }

  public boolean isArray() {
    return array;
  }

  /** Whether the block descriptors hold each block's first value ({@code trevni.values}). */
  public boolean hasFirstValues() {
    return firstValues;
  }

  /** The column's own codec, when it overrides the file's. */
  public Optional<TrevniCodec> codec() {
    return Optional.ofNullable(codec);
  }

  /** The column's own checksum, when it overrides the file's. */
  public Optional<TrevniChecksum> checksum() {
    return Optional.ofNullable(checksum);
  }

  /**
   * The user metadata of a column being defined; for a column read from a file, all its
   * metadata entries as stored (the {@code trevni.} keys too), in file order.
   */
  public TrevniMetadata metadata() {
    return metadata;
  }

  /** The metadata as the file holds it, in Apache Avro's order. */
  TrevniMetadata encode() {
    LinkedHashMapBuilder b = new LinkedHashMapBuilder();
    b.put(TrevniMetadata.NAME, name);
    b.put(TrevniMetadata.TYPE, type.wireName());
    if (parent != null) {
      b.put(TrevniMetadata.PARENT, parent);
    }
    if (array) {
      b.put(TrevniMetadata.ARRAY, "");
    }
    if (firstValues) {
      b.put(TrevniMetadata.VALUES, "");
    }
    if (codec != null) {
      b.put(TrevniMetadata.CODEC, codec.wireName());
    }
    if (checksum != null) {
      b.put(TrevniMetadata.CHECKSUM, checksum.wireName());
    }
    metadata.raw().forEach((k, v) -> {
      if (!k.startsWith(TrevniMetadata.RESERVED_PREFIX)) {
        b.map.put(k, v);
      }
    });
    return TrevniMetadata.of(b.map);
  }

  private static final class LinkedHashMapBuilder {
    final java.util.LinkedHashMap<String, byte[]> map = new java.util.LinkedHashMap<>();

    void put(String k, String v) {
      map.put(k, v.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(name).append(' ').append(type.wireName());
    if (array) {
      sb.append(" array");
    }
    if (parent != null) {
      sb.append(" parent ").append(parent);
    }
    if (firstValues) {
      sb.append(" values");
    }
    return sb.toString();
  }
}
