package io.colfile.trevni;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Key/value metadata of a Trevni file or column: string keys, byte values, in the order the file
 * holds them. Keys starting with {@code trevni.} belong to the format ({@code trevni.codec},
 * {@code trevni.name}, ...). Immutable.
 */
public final class TrevniMetadata {
  /** Prefix of the keys the format reserves. */
  public static final String RESERVED_PREFIX = "trevni.";

  static final String CODEC = "trevni.codec";
  static final String CHECKSUM = "trevni.checksum";
  static final String NAME = "trevni.name";
  static final String TYPE = "trevni.type";
  static final String PARENT = "trevni.parent";
  static final String ARRAY = "trevni.array";
  static final String VALUES = "trevni.values";
  /**
   * colfile's promise, in a column's metadata, that the column's values are in Java's order (the
   * order of Trevni's seeks, trevni.md section 8): its writer refused any value out of order.
   * Set only through {@link ColumnSpec#sorted()}; an empty value, like Trevni's flags. Readers
   * that do not know it (Apache Avro's) ignore it.
   */
  public static final String SORTED = "colfile.sorted";

  private static final TrevniMetadata EMPTY = new TrevniMetadata(new LinkedHashMap<>());

  private final Map<String, byte[]> entries;

  private TrevniMetadata(LinkedHashMap<String, byte[]> entries) {
    this.entries = entries;
  }

  /** Metadata with no entries. */
  public static TrevniMetadata empty() {
    return EMPTY;
  }

  /** Metadata holding {@code entries} in their iteration order (values copied). */
  public static TrevniMetadata of(Map<String, byte[]> entries) {
    LinkedHashMap<String, byte[]> copy = new LinkedHashMap<>();
    entries.forEach((k, v) -> copy.put(k, v.clone()));
    return new TrevniMetadata(copy);
  }

  /** The keys, in file order. */
  public Set<String> keys() {
    return Collections.unmodifiableSet(entries.keySet());
  }

  public int size() {
    return entries.size();
  }

  public boolean contains(String key) {
    return entries.containsKey(key);
  }

  /** The value of {@code key} (a copy). */
  public Optional<byte[]> get(String key) {
    byte[] v = entries.get(key);
    return v == null ? Optional.empty() : Optional.of(v.clone());
  }

  /** The value of {@code key} as UTF-8 text. */
  public Optional<String> getString(String key) {
    byte[] v = entries.get(key);
    return v == null ? Optional.empty() : Optional.of(new String(v, StandardCharsets.UTF_8));
  }

  /** All entries in file order (values copied). */
  public Map<String, byte[]> asMap() {
    LinkedHashMap<String, byte[]> copy = new LinkedHashMap<>();
    entries.forEach((k, v) -> copy.put(k, v.clone()));
    return copy;
  }

  /** These entries without the reserved {@code trevni.} ones. */
  public TrevniMetadata userEntries() {
    LinkedHashMap<String, byte[]> copy = new LinkedHashMap<>();
    entries.forEach((k, v) -> {
      if (!k.startsWith(RESERVED_PREFIX)) {
        copy.put(k, v);
      }
    });
    return new TrevniMetadata(copy);
  }

  Map<String, byte[]> raw() {
    return entries;
  }

  /** A copy with {@code key} set; a key that was present keeps its position. */
  TrevniMetadata with(String key, byte[] value) {
    LinkedHashMap<String, byte[]> copy = new LinkedHashMap<>(entries);
    copy.put(key, value.clone());
    return new TrevniMetadata(copy);
  }

  TrevniMetadata with(String key, String value) {
    return with(key, value.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TrevniMetadata other) || other.entries.size() != entries.size()) {
      return false;
    }
    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
      byte[] v = other.entries.get(e.getKey());
      if (v == null || !Arrays.equals(v, e.getValue())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 0;
    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
      h += e.getKey().hashCode() ^ Arrays.hashCode(e.getValue());
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    entries.forEach((k, v) -> {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(k).append('=').append(new String(v, StandardCharsets.UTF_8));
    });
    return sb.append('}').toString();
  }
}
