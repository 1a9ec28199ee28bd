package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.kudu.CFileRoundTripRowSetTest.Table;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rowset writer's memory limit: rows that arrive in key order are written out whenever the
 * rows held reach it (here a few bytes to a few KiB, so a rowset is written out in many pieces),
 * and the directory holds exactly the bytes of the same rows written in one piece, and of the
 * same rows shuffled (sorted at close). A row that arrives out of order after rows were written
 * out has them read back, with the same bytes in the end; a duplicate key among rows written out
 * is still refused naming both rows, and nothing is left behind. Written with a parallelism of 2
 * to 4 (the writer's own threads or a one-thread executor), every one of these is the same
 * bytes as the single-threaded write.
 */
@ExtendWith(TestSeed.class)
class RowSetWriterMemoryTest {
  /** An executor of one thread: a parallel write must still finish on it. */
  private static final java.util.concurrent.ExecutorService ONE_THREAD =
      java.util.concurrent.Executors.newSingleThreadExecutor(t -> {
        Thread th = new Thread(t, "rowset-memory-test");
        th.setDaemon(true);
        return th;
      });

  @TempDir Path tmp;

  static Stream<Integer> cases() {
    return IntStream.range(0, 10).boxed();
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void sameBytesWhateverTheMemoryLimit(int index) throws IOException {
    Random r = TestSeed.random("rowset-memory", index);
    Table table = CFileRoundTripRowSetTest.table(r, index);
    List<byte[][]> rows = CFileRoundTripRowSetTest.rows(table, r, 1 + r.nextInt(3000));
    List<byte[][]> sorted = CFileRoundTripRowSetTest.sortedByKey(table, rows);
    RowSetWriterOptions base = RowSetWriterOptions.defaults().withChecksums(r.nextBoolean())
        .withDefaultCompression(RandomColumns.ALL_COMPRESSIONS[
            r.nextInt(RandomColumns.ALL_COMPRESSIONS.length)])
        .withDefaultBlockSize(new int[] {64, 512, 256 << 10}[r.nextInt(3)]);
    RowSetWriterOptions small = parallel(base.withMemoryLimit(1 + r.nextInt(4096)), r);
    String what = "rowset #" + index + " " + table.schema() + ", " + rows.size() + " rows, "
        + small.memoryLimit() + " bytes held at most, " + small.parallelism() + " threads, "
        + TestSeed.replay();

    Path whole = tmp.resolve("whole");
    CFileRoundTripRowSetTest.write(whole, table, sorted, base, r);
    Path parallel = tmp.resolve("parallel");
    RowSetWriterOptions threads = base.withParallelism(2 + r.nextInt(3));
    CFileRoundTripRowSetTest.write(parallel, table, sorted, threads, r);
    assertThat(contents(parallel)).as("%s: in one piece, %d threads", what, threads.parallelism())
        .isEqualTo(contents(whole));
    Path pieces = tmp.resolve("pieces");
    CFileRoundTripRowSetTest.write(pieces, table, sorted, small, r);
    assertThat(contents(pieces)).as("%s: written out in pieces", what)
        .isEqualTo(contents(whole));

    Path shuffled = tmp.resolve("shuffled");
    List<byte[][]> mixed = new ArrayList<>(rows);
    Collections.shuffle(mixed, r);
    CFileRoundTripRowSetTest.write(shuffled, table, mixed, small, r);
    assertThat(contents(shuffled)).as("%s: shuffled", what).isEqualTo(contents(whole));

    // in key order for a while (written out several times), then one row out of order
    if (sorted.size() >= 3) {
      List<byte[][]> late = new ArrayList<>(sorted);
      int cut = 2 + r.nextInt(sorted.size() - 2);
      byte[][] moved = late.remove(r.nextInt(cut - 1));
      late.add(cut - 1, moved);
      if (!sameOrder(late, sorted)) {
        Path back = tmp.resolve("read-back");
        CFileRoundTripRowSetTest.write(back, table, late, small, r);
        assertThat(contents(back)).as("%s: read back after row %d", what, cut)
            .isEqualTo(contents(whole));
      }
    }
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void duplicateKeyAfterRowsWereWrittenOut(int index) throws IOException {
    Random r = TestSeed.random("rowset-memory-duplicate", index);
    Table table = CFileRoundTripRowSetTest.table(r, index);
    List<byte[][]> sorted = CFileRoundTripRowSetTest.sortedByKey(table,
        CFileRoundTripRowSetTest.rows(table, r, 50 + r.nextInt(1000)));
    if (sorted.size() < 2) {
      return; // a one-byte key with a tiny range: nothing to duplicate after a write-out
    }
    int dup = 1 + r.nextInt(sorted.size() - 1);
    List<byte[][]> rows = new ArrayList<>(sorted);
    rows.add(dup + 1, sorted.get(dup));    // row dup + 1 (1-based) again as row dup + 2
    Path dir = tmp.resolve("dup");
    RowSetWriterOptions small = RowSetWriterOptions.defaults().withMemoryLimit(1 + r.nextInt(512));
    assertThatThrownBy(() -> CFileRoundTripRowSetTest.write(dir, table, rows, small, r))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rows " + (dup + 1) + " and " + (dup + 2)
            + " have the same primary key; Kudu keys are unique");
    assertThat(dir).doesNotExist();
    try (Stream<Path> left = Files.list(tmp)) {
      assertThat(left.toList()).as("temporary directories left").isEmpty();
    }
  }

  /** {@code o} with a parallelism of 1 (half the time) or 2 to 4, now and then on an executor. */
  private static RowSetWriterOptions parallel(RowSetWriterOptions o, Random r) {
    if (r.nextBoolean()) {
      return o;
    }
    o = o.withParallelism(2 + r.nextInt(3));
    return r.nextInt(3) == 0 ? o.withExecutor(ONE_THREAD) : o;
  }

  private static boolean sameOrder(List<byte[][]> a, List<byte[][]> b) {
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }

  /** Every file of a rowset directory, by name, as hex (so a mismatch shows where). */
  private static TreeMap<String, String> contents(Path dir) throws IOException {
    TreeMap<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.toList()) {
        out.put(p.getFileName().toString(), io.colfile.testkit.Hex.of(Files.readAllBytes(p)));
      }
    }
    return out;
  }
}
