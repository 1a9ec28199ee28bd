package io.colfile.kudu;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * How a {@link CFileWriter} writes one CFile, with Kudu 1.17's defaults (cfile.md section 13):
 * AUTO encoding (resolved per type, section 7), no compression, 256 KiB data blocks, 32 KiB index
 * blocks, CRC-32C checksums, a positional index, no value index. Immutable; build with {@link
 * #builder}.
 */
public final class CFileWriterOptions {
  /** Kudu's {@code --cfile_default_block_size}. */
  public static final int DEFAULT_BLOCK_SIZE = 256 << 10;
  /** Kudu's index block size. */
  public static final int DEFAULT_INDEX_BLOCK_SIZE = 32 << 10;

  private final KuduType type;
  private final boolean nullable;
  private final KuduEncoding encoding;
  private final KuduCompression compression;
  private final int blockSize;
  private final int indexBlockSize;
  private final boolean checksums;
  private final boolean positionalIndex;
  private final boolean valueIndex;
  private final boolean optimizeIndexKeys;
  private final UnaryOperator<byte[]> valueIndexKey;
  private final List<Map.Entry<String, byte[]>> metadata;
  private final int version;

  private CFileWriterOptions(Builder b) {
    this.type = b.type;
    this.nullable = b.nullable;
    this.encoding = b.type.resolve(b.encoding);
    this.compression = b.compression == KuduCompression.DEFAULT ? KuduCompression.NONE
        : b.compression;
    this.blockSize = b.blockSize;
    this.indexBlockSize = b.indexBlockSize;
    this.checksums = b.checksums;
    this.positionalIndex = b.positionalIndex;
    this.valueIndex = b.valueIndex;
    this.optimizeIndexKeys = b.optimizeIndexKeys;
    this.valueIndexKey = b.valueIndexKey;
    this.metadata = List.copyOf(b.metadata);
    this.version = b.version;
    if (version == 1 && checksums) {
      throw new IllegalArgumentException("CFile v1 has no checksums: turn them off");
    }
    if (valueIndex && nullable) {
      throw new IllegalArgumentException("a value index needs a non-nullable column");
    }
    if (valueIndex && valueIndexKey == null && !type.canBeKey()) {
      throw new IllegalArgumentException(type.kuduName() + " values cannot be index keys");
    }
    if (!positionalIndex && !valueIndex) {
      throw new IllegalArgumentException("a CFile needs a positional or a value index");
    }
  }

  /** Options for a CFile of {@code type}, with Kudu's defaults. */
  public static Builder builder(KuduType type) {
    return new Builder(type);
  }

  public KuduType type() {
    return type;
  }

  public boolean nullable() {
    return nullable;
  }

  /** The resolved encoding: never AUTO. */
  public KuduEncoding encoding() {
    return encoding;
  }

  /** The resolved compression: never DEFAULT. */
  public KuduCompression compression() {
    return compression;
  }

  public int blockSize() {
    return blockSize;
  }

  public int indexBlockSize() {
    return indexBlockSize;
  }

  public boolean checksums() {
    return checksums;
  }

  public boolean positionalIndex() {
    return positionalIndex;
  }

  public boolean valueIndex() {
    return valueIndex;
  }

  public boolean optimizeIndexKeys() {
    return optimizeIndexKeys;
  }

  /** The CFile version written: 2 (Kudu 1.3 and newer), or 1 for Kudu 1.2 and older. */
  public int version() {
    return version;
  }

  /** Turns a value into its value index key, or null for the type's own key encoding. */
  public UnaryOperator<byte[]> valueIndexKey() {
    return valueIndexKey;
  }

  public List<Map.Entry<String, byte[]>> metadata() {
    return metadata;
  }

  /** Builds {@link CFileWriterOptions}. */
  public static final class Builder {
    private final KuduType type;
    private boolean nullable;
    private KuduEncoding encoding = KuduEncoding.AUTO;
    private KuduCompression compression = KuduCompression.NONE;
    private int blockSize = DEFAULT_BLOCK_SIZE;
    private int indexBlockSize = DEFAULT_INDEX_BLOCK_SIZE;
    private boolean checksums = true;
    private boolean positionalIndex = true;
    private boolean valueIndex;
    private boolean optimizeIndexKeys = true;
    private UnaryOperator<byte[]> valueIndexKey;
    private final List<Map.Entry<String, byte[]>> metadata = new ArrayList<>();
    private int version = 2;

    private Builder(KuduType type) {
      this.type = Objects.requireNonNull(type, "type");
    }

    /** Whether cells may be NULL (nullable data blocks, section 5). Default false. */
    public Builder nullable(boolean nullable) {
      this.nullable = nullable;
      return this;
    }

    /**
     * The encoding; AUTO (the default) takes the type's default.
     *
     * @throws IllegalArgumentException (at {@link #build}) if Kudu does not allow it for the type
     */
    public Builder encoding(KuduEncoding encoding) {
      this.encoding = Objects.requireNonNull(encoding, "encoding");
      return this;
    }

    /** The block compression; DEFAULT means none, as Kudu's default codec flag says. */
    public Builder compression(KuduCompression compression) {
      this.compression = Objects.requireNonNull(compression, "compression");
      return this;
    }

    /** The target size of data blocks in bytes, before compression. Default 256 KiB. */
    public Builder blockSize(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("block size must be positive: " + bytes);
      }
      this.blockSize = bytes;
      return this;
    }

    /** The target size of index blocks in bytes. Default 32 KiB. */
    public Builder indexBlockSize(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("index block size must be positive: " + bytes);
      }
      this.indexBlockSize = bytes;
      return this;
    }

    /** Whether to write CRC-32C checksums (the CHECKSUM feature). Default true, as Kudu. */
    public Builder checksums(boolean checksums) {
      this.checksums = checksums;
      return this;
    }

    /** Whether to write a positional index. Default true. */
    public Builder positionalIndex(boolean on) {
      this.positionalIndex = on;
      return this;
    }

    /**
     * Whether to write a value index; the values must then arrive sorted by their keys (Kudu
     * writes one for the key column of single-key tables). Default false.
     */
    public Builder valueIndex(boolean on) {
      this.valueIndex = on;
      return this;
    }

    /**
     * Whether value index keys are shortened to separators (section 8.2). Default true; Kudu
     * turns it off for DeltaFiles.
     */
    public Builder optimizeIndexKeys(boolean on) {
      this.optimizeIndexKeys = on;
      return this;
    }

    /**
     * A function from a BINARY value to its value index key, for files whose keys are not the
     * values themselves (a DeltaFile indexes the DeltaKey at the start of each cell).
     */
    public Builder valueIndexKey(UnaryOperator<byte[]> keyOfValue) {
      this.valueIndexKey = keyOfValue;
      return this;
    }

    /** Adds a footer metadata pair (Kudu keeps {@code min_key}, {@code max_key} there). */
    public Builder metadata(String key, byte[] value) {
      metadata.add(new AbstractMap.SimpleImmutableEntry<>(Objects.requireNonNull(key),
          value.clone()));
      return this;
    }

    /**
     * The file format version: 2 (the default, what Kudu 1.3 and newer write) or 1 ({@code
     * kuducfil}, for Kudu 1.2 and older: no feature flags, so no checksums, and compressed
     * blocks framed by both sizes).
     */
    public Builder formatVersion(int version) {
      if (version != 1 && version != 2) {
        throw new IllegalArgumentException("CFile versions are 1 and 2, not " + version);
      }
      this.version = version;
      return this;
    }

    public CFileWriterOptions build() {
      return new CFileWriterOptions(this);
    }
  }
}
