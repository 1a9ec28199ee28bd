package io.colfile.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.io.FileRange;
import io.colfile.testkit.TestSeed;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(TestSeed.class)
class HadoopInputFileTest {
  @TempDir
  java.nio.file.Path dir;

  private final Configuration conf = new Configuration();

  private byte[] data;
  private Path path;

  private void writeRandom(Random r, int size) throws Exception {
    data = new byte[size];
    r.nextBytes(data);
    java.nio.file.Path local = dir.resolve("data.bin");
    Files.write(local, data);
    path = new Path(local.toUri());
  }

  @Test
  void lengthAndPositionalReads() throws Exception {
    Random r = TestSeed.random("hadoop-positional", 0);
    writeRandom(r, 1 + r.nextInt(200_000));
    try (HadoopInputFile in = HadoopInputFile.of(path, conf)) {
      assertThat(in.length()).isEqualTo(data.length);
      assertThat(in.name()).contains("data.bin");
      for (int i = 0; i < 500; i++) {
        int pos = r.nextInt(data.length);
        int len = r.nextInt(data.length - pos + 1);
        int off = r.nextInt(16);
        byte[] buf = new byte[off + len];
        in.readFully(pos, buf, off, len);
        assertThat(Arrays.copyOfRange(buf, off, off + len))
            .as("%d bytes at %d; %s", len, pos, TestSeed.replay())
            .isEqualTo(Arrays.copyOfRange(data, pos, pos + len));
      }
      assertThat(in.read(data.length, 0)).isEmpty();
      assertThatThrownBy(() -> in.read(data.length - 1, 2)).isInstanceOf(EOFException.class)
          .hasMessageContaining("data.bin");
      assertThatThrownBy(() -> in.read(-1, 1)).isInstanceOf(EOFException.class);
    }
  }

  @Test
  void twoThreadsReadOneFile() throws Exception {
    Random seeds = TestSeed.random("hadoop-concurrent", 0);
    writeRandom(seeds, 100_000 + seeds.nextInt(100_000));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (HadoopInputFile in = HadoopInputFile.of(path, conf)) {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        long seed = seeds.nextLong();
        results.add(pool.submit(() -> {
          Random r = new Random(seed);
          int checked = 0;
          for (int i = 0; i < 2000; i++) {
            int pos = r.nextInt(data.length);
            int len = r.nextInt(Math.min(4096, data.length - pos) + 1);
            byte[] got = in.read(pos, len);
            if (!Arrays.equals(got, Arrays.copyOfRange(data, pos, pos + len))) {
              throw new AssertionError(len + " bytes at " + pos + " differ");
            }
            checked++;
          }
          return checked;
        }));
      }
      for (Future<Integer> f : results) {
        assertThat(f.get()).as(TestSeed.replay()).isEqualTo(2000);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void readRangesEqualsReadFullyPerRange() throws Exception {
    Random r = TestSeed.random("hadoop-ranges", 0);
    writeRandom(r, 50_000 + r.nextInt(100_000));
    LocalFileSystem checksummed = FileSystem.getLocal(conf);
    FileSystem raw = checksummed.getRawFileSystem();
    boolean sawVectored = false;
    for (FileSystem fs : List.of(checksummed, raw)) {
      try (HadoopInputFile in = HadoopInputFile.of(fs, fs.getFileStatus(path))) {
        sawVectored |= in.vectored();
        for (int round = 0; round < 30; round++) {
          List<FileRange> ranges = new ArrayList<>();
          int count = 1 + r.nextInt(20);
          for (int i = 0; i < count; i++) {
            int pos = r.nextInt(data.length);
            // some empty, many overlapping or touching the previous range
            int len = r.nextInt(8) == 0 ? 0 : r.nextInt(Math.min(5000, data.length - pos) + 1);
            if (i > 0 && r.nextBoolean()) {
              FileRange prev = ranges.get(i - 1);
              pos = (int) Math.min(prev.position() + r.nextInt(prev.length() + 1),
                  data.length - len);
            }
            ranges.add(new FileRange(pos, new byte[len + 3], 3, len));
          }
          in.readRanges(ranges);
          for (FileRange range : ranges) {
            byte[] expected = new byte[range.length()];
            in.readFully(range.position(), expected, 0, expected.length);
            assertThat(Arrays.copyOfRange(range.buffer(), 3, 3 + range.length()))
                .as("%s on %s; %s", range, fs.getClass().getSimpleName(), TestSeed.replay())
                .isEqualTo(expected)
                .isEqualTo(Arrays.copyOfRange(data, (int) range.position(),
                    (int) range.position() + range.length()));
          }
        }
        List<FileRange> pastEnd = List.of(FileRange.of(0, 10), FileRange.of(data.length - 5, 10));
        assertThatThrownBy(() -> in.readRanges(pastEnd)).isInstanceOf(EOFException.class)
            .hasMessageContaining("data.bin");
      }
    }
    // the override, not only the default, was exercised
    assertThat(sawVectored).isTrue();
  }

  @Test
  void fromAListing() throws Exception {
    Random r = TestSeed.random("hadoop-listing", 0);
    writeRandom(r, 1000);
    FileSystem fs = path.getFileSystem(conf);
    FileStatus status = fs.listStatus(path.getParent(), p -> p.getName().equals("data.bin"))[0];
    try (HadoopInputFile in = HadoopInputFile.of(fs, status)) {
      assertThat(in.read(0, 1000)).isEqualTo(data);
    }
  }

  @Test
  void missingFilesAndDirectoriesAreRefusedByName() {
    Path missing = new Path(dir.resolve("missing.orc").toUri());
    assertThatThrownBy(() -> HadoopInputFile.of(missing, conf))
        .isInstanceOf(FileNotFoundException.class).hasMessageContaining("missing.orc");
    Path directory = new Path(dir.toUri());
    assertThatThrownBy(() -> HadoopInputFile.of(directory, conf))
        .isInstanceOf(FileNotFoundException.class).hasMessageContaining("directory");
  }
}
