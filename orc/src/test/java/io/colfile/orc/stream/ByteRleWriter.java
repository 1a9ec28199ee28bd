package io.colfile.orc.stream;

/** Test-only byte RLE encoder (orc.md section 6.2): runs of 3..130, literal groups up to 128. */
final class ByteRleWriter {
  final ByteWriter out = new ByteWriter();
  final ValueMarks marks = new ValueMarks();

  void write(byte[] values) {
    int i = 0;
    while (i < values.length) {
      int run = 1;
      while (i + run < values.length && run < 130 && values[i + run] == values[i]) {
        run++;
      }
      if (run >= 3) {
        mark(values, i, run);
        out.write(run - 3);
        out.write(values[i]);
        i += run;
        continue;
      }
      // Literals until the next run of 3 starts (or 128 are collected).
      int n = 0;
      while (i + n < values.length && n < 128 && !runOf3At(values, i + n)) {
        n++;
      }
      mark(values, i, n);
      out.write(-n);
      for (int k = 0; k < n; k++) {
        out.write(values[i + k]);
      }
      i += n;
    }
  }

  private static boolean runOf3At(byte[] v, int i) {
    return i + 2 < v.length && v[i] == v[i + 1] && v[i] == v[i + 2];
  }

  private void mark(byte[] values, int from, int n) {
    for (int k = 0; k < n; k++) {
      marks.add(values[from + k], out.size(), k);
    }
  }
}
