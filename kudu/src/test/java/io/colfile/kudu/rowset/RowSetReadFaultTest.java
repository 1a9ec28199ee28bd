package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.KuduCompression;
import io.colfile.testkit.Faults;
import io.colfile.testkit.FaultyInputFile;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A rowset read under injected read faults, file by file: each read of every file a full read
 * opens (each column's CFile and {@code adhoc-index.cfile}) fails in turn (a seeded
 * sample where a file takes many), half filling its buffer. The reader throws an {@code
 * IOException} carrying the cause, and every batch it handed out before is exactly the rowset's
 * rows at that place: no half-filled batch is returned as data. On one and two threads.
 */
@ExtendWith(TestSeed.class)
class RowSetReadFaultTest {
  /** Reads failed per file at most; the first and last always among them. */
  private static final int SAMPLE = 12;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void aFailedReadThrowsAndHandsOutOnlyWholeBatches(int threads) throws IOException {
    Random r = TestSeed.random("RowSetReadFaultTest." + threads, 0);
    Path rowset = write(r);
    RowSetManifest.Contents c;
    try (InputStream in = Files.newInputStream(rowset.resolve(RowSetManifest.FILE_NAME))) {
      c = RowSetManifest.read(in, RowSetManifest.FILE_NAME);
    }
    Map<String, List<FaultyInputFile>> opened = new TreeMap<>();
    List<Object> expected = read(c, rowset, threads, f -> {
      FaultyInputFile counting = new FaultyInputFile(InputFile.local(rowset.resolve(f)), 0);
      synchronized (opened) {
        opened.computeIfAbsent(f, k -> new ArrayList<>()).add(counting);
      }
      return counting;
    });
    assertThat(expected).as("rows read without faults").hasSize((int) c.rows());
    // a full read needs no bloom filter: the column files and the composite key's index
    assertThat(opened.keySet()).as("the files a read opens")
        .contains("k.cfile", "s.cfile", "d.cfile", "v.cfile", "adhoc-index.cfile");
    int runs = 0;
    for (Map.Entry<String, List<FaultyInputFile>> file : opened.entrySet()) {
      assertThat(file.getValue()).as("%s is opened once", file.getKey()).hasSize(1);
      int reads = file.getValue().get(0).reads();
      for (int n : Faults.toFail(reads, SAMPLE, r)) {
        String at = file.getKey() + ", read #" + n + " of " + reads + " failing, " + threads
            + " thread(s); " + TestSeed.replay();
        List<Object> seen = new ArrayList<>();
        IOException failure = null;
        try {
          read(c, rowset, threads, f -> f.equals(file.getKey())
              ? new FaultyInputFile(InputFile.local(rowset.resolve(f)), n)
              : InputFile.local(rowset.resolve(f)), seen);
        } catch (IOException e) {
          failure = e;
        }
        runs++;
        if (failure == null) {
          // a parallel read may ask for a file's ranges in another order: then the nth read can
          // be one the counting read never made, and every read may succeed
          assertThat(threads).as("only a parallel read may miss the failing read, " + at)
              .isGreaterThan(1);
          assertThat(seen).as(at).isEqualTo(expected);
          continue;
        }
        assertThat(FaultyInputFile.injected(failure)).as("the error carries the cause, " + at)
            .isTrue();
        assertThat(seen.size()).as(at).isLessThanOrEqualTo(expected.size());
        assertThat(seen).as("the rows handed out before the failure, " + at)
            .isEqualTo(expected.subList(0, seen.size()));
      }
    }
    assertThat(runs).as("faults injected").isGreaterThan(opened.size());
  }

  private static List<Object> read(RowSetManifest.Contents c, Path rowset, int threads,
      BlockSource blocks) throws IOException {
    List<Object> rows = new ArrayList<>();
    read(c, rowset, threads, blocks, rows);
    return rows;
  }

  /** Reads the whole rowset into {@code rows}, batch by batch, as far as it goes. */
  private static void read(RowSetManifest.Contents c, Path rowset, int threads,
      BlockSource blocks, List<Object> rows) throws IOException {
    try (RowSetReader r = RowSetReader.open(c.schema(), c.files(), rowset.toString(), blocks);
        BatchReader br = r.read(ReadOptions.defaults().withBatchSize(256)
            .withParallelism(threads))) {
      ColumnBatch b = br.newBatch();
      while (br.next(b)) {
        Rows.addAll(b, rows);
      }
    }
  }

  /** A rowset of 2,000 to 3,000 rows, composite key (k, s), small blocks: many reads a file. */
  private Path write(Random r) throws IOException {
    KuduSchema schema = RowSetWriteFaultTest.schema(true);
    RowSetWriterOptions options = RowSetWriterOptions.defaults().withDefaultBlockSize(512)
        .withDefaultCompression(r.nextBoolean() ? KuduCompression.LZ4 : KuduCompression.NONE);
    Path target = dir.resolve("rowset");
    ColumnBatch b = RowSetWriteFaultTest.rows(schema, 0, 2000 + r.nextInt(1000), r);
    try (RowSetWriter w = RowSetWriter.create(target, schema, options)) {
      w.write(b);
    }
    return target;
  }
}
