package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.io.InputFile;
import io.colfile.testkit.TestSeed;
import io.colfile.interop.trevni.CoreCase.Col;
import io.colfile.interop.trevni.CoreCase.RowData;
import io.colfile.trevni.BlockInfo;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniFile;
import io.colfile.trevni.ValueType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.apache.trevni.ColumnFileReader;
import org.apache.trevni.ColumnValues;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Seeking in Trevni files written by trevni-core and by colfile (byte-identical files): {@link
 * ColumnCursor#seekValue} on sorted columns with first values (int, long, fixed32, fixed64,
 * float, double, string, bytes over several blocks; boolean in one block) for every present
 * value, for absent values inside blocks and between blocks, below the first and above the last
 * value, and for values repeated across a block boundary (the first occurrence must be found);
 * {@link ColumnCursor#seekRow} on plain and array columns against reading in order. The answers
 * come from an in-memory model. Where trevni-core 1.12 is wrong (trevni.md §13.5 to §13.8) the
 * test checks that it still is, so that the notes stay true, and that colfile gives the model's
 * answer.
 *
 * <p>Each sorted column holds f(rank) for a non-decreasing rank sequence, where f is strictly
 * increasing in Java's order and encodes every value in the same number of bytes, so the block
 * boundaries are known in advance (a block closes at the first row that finds 64 KiB in it): odd
 * boundaries are made to split a run of equal values, even ones to fall in a gap of absent
 * values.
 */
@ExtendWith(TestSeed.class)
class TrevniSeekTest {
  private static final int ROWS = 40_000;

  /** A sorted column: type, encoded size of each value, and f. */
  record Sorted(String name, ValueType type, int size, IntFunction<Object> f) {
    int rowsPerBlock() {
      return (65_536 + size - 1) / size;
    }
  }

  static final List<Sorted> SORTED = List.of(
      new Sorted("int", ValueType.INT, 4, k -> (1 << 21) + 3 * k),
      new Sorted("long", ValueType.LONG, 6, k -> (1L << 40) + 1000L * k),
      new Sorted("fixed32", ValueType.FIXED32, 4, k -> -(1 << 30) + 2000 * k),
      new Sorted("fixed64", ValueType.FIXED64, 8, k -> -(1L << 62) + 8_000_000_000_000L * k),
      new Sorted("float", ValueType.FLOAT, 4, k -> -100_000f + 0.25f * k),
      new Sorted("double", ValueType.DOUBLE, 8, k -> -1e6 + 0.5 * k),
      new Sorted("string", ValueType.STRING, 9, k -> String.format("k%07d", k)),
      new Sorted("bytes", ValueType.BYTES, 9, TrevniSeekTest::signedOrderBytes));

  /** k as 8 base-256 digits, each stored as digit - 128, so Java's signed byte order sorts them. */
  static byte[] signedOrderBytes(int k) {
    byte[] b = new byte[8];
    long v = k;
    for (int i = 7; i >= 0; i--) {
      b[i] = (byte) ((v & 0xff) - 128);
      v >>>= 8;
    }
    return b;
  }

  private static Path dir;
  private static Path javaFile;
  private static Path colfileFile;
  private static CoreCase data;
  /** Rank sequences of the sorted columns, by column index. */
  private static final List<int[]> RANKS = new ArrayList<>();
  private static final int FLAG = 8;   // the column after the SORTED ones
  private static final int LENS = 9;
  private static final int TAGS = 10;
  private static final int REP = 11;
  private static final int PLAIN = 12;
  private static int firstTrue;

  @BeforeAll
  static void writeFiles() throws IOException {
    dir = Files.createTempDirectory("colfile-trevni-seek-");
    Random r = TestSeed.random("trevni-seek", 0);
    assertEquals(FLAG, SORTED.size(), "column numbering");
    List<Col> cols = new ArrayList<>();
    for (Sorted s : SORTED) {
      cols.add(new Col(s.name, s.type, -1, false, true, null, null, Map.of()));
      RANKS.add(ranks(r, s.rowsPerBlock()));
    }
    cols.add(new Col("flag", ValueType.BOOLEAN, -1, false, true, null, null, Map.of()));
    cols.add(new Col("lens", ValueType.INT, -1, true, false, null, null, Map.of()));
    cols.add(new Col("tags", ValueType.STRING, -1, true, false, null, null, Map.of()));
    cols.add(new Col("rep", ValueType.NULL, -1, true, false, null, null, Map.of()));
    cols.add(new Col("plain", ValueType.LONG, -1, false, false, null, null, Map.of()));
    firstTrue = ROWS / 3 + r.nextInt(ROWS / 3);
    data = new CoreCase(cols, TrevniCodec.NULL, TrevniChecksum.NULL, false, false, Map.of());
    int[] row = {0};
    CoreCase.Source src = new CoreCase.Source() {
      @Override
      public int length(int c) {
        int k = r.nextInt(10);
        return c == REP ? (k < 4 ? 1 : k < 8 ? 0 : 2) : k < 4 ? 0 : k < 7 ? 1 : r.nextInt(6);
      }

      @Override
      public Object value(int c) {
        if (c < FLAG) {
          return SORTED.get(c).f.apply(RANKS.get(c)[row[0]]);
        }
        return switch (c) {
          case FLAG -> row[0] >= firstTrue;
          case LENS -> r.nextInt();
          case TAGS -> CoreValues.text(r, 3 + r.nextInt(20));
          case REP -> null;
          default -> r.nextLong();
        };
      }
    };
    for (int i = 0; i < ROWS; i++, row[0]++) {
      data.addRow(src);
    }
    javaFile = dir.resolve("seek-java.trv");
    colfileFile = dir.resolve("seek-colfile.trv");
    data.writeJava(javaFile);
    data.writeColfile(colfileFile, r);
    assertArrayEquals(Files.readAllBytes(javaFile), Files.readAllBytes(colfileFile),
        "trevni-core's and colfile's files of the same rows");
  }

  @AfterAll
  static void cleanUp() throws IOException {
    for (Path p : List.of(javaFile, colfileFile)) {
      Files.deleteIfExists(p);
    }
    Files.deleteIfExists(dir);
  }

  /**
   * Ranks from 1: runs of equal ranks (mostly short, some long), now and then a gap of absent
   * ranks; then boundary b = k * perBlock is made to split a run (k odd) or to fall in a gap (k
   * even).
   */
  static int[] ranks(Random r, int perBlock) {
    int[] s = new int[ROWS];
    int rank = 1;
    for (int i = 0; i < ROWS; ) {
      int k = r.nextInt(20);
      int run = k < 14 ? 1 + r.nextInt(5) : k < 19 ? 5 + r.nextInt(120) : 200 + r.nextInt(2800);
      for (int j = 0; j < run && i < ROWS; j++) {
        s[i++] = rank;
      }
      rank += r.nextInt(4) == 0 ? 2 + r.nextInt(3) : 1;
    }
    for (int k = 1; k * perBlock < ROWS; k++) {
      int b = k * perBlock;
      if (k % 2 == 1) {
        s[b] = s[b - 1];
        if (b + 1 < ROWS && s[b + 1] < s[b]) {
          s[b + 1] = s[b];
        }
      } else {
        int shift = Math.max(0, s[b - 1] + 2 - s[b]);
        for (int j = b; j < ROWS; j++) {
          s[j] += shift;
        }
      }
    }
    return s;
  }

  /** First row whose rank is at least {@code rank}, or ROWS. */
  static int lowerBound(int[] s, int rank) {
    int lo = 0;
    int hi = ROWS;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (s[mid] < rank) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  @Test
  void theModelIsSortedInJavaOrderAndTheBlocksAreWherePredicted() throws IOException {
    for (int c = 0; c < SORTED.size(); c++) {
      Sorted s = SORTED.get(c);
      int[] ranks = RANKS.get(c);
      for (int i = 1; i < ROWS; i++) {
        Comparable a = comparable(s.f.apply(ranks[i - 1]));
        Comparable b = comparable(s.f.apply(ranks[i]));
        assertThat(Integer.signum(a.compareTo(b))).as(s.name + " rows " + (i - 1) + ", " + i)
            .isEqualTo(Integer.compare(ranks[i - 1], ranks[i]));
      }
    }
    try (TrevniFile f = TrevniFile.open(InputFile.local(colfileFile))) {
      for (int c = 0; c < SORTED.size(); c++) {
        Sorted s = SORTED.get(c);
        List<BlockInfo> blocks = f.blocks(c);
        assertThat(blocks.size()).as(s.name + ": blocks").isGreaterThan(2);
        long first = 0;
        for (int k = 0; k < blocks.size(); k++) {
          assertEquals(k * (long) s.rowsPerBlock(), first, s.name + ": first row of block " + k);
          CoreCase.assertSameValue(s.f.apply(RANKS.get(c)[(int) first]),
              blocks.get(k).firstValue().orElseThrow(), s.name + ": first value of block " + k);
          first += blocks.get(k).rowCount();
        }
      }
      assertEquals(1, f.blocks(FLAG).size(), "blocks of the boolean column");
    }
  }

  private static Comparable<?> comparable(Object v) {
    return v instanceof byte[] b ? ByteBuffer.wrap(b) : (Comparable<?>) v;
  }

  // ---- seekValue -------------------------------------------------------------------------------

  @Test
  void colfileFindsEveryPresentAbsentAndBoundaryValue() throws IOException {
    for (Path file : List.of(javaFile, colfileFile)) {
      for (int c = 0; c < SORTED.size(); c++) {
        Sorted s = SORTED.get(c);
        int[] ranks = RANKS.get(c);
        String what = file.getFileName() + ", column " + s.name;
        Random r = TestSeed.random("trevni-seek-values", c);
        List<Integer> queries = new ArrayList<>(distinct(ranks));
        int min = ranks[0];
        int max = ranks[ROWS - 1];
        List<Integer> absent = absent(ranks);
        Collections.shuffle(absent, r);
        queries.addAll(absent.subList(0, Math.min(400, absent.size())));
        queries.addAll(gapBoundaryRanks(c));
        queries.add(min - 1);
        queries.add(max + 1);
        queries.add(max + 1000);
        Collections.shuffle(queries, r);
        try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
          ColumnCursor shared = f.cursor(c);
          for (int q : queries) {
            // one cursor moving back and forth, and now and then a fresh one
            ColumnCursor cur = r.nextInt(8) == 0 ? f.cursor(c) : shared;
            assertSeek(cur, s, ranks, q, what);
          }
        }
      }
    }
  }

  private static void assertSeek(ColumnCursor cur, Sorted s, int[] ranks, int rank, String what)
      throws IOException {
    int want = lowerBound(ranks, rank);
    Object target = s.f.apply(rank);
    String q = what + ": seekValue(" + CoreCase.norm(target) + ")";
    boolean found = cur.seekValue(target);
    if (want == ROWS) {
      assertFalse(found, q + " finds nothing above the last value");
      assertFalse(cur.hasNextRow(), q + " leaves the cursor at the end");
      return;
    }
    assertTrue(found, q);
    assertEquals(want, cur.row(), q + ": row");
    cur.startRow();
    CoreCase.assertSameValue(s.f.apply(ranks[want]), cur.nextValue(), q + ": value");
    if (want + 1 < ROWS) {
      cur.startRow();
      CoreCase.assertSameValue(s.f.apply(ranks[want + 1]), cur.nextValue(), q + ": next value");
    }
  }

  /** Values equal across a block boundary: the first occurrence is in the earlier block. */
  @Test
  void straddlingValuesFindTheirFirstOccurrenceAndTrevniCoreMissesIt() throws IOException {
    int straddles = 0;
    for (int c = 0; c < SORTED.size(); c++) {
      Sorted s = SORTED.get(c);
      int[] ranks = RANKS.get(c);
      for (int b = s.rowsPerBlock(); b < ROWS; b += s.rowsPerBlock()) {
        if (ranks[b] != ranks[b - 1]) {
          continue;
        }
        straddles++;
        int want = lowerBound(ranks, ranks[b]);
        assertThat(want).as(s.name + ": first occurrence before the boundary at " + b)
            .isLessThan(b);
        for (Path file : List.of(javaFile, colfileFile)) {
          try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
            assertSeek(f.cursor(c), s, ranks, ranks[b], file.getFileName() + ", column "
                + s.name + ", run across row " + b);
          }
        }
        // trevni.md §13.6: trevni-core lands in the later block
        try (ColumnFileReader jr = new ColumnFileReader(javaFile.toFile())) {
          ColumnValues<Comparable<?>> v = jr.getValues(c);
          v.seek(javaTarget(s.f.apply(ranks[b])));
          assertThat(v.getRow()).as(s.name + ": trevni-core's row after seeking the value"
              + " that straddles row " + b + " (first at " + want + ")").isGreaterThan(want);
        }
      }
    }
    assertThat(straddles).as("runs across block boundaries").isGreaterThanOrEqualTo(
        SORTED.size());
  }

  /** Absent values between the last value of a block and the first of the next. */
  @Test
  void valuesBetweenBlocksAndTrevniCoreFailsOnThem() throws IOException {
    int gaps = 0;
    for (int c = 0; c < SORTED.size(); c++) {
      Sorted s = SORTED.get(c);
      int[] ranks = RANKS.get(c);
      for (int g : gapBoundaryRanks(c)) {
        gaps++;
        int want = lowerBound(ranks, g);
        assertEquals(0, want % s.rowsPerBlock(), s.name + ": a gap value lands on a block start");
        for (Path file : List.of(javaFile, colfileFile)) {
          try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
            assertSeek(f.cursor(c), s, ranks, g, file.getFileName() + ", column " + s.name
                + ", gap before row " + want);
          }
        }
        // trevni.md §13.6: trevni-core scans into the next block, restores a position of the old
        // one and reads garbage or fails
        Object expected = s.f.apply(ranks[want]);
        try (ColumnFileReader jr = new ColumnFileReader(javaFile.toFile())) {
          ColumnValues<Comparable<?>> v = jr.getValues(c);
          Object got;
          try {
            v.seek(javaTarget(s.f.apply(g)));
            got = v.next();
          } catch (RuntimeException | IOException e) {
            continue;   // fails: as documented
          }
          assertThat(CoreCase.norm(got)).as(s.name + ": trevni-core's value after seeking "
              + "between blocks (row " + want + ")").isNotEqualTo(CoreCase.norm(expected));
        }
      }
    }
    assertThat(gaps).as("gaps at block boundaries").isGreaterThanOrEqualTo(SORTED.size());
  }

  /** trevni.md §13.5: below the first value trevni-core fails; colfile finds row 0. */
  @Test
  void belowTheFirstValue() throws IOException {
    for (int c = 0; c < SORTED.size(); c++) {
      Sorted s = SORTED.get(c);
      int[] ranks = RANKS.get(c);
      Object below = s.f.apply(ranks[0] - 1);
      try (TrevniFile f = TrevniFile.open(InputFile.local(colfileFile))) {
        assertSeek(f.cursor(c), s, ranks, ranks[0] - 1, "colfile, " + s.name + ", below first");
      }
      try (ColumnFileReader jr = new ColumnFileReader(javaFile.toFile())) {
        ColumnValues<Comparable<?>> v = jr.getValues(c);
        assertThatThrownBy(() -> v.seek(javaTarget(below)))
            .as("trevni-core seeking below the first value of " + s.name)
            .isInstanceOf(ArrayIndexOutOfBoundsException.class);
      }
    }
  }

  /** trevni-core agrees with the model wherever the notes say it works: present values that do
   * not straddle a boundary. */
  @Test
  void trevniCoreAgreesWithTheModelOnOrdinaryValues() throws IOException {
    for (int c = 0; c < SORTED.size(); c++) {
      Sorted s = SORTED.get(c);
      int[] ranks = RANKS.get(c);
      Set<Integer> straddling = new TreeSet<>();
      for (int b = s.rowsPerBlock(); b < ROWS; b += s.rowsPerBlock()) {
        if (ranks[b] == ranks[b - 1]) {
          straddling.add(ranks[b]);
        }
      }
      Random r = TestSeed.random("trevni-seek-java", c);
      List<Integer> present = new ArrayList<>(distinct(ranks));
      Collections.shuffle(present, r);
      try (ColumnFileReader jr = new ColumnFileReader(javaFile.toFile())) {
        for (int q : present.subList(0, Math.min(150, present.size()))) {
          if (straddling.contains(q)) {
            continue;
          }
          ColumnValues<Comparable<?>> v = jr.getValues(c);
          v.seek(javaTarget(s.f.apply(q)));
          int want = lowerBound(ranks, q);
          assertEquals(want, v.getRow(), s.name + ": trevni-core's row for rank " + q);
          CoreCase.assertSameValue(s.f.apply(q), v.next(), s.name + ": trevni-core's value");
        }
      }
    }
  }

  @Test
  void booleanInOneBlock() throws IOException {
    for (Path file : List.of(javaFile, colfileFile)) {
      try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
        ColumnCursor cur = f.cursor(FLAG);
        assertTrue(cur.seekValue(true));
        assertEquals(firstTrue, cur.row(), file.getFileName() + ": first true");
        cur.startRow();
        assertEquals(true, cur.nextValue());
        assertTrue(cur.seekValue(false));
        assertEquals(0, cur.row(), file.getFileName() + ": first false");
        cur.startRow();
        assertEquals(false, cur.nextValue());
      }
    }
    try (ColumnFileReader jr = new ColumnFileReader(javaFile.toFile())) {
      ColumnValues<Boolean> v = jr.getValues(FLAG);
      v.seek(Boolean.TRUE);
      assertEquals(firstTrue, v.getRow(), "trevni-core: first true");
    }
  }

  /**
   * trevni.md §13.7: a boolean column with first values over more than one block (more than 524
   * 281 rows) cannot be opened by trevni-core; colfile writes the same file, reads it and seeks
   * in it.
   */
  @Test
  void booleanFirstValuesOverSeveralBlocks() throws IOException {
    int rows = 600_000;
    int trueFrom = 300_000;   // so the run of trues crosses into the second block
    Col col = new Col("b", ValueType.BOOLEAN, -1, false, true, null, null, Map.of());
    CoreCase c = new CoreCase(List.of(col), TrevniCodec.NULL, TrevniChecksum.NULL, false, false,
        Map.of());
    int[] i = {0};
    CoreCase.Source src = new CoreCase.Source() {
      @Override
      public int length(int column) {
        return 0;
      }

      @Override
      public Object value(int column) {
        return i[0] >= trueFrom;
      }
    };
    for (; i[0] < rows; i[0]++) {
      c.addRow(src);
    }
    Path java = dir.resolve("bool-java.trv");
    Path colfile = dir.resolve("bool-colfile.trv");
    try {
      c.writeJava(java);
      c.writeColfile(colfile, new Random(1));
      assertArrayEquals(Files.readAllBytes(java), Files.readAllBytes(colfile), "the two files");
      // trevni-core misreads its own file: an exception (the notes saw EOFException) or wrong
      // values (1.12.1 here: the second block's booleans come out shifted)
      String javaOutcome = "read all " + rows + " values right";
      try (ColumnFileReader jr = new ColumnFileReader(java.toFile())) {
        ColumnValues<Boolean> v = jr.getValues(0);
        for (int k = 0; k < rows; k++) {
          if (v.next() != (k >= trueFrom)) {
            javaOutcome = "wrong value at row " + k;
            break;
          }
        }
      } catch (RuntimeException | IOException e) {
        javaOutcome = e.toString();
      }
      System.out.println("trevni-core on a boolean column with first values in 2 blocks: "
          + javaOutcome);
      assertThat(javaOutcome).as("trevni-core reading its boolean column with first values in"
          + " 2 blocks (trevni.md §13.7)").doesNotStartWith("read all");
      try (TrevniFile f = TrevniFile.open(InputFile.local(colfile))) {
        List<BlockInfo> blocks = f.blocks(0);
        assertEquals(2, blocks.size(), "blocks");
        assertEquals(524_281, blocks.get(0).rowCount(), "rows of the first block");
        assertEquals(false, blocks.get(0).firstValue().orElseThrow());
        assertEquals(true, blocks.get(1).firstValue().orElseThrow());
        ColumnCursor cur = f.cursor(0);
        for (int k = 0; k < rows; k++) {
          cur.startRow();
          if (cur.nextBoolean() != (k >= trueFrom)) {
            throw new AssertionError("colfile reads a wrong boolean at row " + k);
          }
        }
        assertTrue(cur.seekValue(true));
        assertEquals(trueFrom, cur.row(), "first true");
        assertTrue(cur.seekValue(false));
        assertEquals(0, cur.row(), "first false");
      }
    } finally {
      Files.deleteIfExists(java);
      Files.deleteIfExists(colfile);
    }
  }

  private static Comparable<?> javaTarget(Object v) {
    return v instanceof byte[] b ? ByteBuffer.wrap(b) : (Comparable<?>) v;
  }

  private static Set<Integer> distinct(int[] s) {
    Set<Integer> out = new LinkedHashSet<>();
    for (int v : s) {
      out.add(v);
    }
    return out;
  }

  private static List<Integer> absent(int[] s) {
    List<Integer> out = new ArrayList<>();
    for (int i = 1; i < ROWS; i++) {
      for (int g = s[i - 1] + 1; g < s[i]; g++) {
        out.add(g);
      }
    }
    return out;
  }

  /** An absent rank right before each block start that follows a gap. */
  private static List<Integer> gapBoundaryRanks(int c) {
    Sorted s = SORTED.get(c);
    int[] ranks = RANKS.get(c);
    List<Integer> out = new ArrayList<>();
    for (int b = s.rowsPerBlock(); b < ROWS; b += s.rowsPerBlock()) {
      if (ranks[b] >= ranks[b - 1] + 2) {
        out.add(ranks[b] - 1);
      }
    }
    return out;
  }

  // ---- seekRow ----------------------------------------------------------------------------------

  /**
   * seekRow to random rows, block starts and their neighbours, the first, the last and the end,
   * back and forth on one cursor, on plain and array columns: the rows that follow are those read
   * in order.
   */
  @Test
  void seekRowOnPlainAndArrayColumns() throws IOException {
    for (Path file : List.of(javaFile, colfileFile)) {
      try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
        for (int c : List.of(0, 3, 6, 7, FLAG, PLAIN, LENS, TAGS, REP)) {
          Random r = TestSeed.random("trevni-seek-rows", c);
          Col col = data.cols.get(c);
          List<Long> targets = rowTargets(f.blocks(c), r);
          ColumnCursor cur = f.cursor(c);
          for (long t : targets) {
            String what = file.getFileName() + ", column " + col.name() + ": seekRow(" + t + ")";
            cur.seekRow(t);
            assertEquals(t, cur.row(), what + ": row");
            if (t == ROWS) {
              assertFalse(cur.hasNextRow(), what + " is at the end");
              continue;
            }
            for (int k = (int) t; k < Math.min(ROWS, t + 3); k++) {
              assertRowIs(cur, col, data.rows.get(c).get(k), what + ", then row " + k);
            }
          }
        }
      }
    }
  }

  private static List<Long> rowTargets(List<BlockInfo> blocks, Random r) {
    List<Long> t = new ArrayList<>(List.of(0L, (long) ROWS - 1, (long) ROWS, 1L));
    long first = 0;
    for (BlockInfo b : blocks) {
      t.add(first);
      if (first > 0) {
        t.add(first - 1);
      }
      t.add(Math.min(ROWS - 1, first + 1));
      first += b.rowCount();
    }
    for (int i = 0; i < 40; i++) {
      t.add((long) r.nextInt(ROWS));
    }
    Collections.shuffle(t, r);
    return t;
  }

  private static void assertRowIs(ColumnCursor cur, Col col, RowData want, String what)
      throws IOException {
    cur.startRow();
    RowData got = RowData.empty();
    if (col.array()) {
      int n = cur.nextLength();
      got.lengths().add(n);
      for (int i = 0; i < n && n == want.lengths().get(0); i++) {
        got.values().add(cur.nextValue());
      }
    } else {
      got.values().add(cur.nextValue());
    }
    assertEquals(want.lengths(), got.lengths(), what + ": lengths");
    assertEquals(CoreCase.norm(want.values()), CoreCase.norm(got.values()), what + ": values");
  }

  /**
   * trevni-core's seek(row) works on plain columns and (trevni.md §13.8) not on array columns,
   * where it skips one value per row instead of a length and its values.
   */
  @Test
  void trevniCoreSeekRowIsRightOnPlainColumnsOnly() throws IOException {
    try (ColumnFileReader jr = new ColumnFileReader(javaFile.toFile());
        TrevniFile f = TrevniFile.open(InputFile.local(javaFile))) {
      for (int c : List.of(0, 6, PLAIN, LENS, TAGS)) {
        Col col = data.cols.get(c);
        Random r = TestSeed.random("trevni-seek-java-rows", c);
        int wrong = 0;
        int tried = 0;
        for (long t : rowTargets(f.blocks(c), r)) {
          if (t >= ROWS) {
            continue;
          }
          tried++;
          ColumnValues<?> v = jr.getValues(c);
          RowData want = data.rows.get(c).get((int) t);
          RowData got = RowData.empty();
          try {
            v.seek(t);
            v.startRow();
            if (col.array()) {
              int n = v.nextLength();
              got.lengths().add(n);
              for (int i = 0; i < n && n == want.lengths().get(0); i++) {
                got.values().add(v.nextValue());
              }
            } else {
              got.values().add(v.nextValue());
            }
          } catch (RuntimeException | IOException | AssertionError e) {
            if (!col.array()) {
              throw e;   // plain columns must work
            }
            wrong++;
            continue;
          }
          boolean same = want.lengths().equals(got.lengths())
              && CoreCase.norm(want.values()).equals(CoreCase.norm(got.values()));
          if (!col.array()) {
            assertTrue(same, "trevni-core, plain column " + col.name() + ", seek(" + t + ")");
          } else if (!same) {
            wrong++;
          }
        }
        if (col.array()) {
          assertThat(wrong).as("trevni-core's wrong answers of " + tried + " seeks in array column "
              + col.name()).isPositive();
        }
      }
    }
  }
}
