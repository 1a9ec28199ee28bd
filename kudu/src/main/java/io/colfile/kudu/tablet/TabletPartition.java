package io.colfile.kudu.tablet;

import java.util.HexFormat;
import java.util.List;

/**
 * The part of the table's key space a tablet holds ({@code PartitionPB}): its hash bucket per
 * hash dimension, and its encoded partition keys (start inclusive, end exclusive, empty for
 * unbounded). Arrays are copies.
 */
public record TabletPartition(List<Integer> hashBuckets, byte[] partitionKeyStart,
    byte[] partitionKeyEnd) {
  public TabletPartition {
    hashBuckets = List.copyOf(hashBuckets);
    partitionKeyStart = partitionKeyStart.clone();
    partitionKeyEnd = partitionKeyEnd.clone();
  }

  @Override
  public byte[] partitionKeyStart() {
    return partitionKeyStart.clone();
  }

  @Override
  public byte[] partitionKeyEnd() {
    return partitionKeyEnd.clone();
  }

  @Override
  public String toString() {
    return "hash buckets " + hashBuckets + ", partition keys [" + HexFormat.of()
        .formatHex(partitionKeyStart) + ", " + HexFormat.of().formatHex(partitionKeyEnd) + ")";
  }
}
