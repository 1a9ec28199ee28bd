package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.Random;

/**
 * The contract every integer-valued decoder meets, run over encoder output: read forward in
 * varied batch sizes with skips, seek to recorded positions in reverse and re-read, read around
 * nulls, and fail with {@link CorruptFileException} past the last value. Each check runs over
 * several framings (raw, original and deflated chunks of various sizes).
 */
final class DecoderChecks {
  /** A decoder under test, reduced to what the checks use. */
  interface LongDecoder {
    void next(long[] dst, int off, int n) throws CorruptFileException;

    void next(long[] dst, int off, int n, boolean[] isNull) throws CorruptFileException;

    void skip(long n) throws CorruptFileException;

    /** Seeks to the position that {@code numbers} encode (all of them). */
    void seek(long[] numbers, boolean compressed) throws CorruptFileException;
  }

  interface Factory {
    LongDecoder open(OrcInputStream in);
  }

  /** Positions of value i: stream numbers, then decoder numbers. */
  interface Positions {
    long[] of(FramedStream stream, int i, boolean endOfChunk);
  }

  private DecoderChecks() {}

  static Factory of(boolean signed, boolean v2) {
    return in -> {
      IntegerDecoder d = IntegerDecoder.create(in, signed, v2);
      return new LongDecoder() {
        @Override public void next(long[] dst, int off, int n) throws CorruptFileException {
          d.next(dst, off, n);
        }
        @Override public void next(long[] dst, int off, int n, boolean[] isNull)
            throws CorruptFileException {
          d.next(dst, off, n, isNull);
        }
        @Override public void skip(long n) throws CorruptFileException {
          d.skip(n);
        }
        @Override public void seek(long[] p, boolean compressed) throws CorruptFileException {
          d.seek(PositionList.integer(compressed, p));
        }
      };
    };
  }

  static void checkAll(byte[] raw, long[] expected, Positions positions, Factory factory,
      Random random) throws CorruptFileException {
    for (int round = 0; round < 4; round++) {
      FramedStream stream = round == 0 ? FramedStream.raw(raw) : FramedStream.random(raw, random);
      String where = stream + ", " + TestSeed.replay();
      readForward(stream, expected, factory, random, where);
      seekBackwards(stream, expected, positions, factory, random, where);
      readWithNulls(stream, expected, factory, random, where);
    }
  }

  static void readForward(FramedStream stream, long[] expected, Factory factory, Random random,
      String where) throws CorruptFileException {
    LongDecoder d = factory.open(stream.open());
    long[] buf = new long[1100];
    int i = 0;
    while (i < expected.length) {
      int n = Math.min(expected.length - i, pickBatch(random));
      if (random.nextInt(5) == 0) {
        d.skip(n);
      } else {
        int off = random.nextInt(3);
        d.next(buf, off, n);
        assertThat(Arrays.copyOfRange(buf, off, off + n)).as("values %d.. of %s", i, where)
            .containsExactly(Arrays.copyOfRange(expected, i, i + n));
      }
      i += n;
    }
    assertThatThrownBy(() -> d.next(buf, 0, 1)).as("past the end, %s", where)
        .isInstanceOf(CorruptFileException.class);
  }

  private static int pickBatch(Random random) {
    switch (random.nextInt(4)) {
      case 0: return 1 + random.nextInt(3);
      case 1: return 1 + random.nextInt(100);
      case 2: return 511 + random.nextInt(3);
      default: return 1 + random.nextInt(1024);
    }
  }

  static void seekBackwards(FramedStream stream, long[] expected, Positions positions,
      Factory factory, Random random, String where) throws CorruptFileException {
    LongDecoder d = factory.open(stream.open());
    long[] buf = new long[40];
    int step = Math.max(1, expected.length / 200);
    for (int i = expected.length - 1; i >= 0; i -= 1 + random.nextInt(step)) {
      long[] p = positions.of(stream, i, random.nextBoolean());
      d.seek(p, stream.compressed()); // every number is used, or the decoding fails
      int n = Math.min(buf.length, expected.length - i);
      d.next(buf, 0, n);
      assertThat(Arrays.copyOf(buf, n)).as("after seeking to value %d %s, %s", i,
          Arrays.toString(p), where).containsExactly(Arrays.copyOfRange(expected, i, i + n));
    }
  }

  static void readWithNulls(FramedStream stream, long[] expected, Factory factory, Random random,
      String where) throws CorruptFileException {
    LongDecoder d = factory.open(stream.open());
    int nullPercent = random.nextInt(100);
    int batch = 1 + random.nextInt(1024);
    long[] buf = new long[batch];
    boolean[] isNull = new boolean[batch];
    int i = 0;
    while (i < expected.length) {
      int present = 0;
      for (int k = 0; k < batch; k++) {
        isNull[k] = present == expected.length - i || random.nextInt(100) < nullPercent;
        present += isNull[k] ? 0 : 1;
      }
      if (present == 0) { // all-null batches are fine, but the loop must progress
        isNull[random.nextInt(batch)] = false;
      }
      Arrays.fill(buf, 0x5555L);
      d.next(buf, 0, batch, isNull);
      for (int k = 0; k < batch; k++) {
        long want = isNull[k] ? 0 : expected[i++];
        assertThat(buf[k]).as("slot %d (null=%s) near value %d, %s", k, isNull[k], i, where)
            .isEqualTo(want);
      }
    }
  }
}
