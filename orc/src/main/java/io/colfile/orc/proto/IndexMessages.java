package io.colfile.orc.proto;

import com.google.protobuf.UnsafeByteOperations;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.orc.bloom.OrcBloomFilter;
import io.colfile.orc.index.RowIndexEntry;
import io.colfile.orc.stats.ColumnStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The index streams' messages (orc.md sections 7 and 10): ROW_INDEX (RowIndex: per row group
 * the positions and statistics) and BLOOM_FILTER / BLOOM_FILTER_UTF8 (BloomFilterIndex: per row
 * group a filter).
 */
public final class IndexMessages {
  private IndexMessages() {}

  /**
   * A ROW_INDEX stream's entries. The entries are counted before protobuf builds any: a stream
   * with other than {@code expectedEntries} (one per row group) is corrupt.
   */
  public static List<RowIndexEntry> parseRowIndex(FileRegion where, byte[] bytes,
      int expectedEntries) throws CorruptFileException {
    expectEntries(where, bytes, expectedEntries, "row index");
    OrcProto.RowIndex index = Messages.parse(where, bytes, OrcProto.RowIndex.parser());
    expectParsed(where, index.getEntryCount(), expectedEntries, "row index");
    List<RowIndexEntry> out = new ArrayList<>(index.getEntryCount());
    for (OrcProto.RowIndexEntry e : index.getEntryList()) {
      long[] positions = new long[e.getPositionsCount()];
      for (int i = 0; i < positions.length; i++) {
        positions[i] = e.getPositions(i);
      }
      out.add(new RowIndexEntry(positions,
          e.hasStatistics() ? StatisticsMessages.fromProto(e.getStatistics()) : null));
    }
    return out;
  }

  /**
   * A BLOOM_FILTER or BLOOM_FILTER_UTF8 stream's filters, one per row group; counted first as
   * {@link #parseRowIndex} counts entries.
   */
  public static List<OrcBloomFilter> parseBloomFilterIndex(FileRegion where, byte[] bytes,
      int expectedEntries) throws CorruptFileException {
    expectEntries(where, bytes, expectedEntries, "bloom filter index");
    OrcProto.BloomFilterIndex index =
        Messages.parse(where, bytes, OrcProto.BloomFilterIndex.parser());
    expectParsed(where, index.getBloomFilterCount(), expectedEntries, "bloom filter index");
    List<OrcBloomFilter> out = new ArrayList<>(index.getBloomFilterCount());
    for (int i = 0; i < index.getBloomFilterCount(); i++) {
      try {
        out.add(fromProto(index.getBloomFilter(i)));
      } catch (IllegalArgumentException e) {
        throw where.corrupt("row group %d: %s", i, e.getMessage());
      }
    }
    return out;
  }

  private static void expectEntries(FileRegion where, byte[] bytes, int expected,
      String what) throws CorruptFileException {
    long entries = Messages.countFields(where, bytes);
    if (entries != expected) {
      throw where.corrupt("%s has %d entries where the stripe has %d row groups", what,
          entries, expected);
    }
  }

  /**
   * The count of entries protobuf built: the count before it ({@link #expectEntries}) takes every
   * length-delimited field, those of unknown field numbers too, which protobuf keeps aside.
   */
  private static void expectParsed(FileRegion where, int entries, int expected, String what)
      throws CorruptFileException {
    if (entries != expected) {
      throw where.corrupt("%s has %d entries where the stripe has %d row groups", what,
          entries, expected);
    }
  }

  /** A ROW_INDEX stream's content: one entry per row group, positions then statistics. */
  public static byte[] serializeRowIndex(List<long[]> positions,
      List<ColumnStatistics> statistics) {
    if (positions.size() != statistics.size()) {
      throw new IllegalArgumentException(positions.size() + " position lists for "
          + statistics.size() + " statistics");
    }
    OrcProto.RowIndex.Builder b = OrcProto.RowIndex.newBuilder();
    for (int i = 0; i < positions.size(); i++) {
      OrcProto.RowIndexEntry.Builder e = b.addEntryBuilder();
      for (long p : positions.get(i)) {
        e.addPositions(p);
      }
      e.setStatistics(StatisticsMessages.toProto(statistics.get(i)));
    }
    return b.build().toByteArray();
  }

  /** A BLOOM_FILTER_UTF8 stream's content: one filter per row group. */
  public static byte[] serializeBloomFilterIndex(List<OrcBloomFilter> filters) {
    OrcProto.BloomFilterIndex.Builder b = OrcProto.BloomFilterIndex.newBuilder();
    for (OrcBloomFilter f : filters) {
      b.addBloomFilter(toProto(f));
    }
    return b.build().toByteArray();
  }

  /**
   * A legacy BLOOM_FILTER stream's content: one filter per row group, each its number of probes
   * and its words as the repeated {@code bitset}.
   */
  public static byte[] serializeLegacyBloomFilterIndex(List<OrcBloomFilter> filters) {
    OrcProto.BloomFilterIndex.Builder b = OrcProto.BloomFilterIndex.newBuilder();
    for (OrcBloomFilter f : filters) {
      OrcProto.BloomFilter.Builder one = b.addBloomFilterBuilder()
          .setNumHashFunctions(f.numHashFunctions());
      for (long w : f.words()) {
        one.addBitset(w);
      }
    }
    return b.build().toByteArray();
  }

  /** One filter in the BLOOM_FILTER_UTF8 form: the number of probes and the little-endian words. */
  public static byte[] serializeBloomFilter(OrcBloomFilter filter) {
    return toProto(filter).toByteArray();
  }

  /**
   * One BloomFilter message, in either form: {@code utf8bitset} when present, else the legacy
   * {@code bitset} words.
   *
   * @throws IOException if the bytes are not a BloomFilter message
   * @throws IllegalArgumentException if the message does not make a usable filter
   */
  public static OrcBloomFilter parseBloomFilter(byte[] message) throws IOException {
    return fromProto(OrcProto.BloomFilter.parseFrom(message));
  }

  private static OrcProto.BloomFilter toProto(OrcBloomFilter f) {
    // the bytes are fresh and never touched again: no copy needed
    return OrcProto.BloomFilter.newBuilder()
        .setNumHashFunctions(f.numHashFunctions())
        .setUtf8Bitset(UnsafeByteOperations.unsafeWrap(f.bitsetBytes()))
        .build();
  }

  static OrcBloomFilter fromProto(OrcProto.BloomFilter proto) {
    if (!proto.hasNumHashFunctions()) {
      throw new IllegalArgumentException("bloom filter has no hash functions; expected 1 to "
          + OrcBloomFilter.MAX_HASH_FUNCTIONS);
    }
    int k = proto.getNumHashFunctions();
    if (proto.hasUtf8Bitset()) {
      return OrcBloomFilter.fromBitsetBytes(proto.getUtf8Bitset().toByteArray(), k);
    }
    long[] words = new long[proto.getBitsetCount()];
    for (int i = 0; i < words.length; i++) {
      words[i] = proto.getBitset(i);
    }
    return OrcBloomFilter.fromWords(words, k);
  }
}
