package io.colfile.kudu;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.delta.DeltaFile;
import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads a possibly damaged CFile in every way colfile can: opens it, scans it with {@link
 * CFileCursor#read} and {@link CFileCursor#readCells}, walks both index trees, reads the
 * dictionary, seeks by ordinal and by value, reads it as a DeltaFile or BloomFile when it says
 * it is one, and reads it through {@link ColFile#open}. It runs on a worker thread under a time
 * limit, and measures what that thread allocates; {@link #run} reports how it ended, and throws
 * an {@link AssertionError} for anything but a clean read, {@link CorruptFileException} or
 * {@link UnsupportedFeatureException} (STYLE.md section 4, corruption suite).
 */
final class ReadEverything {
  /** How a read ended. */
  enum Outcome { CLEAN, CORRUPT, UNSUPPORTED }

  /** An outcome, the exception behind it, and the bytes the read allocated. */
  record Result(Outcome outcome, Exception error, long allocated) {
    String message() {
      return error == null ? "clean" : error.getMessage();
    }
  }

  /** Rows read in all before the read is taken for a runaway (no test file has as many). */
  private static final long MAX_ROWS = 20_000_000;
  private static final long TIMEOUT_SECONDS = 20;
  private static ExecutorService worker = newWorker();

  private ReadEverything() {}

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "read-everything");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Reads {@code file} every way; {@code what} names the case in failures.
   *
   * @throws AssertionError on another exception, a time-out, or an allocation above {@code
   *     maxAllocated} bytes
   */
  static synchronized Result run(String what, String name, byte[] file, long maxAllocated) {
    Future<Result> f = worker.submit(() -> {
      com.sun.management.ThreadMXBean mx =
          (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
      long before = mx.getCurrentThreadAllocatedBytes();
      Outcome o = Outcome.CLEAN;
      Exception error = null;
      try {
        read(name, file);
      } catch (CorruptFileException e) {
        o = Outcome.CORRUPT;
        error = e;
      } catch (UnsupportedFeatureException e) {
        o = Outcome.UNSUPPORTED;
        error = e;
      }
      return new Result(o, error, mx.getCurrentThreadAllocatedBytes() - before);
    });
    Result result;
    try {
      result = f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      worker = newWorker(); // the stuck thread is left behind, a daemon
      throw new AssertionError(what + ": still reading after " + TIMEOUT_SECONDS + " s ("
          + TestSeed.replay() + ")");
    } catch (ExecutionException e) {
      throw new AssertionError(what + ": " + e.getCause() + " (" + TestSeed.replay() + ")",
          e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(what + ": interrupted", e);
    }
    if (result.allocated() > maxAllocated) {
      throw new AssertionError(what + ": reading allocated " + result.allocated()
          + " bytes, more than " + maxAllocated + " (" + result.message() + ")");
    }
    return result;
  }

  /** Everything, in the calling thread. */
  static void read(String name, byte[] file) throws IOException {
    InputFile in = InputFile.of(name, file);
    long rows = 0;
    try (CFile r = CFile.open(in)) {
      KuduType t = r.dataType();
      long n = r.numValues();
      CFileCursor c = r.newCursor();
      c.seekToFirst();
      ColumnVector v = ColumnVector.create(KuduTypes.toType(t), 1024);
      int k;
      long scanned = 0;
      while ((k = c.read(v, 0, 1024)) > 0) {
        v.validate(k);
        rows = count(rows, k);
        scanned += k;
        v.reset();
      }
      if (scanned != n) { // a clean read delivers exactly the values the footer states
        throw new AssertionError("a scan read " + scanned + " values, the footer says " + n);
      }
      if (t.physical().isFixedWidth()) {
        c.seekToFirst();
        byte[] cells = new byte[1024 * t.physical().width()];
        boolean[] nulls = new boolean[1024];
        while ((k = c.readCells(cells, nulls, 1024)) > 0) {
          rows = count(rows, k);
        }
      }
      walk(r.positionalIndex());
      walk(r.valueIndex());
      if (r.encoding() == KuduEncoding.DICT) {
        r.dictionary();
      }
      for (long ord : new long[] {0, n / 2, Math.max(0, n - 1), n, n + 1}) {
        if (c.seekToOrdinal(ord)) {
          rows = count(rows, c.read(v, 0, 10));
          v.validate(0);
        }
      }
      if (r.footer().valueIndexRoot() != null && !r.isNullable()) {
        java.util.List<byte[]> keys = new java.util.ArrayList<>(java.util.List.of(new byte[0],
            new byte[] {0}, new byte[] {(byte) 0x80, 0, 0, 0}, new byte[] {-1, -1}));
        // and the leaves' keys (up to 64, spread evenly), so that the blocks the value index
        // points at are read through it
        IndexTreeReader leaves = r.valueIndex();
        java.util.List<byte[]> leafKeys = new java.util.ArrayList<>();
        if (leaves.seekToFirst()) {
          do {
            leafKeys.add(leaves.key().clone());
          } while (leaves.next() && leafKeys.size() < 10_000_000);
        }
        for (int i = 0; i < leafKeys.size(); i += Math.max(1, leafKeys.size() / 64)) {
          keys.add(leafKeys.get(i));
        }
        if (!leafKeys.isEmpty()) {
          keys.add(leafKeys.get(leafKeys.size() - 1));
        }
        for (byte[] key : keys) {
          c.seekAtOrAfter(key);
          rows = count(rows, c.read(v, 0, 10));
          v.validate(0);
        }
      }
    }
    if (isDeltaFile(name, file)) {
      try (DeltaFile d = DeltaFile.open(in)) {
        d.stats();
        DeltaFile.Iterator it = d.iterator();
        while (it.next()) {
          it.changes();
          rows = count(rows, 1);
        }
        it = d.iteratorFrom(1);
        for (int i = 0; i < 10 && it.next(); i++) {
          it.key();
        }
      }
    }
    if (isBloomFile(name, file)) {
      try (BloomFile b = BloomFile.open(in)) {
        for (byte[] key : new byte[][] {{}, {0}, {(byte) 0x80, 0, 0, 1}, {'a'}, {(byte) 0xFF}}) {
          b.mayContain(key);
        }
        // a probe for each block's index key reads every filter block
        IndexTreeReader leaves = b.file().valueIndex();
        if (leaves != null && leaves.seekToFirst()) {
          int steps = 0;
          do {
            b.mayContain(leaves.key());
          } while (leaves.next() && ++steps < 10_000_000);
        }
      }
    }
    try (FileReader f = ColFile.open(in);
        BatchReader batches = f.read(ReadOptions.defaults().withBatchSize(777))) {
      ColumnBatch b = batches.newBatch();
      long read = 0;
      while (batches.next(b)) {
        b.validate();
        rows = count(rows, b.size);
        read += b.size;
      }
      if (read != f.numberOfRows()) {
        throw new AssertionError("read " + read + " rows, the file says " + f.numberOfRows());
      }
    }
  }

  private static long count(long rows, int more) {
    if (rows + more > MAX_ROWS) {
      throw new IllegalStateException("more than " + MAX_ROWS + " rows read: a runaway read");
    }
    return rows + more;
  }

  private static void walk(IndexTreeReader tree) throws IOException {
    if (tree != null && tree.seekToFirst()) {
      int steps = 0;
      while (tree.next()) {
        if (++steps > 10_000_000) {
          throw new IllegalStateException("index walk does not end");
        }
      }
    }
  }

  /** Whether the undamaged file was a DeltaFile: decided by name, since damage may hide it. */
  private static boolean isDeltaFile(String name, byte[] file) {
    return name.contains("redo") || name.contains("undo") || name.contains("delta");
  }

  private static boolean isBloomFile(String name, byte[] file) {
    return name.contains("bloom");
  }
}
