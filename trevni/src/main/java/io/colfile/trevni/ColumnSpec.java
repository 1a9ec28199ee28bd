package io.colfile.trevni;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * One column of a Trevni file: its name and value type, and optionally a parent column, the
 * array flag (a length before each row's, or each parent element's, values), first values in
 * the block descriptors ({@code trevni.values}, which makes {@link ColumnCursor#seekValue}
 * possible), whether it is declared {@link #sorted()}, its own codec or checksum, and user
 * metadata. Immutable; the {@code with} methods return changed copies.
 *
 * <p>Metadata is written in Apache Avro's order: name, type, parent, array, values, codec,
 * checksum, then user entries ({@link TrevniMetadata#SORTED} first among them, when declared).
 */
public final class ColumnSpec {
  private final String name;
  private final ValueType type;
  private final String parent;
  private final boolean array;
  private final boolean firstValues;
  private final boolean sorted;
  private final TrevniCodec codec;
  private final TrevniChecksum checksum;
  private final TrevniMetadata metadata;

  private ColumnSpec(String name, ValueType type, String parent, boolean array,
      boolean firstValues, boolean sorted, TrevniCodec codec, TrevniChecksum checksum,
      TrevniMetadata metadata) {
    this.name = name;
    this.type = type;
    this.parent = parent;
    this.array = array;
    this.firstValues = firstValues;
    this.sorted = sorted;
    this.codec = codec;
    this.checksum = checksum;
    this.metadata = metadata;
  }

  /** A plain column. */
  public static ColumnSpec of(String name, ValueType type) {
    return new ColumnSpec(Objects.requireNonNull(name, "name"), Objects.requireNonNull(type),
        null, false, false, false, null, null, TrevniMetadata.empty());
  }

  /** A copy whose values belong to the elements of the (earlier) array column {@code parent}. */
  public ColumnSpec withParent(String parent) {
    return new ColumnSpec(name, type, Objects.requireNonNull(parent, "parent"), array,
        firstValues, sorted, codec, checksum, metadata);
  }

  /** A copy that is an array column: each row (or parent element) starts with a length. */
  public ColumnSpec asArray() {
    if (firstValues) {
      throw new IllegalArgumentException(
          "column " + name + ": an array column cannot have first values (trevni.values)");
    }
    return new ColumnSpec(name, type, parent, true, false, false, codec, checksum, metadata);
  }

  /**
   * A copy that stores each block's first value, for {@link ColumnCursor#seekValue}. Nothing
   * makes the column sorted, which Trevni's seeks and colfile's block skipping assume: a filtered
   * read checks the blocks it would skip before trusting them (see {@code TrevniReader.read});
   * {@link #sorted()} makes the writer keep the column sorted instead.
   */
  public ColumnSpec withFirstValues() {
    checkPlain("have first values");
    return new ColumnSpec(name, type, parent, array, true, sorted, codec, checksum, metadata);
  }

  /**
   * A copy declared sorted: with first values, and the writer refuses a value that comes before
   * the previous row's in Java's order (signed numbers, {@code Float/Double.compare}, {@code
   * String.compareTo}, signed bytes, false before true: the order of Trevni's seeks, trevni.md
   * section 8) with an {@link IllegalArgumentException} naming column and row, giving the file
   * up. The column's metadata then says so ({@link TrevniMetadata#SORTED}), and filtered reads
   * skip its blocks by their first values without reading them. Files without a declared column
   * are byte for byte what Apache Avro writes; with one, Avro reads them (it ignores the key).
   */
  public ColumnSpec sorted() {
    checkPlain("be sorted");
    return new ColumnSpec(name, type, parent, array, true, true, codec, checksum, metadata);
  }

  private void checkPlain(String what) {
    if (array || parent != null) {
      throw new IllegalArgumentException("column " + name
          + ": only plain columns (no array flag, no parent) can " + what);
    }
  }

  /** A copy with its own codec instead of the file's. */
  public ColumnSpec withCodec(TrevniCodec codec) {
    return new ColumnSpec(name, type, parent, array, firstValues, sorted,
        Objects.requireNonNull(codec), checksum, metadata);
  }

  /** A copy with its own checksum instead of the file's. */
  public ColumnSpec withChecksum(TrevniChecksum checksum) {
    return new ColumnSpec(name, type, parent, array, firstValues, sorted, codec,
        Objects.requireNonNull(checksum), metadata);
  }

  /**
   * A copy with a user metadata entry.
   *
   * @throws IllegalArgumentException for keys starting with {@code trevni.}, and for {@link
   *     TrevniMetadata#SORTED} (declared with {@link #sorted()}, which the writer enforces)
   */
  public ColumnSpec withMetadata(String key, byte[] value) {
    if (key.startsWith(TrevniMetadata.RESERVED_PREFIX)) {
      throw new IllegalArgumentException("metadata key '" + key + "' is reserved by Trevni");
    }
    if (key.equals(TrevniMetadata.SORTED)) {
      throw new IllegalArgumentException("metadata key '" + key + "' is declared with "
          + "ColumnSpec.sorted(), which makes the writer keep the promise");
    }
    return new ColumnSpec(name, type, parent, array, firstValues, sorted, codec, checksum,
        metadata.with(key, value));
  }

  public ColumnSpec withMetadata(String key, String value) {
    return withMetadata(key, value.getBytes(StandardCharsets.UTF_8));
  }

  static ColumnSpec fromFile(TrevniMetadata all, String name, ValueType type, String parent,
      boolean array, boolean firstValues, TrevniCodec codec, TrevniChecksum checksum) {
    return new ColumnSpec(name, type, parent, array, firstValues,
        firstValues && all.contains(TrevniMetadata.SORTED), codec, checksum, all);
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

  /**
   * Whether the column is declared sorted ({@link #sorted()}; in a file, first values and {@link
   * TrevniMetadata#SORTED}).
   */
  public boolean isSorted() {
    return sorted;
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
    if (sorted) {
      b.put(TrevniMetadata.SORTED, "");
    }
    metadata.raw().forEach((k, v) -> {
      if (!k.startsWith(TrevniMetadata.RESERVED_PREFIX) && !k.equals(TrevniMetadata.SORTED)) {
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
      sb.append(sorted ? " values sorted" : " values");
    }
    return sb.toString();
  }
}
