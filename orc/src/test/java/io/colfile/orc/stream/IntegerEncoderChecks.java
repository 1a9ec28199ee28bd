package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * The contract of an integer encoder over an {@link OrcOutputStream}: what it writes decodes to
 * the values written, and a position recorded before value i, replayed into the decoder's seek,
 * lands on value i (reading a few values from there).
 */
final class IntegerEncoderChecks {
  private IntegerEncoderChecks() {}

  static void roundTrip(long[] values, WrittenStream stream,
      Function<OrcOutputStream, IntegerEncoder> encoder, boolean signed, boolean v2,
      Random random, String where) throws IOException, CorruptFileException {
    IntegerEncoder e = encoder.apply(stream.out);
    List<Integer> marked = new ArrayList<>();
    List<PositionList> positions = new ArrayList<>();
    int every = 1 + random.nextInt(40);
    int i = 0;
    while (i < values.length) {
      if (random.nextInt(every) == 0) {
        PositionList p = PositionList.of(e.checkpoint(), stream.out.isCompressed());
        marked.add(i);
        positions.add(p);
      }
      if (random.nextInt(4) == 0) { // the bulk method too
        int n = Math.min(values.length - i, 1 + random.nextInt(100));
        e.write(values, i, n);
        i += n;
      } else {
        e.write(values[i++]);
      }
    }
    e.flush();
    String at = where + " " + stream + ", " + TestSeed.replay();

    long[] read = new long[values.length];
    IntegerDecoder d = IntegerDecoder.create(stream.open(), signed, v2);
    d.next(read, 0, values.length);
    assertThat(read).as("read forward, %s", at).containsExactly(values);

    for (int k = marked.size() - 1; k >= 0; k--) {
      int from = marked.get(k);
      // every number is used, or the decoding fails
      d.seek(PositionList.integer(stream.out.isCompressed(), positions.get(k).toArray()));
      int n = Math.min(5, values.length - from);
      long[] got = new long[n];
      d.next(got, 0, n);
      assertThat(got).as("after seeking to value %d via %s, %s", from, positions.get(k), at)
          .containsExactly(Arrays.copyOfRange(values, from, from + n));
    }
  }
}
