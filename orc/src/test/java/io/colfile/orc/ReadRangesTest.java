package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.FileRange;
import io.colfile.core.io.ForwardingInputFile;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stripe's streams are asked of the file in one {@link InputFile#readRanges} call, so that a
 * source that fetches ranges together (Hadoop's vectored reads, object stores) gets them all at
 * once; the rows are those of a plain read.
 */
class ReadRangesTest {
  /** Records each readRanges call's ranges, and reads them as any file does. */
  private static final class Recording extends ForwardingInputFile {
    final List<List<long[]>> calls = new ArrayList<>();

    Recording(InputFile in) {
      super(in);
    }

    @Override
    public void readRanges(List<FileRange> ranges) throws IOException {
      List<long[]> call = new ArrayList<>();
      ranges.forEach(r -> call.add(new long[] {r.position(), r.length()}));
      calls.add(call);
      super.readRanges(ranges);
    }
  }

  /** The rows' two long columns (nulls too), summed with their row numbers as weights. */
  private static long digest(BatchReader rows) throws IOException {
    ColumnBatch b = rows.newBatch();
    long sum = 0;
    long row = 0;
    while (rows.next(b)) {
      for (int i = 0; i < b.size; i++, row++) {
        for (int c = 0; c < 2; c++) {
          LongVector v = (LongVector) b.cols[c];
          sum = sum * 31 + (v.isNull(i) ? -1 : v.vector[i]) * (row + 1);
        }
      }
    }
    return sum * 31 + row;
  }

  @Test
  void eachStripesStreamsAreOneReadRangesCall() throws IOException {
    Path file = SharedData.orcExamples().resolve("demo-12-zlib.orc");
    ReadOptions two = ReadOptions.columns("_col0", "_col4");
    long plain;
    try (OrcReader r = OrcReader.open(InputFile.local(file));
         BatchReader rows = r.read(two)) {
      plain = digest(rows);
    }
    Recording recording = new Recording(InputFile.local(file));
    try (OrcReader r = OrcReader.open(recording)) {
      int stripes = r.stripes().size();
      try (BatchReader rows = r.read(two)) {
        assertThat(digest(rows)).isEqualTo(plain);
      }
      assertThat(recording.calls).hasSize(stripes);
      for (int s = 0; s < stripes; s++) {
        StripeInformation info = r.stripes().get(s);
        assertThat(recording.calls.get(s)).isNotEmpty().allSatisfy(range -> assertThat(range[0])
            .isBetween(info.offset(), info.offset() + info.length() - range[1]));
      }
    }
  }
}
