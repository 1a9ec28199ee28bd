package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduType;
import io.colfile.testkit.Faults;
import io.colfile.testkit.FaultyOutputFile;
import io.colfile.testkit.FaultyOutputFile.Call;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A rowset write under injected I/O faults, file by file: each write, flush and close (the
 * rename that publishes a file inside the temporary directory) of every file of the rowset
 * (each column's CFile, {@code bloom.cfile}, {@code adhoc-index.cfile}, {@code rowset.json})
 * fails in turn (a seeded sample where a file makes many), and so does the final rename of the
 * directory. Each time the writer's error carries the cause and names the file as it would be
 * in the target ({@code rowset/bloom.cfile}, not the hidden temporary directory, gone by then),
 * the target does not appear and nothing is left beside it. Rows are written out in pieces (a
 * small memory limit), read back once a row comes out of key order, and on two threads. A target
 * someone else makes while the rowset is written is left as they made it.
 */
@ExtendWith(TestSeed.class)
class RowSetWriteFaultTest {
  /** Calls of one kind failed per file at most; the first and last always among them. */
  private static final int SAMPLE = 10;

  @TempDir Path dir;

  /** A run's files, each faulty (or only counting) by name, and maybe a failing rename. */
  private static class Storage implements RowSetWriter.Storage {
    final String faultyFile;
    final Call kind;
    final int n;
    final boolean failRename;
    /** Every file by name: one FaultyOutputFile per name, its calls counted over every open. */
    final Map<String, FaultyOutputFile> files = new TreeMap<>();

    Storage(String faultyFile, Call kind, int n, boolean failRename) {
      this.faultyFile = faultyFile;
      this.kind = kind;
      this.n = n;
      this.failRename = failRename;
    }

    @Override
    public synchronized OutputFile file(Path path) {
      String name = path.getFileName().toString();
      return files.computeIfAbsent(name, k -> name.equals(faultyFile)
          ? new FaultyOutputFile(OutputFile.local(path), kind, n)
          : FaultyOutputFile.counting(OutputFile.local(path)));
    }

    @Override
    public void rename(Path temp, Path target) throws IOException {
      if (failRename) {
        throw new IOException(FaultyOutputFile.MESSAGE + ": rename to " + target);
      }
      RowSetWriter.LOCAL.rename(temp, target);
    }
  }

  private record Scenario(KuduSchema schema, RowSetWriterOptions options,
      List<ColumnBatch> batches, long rows) {}

  @ParameterizedTest
  @ValueSource(strings = {"in key order", "read back", "two threads"})
  void aFailedFileLeavesNoRowSet(String how) throws IOException {
    Random r = TestSeed.random("RowSetWriteFaultTest." + how, 0);
    Scenario s = scenario(how, r);
    Path target = dir.resolve("rowset");

    Storage counting = new Storage(null, Call.WRITE, 0, false);
    write(s, target, counting);
    assertThat(read(target)).as("a write without faults publishes " + how).isEqualTo(s.rows());
    assertThat(counting.files.keySet()).as("the files of a rowset, " + how)
        .contains("bloom.cfile", RowSetManifest.FILE_NAME);
    deleteTree(target);

    int runs = 0;
    for (Map.Entry<String, FaultyOutputFile> f : counting.files.entrySet()) {
      for (Call kind : Call.values()) {
        int calls = f.getValue().calls(kind);
        for (int n : Faults.toFail(calls, SAMPLE, r)) {
          String at = how + ": " + f.getKey() + " " + kind + " #" + n + " of " + calls + "; "
              + TestSeed.replay();
          expectFailure(s, target, new Storage(f.getKey(), kind, n, false), at,
              target.resolve(f.getKey()).toString());
          runs++;
        }
      }
    }
    expectFailure(s, target, new Storage(null, Call.WRITE, 0, true), how + ": the rename; "
        + TestSeed.replay(), target.toString());
    assertThat(runs).as("faults injected, " + how).isGreaterThan(counting.files.size());
  }

  @ParameterizedTest
  @ValueSource(strings = {"in key order", "read back"})
  void aTargetMadeMeanwhileIsLeftAsItWas(String how) throws IOException {
    Random r = TestSeed.random("RowSetWriteFaultTest.meanwhile." + how, 0);
    Scenario s = scenario(how, r);
    Path target = dir.resolve("rowset");
    byte[] theirs = "someone else's".getBytes(StandardCharsets.UTF_8);
    // another process makes the target (a directory holding a file) while the rowset is written
    Storage meanwhile = new Storage(null, Call.WRITE, 0, false) {
      @Override
      public synchronized OutputFile file(Path path) {
        if (path.getFileName().toString().equals(RowSetManifest.FILE_NAME)) {
          try {
            Files.createDirectory(target);
            Files.write(target.resolve("theirs"), theirs);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }
        return super.file(path);
      }
    };
    IOException failure = null;
    try {
      write(s, target, meanwhile);
    } catch (IOException e) {
      failure = e;
    }
    assertThat(failure).as(how).isInstanceOf(java.nio.file.FileAlreadyExistsException.class)
        .hasMessageContaining(target.toString()).hasMessageContaining("nothing was replaced");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.toList()).as("no temporary directory is left, " + how)
          .containsExactly(target);
    }
    try (Stream<Path> in = Files.list(target)) {
      assertThat(in.toList()).as("the target as they made it, " + how)
          .containsExactly(target.resolve("theirs"));
    }
    assertThat(Files.readAllBytes(target.resolve("theirs"))).isEqualTo(theirs);
  }

  /** Writes {@code s} through {@code storage}, which must fail it; checks what is left. */
  private void expectFailure(Scenario s, Path target, Storage storage, String at, String names)
      throws IOException {
    IOException failure = null;
    try {
      write(s, target, storage);
    } catch (IOException e) {
      failure = e;
    }
    assertThat(failure).as("the write fails at " + at).isNotNull();
    assertThat(FaultyOutputFile.injected(failure)).as("its error carries the cause, " + at)
        .isTrue();
    assertThat(failure.getMessage()).as("its error names the file, " + at).contains(names)
        .doesNotContain(".tmp");
    assertThat(Files.exists(target)).as("no rowset appears, " + at).isFalse();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.toList()).as("no temporary directory is left, " + at).isEmpty();
    }
  }

  /** The whole job; no abort() on failure: after an exception the writer has given up itself. */
  private static void write(Scenario s, Path target, Storage storage) throws IOException {
    RowSetWriter w = RowSetWriter.create(target, s.schema(), s.options(), storage);
    for (ColumnBatch b : s.batches()) {
      w.write(b);
    }
    w.close();
  }

  private static long read(Path target) throws IOException {
    long rows = 0;
    try (RowSetReader r = RowSetReader.openDirectory(target);
        BatchReader br = r.read(ReadOptions.defaults())) {
      ColumnBatch b = br.newBatch();
      while (br.next(b)) {
        rows += b.size;
      }
    }
    return rows;
  }

  /**
   * Three batches of rows: key (k, s) and values d (nullable), v. In key order the rows are
   * written out whenever 4 KiB are held; "read back" sends a second batch of smaller keys after
   * the first was written out, so the files written are read back and the rowset sorted at close.
   */
  private static Scenario scenario(String how, Random r) {
    KuduSchema schema = schema(!how.equals("read back"));
    RowSetWriterOptions options = RowSetWriterOptions.defaults().withMemoryLimit(4 << 10)
        .withDefaultBlockSize(512)
        .withDefaultCompression(r.nextBoolean() ? KuduCompression.LZ4 : KuduCompression.NONE)
        .withParallelism(how.equals("two threads") ? 2 : 1);
    List<ColumnBatch> batches = new ArrayList<>();
    int[] firstKeys = how.equals("read back") ? new int[] {5000, 0, 10_000} : new int[] {0,
        5000, 10_000};
    long rows = 0;
    for (int first : firstKeys) {
      int n = 300 + r.nextInt(300);
      batches.add(rows(schema, first, n, r));
      rows += n;
    }
    return new Scenario(schema, options, batches, rows);
  }

  /** Key k (and s if {@code composite}), values d (nullable double) and v (nullable string). */
  static KuduSchema schema(boolean composite) {
    List<KuduColumn> cols = new ArrayList<>();
    cols.add(KuduColumn.of("k", 1, KuduType.INT64, false, true));
    cols.add(KuduColumn.of("s", 2, KuduType.STRING, false, composite));
    cols.add(KuduColumn.of("d", 3, KuduType.DOUBLE, true, false));
    cols.add(KuduColumn.of("v", 4, KuduType.STRING, true, false));
    return new KuduSchema(cols, composite ? List.of("k", "s") : List.of("k"));
  }

  /** {@code n} rows of {@link #schema}, keys k from {@code first} up. */
  static ColumnBatch rows(KuduSchema schema, int first, int n, Random r) {
    ColumnBatch b = new ColumnBatch(schema.rowType(), n);
    for (int i = 0; i < n; i++) {
      ((LongVector) b.cols[0]).vector[i] = first + i;
      byte[] s = ("s" + r.nextInt(1000)).getBytes(StandardCharsets.UTF_8);
      ((BytesVector) b.cols[1]).setRef(i, s, 0, s.length);
      if (r.nextInt(5) == 0) {
        b.cols[2].setNull(i);
      } else {
        ((DoubleVector) b.cols[2]).vector[i] = r.nextGaussian();
      }
      byte[] v = ("value " + r.nextLong()).getBytes(StandardCharsets.UTF_8);
      ((BytesVector) b.cols[3]).setRef(i, v, 0, v.length);
    }
    b.size = n;
    return b;
  }

  private static void deleteTree(Path p) throws IOException {
    try (Stream<Path> s = Files.walk(p)) {
      for (Path q : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(q);
      }
    }
  }
}
