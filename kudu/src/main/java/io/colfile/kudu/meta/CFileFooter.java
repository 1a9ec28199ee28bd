package io.colfile.kudu.meta;

import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import java.util.List;
import java.util.Map;

/**
 * What a CFile's footer says (cfile.md section 2.6): the column's logical type, its resolved
 * encoding and compression, the number of cells (NULLs included), the roots of the positional
 * and value indexes, the dictionary block, the feature flags and the metadata pairs Kudu keeps
 * there ({@code min_key}, {@code max_key}, {@code deltafilestats}, section 2.9).
 *
 * @param posIndexRoot the positional index's root block, or null when the file has none
 * @param valueIndexRoot the value index's root block, or null when the file has none
 * @param dictionaryBlock the dictionary block of a DICT_ENCODING file, else null
 * @param metadata the metadata pairs in file order (keys may repeat)
 */
public record CFileFooter(
    KuduType dataType,
    KuduEncoding encoding,
    long numValues,
    BlockPointer posIndexRoot,
    BlockPointer valueIndexRoot,
    KuduCompression compression,
    List<Map.Entry<String, byte[]>> metadata,
    boolean nullable,
    BlockPointer dictionaryBlock,
    int incompatibleFeatures,
    Integer compatibleFeatures) {
  /** The incompatible feature bit that says header, blocks and footer carry a CRC-32C. */
  public static final int CHECKSUM = 0x1;
  /** The incompatible features Kudu 1.17 (and colfile) can read. */
  public static final int SUPPORTED_INCOMPATIBLE = CHECKSUM;

  public CFileFooter {
    metadata = List.copyOf(metadata);
  }

  /** True when the file carries CRC-32C checksums. */
  public boolean hasChecksums() {
    return (incompatibleFeatures & CHECKSUM) != 0;
  }

  /** The value of the first metadata pair called {@code key}, or null. */
  public byte[] metadata(String key) {
    for (Map.Entry<String, byte[]> e : metadata) {
      if (e.getKey().equals(key)) {
        return e.getValue().clone();
      }
    }
    return null;
  }
}
