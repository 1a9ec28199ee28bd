package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.read.DecodeTasks;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cursor told it may ({@link ColumnCursor#recycleBlocks}) reads later blocks into the arrays of
 * blocks it left, and reads the same values as before; one never told so gives every block an
 * array of its own, and what was read from a block stays as it was. Every codec (bzip2, whose
 * decoder makes arrays of its own, reads the same values without recycling), with and without
 * checksums, with blocks decoded ahead on another thread or not (a compressed block's stored
 * bytes read into one array kept for them).
 */
@ExtendWith(TestSeed.class)
class BlockRecyclingTest {
  @TempDir Path dir;

  @Test
  void recycledBlocksReadTheSameValues() throws Exception {
    Random r = TestSeed.random("block recycling", 0);
    for (TrevniCodec codec : TrevniCodec.values()) {
      for (TrevniChecksum checksum : TrevniChecksum.values()) {
        List<String> values = new ArrayList<>();
        int rows = 5_000 + r.nextInt(5_000);
        for (int i = 0; i < rows; i++) {
          StringBuilder s = new StringBuilder();
          // mostly short; now and then a value longer than a block, whose block is larger
          int len = r.nextInt(200) == 0 ? 3_000 + r.nextInt(3_000) : r.nextInt(40);
          for (int k = 0; k < len; k++) {
            s.append((char) ('a' + r.nextInt(26)));
          }
          values.add(s.toString());
        }
        byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("s", ValueType.STRING)),
            TrevniWriterOptions.builder().codec(codec).checksum(checksum)
                .blockSize(512 + r.nextInt(2048)).build(), w -> {
              for (String v : values) {
                w.startRow();
                w.writeValue(0, v);
                w.endRow();
              }
            });
        for (boolean ahead : new boolean[] {false, true}) {
          String what = TestSeed.replay() + ": " + codec + ", " + checksum
              + (ahead ? ", decoded ahead" : "");
          try (TrevniFile f = TrevniFiles.open(file);
              DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2))) {
            int blocks = f.blocks(0).size();
            assertThat(blocks).as(what).isGreaterThan(10);
            // batches as a batch reader reads them: recycling before each
            ColumnCursor c = f.cursor(0);
            if (ahead) {
              c.decodeAhead(tasks);
            }
            Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
            BytesVector v = new BytesVector(64);
            int done = 0;
            while (done < rows) {
              int n = Math.min(rows - done, 1 + r.nextInt(64));
              c.recycleBlocks();
              v.reset();
              c.readRows(v, 0, n);
              for (int i = 0; i < n; i++) {
                assertThat(new String(v.vector[i], v.start[i], v.length[i],
                    StandardCharsets.UTF_8)).as(what + ", row " + (done + i))
                    .isEqualTo(values.get(done + i));
                if (v.length[i] > 0) {
                  arrays.add(v.vector[i]);
                }
              }
              done += n;
            }
            if (codec != TrevniCodec.BZIP2) { // bzip2's decoder makes arrays of its own
              assertThat(arrays.size()).as(what + ": arrays used for " + blocks + " blocks")
                  .isLessThan(blocks / 2);
            }
            // a compressed block decoded ahead is read into the array the one before was read
            // into, a larger one made only for a larger block
            assertThat(c.aheadInputsMade()).as(what + ": arrays made for stored bytes")
                .isLessThan(ahead && codec != TrevniCodec.NULL ? blocks / 2 : 1);

            // never told: a block's array is its own, and values read stay valid
            ColumnCursor fresh = f.cursor(0);
            if (ahead) {
              fresh.decodeAhead(tasks);
            }
            BytesVector all = new BytesVector(rows);
            fresh.readRows(all, 0, rows);
            Set<byte[]> own = Collections.newSetFromMap(new IdentityHashMap<>());
            for (int i = 0; i < rows; i++) {
              assertThat(new String(all.vector[i], all.start[i], all.length[i],
                  StandardCharsets.UTF_8)).as(what + ", kept row " + i)
                  .isEqualTo(values.get(i));
              if (all.length[i] > 0) {
                own.add(all.vector[i]);
              }
            }
            assertThat(own.size()).as(what).isGreaterThanOrEqualTo(blocks - 1);
          }
        }
      }
    }
  }

  /**
   * A thread interrupted while it waits for the block decoded ahead gets an
   * InterruptedIOException (or reads on, the block being ready), keeps its interrupt, and then
   * reads the file's values, through seeks too. (That the decoding it stopped waiting for ends
   * before the next block's stored bytes go into the array it reads, and before another decoding
   * uses the CRC, is the cursor's {@code settle}; a stress run that counted overlaps found 39
   * without it, none of which changed a value here.)
   */
  @Test
  void interruptedReadsGoOnWithTheRightValues() throws Exception {
    Random r = TestSeed.random("interrupted ahead", 0);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 30_000; i++) {
      values.add(Long.toString(r.nextLong(), 36));
    }
    int interruptedAll = 0;
    for (TrevniCodec codec : new TrevniCodec[] {TrevniCodec.DEFLATE, TrevniCodec.BZIP2}) {
      byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("s", ValueType.STRING)),
          TrevniWriterOptions.builder().codec(codec).checksum(TrevniChecksum.CRC32)
              .blockSize(4096).build(), w -> {
            for (String v : values) {
              w.startRow();
              w.writeValue(0, v);
              w.endRow();
            }
          });
      try (TrevniFile f = TrevniFiles.open(file);
          DecodeTasks tasks = new DecodeTasks(ReadOptions.defaults().withParallelism(2))) {
        Set<Long> firsts = new java.util.HashSet<>();
        for (BlockInfo b : f.blocks(0)) {
          firsts.add(b.firstRow());
        }
        ColumnCursor c = f.cursor(0);
        c.decodeAhead(tasks);
        int interrupted = 0;
        for (int i = 0; i < values.size(); ) {
          if (firsts.contains((long) i) || r.nextInt(500) == 0) {
            Thread.currentThread().interrupt();
          }
          try {
            c.startRow();
          } catch (java.io.InterruptedIOException e) {
            assertThat(Thread.interrupted()).as("the interrupt is kept").isTrue();
            interrupted++;
            continue; // the same row again
          } finally {
            Thread.interrupted();
          }
          assertThat(c.nextString()).as("%s, row %d, %s", codec, i, TestSeed.replay())
              .isEqualTo(values.get(i));
          i++;
          if (r.nextInt(2000) == 0) { // and through a seek, which lets the decoding end
            int target = r.nextInt(values.size());
            Thread.currentThread().interrupt();
            try {
              c.seekRow(target);
              i = target;
            } catch (java.io.InterruptedIOException e) {
              c.seekRow(i); // back where it was
            } finally {
              Thread.interrupted();
            }
          }
        }
        interruptedAll += interrupted;
      }
    }
    // whether a wait is interrupted depends on the threads' timing (tens to hundreds a codec in
    // runs here): asserted over both codecs
    assertThat(interruptedAll).as("reads interrupted, " + TestSeed.replay()).isGreaterThan(0);
  }

  /** Batches of {@link TrevniReader}, whose blocks are recycled, hold the file's values. */
  @Test
  void batchReadersRecycleAndReadAlike() throws Exception {
    Random r = TestSeed.random("batch recycling", 0);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      values.add(Long.toString(r.nextLong(), 36).repeat(1 + r.nextInt(3)));
    }
    for (TrevniCodec codec : new TrevniCodec[] {TrevniCodec.NULL, TrevniCodec.SNAPPY}) {
      byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("s", ValueType.STRING)),
          TrevniWriterOptions.builder().codec(codec).blockSize(1024).build(), w -> {
            for (String v : values) {
              w.startRow();
              w.writeValue(0, v);
              w.endRow();
            }
          });
      for (int threads : new int[] {1, 2}) {
        String what = TestSeed.replay() + ": " + codec + ", " + threads + " threads";
        Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
        List<String> read = new ArrayList<>();
        try (TrevniReader t = TrevniReader.open(InputFile.of("f.trv", file));
            BatchReader reader = t.read(
                ReadOptions.defaults().withParallelism(threads).withBatchSize(100))) {
          ColumnBatch batch = reader.newBatch();
          while (reader.next(batch)) {
            BytesVector v = (BytesVector) batch.cols[0];
            for (int i = 0; i < batch.size; i++) {
              read.add(new String(v.vector[i], v.start[i], v.length[i], StandardCharsets.UTF_8));
              arrays.add(v.vector[i]);
            }
          }
        }
        assertThat(read).as(what).isEqualTo(values);
        assertThat(arrays.size()).as(what).isLessThan(10);
      }
    }
  }
}
