package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A projection reads only the byte ranges of the projected columns' streams. */
class ProjectionTest {
  @Test
  void readsOnlyTheProjectedColumnsBytes() throws IOException {
    Path file = SharedData.orcExamples().resolve("demo-12-zlib.orc");
    long all = bytesRead(file, ReadOptions.defaults());
    long one = bytesRead(file, ReadOptions.columns("_col0"));
    // _col0 is a small integer column of a nine-column file.
    assertThat(one).isLessThan(all / 5);
  }

  @Test
  void projectedValuesEqualTheFullRead() throws IOException {
    Path file = SharedData.orcExamples().resolve("demo-12-zlib.orc");
    long sumAll = 0;
    long sumOne = 0;
    try (OrcReader r = OrcReader.open(InputFile.local(file));
         BatchReader rows = r.read(ReadOptions.defaults());
         BatchReader col = r.read(ReadOptions.columns("_col4"))) {
      ColumnBatch a = rows.newBatch();
      ColumnBatch b = col.newBatch();
      while (rows.next(a)) {
        assertThat(col.next(b)).isTrue();
        assertThat(b.size).isEqualTo(a.size);
        for (int i = 0; i < a.size; i++) {
          sumAll += ((LongVector) a.cols[4]).vector[i] * (i + 1);
          sumOne += ((LongVector) b.cols[0]).vector[i] * (i + 1);
        }
      }
      assertThat(col.next(b)).isFalse();
    }
    assertThat(sumOne).isEqualTo(sumAll).isNotZero();
  }

  private static long bytesRead(Path file, ReadOptions options) throws IOException {
    Counting in = new Counting(InputFile.local(file));
    try (OrcReader r = OrcReader.open(in); BatchReader rows = r.read(options)) {
      long before = in.bytes;
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        // just read
      }
      return in.bytes - before;
    }
  }

  /** Counts the bytes asked of the file. */
  private static final class Counting implements InputFile {
    private final InputFile in;
    long bytes;
    final List<long[]> reads = new ArrayList<>();

    Counting(InputFile in) {
      this.in = in;
    }

    @Override
    public String name() {
      return in.name();
    }

    @Override
    public long length() throws IOException {
      return in.length();
    }

    @Override
    public void readFully(long position, byte[] dst, int offset, int length) throws IOException {
      bytes += length;
      reads.add(new long[] {position, length});
      in.readFully(position, dst, offset, length);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
