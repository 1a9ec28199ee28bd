package io.colfile.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbstractBatchReaderTest {
  /** Rows 0 to rows - 1, their values the row numbers; records each max it is asked for. */
  static final class Counting extends AbstractBatchReader {
    final long rows;
    final List<Integer> asked = new ArrayList<>();
    long row;

    Counting(long rows, int batchSize) {
      super(Type.LONG, batchSize);
      this.rows = rows;
    }

    @Override
    protected int fill(ColumnBatch batch, int max) {
      asked.add(max);
      assertThat(batch.size).as("fill sees a reset batch").isZero();
      int n = (int) Math.min(max, rows - row);
      LongVector v = (LongVector) batch.cols[0];
      for (int i = 0; i < n; i++) {
        v.vector[i] = row + i;
      }
      row += n;
      return n;
    }

    @Override
    protected void seek(long target) {
      row = Math.min(target, rows);
    }
  }

  @Test
  void nextFillsUpToTheCapacitySetsTheSizeAndEndsWithAnEmptyBatch() throws Exception {
    Counting r = new Counting(10, 4);
    assertThat(r.schema()).isEqualTo(Type.LONG);
    ColumnBatch b = r.newBatch();
    assertThat(b.capacity()).isEqualTo(4);
    List<Integer> sizes = new ArrayList<>();
    long expected = 0;
    while (r.next(b)) {
      sizes.add(b.size);
      LongVector v = (LongVector) b.cols[0];
      for (int i = 0; i < b.size; i++) {
        assertThat(v.vector[i]).isEqualTo(expected++);
      }
    }
    assertThat(sizes).containsExactly(4, 4, 2);
    assertThat(b.size).isZero();
    assertThat(r.asked).containsOnly(4);
    assertThat(r.next(b)).isFalse();
  }

  @Test
  void aLargerBatchIsFilledToItsOwnCapacity() throws Exception {
    Counting r = new Counting(100, 4);
    ColumnBatch b = new ColumnBatch(Type.LONG, 64);
    assertThat(r.next(b)).isTrue();
    assertThat(b.size).isEqualTo(64);
  }

  @Test
  void seekToRowRefusesNegativeRowsAndHandsOnTheOthers() throws Exception {
    Counting r = new Counting(10, 4);
    assertThatThrownBy(() -> r.seekToRow(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("negative row -1");
    r.seekToRow(8);
    ColumnBatch b = r.newBatch();
    assertThat(r.next(b)).isTrue();
    assertThat(b.size).isEqualTo(2);
    assertThat(((LongVector) b.cols[0]).vector[0]).isEqualTo(8);
    r.seekToRow(50);
    assertThat(r.next(b)).isFalse();
  }

  @Test
  void readersThatCannotSeekSaySo() throws Exception {
    AbstractBatchReader r = new AbstractBatchReader(Type.LONG, 1) {
      @Override
      protected int fill(ColumnBatch batch, int max) {
        return 0;
      }
    };
    assertThatThrownBy(() -> r.seekToRow(0)).isInstanceOf(UnsupportedFeatureException.class);
    assertThat(r.report().lines()).isEmpty();
    r.close();
  }
}
