package io.colfile.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The default {@link InputFile#readRanges}: each range filled as readFully would fill it. */
class ReadRangesTest {
  @Test
  void everyRangeGetsItsBytesInPlace() throws Exception {
    byte[] data = new byte[4096];
    new Random(7).nextBytes(data);
    InputFile file = InputFile.of("mem", data);
    // out of order, overlapping, empty, and two ranges sharing one buffer
    byte[] shared = new byte[40];
    List<FileRange> ranges = List.of(
        FileRange.of(4000, 96), FileRange.of(0, 10), FileRange.of(5, 20), FileRange.of(100, 0),
        new FileRange(1000, shared, 0, 20), new FileRange(2000, shared, 20, 20));
    file.readRanges(ranges);
    for (FileRange r : ranges.subList(0, 4)) {
      assertThat(r.buffer()).isEqualTo(
          Arrays.copyOfRange(data, (int) r.position(), (int) r.position() + r.length()));
    }
    byte[] expected = new byte[40];
    System.arraycopy(data, 1000, expected, 0, 20);
    System.arraycopy(data, 2000, expected, 20, 20);
    assertThat(shared).isEqualTo(expected);
  }

  @Test
  void aRangePastTheEndFailsAsReadFullyDoes() {
    InputFile file = InputFile.of("mem", new byte[100]);
    List<FileRange> ranges = new ArrayList<>(List.of(FileRange.of(0, 10), FileRange.of(95, 10)));
    assertThatThrownBy(() -> file.readRanges(ranges)).isInstanceOf(EOFException.class);
  }

  @Test
  void aRangeMustFitItsBuffer() {
    assertThatThrownBy(() -> new FileRange(0, new byte[10], 5, 6))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FileRange(-1, new byte[10], 0, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FileRange(0, null, 0, 0))
        .isInstanceOf(NullPointerException.class);
  }
}
