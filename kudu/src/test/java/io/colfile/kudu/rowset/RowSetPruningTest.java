package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a filter on the key lets a rowset skip, as its {@link ScanReport} tells: a point lookup
 * in a large rowset of small blocks reads one base row; a key the bloom filter rules out, a
 * range beyond min_key/max_key and contradicting conditions skip the rowset (saying why), as does
 * a whole composite key between min_key and max_key the bloom filter rules out; ranges,
 * ORs, NOTs and INs read just their ordinals; conditions on other columns, or on a composite
 * key's second column alone, read everything. The rows are right in every case.
 */
class RowSetPruningTest {
  private static final int ROWS = 20_000;
  private static final KuduSchema SINGLE = new KuduSchema(List.of(
      KuduColumn.of("id", 0, KuduType.INT64, false, true),
      KuduColumn.of("name", 1, KuduType.STRING, true, false)), List.of("id"));
  private static final KuduSchema COMPOSITE = new KuduSchema(List.of(
      KuduColumn.of("region", 0, KuduType.STRING, false, true),
      KuduColumn.of("n", 1, KuduType.INT32, false, true),
      KuduColumn.of("v", 2, KuduType.INT64, true, false)), List.of("region", "n"));

  @TempDir static Path tmp;
  private static Path single;
  private static Path composite;

  /** id = 2i, name = "n" + i; and regions a to e with n = 0 to 999, v = n. */
  @BeforeAll
  static void write() throws IOException {
    single = tmp.resolve("single");
    RowSetWriterOptions small = RowSetWriterOptions.defaults().withDefaultBlockSize(1024);
    try (RowSetWriter w = RowSetWriter.create(single, SINGLE, small)) {
      ColumnBatch b = new ColumnBatch(SINGLE.rowType(), ROWS);
      for (int i = 0; i < ROWS; i++) {
        ((LongVector) b.cols[0]).vector[i] = 2L * i;
        byte[] name = ("n" + i).getBytes(StandardCharsets.UTF_8);
        ((BytesVector) b.cols[1]).setRef(i, name, 0, name.length);
      }
      b.size = ROWS;
      w.write(b);
    }
    composite = tmp.resolve("composite");
    try (RowSetWriter w = RowSetWriter.create(composite, COMPOSITE, small)) {
      ColumnBatch b = new ColumnBatch(COMPOSITE.rowType(), 5000);
      for (int i = 0; i < 5000; i++) {
        byte[] region = {(byte) ('a' + i % 5)};
        ((BytesVector) b.cols[0]).setRef(i, region, 0, 1);
        ((LongVector) b.cols[1]).vector[i] = i / 5;
        ((LongVector) b.cols[2]).vector[i] = i / 5;
      }
      b.size = 5000;
      w.write(b);
    }
  }

  @Test
  void aPointLookupReadsOneBaseRow() throws IOException {
    ScanReport r = check(single, "id = 2468", 1);
    assertThat(r.counts("rowsets")).isEqualTo(new ScanReport.Counts(1, 0));
    assertThat(r.counts("base rows")).isEqualTo(new ScanReport.Counts(1, ROWS - 1));
    assertThat(r.notes()).containsExactly("rowset " + single
        + ": ordinals [1234, 1235) of 20000 by id = 2468 (value index)");
  }

  @Test
  void aKeyTheBloomFilterExcludesSkipsTheRowset() throws IOException {
    long absent = absentPerBloom();
    ScanReport r = check(single, "id = " + absent, 0);
    assertThat(r.counts("rowsets")).isEqualTo(new ScanReport.Counts(0, 1));
    assertThat(r.counts("base rows")).isEqualTo(new ScanReport.Counts(0, ROWS));
    assertThat(r.notes()).containsExactly("rowset " + single + ": skipped, bloom filter "
        + "excludes (" + absent + ")");
    r = check(single, "id IN (4, 6, " + absent + ", 90000)", 2);
    assertThat(r.counts("base rows").read()).isEqualTo(2);
    assertThat(r.notes()).contains("rowset " + single + ": bloom filter excludes ("
        + absent + ")");
  }

  @Test
  void rangesOutsideTheKeysSkipTheRowset() throws IOException {
    for (String p : List.of("id > 39998", "id < 0", "id BETWEEN -10 AND -1")) {
      ScanReport r = check(single, p, 0);
      assertThat(r.counts("rowsets")).as(p).isEqualTo(new ScanReport.Counts(0, 1));
      assertThat(r.notes()).as(p).containsExactly("rowset " + single + ": skipped, its keys "
          + "(0) to (39998) (min_key, max_key) are outside " + Predicate.parse(p));
    }
    String contradiction = "id < 5 AND id > 9 OR id IS NULL";
    ScanReport r = check(single, contradiction, 0);
    assertThat(r.notes()).containsExactly("rowset " + single + ": skipped, no key satisfies "
        + Predicate.parse(contradiction));
  }

  @Test
  void rangesReadTheirOrdinals() throws IOException {
    assertThat(check(single, "id >= 100 AND id < 200", 50).counts("base rows").read())
        .isEqualTo(50);
    ScanReport r = check(single, "id < 10 OR id >= 39990", 10);
    assertThat(r.counts("base rows").read()).isEqualTo(10);
    assertThat(r.notes().get(0)).contains("ordinals [0, 5), [19995, 20000) of 20000");
    assertThat(check(single, "NOT (id >= 20) AND name != 'n3'", 9).counts("base rows").read())
        .isEqualTo(10);
    assertThat(check(single, "id > 3.5 AND id <= 8.9", 3).counts("base rows").read())
        .isEqualTo(3); // 4, 6, 8
  }

  @Test
  void conditionsOffTheKeyReadEverything() throws IOException {
    ScanReport r = check(single, "name = 'n5' OR id = 4", 2);
    assertThat(r.counts("base rows")).isEqualTo(new ScanReport.Counts(ROWS, 0));
    r = check(composite, "n = 7", 5);
    assertThat(r.counts("base rows")).isEqualTo(new ScanReport.Counts(5000, 0));
  }

  @Test
  void compositeKeysUseTheAdhocIndex() throws IOException {
    ScanReport r = check(composite, "region = 'c' AND n >= 10 AND n < 20", 10);
    assertThat(r.counts("base rows")).isEqualTo(new ScanReport.Counts(10, 4990));
    assertThat(r.notes().get(0)).endsWith("(ad-hoc index)").contains("ordinals [2010, 2020)");
    r = check(composite, "region = 'b' AND n = 5", 1);
    assertThat(r.counts("base rows").read()).isEqualTo(1);
    assertThat(check(composite, "region = 'e'", 1000).counts("base rows").read())
        .isEqualTo(1000);
    r = check(composite, "region IN ('a', 'e') AND n IN (1, 2) OR region > 'e'", 4);
    assertThat(r.counts("base rows").read()).isEqualTo(4);
    r = check(composite, "region = 'f' AND n = 1", 0);
    assertThat(r.counts("rowsets").skipped()).isEqualTo(1);
  }

  @Test
  void aCompositeKeyInsideMinMaxTheBloomFilterExcludesSkipsTheRowset() throws IOException {
    int n = absentCompositePerBloom("c");
    ScanReport r = check(composite, "region = 'c' AND n = " + n, 0);
    assertThat(r.counts("rowsets")).isEqualTo(new ScanReport.Counts(0, 1));
    assertThat(r.counts("base rows")).isEqualTo(new ScanReport.Counts(0, 5000));
    assertThat(r.notes()).singleElement().asString().startsWith("rowset " + composite
        + ": skipped, bloom filter excludes (").contains("c").contains(String.valueOf(n));
    // the same key's neighbour that is there is read
    assertThat(check(composite, "region = 'c' AND n = 999", 1).counts("base rows").read())
        .isEqualTo(1);
  }

  @Test
  void aDeletedRowIsReadButNotReturned() throws IOException {
    try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(single.resolve(
        "redo.cfile")), DeltaType.REDO, true)) {
      w.append(new DeltaKey(1234, DeltaKey.hybridTime(1_700_000_000_000_000L, 0)),
          RowChangeList.delete());
    }
    RowSetFiles written;
    try (InputStream in = Files.newInputStream(single.resolve(RowSetManifest.FILE_NAME))) {
      written = RowSetManifest.read(in, "rowset.json").files();
    }
    RowSetFiles files = new RowSetFiles(written.columns(), written.bloom(), null,
        List.of("redo.cfile"), List.of());
    try (RowSetReader r = RowSetReader.open(SINGLE, files, single);
        BatchReader rows = r.read(ReadOptions.defaults().withFilter(Predicate.parse(
            "id >= 2466 AND id <= 2470")))) {
      assertThat(Rows.readAll(rows)).hasSize(2);
      assertThat(rows.report().counts("base rows").read()).isEqualTo(3);
    }
  }

  /** Reads with the filter {@code p}, checks the row count, returns the report. */
  private static ScanReport check(Path dir, String p, int rows) throws IOException {
    try (FileReader r = RowSetReader.openDirectory(dir);
        BatchReader b = r.read(ReadOptions.defaults().withFilter(Predicate.parse(p)))) {
      assertThat(Rows.readAll(b)).as(p).hasSize(rows);
      return b.report();
    }
  }

  /**
   * An n of 1000 or more whose key (region, n) the composite rowset's bloom filter rules out:
   * inside its min_key (a, 0) and max_key (e, 999) for regions b to d.
   */
  private static int absentCompositePerBloom(String region) throws IOException {
    KeyEncoder encoder = KeyEncoder.of(KuduType.STRING, KuduType.INT32);
    byte[] r = region.getBytes(StandardCharsets.UTF_8);
    try (BloomFile bloom = BloomFile.open(InputFile.local(composite.resolve(
        "bloom.cfile")))) {
      for (int n = 1000; ; n++) {
        KeyBuffer k = new KeyBuffer();
        encoder.appendBinary(k, 0, r, 0, r.length);
        encoder.appendLong(k, 1, n);
        if (!bloom.mayContain(k.toByteArray())) {
          return n;
        }
      }
    }
  }

  /** An odd id between the keys whose absence the bloom filter proves. */
  private static long absentPerBloom() throws IOException {
    try (BloomFile bloom = BloomFile.open(InputFile.local(single.resolve(
        "bloom.cfile")))) {
      for (long id = 1; ; id += 2) {
        KeyBuffer k = new KeyBuffer();
        KeyEncoder.of(KuduType.INT64).appendLong(k, 0, id);
        if (!bloom.mayContain(k.toByteArray())) {
          return id;
        }
      }
    }
  }
}
