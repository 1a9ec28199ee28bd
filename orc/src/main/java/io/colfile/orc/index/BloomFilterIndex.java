package io.colfile.orc.index;

import java.util.List;

/**
 * A column's bloom filters in one stripe, one per row group, from a stream the reader trusts
 * ({@link BloomFilterTrust}): BLOOM_FILTER_UTF8, or the legacy BLOOM_FILTER.
 */
public record BloomFilterIndex(int column, List<ColumnBloomFilter> filters) {
  public BloomFilterIndex {
    filters = List.copyOf(filters);
  }

  public ColumnBloomFilter filter(int rowGroup) {
    return filters.get(rowGroup);
  }
}
