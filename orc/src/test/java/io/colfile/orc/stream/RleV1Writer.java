package io.colfile.orc.stream;

/**
 * Test-only integer RLE v1 encoder (orc.md section 6.4): a run needs 3 values with a constant
 * delta in [-128, 127] and holds up to 130; literal groups hold up to 128.
 */
final class RleV1Writer {
  final ByteWriter out = new ByteWriter();
  final ValueMarks marks = new ValueMarks();
  private final boolean signed;

  RleV1Writer(boolean signed) {
    this.signed = signed;
  }

  void write(long[] v) {
    int i = 0;
    while (i < v.length) {
      int run = runLength(v, i);
      if (run >= 3) {
        mark(v, i, run);
        out.write(run - 3);
        out.write((int) (v[i + 1] - v[i]));
        writeVarint(v[i]);
        i += run;
        continue;
      }
      int n = 0;
      while (i + n < v.length && n < 128 && runLength(v, i + n) < 3) {
        n++;
      }
      mark(v, i, n);
      out.write(-n);
      for (int k = 0; k < n; k++) {
        writeVarint(v[i + k]);
      }
      i += n;
    }
  }

  private static int runLength(long[] v, int i) {
    if (i + 2 >= v.length) {
      return 1;
    }
    long delta = v[i + 1] - v[i];
    if (delta < -128 || delta > 127) {
      return 1;
    }
    int n = 2;
    while (i + n < v.length && n < 130 && v[i + n] - v[i + n - 1] == delta) {
      n++;
    }
    return n;
  }

  private void writeVarint(long value) {
    if (signed) {
      out.writeVarSigned(value);
    } else {
      out.writeVarUnsigned(value);
    }
  }

  private void mark(long[] v, int from, int n) {
    for (int k = 0; k < n; k++) {
      marks.add(v[from + k], out.size(), k);
    }
  }
}
