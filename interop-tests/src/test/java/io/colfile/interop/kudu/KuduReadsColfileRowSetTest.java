package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.testkit.TestSeed;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.delta.DeltaCell;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.proto.KuduProto;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetFiles;
import io.colfile.kudu.rowset.RowSetManifest;
import io.colfile.kudu.rowset.RowSetWriter;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kudu 1.17.1 reads the DiskRowSets colfile's {@link RowSetWriter} writes (cfile.md section 12):
 * a table with a single INT64 key and one with a composite (STRING, INT32) key whose strings hold
 * 00 bytes, six value columns of other types with NULLs, rows handed over unsorted in batches of
 * varying sizes, small blocks; and for each a REDO and an UNDO DeltaFile ({@code
 * DeltaFileWriter}) of mutations of those rows.
 *
 * <p>File by file, with {@code kudu fs dump cfile}: every column CFile, the BloomFile (with
 * {@code --noprint_rows}), the ad-hoc index and the delta files dump; each column prints exactly
 * its values in key order (the order this test works out from keys it encodes itself, {@link
 * KuduKeys}); the key CFile (column 0 for the single key, the ad-hoc index for the composite one)
 * has {@code min_key}/{@code max_key} in its footer, the encoded first and last keys; the ad-hoc
 * index prints the encoded composite keys in order.
 *
 * <p>As a whole, with {@code kudu local_replica dump rowset}: the rowset and its delta files are
 * made a tablet ({@link KuduTabletMeta}), and Kudu opens it as a DiskRowSet (the column CFiles,
 * the ad-hoc index, the key bounds from the key CFile's footer, the delta files; each column
 * CFile and delta file read from a seek of its index to row 0) and prints every row with its
 * base values, its UNDO and its REDO mutations decoded with the schema; with {@code --nodump_all_columns} it scans the key columns through a
 * row iterator and prints each row's key as it encodes it from the values it read (every row of
 * each block it reads: the tool ignores the selection vector in which deletes are applied), and
 * with {@code --dump_primary_key_bounds_only} the first and last of them.
 */
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KuduReadsColfileRowSetTest {
  /** A file of a rowset with what Kudu must print for it (null: nothing, --noprint_rows). */
  record RowSetFile(String name, long blockId, byte[] bytes, KuduType type, List<String> lines,
      Map<String, byte[]> metadata) {}

  /**
   * A rowset made a tablet, with the lines Kudu's rowset dumps must print: each row with its
   * mutations, and each row's encoded key in hex.
   */
  record Tablet(String name, List<String> rows, List<String> keys) {}

  private final List<RowSetFile> files = new ArrayList<>();
  private final Map<Long, KuduDump> dumps = new LinkedHashMap<>();
  private final List<Tablet> tablets = new ArrayList<>();
  private KuduFs fs;

  @BeforeAll
  void writeAndDump(@TempDir Path dir) throws IOException {
    fs = KuduFs.format(KuduBinary.get(), dir);
    int rows = TestSeed.exhaustive() ? 30_000 : 3_000;
    rowset(dir, "single-key", false, rows, RowSetWriterOptions.defaults()
        .withDefaultBlockSize(1024));
    rowset(dir, "composite-key", true, rows, RowSetWriterOptions.defaults()
        .withDefaultBlockSize(2048).withChecksums(false)
        .withDefaultCompression(KuduCompression.LZ4));
    Map<Long, List<String>> blocks = new LinkedHashMap<>();
    for (RowSetFile f : files) {
      fs.put(f.blockId(), f.bytes());
      blocks.put(f.blockId(), f.lines() == null ? List.of("--noprint_rows") : List.of());
    }
    dumps.putAll(fs.dumpAll(blocks));
  }

  private void rowset(Path dir, String name, boolean composite, int rows,
      RowSetWriterOptions options) throws IOException {
    List<KuduColumn> columns = new ArrayList<>();
    if (composite) {
      columns.add(KuduColumn.of("k1", 0, KuduType.STRING, false, true));
      columns.add(KuduColumn.of("k2", 1, KuduType.INT32, false, true));
    } else {
      columns.add(KuduColumn.of("id", 0, KuduType.INT64, false, true)
          .withStorage(KuduEncoding.PLAIN, KuduCompression.DEFAULT, 512));
    }
    columns.add(KuduColumn.of("name", 10, KuduType.STRING, true, false)
        .withStorage(KuduEncoding.DICT, KuduCompression.DEFAULT, 512));
    columns.add(KuduColumn.of("score", 11, KuduType.DOUBLE, true, false));
    columns.add(KuduColumn.of("flag", 12, KuduType.BOOL, false, false)
        .withStorage(KuduEncoding.PLAIN, KuduCompression.SNAPPY, 0));
    columns.add(KuduColumn.of("day", 13, KuduType.DATE, true, false)
        .withStorage(KuduEncoding.RLE, KuduCompression.ZLIB, 0));
    columns.add(KuduColumn.of("blob", 14, KuduType.BINARY, true, false)
        .withStorage(KuduEncoding.PREFIX, KuduCompression.DEFAULT, 0));
    columns.add(KuduColumn.of("n", 15, KuduType.INT64, true, false));
    KuduSchema schema = new KuduSchema(columns, composite ? List.of("k1", "k2") : List.of("id"));

    Random r = TestSeed.random("rowset/" + name, 0);
    List<byte[][]> table = table(columns, composite, rows, r);
    Path out = dir.resolve(name);
    try (RowSetWriter w = RowSetWriter.create(out, schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema.rowType(), 700);
      for (int from = 0; from < rows; ) {
        int n = Math.min(rows - from, 1 + r.nextInt(700));
        batch.reset();
        for (int i = 0; i < n; i++) {
          byte[][] row = table.get(from + i);
          for (int c = 0; c < columns.size(); c++) {
            set(batch, c, i, columns.get(c).type(), row[c]);
          }
        }
        batch.size = n;
        w.write(batch);
        from += n;
      }
    }

    // what Kudu must print: rows in the order of their keys, encoded here
    List<byte[]> keys = new ArrayList<>();
    for (byte[][] row : table) {
      keys.add(composite ? KuduKeys.stringInt32(row[0], intOf(row[1]))
          : KuduKeys.int64(longOf(row[0])));
    }
    Integer[] order = new Integer[rows];
    for (int i = 0; i < rows; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparing(keys::get, Arrays::compareUnsigned));
    byte[] minKey = keys.get(order[0]);
    byte[] maxKey = keys.get(order[rows - 1]);
    Map<String, byte[]> keyMetadata = new LinkedHashMap<>();
    keyMetadata.put("min_key", minKey);
    keyMetadata.put("max_key", maxKey);

    RowSetManifest.Contents manifest;
    try (InputStream in = Files.newInputStream(out.resolve(RowSetManifest.FILE_NAME))) {
      manifest = RowSetManifest.read(in, name);
    }
    RowSetFiles rs = manifest.files();
    assertThat(rs.columns().keySet()).as(name + ": a file per column")
        .containsExactlyInAnyOrderElementsOf(columns.stream().map(KuduColumn::id).toList());
    assertThat(rs.adhocIndex() != null).as(name + ": an ad-hoc index").isEqualTo(composite);
    List<long[]> columnBlocks = new ArrayList<>();
    for (int c = 0; c < columns.size(); c++) {
      KuduColumn col = columns.get(c);
      List<String> lines = new ArrayList<>();
      for (Integer i : order) {
        lines.add(KuduCells.line(col.type(), table.get(i)[c]));
      }
      columnBlocks.add(new long[] {col.id(), add(name + "/" + col.name(),
          out.resolve(rs.columns().get(col.id())), col.type(), lines,
          !composite && c == 0 ? keyMetadata : Map.of())});
    }
    long adhoc = 0;
    if (composite) {
      List<String> lines = new ArrayList<>();
      for (Integer i : order) {
        lines.add(KuduCells.line(KuduType.BINARY, keys.get(i)));
      }
      adhoc = add(name + "/ad-hoc index", out.resolve(rs.adhocIndex()), KuduType.BINARY, lines,
          keyMetadata);
    }
    long bloom = add(name + "/bloom", out.resolve(rs.bloom()), KuduType.BINARY, null, Map.of());

    // mutations of the rows (by ordinal, i.e. key order), in a REDO and an UNDO DeltaFile
    List<KuduColumn> values = columns.stream().filter(c -> !c.key()).toList();
    RowMutations m = new RowMutations(rows, values, r);
    List<Long> deltaBlocks = new ArrayList<>();
    for (DeltaType type : DeltaType.values()) {
      List<DeltaCell> cells = type == DeltaType.REDO ? m.redo : m.undo;
      Path file = dir.resolve(name + "." + type);
      try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(file), type,
          options.checksums(), KuduCompression.LZ4, 4096)) {
        for (DeltaCell d : cells) {
          w.append(d.key(), d.changes());
        }
      }
      List<String> lines = new ArrayList<>();
      for (DeltaCell d : cells) {
        lines.add(KuduCells.line(KuduType.BINARY, d.encode()));
      }
      deltaBlocks.add(add(name + "/" + type + " deltas", file, KuduType.BINARY, lines,
          Map.of("deltafilestats", deltaStats(file))));
    }
    String tabletId = name.replace("-", "");
    KuduTabletMeta.write(fs.root(), tabletId, schema, new KuduTabletMeta.RowSetBlocks(0,
        columnBlocks, bloom, adhoc, List.of(deltaBlocks.get(0)), List.of(deltaBlocks.get(1))));

    // what Kudu's rowset dumps must print: the rows (keys first, as Kudu orders a schema) with
    // their mutations; the rows' keys
    List<KuduColumn> kuduOrder = new ArrayList<>(schema.keys());
    kuduOrder.addAll(values);
    List<String> rowLines = new ArrayList<>();
    List<String> hexKeys = new ArrayList<>();
    for (int ordinal = 0; ordinal < rows; ordinal++) {
      byte[][] row = table.get(order[ordinal]);
      StringBuilder base = new StringBuilder("(");
      for (KuduColumn col : kuduOrder) {
        byte[] cell = row[columns.indexOf(col)];
        base.append(base.length() > 1 ? ", " : "").append(col.type().kuduName()).append(' ')
            .append(col.name()).append('=').append(KuduCells.line(col.type(), cell));
      }
      rowLines.add("Base: " + base + "); Undo Mutations: " + m.text(m.undoOf(ordinal), schema)
          + "; Redo Mutations: " + m.text(m.redoOf(ordinal), schema) + ";");
      hexKeys.add(HexFormat.of().formatHex(keys.get(order[ordinal])));
    }
    tablets.add(new Tablet(tabletId, rowLines, hexKeys));
  }

  /** The deltafilestats a delta file's footer holds, as written. */
  private static byte[] deltaStats(Path file) throws IOException {
    KuduProto.CFileFooterPB footer = ColfileCFiles.footer(Files.readAllBytes(file));
    return footer.getMetadata(0).getValue().toByteArray();
  }

  private long add(String name, Path file, KuduType type, List<String> lines,
      Map<String, byte[]> metadata) throws IOException {
    long id = files.size() + 1;
    files.add(new RowSetFile(name, id, Files.readAllBytes(file), type, lines, metadata));
    return id;
  }

  /**
   * Rows of random cells: keys unique (composite: strings of 0 to 6 bytes from {00, 01, 'a',
   * 0xff} and small INT32s, so many keys share prefixes and 00 escapes), value columns from
   * TrickyCells with one NULL in five where nullable.
   */
  private static List<byte[][]> table(List<KuduColumn> columns, boolean composite, int rows,
      Random r) {
    Map<KuduType, List<byte[]>> pools = new java.util.EnumMap<>(KuduType.class);
    for (KuduColumn c : columns) {
      pools.computeIfAbsent(c.type(), t -> t.physical().isFixedWidth()
          ? TrickyCells.fixed(t, r) : TrickyCells.binary(r));
    }
    Set<String> seen = new HashSet<>();
    byte[] alphabet = {0, 1, 'a', (byte) 0xff};
    List<byte[][]> out = new ArrayList<>();
    while (out.size() < rows) {
      byte[][] row = new byte[columns.size()][];
      int first;
      if (composite) {
        byte[] s = new byte[r.nextInt(7)];
        for (int i = 0; i < s.length; i++) {
          s[i] = alphabet[r.nextInt(alphabet.length)];
        }
        row[0] = s;
        row[1] = TrickyCells.le(4, r.nextInt(7) - 3 + (r.nextInt(20) == 0 ? r.nextInt() : 0));
        first = 2;
      } else {
        row[0] = TrickyCells.le(8, r.nextInt(10) == 0 ? r.nextLong() : r.nextInt(100_000));
        first = 1;
      }
      if (!seen.add(Arrays.toString(row[0]) + (composite ? Arrays.toString(row[1]) : ""))) {
        continue;
      }
      for (int c = first; c < columns.size(); c++) {
        KuduColumn col = columns.get(c);
        if (col.nullable() && r.nextInt(5) == 0) {
          continue;
        }
        List<byte[]> pool = pools.get(col.type());
        int days = KuduType.MIN_DATE + r.nextInt(KuduType.MAX_DATE - KuduType.MIN_DATE);
        row[c] = col.type() == KuduType.DATE ? TrickyCells.le(4, days)
            : pool.get(r.nextInt(pool.size()));
      }
      out.add(row);
    }
    return out;
  }

  /** Puts a cell into row {@code i} of the batch's column {@code c} (its colfile vector). */
  private static void set(ColumnBatch batch, int c, int i, KuduType type, byte[] cell) {
    var v = batch.cols[c];
    if (cell == null) {
      v.setNull(i);
      return;
    }
    v.isNull[i] = false;
    switch (type) {
      case STRING, BINARY -> ((BytesVector) v).setRef(i, cell, 0, cell.length);
      case DOUBLE -> ((DoubleVector) v).vector[i] = Double.longBitsToDouble(longOf(cell));
      case INT64 -> ((LongVector) v).vector[i] = longOf(cell);
      case INT32, DATE -> ((LongVector) v).vector[i] = intOf(cell);
      case BOOL -> ((LongVector) v).vector[i] = cell[0];
      default -> throw new IllegalArgumentException(type.toString());
    }
  }

  private static long longOf(byte[] le) {
    long v = 0;
    for (int i = le.length - 1; i >= 0; i--) {
      v = v << 8 | (le[i] & 0xff);
    }
    return v;
  }

  private static int intOf(byte[] le) {
    return (int) longOf(le);
  }

  @TestFactory
  Stream<DynamicTest> kuduReadsEveryFileOfTheRowSets() {
    assertThat(files).isNotEmpty();
    return files.stream().map(f -> DynamicTest.dynamicTest(f.name(), () -> check(f)));
  }

  private void check(RowSetFile f) {
    KuduDump dump = dumps.get(f.blockId()).requireOk();
    KuduProto.CFileFooterPB footer = ColfileCFiles.footer(f.bytes());
    assertThat(dump.footer()).as(f.name()).isEqualTo(footer);
    assertThat(footer.getDataType()).as(f.name()).isEqualTo(f.type().wireId());
    Map<String, byte[]> metadata = new LinkedHashMap<>();
    for (KuduProto.FileMetadataPairPB p : dump.footer().getMetadataList()) {
      metadata.put(p.getKey(), p.getValue().toByteArray());
    }
    assertThat(metadata.keySet()).as(f.name() + ": footer metadata")
        .containsExactlyElementsOf(f.metadata().keySet());
    f.metadata().forEach((k, v) -> assertThat(metadata.get(k)).as(f.name() + ": " + k)
        .isEqualTo(v));
    if (f.lines() == null) {
      assertThat(dump.values()).isEmpty();
    } else {
      assertThat(dump.values()).as("%s, %s", f.name(), TestSeed.replay())
          .hasSize(f.lines().size()).isEqualTo(f.lines());
    }
    if (f.name().endsWith("ad-hoc index")) {
      assertThat(List.of(footer.getEncoding(), footer.getCompression(), footer.hasPosidxInfo(),
          footer.hasValidxInfo())).as("PREFIX, LZ4, no posidx, validx")
          .isEqualTo(List.of(KuduEncoding.PREFIX.wireId(), KuduCompression.LZ4.wireId(), false,
              true));
    }
    if (f.name().equals("single-key/id")) {
      assertThat(footer.hasValidxInfo()).as("the key column's value index").isTrue();
    }
  }

  @TestFactory
  Stream<DynamicTest> kuduReadsTheRowSetsAsTablets() {
    assertThat(tablets).hasSize(2);
    return tablets.stream().flatMap(t -> Stream.of(
        DynamicTest.dynamicTest(t.name() + ": rows with their mutations", () -> {
          List<String> got = new ArrayList<>();
          // the rows go through glog's INFO level (LOG_STRING), which --minloglevel=1 drops
          for (String line : rowsetDump(t, "--nodump_metadata", "--minloglevel=0")) {
            got.add(line.replaceFirst("^RowIdxInBlock: \\d+; ", ""));
          }
          assertThat(got).as("%s, %s", t.name(), TestSeed.replay()).hasSize(t.rows().size())
              .isEqualTo(t.rows());
        }),
        DynamicTest.dynamicTest(t.name() + ": keys", () ->
            assertThat(rowsetDump(t, "--nodump_metadata", "--nodump_all_columns"))
                .as("%s, %s", t.name(), TestSeed.replay()).isEqualTo(t.keys())),
        DynamicTest.dynamicTest(t.name() + ": key bounds", () ->
            assertThat(rowsetDump(t, "--nodump_metadata", "--nodump_all_columns",
                "--dump_primary_key_bounds_only"))
                .as("%s, %s", t.name(), TestSeed.replay())
                .containsExactly(t.keys().get(0), t.keys().get(t.keys().size() - 1)))));
  }

  /** The lines {@code kudu local_replica dump rowset} prints for the tablet's rowset 0. */
  private List<String> rowsetDump(Tablet t, String... flags) throws IOException {
    List<String> args = new ArrayList<>(List.of("local_replica", "dump", "rowset", t.name(),
        "--rowset_index=0"));
    args.addAll(List.of(flags));
    KuduBinary.Run run = fs.run(args);
    assertThat(run.exitCode()).as("kudu %s: %s", String.join(" ", args),
        KuduDump.withoutGlogNoise(run.stderr())).isZero();
    String out = new String(run.stdout(), StandardCharsets.ISO_8859_1);
    return out.isEmpty() ? List.of() : List.of(out.split("\n"));
  }
}
