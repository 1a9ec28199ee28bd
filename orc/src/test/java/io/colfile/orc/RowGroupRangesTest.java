package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.index.RawCheckpoint;
import io.colfile.orc.index.RowGroupEntry;
import io.colfile.orc.index.RowIndex;
import io.colfile.orc.index.StreamOffset;
import io.colfile.orc.stripe.StreamKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parts of a parallel read hand each other the chunks where they start only in streams whose
 * row groups start in ascending chunks: a damaged index that points a later group back into an
 * earlier chunk leaves its stream out ({@link RowGroupRanges#chunkStarts}).
 */
class RowGroupRangesTest {
  /** A row index of DATA positions at the chunks {@code chunks}, -1 for the stripe's start. */
  private static RowIndex index(long... chunks) {
    List<RowGroupEntry> entries = new ArrayList<>();
    for (long c : chunks) {
      ColumnPositions p = c < 0 ? ColumnPositions.STRIPE_START : ColumnPositions.of(null,
          Map.of(StreamKind.DATA, new RawCheckpoint(new StreamOffset(c, 17))));
      entries.add(new RowGroupEntry(p, null));
    }
    return new RowIndex(1, entries);
  }

  @Test
  void chunksOfRowGroupsMustAscend() {
    assertThat(RowGroupRanges.ascending(index(-1, 0, 300, 300, 900), StreamKind.DATA)).isTrue();
    assertThat(RowGroupRanges.ascending(index(-1), StreamKind.DATA)).isTrue();
    // the third group back in the first group's chunk
    assertThat(RowGroupRanges.ascending(index(-1, 300, 0, 900), StreamKind.DATA)).isFalse();
    assertThat(RowGroupRanges.ascending(index(-1, 300, 900, 600), StreamKind.DATA)).isFalse();
  }
}
