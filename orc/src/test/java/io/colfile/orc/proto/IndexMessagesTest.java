package io.colfile.orc.proto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Index streams whose entries do not match the stripe's row groups are refused, also when the
 * stream holds fields of an unknown number, which protobuf keeps aside instead of as entries (a
 * fuzzed file had one bloom filter and an unknown field for two row groups: the pushdown then
 * asked for the second filter and an IndexOutOfBoundsException escaped).
 */
class IndexMessagesTest {
  private static final FileRegion WHERE =
      FileRegion.of("t.orc").child("stripe", 0).child("column", 1).child("BLOOM_FILTER_UTF8");

  @Test
  void aBloomFilterIndexWithAnUnknownFieldForAnEntryIsRefused() throws Exception {
    byte[] one = OrcProto.BloomFilterIndex.newBuilder()
        .addBloomFilter(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(3)
            .setUtf8Bitset(ByteString.copyFrom(new byte[8])))
        .build().toByteArray();
    assertThat(IndexMessages.parseBloomFilterIndex(WHERE, one, 1)).hasSize(1);
    byte[] withUnknown = withUnknownField(one);
    assertThatThrownBy(() -> IndexMessages.parseBloomFilterIndex(WHERE, withUnknown, 2))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("bloom filter index has 1 entries where the stripe has 2 row groups")
        .hasMessageContaining("BLOOM_FILTER_UTF8");
  }

  @Test
  void aRowIndexWithAnUnknownFieldForAnEntryIsRefused() throws Exception {
    byte[] one = OrcProto.RowIndex.newBuilder()
        .addEntry(OrcProto.RowIndexEntry.newBuilder().addPositions(0).addPositions(0))
        .build().toByteArray();
    assertThat(IndexMessages.parseRowIndex(WHERE, one, 1)).hasSize(1);
    byte[] withUnknown = withUnknownField(one);
    assertThatThrownBy(() -> IndexMessages.parseRowIndex(WHERE, withUnknown, 2))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("row index has 1 entries where the stripe has 2 row groups");
  }

  /** The message and then field 7, length-delimited and empty. */
  private static byte[] withUnknownField(byte[] message) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(message);
    b.write(7 << 3 | 2);
    b.write(0);
    return b.toByteArray();
  }
}
