package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetFiles;
import io.colfile.kudu.rowset.RowSetManifest;
import io.colfile.kudu.rowset.RowSetReader;
import io.colfile.kudu.rowset.RowSetWriter;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rowsets: {@link RowSetWriter} with random schemas (one or several key columns of every key
 * type, in any table position; nullable value columns; per-column encodings, compressions and
 * block sizes) and random unsorted rows, then {@link RowSetReader#openDirectory} (and {@link
 * ColFile#openDirectory}, and projections) give the rows sorted by their encoded key; the key
 * index file (the ad-hoc index, or the single key column) has {@code min_key}/{@code max_key},
 * and the bloom filter holds every key. Duplicate keys are refused naming both rows, NULL keys
 * naming the row and column. Then REDO DeltaFiles written by hand (updates, deletes, reinserts,
 * NULLs, spread over several files) must read as the model with the mutations applied in
 * timestamp order and the deleted rows gone.
 */
@ExtendWith(TestSeed.class)
class CFileRoundTripRowSetTest {
  private static final boolean EXHAUSTIVE = CFileRoundTripTest.EXHAUSTIVE;
  private static final KuduCompression[] ALL_COMPRESSIONS = RandomColumns.ALL_COMPRESSIONS;

  @TempDir Path tmp;

  static Stream<Integer> cases() {
    return IntStream.range(0, EXHAUSTIVE ? 120 : 14).boxed();
  }

  /** A generated table: its schema, and where each key column is in the table. */
  record Table(KuduSchema schema, int[] keyIndex) {
    List<KuduColumn> columns() {
      return schema.columns();
    }
  }

  static Table table(Random r, int index) {
    List<KuduType> keyTypes = CFileRoundTripSeekTest.keyTypes();
    int nKeys = index % 3 == 0 ? 1 : 1 + r.nextInt(3);
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      ids.add(i * (1 + r.nextInt(3)) + (r.nextBoolean() ? 0 : 200));
    }
    ids = new ArrayList<>(new TreeSet<>(ids));
    Collections.shuffle(ids, r);
    List<KuduColumn> cols = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < nKeys; k++) {
      KuduType t = keyTypes.get(r.nextInt(keyTypes.size()));
      String name = "k" + k;
      keys.add(name);
      cols.add(RandomColumns.column(r, name, ids.get(cols.size()), t, false, true));
    }
    // sometimes no value columns (a table of keys alone); names that are no file names, that
    // differ only in case, or that are the names of the rowset's other files
    int nValues = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(5);
    String[] odd = {"value/ü", "V0", "bloom", "adhoc-index", "rowset.json", ".", "..", " "};
    for (int v = 0; v < nValues; v++) {
      KuduType t = KuduType.values()[r.nextInt(KuduType.values().length)];
      String pick = switch (r.nextInt(6)) {
        case 0 -> odd[r.nextInt(odd.length)] + v;
        case 1 -> odd[r.nextInt(odd.length)];
        default -> "v" + v;
      };
      String name = cols.stream().anyMatch(c -> c.name().equals(pick)) ? "v" + v : pick;
      cols.add(RandomColumns.column(r, name, ids.get(cols.size()), t, r.nextBoolean(), false));
    }
    Collections.shuffle(cols, r); // key columns need not come first
    Collections.shuffle(keys, r); // nor be in table order
    KuduSchema schema = new KuduSchema(cols, keys);
    int[] keyIndex = new int[keys.size()];
    for (int k = 0; k < keyIndex.length; k++) {
      keyIndex[k] = cols.indexOf(schema.column(keys.get(k)));
    }
    return new Table(schema, keyIndex);
  }

  /** Cells of every column of {@code n} rows with distinct keys, in insertion order. */
  static List<byte[][]> rows(Table table, Random r, int n) {
    List<KuduColumn> cols = table.columns();
    TreeSet<byte[]> keys = new TreeSet<>(Arrays::compareUnsigned);
    List<byte[][]> out = new ArrayList<>();
    int tries = 0;
    while (out.size() < n && tries++ < 50 * n) {
      byte[][] row = new byte[cols.size()][];
      for (int c = 0; c < cols.size(); c++) {
        row[c] = cell(cols.get(c), r);
      }
      if (keys.add(key(table, row))) {
        out.add(row);
      }
    }
    return out;
  }

  /** A random cell of a column (NULL sometimes, where it may be). */
  static byte[] cell(KuduColumn c, Random r) {
    if (c.nullable() && r.nextInt(4) == 0) {
      return null;
    }
    int shape = r.nextInt(4);
    byte[] v = shape == 0 ? ColumnGen.edge(c.type(), r)
        : shape == 1 ? ColumnGen.small(c.type(), r) : ColumnGen.random(c.type(), r);
    return CellModel.throughVector(c.type(), v);
  }

  /** The row's primary key, as Kudu encodes it (cfile.md section 9.2). */
  static byte[] key(Table table, byte[][] row) {
    List<KuduType> types = new ArrayList<>();
    for (int k : table.keyIndex()) {
      types.add(table.columns().get(k).type());
    }
    KeyEncoder enc = new KeyEncoder(types);
    KeyBuffer buf = new KeyBuffer();
    for (int k = 0; k < table.keyIndex().length; k++) {
      byte[] v = row[table.keyIndex()[k]];
      if (types.get(k).physical() == PhysicalType.BINARY) {
        enc.appendBinary(buf, k, v, 0, v.length);
      } else {
        enc.appendCell(buf, k, v, 0);
      }
    }
    return buf.toByteArray();
  }

  /** The rows in the order of their encoded keys. */
  static List<byte[][]> sortedByKey(Table table, List<byte[][]> rows) {
    List<Object[]> keyed = new ArrayList<>();
    for (byte[][] row : rows) {
      keyed.add(new Object[] {key(table, row), row});
    }
    keyed.sort((a, b) -> Arrays.compareUnsigned((byte[]) a[0], (byte[]) b[0]));
    List<byte[][]> out = new ArrayList<>();
    for (Object[] k : keyed) {
      out.add((byte[][]) k[1]);
    }
    return out;
  }

  /** Writes the rows in batches of varied size. */
  static void write(Path dir, Table table, List<byte[][]> rows, RowSetWriterOptions o,
      Random r) throws IOException {
    try (RowSetWriter w = RowSetWriter.create(dir, table.schema(), o)) {
      int at = 0;
      while (at < rows.size()) {
        int k = Math.min(CFiles.batch(r), rows.size() - at);
        w.write(batch(table, rows.subList(at, at + k)));
        at += k;
      }
      assertThat(w.numberOfRows()).isEqualTo(rows.size());
    }
  }

  private static ColumnBatch batch(Table table, List<byte[][]> rows) {
    ColumnBatch b = new ColumnBatch(table.schema().rowType(), Math.max(1, rows.size()));
    for (int c = 0; c < table.columns().size(); c++) {
      for (int i = 0; i < rows.size(); i++) {
        CellModel.set(table.columns().get(c).type(), b.cols[c], i, rows.get(i)[c]);
      }
    }
    b.size = rows.size();
    return b;
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void rowSet(int index) throws IOException {
    Random r = TestSeed.random("rowset", index);
    Table table = table(r, index);
    int[] sizes = {0, 1, 2, 3};
    int n = index < 3 ? sizes[index] : 1 + r.nextInt(EXHAUSTIVE ? 10_000 : 1500);
    List<byte[][]> rows = rows(table, r, n);
    n = rows.size(); // a one-byte key has at most 256 values
    RowSetWriterOptions o = RowSetWriterOptions.defaults().withChecksums(r.nextBoolean())
        .withDefaultCompression(ALL_COMPRESSIONS[r.nextInt(ALL_COMPRESSIONS.length)])
        .withDefaultBlockSize(new int[] {64, 512, 256 << 10}[r.nextInt(3)]);
    Path dir = tmp.resolve("rs");
    write(dir, table, rows, o, r);
    String what = "rowset #" + index + " " + table.schema();

    List<byte[][]> sorted = sortedByKey(table, rows);
    try (RowSetReader reader = RowSetReader.openDirectory(dir)) {
      assertThat(reader.kuduSchema()).isEqualTo(table.schema());
      assertThat(reader.numberOfRows()).isEqualTo(n);
      checkRows(reader, table, sorted, r, what);
    }
    try (FileReader reader = ColFile.openDirectory(dir)) {
      checkRows(reader, table, sorted, r, what + " (ColFile.openDirectory)");
    }
    checkKeyFiles(dir, table, sorted, what);
    if (n > 0) {
      checkRedo(dir, table, sorted, r, what);
    }
  }

  /** Reads every row, and a random projection, and compares them with the model. */
  private static void checkRows(FileReader reader, Table table, List<byte[][]> expected,
      Random r, String what) throws IOException {
    List<KuduColumn> cols = table.columns();
    List<Integer> projection = new ArrayList<>();
    for (int c = 0; c < cols.size(); c++) {
      projection.add(c);
    }
    for (int pass = 0; pass < 2; pass++) {
      ReadOptions options = ReadOptions.defaults().withBatchSize(CFiles.batch(r));
      if (pass == 1) {
        Collections.shuffle(projection, r);
        projection = projection.subList(0, 1 + r.nextInt(projection.size()));
        List<String> names = projection.stream().map(c -> cols.get(c).name()).toList();
        options = options.withColumns(names);
      }
      try (BatchReader rows = reader.read(options)) {
        ColumnBatch b = rows.newBatch();
        int at = 0;
        while (rows.next(b)) {
          b.validate();
          for (int i = 0; i < b.size; i++, at++) {
            assertThat(at).as("%s: rows", what).isLessThan(expected.size());
            for (int p = 0; p < projection.size(); p++) {
              int c = projection.get(p);
              KuduType t = cols.get(c).type();
              String want = CellModel.text(t, expected.get(at)[c]);
              String have = CellModel.text(t, b.cols[p], i);
              if (!want.equals(have)) {
                throw new AssertionError(what + ": row " + at + " column " + cols.get(c).name()
                    + " reads " + have + ", expected " + want + " (" + TestSeed.replay()
                    + ")");
              }
            }
          }
        }
        assertThat(at).as("%s: rows read", what).isEqualTo(expected.size());
      }
    }
  }

  /**
   * The key index file (ad-hoc index of a composite key, else the key column's file) has
   * min_key and max_key, and the ad-hoc index holds every key in order; the bloom filter may
   * contain every key.
   */
  private static void checkKeyFiles(Path dir, Table table, List<byte[][]> sorted, String what)
      throws IOException {
    RowSetManifest.Contents m;
    try (InputStream in = Files.newInputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      m = RowSetManifest.read(in, "rowset.json");
    }
    assertThat(m.rows()).isEqualTo(sorted.size());
    boolean composite = table.keyIndex().length > 1;
    String keyFile = composite ? m.files().adhocIndex()
        : m.files().columns().get(table.columns().get(table.keyIndex()[0]).id());
    assertThat(m.files().adhocIndex() != null).as(what).isEqualTo(composite);
    byte[][] keys = sorted.stream().map(row -> key(table, row)).toArray(byte[][]::new);
    try (CFile f = CFile.open(InputFile.local(dir.resolve(keyFile)))) {
      assertThat(f.footer().valueIndexRoot()).as("%s: %s has a value index", what, keyFile)
          .isNotNull();
      assertThat(f.footer().metadata("min_key")).as("%s: min_key", what)
          .isEqualTo(keys.length == 0 ? null : keys[0]);
      assertThat(f.footer().metadata("max_key")).as("%s: max_key", what)
          .isEqualTo(keys.length == 0 ? null : keys[keys.length - 1]);
      if (composite) {
        assertThat(f.dataType()).isEqualTo(KuduType.BINARY);
        assertThat(f.encoding()).isEqualTo(KuduEncoding.PREFIX);
        assertThat(f.compression()).isEqualTo(KuduCompression.LZ4);
        CFiles.checkRead(f, keys, new Random(keys.length), what + " ad-hoc index");
      }
    }
    try (BloomFile bloom = BloomFile.open(
        InputFile.local(dir.resolve(m.files().bloom())))) {
      for (byte[] k : keys) {
        assertThat(bloom.mayContain(k)).as("%s: bloom", what).isTrue();
      }
    }
  }

  /**
   * REDO mutations for some rows ({@link RandomRedo}), read through {@link RowSetReader#open}
   * with the files listed, and through the directory once rowset.json lists them.
   */
  private void checkRedo(Path dir, Table table, List<byte[][]> sorted, Random r, String what)
      throws IOException {
    RandomRedo.Written redo = RandomRedo.write(dir, table, sorted, r);
    List<byte[][]> expected = redo.live();
    RowSetManifest.Contents m;
    try (InputStream in = Files.newInputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      m = RowSetManifest.read(in, "rowset.json");
    }
    RowSetFiles withRedo = new RowSetFiles(m.files().columns(), m.files().bloom(),
        m.files().adhocIndex(), redo.files(), List.of());
    String w = what + " with " + redo.files().size() + " REDO files";
    try (RowSetReader reader = RowSetReader.open(table.schema(), withRedo, dir)) {
      assertThat(reader.baseRows()).isEqualTo(sorted.size());
      assertThat(reader.numberOfRows()).as(w).isEqualTo(expected.size());
      checkRows(reader, table, expected, r, w);
    }
    RandomRedo.list(dir, redo.files());
    try (FileReader reader = ColFile.openDirectory(dir)) {
      assertThat(reader.numberOfRows()).as(w).isEqualTo(expected.size());
      checkRows(reader, table, expected, r, w + " (rowset.json)");
    }
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void duplicateKeysAreRefusedNamingBothRows(int index) throws IOException {
    Random r = TestSeed.random("duplicates", index);
    Table table = table(r, index);
    List<byte[][]> rows = rows(table, r, 2 + r.nextInt(300));
    int i = r.nextInt(rows.size() - 1);
    int j = i + 1 + r.nextInt(rows.size() - i - 1);
    byte[][] dup = rows.get(j).clone();
    for (int k : table.keyIndex()) {
      dup[k] = rows.get(i)[k];
    }
    rows.set(j, dup);
    boolean many = r.nextInt(3) == 0;
    if (many) { // more duplicates: any pair named must have equal keys
      for (int d = 0; d < 3; d++) {
        rows.add(rows.get(r.nextInt(rows.size())).clone());
      }
    }
    Path dir = tmp.resolve("dups");
    RowSetWriterOptions o = RowSetWriterOptions.defaults();
    assertThatThrownBy(() -> write(dir, table, rows, o, r))
        .isInstanceOf(IllegalArgumentException.class)
        .satisfies(e -> {
          Matcher m = Pattern.compile("rows (\\d+) and (\\d+) have the same primary key")
              .matcher(e.getMessage());
          assertThat(m.find()).as(e.getMessage()).isTrue();
          int a = Integer.parseInt(m.group(1)) - 1;
          int b = Integer.parseInt(m.group(2)) - 1;
          assertThat(a).isNotEqualTo(b);
          assertThat(key(table, rows.get(a))).isEqualTo(key(table, rows.get(b)));
          if (!many) {
            assertThat(List.of(a, b)).as(e.getMessage()).containsExactly(i, j);
          }
        });
    assertThat(dir).doesNotExist();
    try (Stream<Path> left = Files.list(tmp)) {
      assertThat(left).as("nothing left behind").isEmpty();
    }
  }

  @ParameterizedTest(name = "rowset #{0}")
  @MethodSource("cases")
  void nullKeysAreRefused(int index) throws IOException {
    Random r = TestSeed.random("null keys", index);
    Table table = table(r, index);
    List<byte[][]> rows = rows(table, r, 1 + r.nextInt(100));
    int bad = r.nextInt(rows.size());
    int k = table.keyIndex()[r.nextInt(table.keyIndex().length)];
    String column = table.columns().get(k).name();
    Path dir = tmp.resolve("nulls");
    try (RowSetWriter w = RowSetWriter.create(dir, table.schema(),
        RowSetWriterOptions.defaults())) {
      if (bad > 0) {
        w.write(batch(table, rows.subList(0, bad)));
      }
      ColumnBatch b = batch(table, rows.subList(bad, rows.size()));
      b.cols[k].setNull(0);
      assertThatThrownBy(() -> w.write(b)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("row " + (bad + 1) + ":")
          .hasMessageContaining("key column " + column + " is NULL");
      w.abort();
    }
    assertThat(dir).doesNotExist();
  }
}
