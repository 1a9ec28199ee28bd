package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.encoding.Endian;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.kudu.CEscapes;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CFile;
import io.colfile.kudu.DumpValues;
import io.colfile.kudu.KuduDump;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.Bytes;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import io.colfile.kudu.rowset.GenModel.Kind;
import io.colfile.kudu.rowset.GenModel.Outcome;
import io.colfile.kudu.rowset.GenModel.Row;
import io.colfile.kudu.rowset.GenModel.Tbl;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The DiskRowSets a real Kudu 1.17.1 tablet server wrote (the shared corpus, profile small,
 * seed 2) read with {@link RowSetReader} to exactly the rows Kudu's scan returns at the latest
 * time, as {@link GenModel} computes them from the generator's rows and write lifecycle alone —
 * an oracle that shares no code with colfile's CFile, delta or rowset readers. The model is
 * first held to Kudu's own dumps of the base data (every cell of every column file) and to the
 * number of mutations in every REDO file; then every rowset of every table is read: every row,
 * every cell (decimals with their scale, timestamps to the microsecond, floats bit for bit,
 * strings and binary byte for byte), the live row counts, projections and small batches, and
 * point lookups through the bloom filter and the key index.
 *
 * <p>The non-unique table's auto_incrementing_id values are the tablet server's: they are read
 * from Kudu's dump of that rowset's base {@code auto_incrementing_id} column (paired with the
 * generator's rows per key value in insert order, see {@link #autoIds}); the model computes the
 * rest, and the base-data test checks every one of its cells against Kudu's dump.
 *
 * <p>Not covered by this corpus: no row is mutated in two REDO files (the waves touch disjoint
 * rows), so the order in which the reader applies one row's REDO mutations is not tested here.
 */
class RowSetGoldenTest {
  private static final HexFormat HEX = HexFormat.of();

  /**
   * Rows in the base data: 13 tables of 600 rows, s_int64, s_string and s_composite of 600 +
   * 200, s_nonunique 600 and s_bigindex 2800.
   */
  private static final long BASE_ROWS = 13 * 600 + 3 * 800 + 600 + 2800;

  /**
   * Rows left: each 600-row batch 1 loses row 218 (deleted in the MemRowSet; 7 and 429 were
   * re-inserted) and the 7 rows i % 97 == 13 (deleted from the DiskRowSet); s_bigindex loses
   * 7 + 29 that way; s_nonunique the 8 rows whose auto_incrementing_id % 77 == 5.
   */
  private static final long LIVE_ROWS = BASE_ROWS - 16 * 8 - (7 + 29) - 8;

  /** The corpus and the model's outcome for each of its tables, computed once. */
  private record Corpus(CorpusManifest manifest, List<Tbl> tables,
      Map<String, Outcome> outcomes) {}

  private static Corpus corpus;

  private static synchronized Corpus corpus() throws IOException {
    if (corpus == null) {
      CorpusManifest m = CorpusManifest.load(); // skips, saying why, without the corpus
      List<Tbl> tables = GenModel.profile(m.profile);
      Map<String, Outcome> outcomes = new LinkedHashMap<>();
      for (Tbl t : tables) {
        outcomes.put(t.name(), GenModel.run(t, m.seed, t.nonUnique() ? autoIds(m, t) : null));
      }
      corpus = new Corpus(m, tables, outcomes);
    }
    return corpus;
  }

  // ---------------------------------------------------------------- the model against Kudu

  @Test
  void genModelDefinesTheCorpusTables() throws IOException {
    CorpusManifest m = corpus().manifest();
    assertThat(m.kuduVersion).isEqualTo("1.17.1");
    assertThat(m.profile).isEqualTo("small");
    assertThat(m.seed).isEqualTo(2);
    List<Tbl> tables = corpus().tables();
    assertThat(tables.stream().map(Tbl::name).toList())
        .containsExactlyElementsOf(m.tables.stream().map(CorpusManifest.TableDef::name).toList());
    for (Tbl t : tables) {
      CorpusManifest.TableDef d = m.table(t.name());
      assertThat(List.of(t.rows1(), t.rows2(), t.nonUnique())).as(t.name())
          .isEqualTo(List.of(d.rows1(), d.rows2(), d.nonUnique()));
      assertThat(t.cols()).as(t.name()).hasSameSizeAs(d.columns());
      for (int c = 0; c < t.cols().size(); c++) {
        GenModel.Col g = t.cols().get(c);
        CorpusManifest.ColumnDef k = d.columns().get(c);
        assertThat(List.of(g.name(), g.kind().schemaTypeName(), g.kind().precision(),
            g.kind().scale(), g.kind() == Kind.VARCHAR ? GenModel.VARCHAR_LEN : 0, g.key(),
            g.nullable(), g.encoding(), g.compression(), g.blockSize()))
            .as("%s.%s", t.name(), g.name())
            .isEqualTo(List.of(k.name(), k.kuduType(), k.precision(), k.scale(), k.length(),
                k.primaryKey(), k.nullable(), k.encoding(), k.compression(), k.blockSize()));
      }
      assertThat(m.rowsets(t.name())).as(t.name()).hasSize(t.rowsets());
    }
  }

  /**
   * The model's base data is what Kudu flushed: every cell of every column file of every rowset
   * (deleted rows included, with the values they had when deleted) equals Kudu's dump, row by
   * row in Kudu's key order; and each rowset has one REDO file per wave of mutations that
   * touched it, holding as many mutations as the model made.
   */
  @Test
  void genModelReproducesKudusBaseDataAndRedoFiles() throws IOException {
    CorpusManifest m = corpus().manifest();
    long cells = 0;
    List<String> bad = new ArrayList<>();
    for (Tbl t : corpus().tables()) {
      Outcome o = corpus().outcomes().get(t.name());
      for (int rs : m.rowsets(t.name())) {
        List<Row> base = o.base(rs);
        for (CorpusManifest.FileDef f : m.files(t.name(), rs)) {
          if (!f.role().equals("data")) {
            continue;
          }
          int col = t.rowColumns().indexOf(f.column());
          assertThat(col).as("%s: column %s", t.name(), f.column()).isNotNegative();
          Kind kind = t.kindOf(f.column());
          List<String> lines = KuduDump.read(m.dir(t.name())
              .resolve(Path.of((String) f.fields().get("expected_dump")).getFileName()))
              .values();
          assertThat(lines).as(f.file()).hasSameSizeAs(base);
          for (int r = 0; r < lines.size(); r++) {
            Object want = base.get(r).cells()[col];
            if (!dumpMatches(kind, want, lines.get(r)) && bad.size() < 20) {
              bad.add(f.file() + " row " + r + ": Kudu printed " + lines.get(r)
                  + ", the model has " + text(kind, want));
            }
            cells++;
          }
        }
        List<Long> redo = m.deltas(t.name(), rs, "redo-delta").stream()
            .map(CorpusManifest.FileDef::numValues).toList();
        assertThat(redo).as("%s rs%d: mutations per REDO file", t.name(), rs)
            .isEqualTo(o.redoCells(rs).stream().map(Integer::longValue).toList());
      }
    }
    assertThat(bad).isEmpty();
    assertThat(cells).isGreaterThan(100_000);
  }

  /** True when the dump's line is the model's cell as Kudu prints it. */
  private static boolean dumpMatches(Kind kind, Object want, String line) {
    if (want == null || line.equals("NULL")) {
      return want == null && line.equals("NULL");
    }
    if (kind == Kind.DECIMAL128) {
      // Kudu prints 128-bit values lossily; compare the text the model's value prints as.
      return line.equals(DumpValues.kuduInt128Text(((BigDecimal) want).unscaledValue())
          + "_D128");
    }
    if (Arrays.equals(DumpValues.cell(kind.kuduType(), line), cellBytes(kind, want))) {
      return true;
    }
    // Kudu prints a FLOAT with 6 significant digits, or 8 when 6 do not read back as the same
    // float: 8 need not either. Then the line is the model's value rounded to 8 digits.
    return kind == Kind.FLOAT && Float.isFinite((Float) want)
        && new BigDecimal((Float) want).round(new MathContext(8, RoundingMode.HALF_EVEN))
            .compareTo(new BigDecimal(line)) == 0;
  }

  /** The model's cell as the physical type's little-endian bytes, or the raw bytes. */
  private static byte[] cellBytes(Kind kind, Object v) {
    PhysicalType p = kind.kuduType().physical();
    if (v instanceof byte[] b) {
      return b;
    }
    byte[] out = new byte[p.width()];
    if (v instanceof Boolean b) {
      out[0] = (byte) (b ? 1 : 0);
    } else if (v instanceof Float f) {
      Endian.putIntLE(out, 0, Float.floatToRawIntBits(f));
    } else if (v instanceof Double d) {
      Endian.putLongLE(out, 0, Double.doubleToRawLongBits(d));
    } else if (v instanceof BigDecimal d) {
      Bytes.putCell(out, 0, p.width(), d.unscaledValue().longValueExact());
    } else {
      Bytes.putCell(out, 0, p.width(), (Long) v);
    }
    return out;
  }

  // ---------------------------------------------------------------- the reader against the model

  /**
   * Every rowset of every table reads to the model's final rows of that rowset, in key order,
   * with the live row count the model has; the union over a table's rowsets, sorted by key, is
   * the table's final contents.
   */
  @Test
  void rowSetReaderReadsEveryTableAsKudusScanWould() throws IOException {
    CorpusManifest m = corpus().manifest();
    int rowsets = 0;
    long rows = 0;
    long deleted = 0;
    long updatedCells = 0;
    long toNull = 0;
    long fromNull = 0;
    for (Tbl t : corpus().tables()) {
      Outcome o = corpus().outcomes().get(t.name());
      List<Object[]> union = new ArrayList<>();
      for (int rs : m.rowsets(t.name())) {
        String label = t.name() + " rs" + rs;
        try (RowSetReader r = open(m, t, rs)) {
          assertThat(r.baseRows()).as(label + " base rows").isEqualTo(o.base(rs).size());
          assertThat(r.numberOfRows()).as(label + " live rows").isEqualTo(o.live(rs).size());
          List<String> cols = t.rowColumns();
          List<Object[]> got = read(r, t, cols, ReadOptions.defaults());
          assertThat(got).as(label + " rows read").hasSize(o.live(rs).size());
          for (int i = 1; i < got.size(); i++) {
            assertThat(compareKeys(t, got.get(i - 1), got.get(i))).as(label + " key order at "
                + i).isNegative();
          }
          assertSameRows(label, t, cols, cells(o.live(rs)), got);
          union.addAll(got);
        }
        rowsets++;
        rows += o.live(rs).size();
        // What the REDO deltas had to do for these rows to come out right.
        Map<Long, Row> base = new TreeMap<>();
        for (Row b : o.base(rs)) {
          base.put(b.i(), b);
        }
        deleted += o.base(rs).size() - o.live(rs).size();
        for (Row l : o.live(rs)) {
          Object[] was = base.get(l.i()).cells();
          for (int c = 0; c < was.length; c++) {
            Kind k = t.kindOf(t.rowColumns().get(c));
            if (!text(k, was[c]).equals(text(k, l.cells()[c]))) {
              updatedCells++;
              toNull += l.cells()[c] == null ? 1 : 0;
              fromNull += was[c] == null ? 1 : 0;
            }
          }
        }
      }
      union.sort((a, b) -> compareKeys(t, a, b));
      assertSameRows(t.name() + " (all rowsets)", t, t.rowColumns(), cells(o.allLive()), union);
    }
    assertThat(corpus().tables()).hasSize(18);
    assertThat(rowsets).isEqualTo(21);
    assertThat(rows).isEqualTo(LIVE_ROWS);
    assertThat(deleted).isEqualTo(BASE_ROWS - LIVE_ROWS);
    // The REDO deltas update cells to, from and between values (678, 186 and 49 of them).
    assertThat(updatedCells).isGreaterThan(600);
    assertThat(toNull).isGreaterThan(150);
    assertThat(fromNull).isGreaterThan(40);
  }

  /**
   * Projections (any subset of columns, any order) and small batches read the same cells as
   * the full read: deleted rows straddling batch boundaries are dropped from each column alike.
   */
  @Test
  void projectionsAndSmallBatchesReadTheSameCells() throws IOException {
    CorpusManifest m = corpus().manifest();
    int reads = 0;
    for (Tbl t : corpus().tables()) {
      Outcome o = corpus().outcomes().get(t.name());
      List<String> all = t.rowColumns();
      List<String> reversed = new ArrayList<>(all);
      Collections.reverse(reversed);
      List<String> values = all.stream().filter(c -> !t.keyColumns().contains(c)).toList();
      List<String> last = List.of(all.get(all.size() - 1));
      List<String> keys = t.keyColumns();
      Map<List<String>, Integer> projections = new LinkedHashMap<>();
      projections.put(reversed, 7);
      projections.put(values, 1);
      projections.put(last, 1024);
      projections.put(keys, 64);
      for (int rs : m.rowsets(t.name())) {
        List<Object[]> expected = cells(o.live(rs));
        for (Map.Entry<List<String>, Integer> p : projections.entrySet()) {
          List<String> cols = p.getKey();
          try (RowSetReader r = open(m, t, rs)) {
            List<Object[]> got = read(r, t, cols,
                ReadOptions.columns(cols.toArray(String[]::new)).withBatchSize(p.getValue()));
            List<Object[]> want = new ArrayList<>();
            for (Object[] e : expected) {
              Object[] w = new Object[cols.size()];
              for (int c = 0; c < cols.size(); c++) {
                w[c] = e[all.indexOf(cols.get(c))];
              }
              want.add(w);
            }
            assertSameRows(t.name() + " rs" + rs + " columns " + cols + " batch "
                + p.getValue(), t, cols, want, got);
            reads++;
          }
        }
      }
    }
    assertThat(reads).isEqualTo(84);
  }

  /**
   * Point lookups as a Kudu tablet server makes them: every key of a rowset's base data (the
   * live ones and those its REDO deltas delete) passes the rowset's bloom filter, and a seek in
   * the key column (single-column keys) or the ad-hoc index (composite keys) lands exactly on
   * the row's ordinal. Keys of the table's other rowset are absent: the seek stops at the first
   * larger key, and the bloom filter lets few of them through.
   */
  @Test
  void pointLookupsFindEveryKeyOfTheRowset() throws IOException {
    CorpusManifest m = corpus().manifest();
    long probes = 0;
    long liveProbes = 0;
    long absent = 0;
    long falsePositives = 0;
    for (Tbl t : corpus().tables()) {
      Outcome o = corpus().outcomes().get(t.name());
      KeyEncoder enc = keyEncoder(t);
      List<Integer> rowsets = m.rowsets(t.name());
      for (int rs : rowsets) {
        String label = t.name() + " rs" + rs;
        List<Row> base = o.base(rs);
        Set<Long> live = new HashSet<>();
        for (Row l : o.live(rs)) {
          live.add(l.i());
        }
        RowSetFiles files = m.rowSetFiles(t.name(), rs);
        String index = files.adhocIndex() != null ? files.adhocIndex()
            : files.columns().get(m.schema(t.name(), rs).column(t.keyColumns().get(0)).id());
        assertThat(files.adhocIndex() != null).as(label).isEqualTo(t.keyColumns().size() > 1);
        Path dir = m.dir(t.name());
        try (BloomFile bloom = BloomFile.open(InputFile.local(dir.resolve(
            files.bloom())));
            CFile keyIndex = CFile.open(InputFile.local(dir.resolve(index)))) {
          CFileCursor cursor = keyIndex.newCursor();
          for (int ord = 0; ord < base.size(); ord++) {
            byte[] key = encodeKey(t, enc, base.get(ord));
            assertThat(bloom.mayContain(key)).as("%s: bloom lacks the key of row %d", label, ord)
                .isTrue();
            assertThat(cursor.seekAtOrAfter(key)).as("%s: key of row %d not found", label, ord)
                .isTrue();
            assertThat(cursor.ordinal()).as("%s: key of row %d", label, ord).isEqualTo(ord);
            probes++;
            liveProbes += live.contains(base.get(ord).i()) ? 1 : 0;
          }
          for (int other : rowsets) {
            if (other == rs) {
              continue;
            }
            for (Row a : o.base(other)) {
              byte[] key = encodeKey(t, enc, a);
              int at = lowerBound(t, base, a);
              assertThat(cursor.seekAtOrAfter(key)).as("%s: found a key of rs%d", label, other)
                  .isFalse();
              assertThat(cursor.ordinal()).as("%s: where a key of rs%d goes", label, other)
                  .isEqualTo(at);
              falsePositives += bloom.mayContain(key) ? 1 : 0;
              absent++;
            }
          }
        }
      }
    }
    assertThat(liveProbes).isEqualTo(LIVE_ROWS);
    assertThat(probes).isEqualTo(BASE_ROWS);
    assertThat(absent).isEqualTo(3 * (200 + 600)); // s_int64, s_string, s_composite: each way
    assertThat(falsePositives).as("bloom false positives of " + absent)
        .isLessThanOrEqualTo(absent / 100);
  }

  // ---------------------------------------------------------------- helpers

  private static RowSetReader open(CorpusManifest m, Tbl t, int rs) throws IOException {
    return RowSetReader.open(m.schema(t.name(), rs), m.rowSetFiles(t.name(), rs),
        m.dir(t.name()));
  }

  /** The model rows' cells. */
  private static List<Object[]> cells(List<Row> rows) {
    return rows.stream().map(Row::cells).toList();
  }

  /**
   * Every row the reader gives for {@code options}, as model values of columns {@code cols}
   * (which must be the columns the reader gives, in any order).
   */
  private static List<Object[]> read(RowSetReader r, Tbl t, List<String> cols,
      ReadOptions options) throws IOException {
    List<Object[]> out = new ArrayList<>();
    try (BatchReader b = r.read(options)) {
      Type schema = b.schema();
      assertThat(schema.fieldNames()).containsExactlyInAnyOrderElementsOf(cols);
      if (options.columns().isPresent()) {
        assertThat(schema.fieldNames()).containsExactlyElementsOf(options.columns().get());
      }
      int[] from = new int[cols.size()];
      for (int c = 0; c < cols.size(); c++) {
        from[c] = schema.fieldIndex(cols.get(c));
      }
      ColumnBatch batch = b.newBatch();
      while (b.next(batch)) {
        assertThat(batch.size).isLessThanOrEqualTo(options.batchSize());
        for (int row = 0; row < batch.size; row++) {
          Object[] cells = new Object[cols.size()];
          for (int c = 0; c < cols.size(); c++) {
            cells[c] = fromVector(batch.cols[from[c]], row, t.kindOf(cols.get(c)));
          }
          out.add(cells);
        }
      }
    }
    return out;
  }

  /** A reader cell as a model value; fails on a cell the Kudu type cannot hold. */
  private static Object fromVector(ColumnVector v, int row, Kind kind) {
    if (v.isNull(row)) {
      return null;
    }
    switch (kind) {
      case BOOL: {
        long x = ((LongVector) v).vector[row];
        assertThat(x).as("bool cell").isBetween(0L, 1L);
        return x == 1;
      }
      case FLOAT: {
        double d = ((DoubleVector) v).vector[row];
        float f = (float) d;
        assertThat(Double.isNaN(d) || (double) f == d).as("float cell %s", d).isTrue();
        return f;
      }
      case DOUBLE:
        return ((DoubleVector) v).vector[row];
      case UNIXTIME_MICROS: {
        TimestampVector ts = (TimestampVector) v;
        assertThat(ts.nanos[row] % 1000).as("whole microseconds").isZero();
        return ts.seconds[row] * 1_000_000L + ts.nanos[row] / 1000;
      }
      case DECIMAL32, DECIMAL64, DECIMAL128: {
        DecimalVector d = (DecimalVector) v;
        assertThat(List.of(d.precision, d.scale)).as("decimal type")
            .isEqualTo(List.of(kind.precision(), kind.scale()));
        return d.get(row);
      }
      case STRING, VARCHAR, BINARY:
        return ((BytesVector) v).get(row);
      default: {
        long x = ((LongVector) v).vector[row];
        switch (kind) {
          case INT8 -> assertThat(x).isEqualTo((byte) x);
          case INT16 -> assertThat(x).isEqualTo((short) x);
          case INT32, DATE -> assertThat(x).isEqualTo((int) x);
          default -> { }
        }
        return x;
      }
    }
  }

  /** A cell as exact text: integers, dates, microseconds, float bits, unscaled and scale. */
  static String text(Kind kind, Object v) {
    if (v == null) {
      return "NULL";
    }
    return switch (kind) {
      case DATE -> "date " + LocalDate.ofEpochDay((Long) v);
      case UNIXTIME_MICROS -> "micros " + v;
      case FLOAT -> String.format("float %08x (%s)", Float.floatToRawIntBits((Float) v), v);
      case DOUBLE -> String.format("double %016x (%s)", Double.doubleToRawLongBits((Double) v),
          v);
      case DECIMAL32, DECIMAL64, DECIMAL128 -> "decimal " + ((BigDecimal) v).unscaledValue()
          + " scale " + ((BigDecimal) v).scale();
      case STRING, VARCHAR, BINARY -> "bytes " + HEX.formatHex((byte[]) v);
      default -> v.toString();
    };
  }

  /** Fails, naming the first few differing cells, unless the rows are equal cell for cell. */
  private static void assertSameRows(String label, Tbl t, List<String> cols,
      List<Object[]> want, List<Object[]> got) {
    assertThat(got).as(label + ": rows").hasSameSizeAs(want);
    List<String> bad = new ArrayList<>();
    for (int r = 0; r < want.size() && bad.size() < 20; r++) {
      for (int c = 0; c < cols.size(); c++) {
        Kind k = t.kindOf(cols.get(c));
        String w = text(k, want.get(r)[c]);
        String g = text(k, got.get(r)[c]);
        if (!w.equals(g)) {
          bad.add(label + " row " + r + " column " + cols.get(c) + ": want " + w + ", got " + g);
        }
      }
    }
    assertThat(bad).as(label).isEmpty();
  }

  private static final Map<String, Comparator<Row>> KEY_ORDERS = new ConcurrentHashMap<>();

  private static Comparator<Row> keyOrder(Tbl t) {
    return KEY_ORDERS.computeIfAbsent(t.name(), n -> GenModel.keyOrder(t));
  }

  /** Orders two rows of {@link Tbl#rowColumns()} cells by primary key. */
  private static int compareKeys(Tbl t, Object[] a, Object[] b) {
    return keyOrder(t).compare(new Row(-1, a), new Row(-1, b));
  }

  /** The number of rows of {@code rows} (in key order) whose key is before {@code probe}'s. */
  private static int lowerBound(Tbl t, List<Row> rows, Row probe) {
    int lo = 0;
    int hi = rows.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (keyOrder(t).compare(rows.get(mid), probe) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static KeyEncoder keyEncoder(Tbl t) {
    return new KeyEncoder(t.keyColumns().stream().map(c -> t.kindOf(c).kuduType()).toList());
  }

  /** A row's primary key, encoded as Kudu's indexes and bloom filters hold it. */
  private static byte[] encodeKey(Tbl t, KeyEncoder enc, Row row) {
    KeyBuffer buf = new KeyBuffer();
    List<String> keys = t.keyColumns();
    for (int c = 0; c < keys.size(); c++) {
      Object v = row.cells()[t.rowColumns().indexOf(keys.get(c))];
      if (v instanceof byte[] b) {
        enc.appendBinary(buf, c, b, 0, b.length);
      } else if (v instanceof BigDecimal d && enc.type(c) == KuduType.DECIMAL128) {
        BigInteger u = d.unscaledValue();
        enc.appendInt128(buf, c, u.shiftRight(64).longValueExact(), u.longValue());
      } else if (v instanceof BigDecimal d) {
        enc.appendLong(buf, c, d.unscaledValue().longValueExact());
      } else {
        enc.appendLong(buf, c, (Long) v);
      }
    }
    return buf.toByteArray();
  }

  /**
   * The auto_incrementing_id of each insert of the non-unique table, from Kudu's dump of its
   * rowset's base data (so the oracle reads nothing through colfile): the server numbers rows in
   * the order it applies the inserts, so for each key value the k-th smallest id belongs to the
   * k-th insert of that key value (the base-data test then holds every other cell of those rows
   * to Kudu's dump). In this corpus that makes every id the insert's number plus one.
   */
  static long[] autoIds(CorpusManifest m, Tbl t) throws IOException {
    assertThat(m.rowsets(t.name())).as(t.name()).containsExactly(0);
    Path dir = m.dir(t.name());
    List<String> kLines = null;
    List<String> idLines = null;
    for (CorpusManifest.FileDef f : m.files(t.name(), 0)) {
      if (!f.role().equals("data")) {
        continue;
      }
      Path dump = dir.resolve(Path.of((String) f.fields().get("expected_dump")).getFileName());
      if (f.column().equals(GenModel.AUTO_ID)) {
        idLines = KuduDump.read(dump).values();
      } else if (f.column().equals(t.keyColumns().get(0))) {
        kLines = KuduDump.read(dump).values();
      }
    }
    assertThat(idLines).as(t.name() + " ids").hasSameSizeAs(kLines).hasSize(t.rows1());
    List<byte[]> ks = new ArrayList<>();
    List<Long> ids = new ArrayList<>();
    for (int r = 0; r < kLines.size(); r++) {
      ks.add(CEscapes.unquote(kLines.get(r)));
      ids.add(Long.parseLong(idLines.get(r)));
    }
    Map<String, List<Long>> idsByKey = new TreeMap<>();
    for (int r = 0; r < ks.size(); r++) {
      idsByKey.computeIfAbsent(HEX.formatHex(ks.get(r)), x -> new ArrayList<>()).add(ids.get(r));
    }
    GenModel.Col k = t.col(t.keyColumns().get(0));
    Map<String, List<Long>> rowsByKey = new TreeMap<>();
    for (long i = 0; i < t.rows1(); i++) {
      byte[] key = (byte[]) GenModel.cell(t, k, m.seed, i, 0);
      rowsByKey.computeIfAbsent(HEX.formatHex(key), x -> new ArrayList<>()).add(i);
    }
    assertThat(idsByKey.keySet()).as(t.name() + " key values").isEqualTo(rowsByKey.keySet());
    long[] out = new long[t.rows1()];
    for (Map.Entry<String, List<Long>> e : rowsByKey.entrySet()) {
      List<Long> is = e.getValue();
      List<Long> got = new ArrayList<>(idsByKey.get(e.getKey()));
      Collections.sort(got);
      assertThat(got).as(t.name() + " rows of key " + e.getKey()).hasSameSizeAs(is);
      for (int j = 0; j < is.size(); j++) {
        out[(int) (long) is.get(j)] = got.get(j);
      }
    }
    return out;
  }
}
