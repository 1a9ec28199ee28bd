package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;

/**
 * Writes generated columns ({@link ColumnGen}) into CFiles in memory in the ways a caller can, and
 * reads them back in every way colfile offers, checking each value against the model.
 */
final class CFiles {
  private static final int[] BATCHES = {1, 2, 3, 7, 8, 64, 100, 511, 512, 1024, 4096};

  private CFiles() {}

  /** A batch size: mostly small and on boundaries, sometimes large. */
  static int batch(Random r) {
    return r.nextInt(4) == 0 ? 1 + r.nextInt(3000) : BATCHES[r.nextInt(BATCHES.length)];
  }

  /** A vector of the column's colfile type holding {@code cells[from, from + n)}. */
  static ColumnVector vector(KuduType t, byte[][] cells, int from, int n) {
    ColumnVector v = ColumnVector.create(KuduTypes.toType(t), Math.max(n, 1));
    if (n > 0 && cells[from] != null && (from & 3) == 1) {
      v.setNull(0); // noNulls false, though (once set below) no row is NULL
    }
    for (int i = 0; i < n; i++) {
      CellModel.set(t, v, i, cells[from + i]);
    }
    return v;
  }

  /**
   * Writes {@code cells} with {@link CFileWriter#append} in batches of varied size: slices of one
   * vector holding every row, or small vectors of their own.
   */
  static byte[] writeVectors(CFileWriterOptions o, byte[][] cells, Random r) throws IOException {
    MemoryOutput out = new MemoryOutput("vectors.cfile");
    KuduType t = o.type();
    boolean slices = r.nextBoolean();
    ColumnVector all = slices ? vector(t, cells, 0, cells.length) : null;
    try (CFileWriter w = CFileWriter.create(out, o)) {
      int at = 0;
      while (at < cells.length) {
        int k = Math.min(batch(r), cells.length - at);
        if (slices) {
          w.append(all, at, k);
        } else {
          w.append(vector(t, cells, at, k), 0, k);
        }
        at += k;
      }
      assertThat(w.numValues()).isEqualTo(cells.length);
    }
    return out.bytes();
  }

  /**
   * Writes the fixed-width {@code cells} with {@link CFileWriter#appendCells} in batches of varied
   * size, each at an offset into a larger array, the null flags left out where a batch has none.
   */
  static byte[] writeCells(CFileWriterOptions o, byte[][] cells, Random r) throws IOException {
    MemoryOutput out = new MemoryOutput("cells.cfile");
    int w0 = o.type().physical().width();
    try (CFileWriter w = CFileWriter.create(out, o)) {
      int at = 0;
      while (at < cells.length) {
        int k = Math.min(batch(r), cells.length - at);
        int pad = r.nextInt(3) * w0;
        byte[] src = new byte[pad + k * w0 + r.nextInt(2) * w0];
        r.nextBytes(src); // bytes around and under NULL rows must not matter
        boolean[] isNull = new boolean[k + r.nextInt(2)];
        boolean any = false;
        for (int i = 0; i < k; i++) {
          if (cells[at + i] == null) {
            isNull[i] = true;
            any = true;
          } else {
            System.arraycopy(cells[at + i], 0, src, pad + i * w0, w0);
          }
        }
        w.appendCells(src, pad, any || r.nextBoolean() ? isNull : null, k);
        at += k;
      }
    }
    return out.bytes();
  }

  /**
   * Reads the whole file with {@link CFileCursor#read} in batches of varied size, at varied rows
   * of a reused vector (reset or not, so that stale NULL flags must be cleared), and checks each
   * batch's vector and values.
   */
  static void checkRead(CFile r, byte[][] expected, Random random, String what)
      throws IOException {
    KuduType t = r.dataType();
    CFileCursor c = r.newCursor();
    c.seekToFirst();
    ColumnVector v = ColumnVector.create(KuduTypes.toType(t), 5000);
    int at = 0;
    while (true) {
      int k = batch(random);
      int row = random.nextInt(3) == 0 ? random.nextInt(50) : 0;
      k = Math.min(k, v.capacity() - row);
      if (random.nextBoolean()) {
        v.reset();
      }
      for (int i = 0; i < row; i++) {
        v.setNull(i); // rows before the read are not the reader's; validate() sees them
      }
      assertThat(c.ordinal()).as("%s: ordinal before a read", what).isEqualTo(at);
      int got = c.read(v, row, k);
      if (got == 0) {
        break;
      }
      assertThat(got).as("%s: rows read at %d", what, at)
          .isEqualTo(Math.min(k, expected.length - at));
      v.validate(row + got);
      for (int i = 0; i < got; i++) {
        String want = CellModel.text(t, expected[at + i]);
        String have = CellModel.text(t, v, row + i);
        if (!want.equals(have)) {
          throw new AssertionError(what + ": row " + (at + i) + " reads " + have + ", expected "
              + want + " (" + TestSeed.replay() + ")");
        }
      }
      at += got;
    }
    assertThat(at).as("%s: rows read", what).isEqualTo(expected.length);
    assertThat(c.hasNext()).isFalse();
    assertThat(c.ordinal()).isEqualTo(expected.length);
  }

  /** Reads the whole fixed-width file with {@link CFileCursor#readCells}: cells byte for byte. */
  static void checkReadCells(CFile r, byte[][] expected, Random random, String what)
      throws IOException {
    int w = r.dataType().physical().width();
    CFileCursor c = r.newCursor();
    c.seekToFirst();
    int at = 0;
    while (true) {
      int k = batch(random);
      byte[] dst = new byte[k * w];
      Arrays.fill(dst, (byte) 0x5A);
      boolean[] isNull = new boolean[k];
      Arrays.fill(isNull, random.nextBoolean());
      int got = c.readCells(dst, isNull, k);
      if (got == 0) {
        break;
      }
      for (int i = 0; i < got; i++) {
        byte[] want = expected[at + i];
        byte[] have = Arrays.copyOfRange(dst, i * w, (i + 1) * w);
        if (isNull[i] != (want == null)
            || !Arrays.equals(have, want == null ? new byte[w] : want)) {
          throw new AssertionError(what + ": cell " + (at + i) + " reads "
              + (isNull[i] ? "NULL " : "") + java.util.HexFormat.of().formatHex(have)
              + ", expected " + CellModel.show(r.dataType(), want) + " ("
              + TestSeed.replay() + ")");
        }
      }
      at += got;
    }
    assertThat(at).as("%s: cells read", what).isEqualTo(expected.length);
  }

  /** Reads the file through colfile's common API ({@link ColFile#open}). */
  static void checkCommonApi(byte[] file, String name, byte[][] expected, KuduType t,
      Random random) throws IOException {
    try (FileReader f = ColFile.open(InputFile.of(name, file))) {
      assertThat(f.formatName()).isEqualTo("Kudu");
      assertThat(f.schema()).isEqualTo(KuduTypes.toType(t));
      assertThat(f.numberOfRows()).isEqualTo(expected.length);
      try (BatchReader rows = f.read(ReadOptions.defaults().withBatchSize(batch(random)))) {
        ColumnBatch b = rows.newBatch();
        int at = 0;
        while (rows.next(b)) {
          b.validate();
          for (int i = 0; i < b.size; i++) {
            String want = CellModel.text(t, expected[at + i]);
            String have = CellModel.text(t, b.cols[0], i);
            if (!want.equals(have)) {
              throw new AssertionError(name + " (common API): row " + (at + i) + " reads "
                  + have + ", expected " + want + " (" + TestSeed.replay() + ")");
            }
          }
          at += b.size;
        }
        assertThat(at).isEqualTo(expected.length);
      }
    }
  }
}
