package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TrevniWriterOptions#parallelism()}: blocks compressed on several threads make the same
 * file, byte for byte, as one thread: seeded random column files (array and child columns,
 * first values, sorted columns, every codec and checksum, small blocks, so that many blocks wait
 * and are compressed together) and random record files through {@link TrevniWriter}, at
 * parallelisms 2 to 5, on the writer's own threads and on a given executor (which must run
 * some of the work).
 */
@ExtendWith(TestSeed.class)
class ParallelWriteTest {
  @TempDir Path dir;

  private static TrevniWriterOptions withCodec(Random r, TrevniWriterOptions o) {
    // bzip2 too: the slowest codec, where parallel compression pays most
    return r.nextInt(5) == 0 ? o.toBuilder().codec(TrevniCodec.BZIP2).build() : o;
  }

  @Test
  void columnFilesAreTheSameAtEveryParallelism() throws IOException {
    for (int round = 0; round < 40; round++) {
      Random r = TestSeed.random("parallelColumns", round);
      TrevniWriterOptions one = withCodec(r, RandomColumnFiles.options(r));
      int rows = r.nextInt(6) == 0 ? 1 + r.nextInt(3) : 1 + r.nextInt(4000);
      long seed = r.nextLong();
      byte[] expected = RandomColumnFiles.write(new Random(seed), rows, one, dir);
      int threads = 2 + r.nextInt(4);
      byte[] parallel = RandomColumnFiles.write(new Random(seed), rows,
          one.toBuilder().parallelism(threads).build(), dir);
      assertThat(parallel).as("round %d, %d threads, %s", round, threads, TestSeed.replay())
          .isEqualTo(expected);
    }
  }

  @Test
  void recordFilesAreTheSameAtEveryParallelism() throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    AtomicInteger ranOnPool = new AtomicInteger();
    try {
      for (int round = 0; round < 30; round++) {
        Random r = TestSeed.random("parallelRecords", round);
        Type schema = RandomRecordFiles.schema(r, 1 + r.nextInt(8));
        TrevniWriterOptions one = withCodec(r, RandomColumnFiles.options(r));
        int rows = r.nextInt(3000);
        long seed = r.nextLong();
        byte[] expected = RandomRecordFiles.write(new Random(seed), schema, rows, one, dir);
        TrevniWriterOptions.Builder b = one.toBuilder().parallelism(2 + r.nextInt(3));
        if (r.nextBoolean()) {
          b.executor(task -> pool.execute(() -> {
            ranOnPool.incrementAndGet();
            task.run();
          }));
        }
        byte[] parallel = RandomRecordFiles.write(new Random(seed), schema, rows, b.build(), dir);
        assertThat(parallel).as("round %d, %s, %s", round, schema, TestSeed.replay())
            .isEqualTo(expected);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(ranOnPool.get()).as("work run on the given executor").isPositive();
  }
}
