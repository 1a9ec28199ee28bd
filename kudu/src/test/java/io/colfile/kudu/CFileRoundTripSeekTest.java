package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnVector;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeks against an in-memory model. {@link CFileCursor#seekToOrdinal} through the positional
 * index of every (type, encoding) pair, nullable or not, in tiny blocks: to the first and last
 * row of every block, random rows, the last row and past the end, then reading on across block
 * boundaries. {@link CFileCursor#seekAtOrAfter} on sorted files with a value index, for every
 * type Kudu allows in a key and every encoding it allows for it, with and without duplicates,
 * with one index level and with many (tiny data and index blocks), with and without a
 * positional index: for keys of present values, keys between them, below the first and above
 * the last, the cursor's ordinal and the exact flag must be a binary search's (lower bound) over
 * the model's Kudu-encoded keys ({@link io.colfile.kudu.key.KeyEncoder}).
 */
@ExtendWith(TestSeed.class)
class CFileRoundTripSeekTest {
  private static final boolean EXHAUSTIVE = CFileRoundTripTest.EXHAUSTIVE;

  record OrdinalCase(KuduType type, KuduEncoding encoding, boolean nullable,
      KuduCompression compression, int blockSize) {
    @Override
    public String toString() {
      return type + " " + encoding + (nullable ? " nullable " : " non-null ") + compression
          + " bs=" + blockSize;
    }
  }

  static Stream<OrdinalCase> ordinalCases() {
    List<OrdinalCase> out = new ArrayList<>();
    int i = 0;
    for (Object[] p : CFileRoundTripTest.pairs()) {
      for (boolean nullable : new boolean[] {false, true}) {
        for (int k = 0; k < (EXHAUSTIVE ? 4 : 1); k++, i++) {
          out.add(new OrdinalCase((KuduType) p[0], (KuduEncoding) p[1], nullable,
              CFileRoundTripTest.COMPRESSIONS[i % 4], i % 3 == 0 ? 64 : i % 3 == 1 ? 100 : 512));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ordinalCases")
  void seekToOrdinal(OrdinalCase c) throws IOException {
    Random r = TestSeed.random("seekToOrdinal " + c, 0);
    int n = 1 + r.nextInt(EXHAUSTIVE ? 20000 : 2000);
    byte[][] cells = ColumnGen.column(c.type(), r, n, c.nullable());
    for (int i = 0; i < n; i++) {
      cells[i] = CellModel.throughVector(c.type(), cells[i]);
    }
    CFileWriterOptions o = CFileWriterOptions.builder(c.type()).nullable(c.nullable())
        .encoding(c.encoding()).compression(c.compression()).blockSize(c.blockSize()).build();
    byte[] file = CFiles.writeVectors(o, cells, r);
    try (CFile reader = CFile.open(InputFile.of(c.toString(), file))) {
      List<Long> starts = CFileLayout.of(reader, file).posidxKeys();
      List<Long> targets = new ArrayList<>(List.of(0L, (long) n - 1, (long) n, n + 1L,
          (long) Integer.MAX_VALUE, 1L << 32, Long.MAX_VALUE));
      // the first and last rows of blocks (all of them, or a sample of 40 blocks)
      int every = EXHAUSTIVE ? 1 : Math.max(1, starts.size() / 40);
      for (int i = r.nextInt(every); i < starts.size(); i += every) {
        long s = starts.get(i);
        targets.add(s);
        targets.add(s - 1);
        targets.add(s + 1);
      }
      for (int i = 0; i < 50; i++) {
        targets.add((long) r.nextInt(n));
      }
      java.util.Collections.shuffle(targets, r);
      CFileCursor cursor = reader.newCursor();
      for (long t : targets) {
        if (t < 0) {
          continue;
        }
        String what = c + ": seekToOrdinal(" + t + ") of " + n + " rows in " + starts.size()
            + " blocks";
        boolean found = cursor.seekToOrdinal(t);
        assertThat(found).as(what).isEqualTo(t < n);
        assertThat(cursor.ordinal()).as(what).isEqualTo(Math.min(t, n));
        assertThat(cursor.hasNext()).as(what).isEqualTo(t < n);
        if (t < n) {
          readOn(c.type(), cursor, cells, (int) t, r, what);
        }
      }
    }
  }

  /** Reads a few rows from {@code from} on, across block boundaries, and checks them. */
  private static void readOn(KuduType t, CFileCursor cursor, byte[][] cells, int from,
      Random r, String what) throws IOException {
    int k = Math.min(cells.length - from, 1 + r.nextInt(r.nextBoolean() ? 5 : 150));
    if (t.physical().isFixedWidth() && r.nextBoolean()) {
      int w = t.physical().width();
      byte[] dst = new byte[k * w];
      boolean[] isNull = new boolean[k];
      assertThat(cursor.readCells(dst, isNull, k)).as(what).isEqualTo(k);
      for (int i = 0; i < k; i++) {
        byte[] want = cells[from + i];
        byte[] have = isNull[i] ? null : Arrays.copyOfRange(dst, i * w, (i + 1) * w);
        assertThat(have).as("%s: row %d", what, from + i).isEqualTo(want);
      }
    } else {
      ColumnVector v = ColumnVector.create(KuduTypes.toType(t), k);
      assertThat(cursor.read(v, 0, k)).as(what).isEqualTo(k);
      v.validate(k);
      for (int i = 0; i < k; i++) {
        assertThat(CellModel.text(t, v, i)).as("%s: row %d", what, from + i)
            .isEqualTo(CellModel.text(t, cells[from + i]));
      }
    }
    assertThat(cursor.ordinal()).as(what).isEqualTo(from + k);
  }

  /**
   * A value index leaf whose one entry has an empty key (the first key is the first value's
   * first byte: none when the smallest value is "") and a 1-byte offset and size: 3 bytes, and
   * 4 for its offset, 7 in all. The random cases found this; here it is on purpose.
   */
  @Test
  void emptySmallestKeyInAOneEntryIndexBlock() throws IOException {
    byte[][] cells = {new byte[0], {'a'}, {'b', 0}};
    for (KuduEncoding e : KuduType.STRING.encodings()) {
      for (boolean positional : new boolean[] {false, true}) {
        CFileWriterOptions o = CFileWriterOptions.builder(KuduType.STRING).encoding(e)
            .valueIndex(true).positionalIndex(positional).build();
        byte[] file = CFiles.writeVectors(o, cells, new Random(1));
        try (CFile reader = CFile.open(InputFile.of(e + " " + positional, file))) {
          CFileCursor cursor = reader.newCursor();
          for (int i = 0; i < cells.length; i++) {
            assertThat(cursor.seekAtOrAfter(cells[i])).as("%s %s", e, positional).isTrue();
            assertThat(cursor.ordinal()).isEqualTo(i);
          }
          assertThat(cursor.seekAtOrAfter(new byte[] {'a', 0})).isFalse();
          assertThat(cursor.ordinal()).isEqualTo(2);
          cursor.seekToFirst();
          CFiles.checkRead(reader, cells, new Random(2), e + " " + positional);
        }
      }
    }
  }

  /** The types Kudu allows in a primary key (cfile.md section 9). */
  static List<KuduType> keyTypes() {
    return Arrays.stream(KuduType.values()).filter(KuduType::canBeKey).toList();
  }

  record ValueCase(KuduType type, KuduEncoding encoding, boolean duplicates, boolean multiLevel,
      boolean positional, KuduCompression compression) {
    @Override
    public String toString() {
      return type + " " + encoding + (duplicates ? " dups" : " unique")
          + (multiLevel ? " multi-level" : " one-level") + (positional ? " +posidx" : " validx")
          + " " + compression;
    }
  }

  static Stream<ValueCase> valueCases() {
    List<ValueCase> out = new ArrayList<>();
    int i = 0;
    for (KuduType t : keyTypes()) {
      List<KuduEncoding> encodings = new ArrayList<>(t.encodings());
      encodings.add(KuduEncoding.AUTO);
      for (KuduEncoding e : encodings) {
        for (int k = 0; k < (EXHAUSTIVE ? 8 : 2); k++, i++) {
          out.add(new ValueCase(t, e, k % 2 == 0, (k / 2 + i) % 2 == 0, (k / 4 + i / 2) % 2 == 0,
              CFileRoundTripTest.COMPRESSIONS[i % 4]));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valueCases")
  void seekAtOrAfter(ValueCase c) throws IOException {
    Random r = TestSeed.random("seekAtOrAfter " + c, 0);
    KuduType t = c.type();
    int[] sizes = {0, 1, 2, 3, 17, 100, 1000};
    int n = r.nextInt(3) == 0 ? sizes[r.nextInt(sizes.length)]
        : 1 + r.nextInt(EXHAUSTIVE ? 20000 : 2000);
    byte[][] cells = sortedValues(t, r, n, c.duplicates());
    n = cells.length;
    byte[][] keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      keys[i] = CellModel.key(t, cells[i]);
    }
    CFileWriterOptions.Builder b = CFileWriterOptions.builder(t).encoding(c.encoding())
        .compression(c.compression()).valueIndex(true).positionalIndex(c.positional());
    if (c.multiLevel()) {
      b.blockSize(64).indexBlockSize(64 + r.nextInt(200));
    }
    byte[] file = CFiles.writeVectors(b.build(), cells, r);
    try (CFile reader = CFile.open(InputFile.of(c.toString(), file))) {
      CFileLayout layout = CFileLayout.of(reader, file);
      assertThat(layout.gapsAndOverlaps()).as(c.toString()).isEmpty();
      if (c.multiLevel() && layout.dataBlocks().size() > 50) {
        assertThat(reader.valueIndex().depth()).as("%s: value index levels", c)
            .isGreaterThanOrEqualTo(2);
      }
      CFileCursor cursor = reader.newCursor();
      if (!c.positional()) {
        // no positional index: seekToOrdinal walks the value index's leaves from the start
        for (long ord : new long[] {0, n / 2, Math.max(0, n - 1), n, r.nextInt(n + 1)}) {
          String what = c + ": seekToOrdinal(" + ord + ") without a positional index";
          assertThat(cursor.seekToOrdinal(ord)).as(what).isEqualTo(ord < n);
          assertThat(cursor.ordinal()).as(what).isEqualTo(ord);
          if (ord < n) {
            readOn(t, cursor, cells, (int) ord, r, what);
          }
        }
      }
      for (byte[] target : targets(t, r, keys)) {
        int lb = lowerBound(keys, target);
        boolean exact = lb < n && Arrays.equals(keys[lb], target);
        String what = c + ": seekAtOrAfter(" + java.util.HexFormat.of().formatHex(target)
            + ") of " + n + " values in " + layout.dataBlocks().size() + " blocks";
        assertThat(cursor.seekAtOrAfter(target)).as(what + " exact").isEqualTo(exact);
        assertThat(cursor.ordinal()).as(what + " ordinal").isEqualTo(lb);
        assertThat(cursor.hasNext()).as(what).isEqualTo(lb < n);
        if (lb < n) {
          readOn(t, cursor, cells, lb, r, what);
        }
      }
    }
  }

  /**
   * Keys to seek to: every present value's (or a sample), keys between neighbours (the
   * integer after, the bytes with a 00 appended), random values of the type, below the first
   * (empty key, the type's minimum) and above the last (the maximum, FF bytes), and keys one
   * byte shorter or longer than a value's.
   */
  private static List<byte[]> targets(KuduType t, Random r, byte[][] keys) {
    List<byte[]> out = new ArrayList<>();
    int n = keys.length;
    int step = Math.max(1, n / (EXHAUSTIVE ? 300 : 60));
    for (int i = 0; i < n; i += step) {
      out.add(keys[i]);
      if (t.physical().isFixedWidth()) {
        byte[] next = keys[i].clone();
        for (int j = next.length - 1; j >= 0 && ++next[j] == 0; j--) {
          // carry
        }
        out.add(next);
      } else {
        out.add(Arrays.copyOf(keys[i], keys[i].length + 1));
      }
      if (keys[i].length > 0) {
        out.add(Arrays.copyOf(keys[i], keys[i].length - 1));
      }
    }
    for (int i = 0; i < (EXHAUSTIVE ? 100 : 30); i++) {
      out.add(CellModel.key(t, ColumnGen.random(t, r)));
    }
    out.add(new byte[0]);
    out.add(new byte[] {0});
    out.add(new byte[] {(byte) 0xFF});
    byte[] ff = new byte[20];
    Arrays.fill(ff, (byte) 0xFF);
    out.add(ff);
    if (t.physical().isFixedWidth()) {
      out.add(CellModel.key(t, CellModel.cell(t, ColumnGen.min(t))));
      out.add(CellModel.key(t, CellModel.cell(t, ColumnGen.max(t))));
    }
    java.util.Collections.shuffle(out, r);
    return out;
  }

  /** {@code n} values sorted by key, from a small pool (with duplicates) or all distinct. */
  static byte[][] sortedValues(KuduType t, Random r, int n, boolean duplicates) {
    List<byte[]> pool = new ArrayList<>();
    java.util.TreeSet<byte[]> seen = new java.util.TreeSet<>(Arrays::compareUnsigned);
    int distinct = duplicates ? Math.max(1, n / (2 + r.nextInt(20))) : n;
    int tries = 0;
    while (pool.size() < distinct && tries++ < 20 * n + 100) {
      byte[] v = r.nextInt(5) == 0 ? ColumnGen.edge(t, r)
          : r.nextBoolean() ? ColumnGen.small(t, r) : ColumnGen.random(t, r);
      if (seen.add(CellModel.key(t, v))) {
        pool.add(v);
      }
    }
    if (pool.isEmpty()) {
      return new byte[0][];
    }
    // a small type may have fewer distinct values than asked for
    byte[][] out = new byte[duplicates ? n : pool.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = duplicates ? pool.get(r.nextInt(pool.size())) : pool.get(i);
    }
    byte[][] keys = new byte[out.length][];
    Integer[] order = new Integer[out.length];
    for (int i = 0; i < out.length; i++) {
      keys[i] = CellModel.key(t, out[i]);
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(keys[a], keys[b]));
    byte[][] sorted = new byte[out.length][];
    for (int i = 0; i < out.length; i++) {
      sorted[i] = out[order[i]];
    }
    return sorted;
  }

  /** The first index whose key is at or after {@code target} (unsigned memcmp). */
  static int lowerBound(byte[][] keys, byte[] target) {
    int lo = 0;
    int hi = keys.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(keys[mid], target) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
