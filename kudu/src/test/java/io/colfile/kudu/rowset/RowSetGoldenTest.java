package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CFileReader;
import io.colfile.kudu.DumpValues;
import io.colfile.kudu.KuduDump;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.Bytes;
import io.colfile.kudu.rowset.GenModel.Kind;
import io.colfile.kudu.rowset.GenModel.Outcome;
import io.colfile.kudu.rowset.GenModel.Row;
import io.colfile.kudu.rowset.GenModel.Tbl;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The Kudu corpus (profile small, seed 2, written by a real Kudu 1.17.1 tablet server) against
 * {@link GenModel}, the port of its generator: the model defines the same tables, its base data
 * is every cell Kudu flushed (checked against Kudu's own dumps, deleted rows included), and each
 * rowset has the REDO files, with the number of mutations, the model's lifecycle makes. The
 * oracle for reading rowsets as of the latest time.
 *
 * <p>The non-unique table's auto_incrementing_id values are the tablet server's: they are read
 * from that rowset's base {@code auto_incrementing_id} column (paired with the generator's rows
 * per key value in insert order, see {@link #autoIds}); the model computes the rest, and the
 * base-data test checks every one of its cells against Kudu's dump.
 */
class RowSetGoldenTest {
  private static final HexFormat HEX = HexFormat.of();

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
      Bytes.putIntLE(out, 0, Float.floatToRawIntBits(f));
    } else if (v instanceof Double d) {
      Bytes.putLongLE(out, 0, Double.doubleToRawLongBits(d));
    } else if (v instanceof BigDecimal d) {
      Bytes.putCell(out, 0, p.width(), d.unscaledValue().longValueExact());
    } else {
      Bytes.putCell(out, 0, p.width(), (Long) v);
    }
    return out;
  }

  // ---------------------------------------------------------------- helpers

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

  /**
   * The auto_incrementing_id of each insert of the non-unique table, from the base data of its
   * rowset: the server numbers rows in the order it applies the inserts, so for each key value
   * the k-th smallest id read belongs to the k-th insert of that key value (the base-data test
   * then holds every other cell of those rows to Kudu's dump).
   */
  static long[] autoIds(CorpusManifest m, Tbl t) throws IOException {
    assertThat(m.rowsets(t.name())).as(t.name()).containsExactly(0);
    Path dir = m.dir(t.name());
    String kFile = null;
    String idFile = null;
    for (CorpusManifest.FileDef f : m.files(t.name(), 0)) {
      if (f.role().equals("data") && f.column().equals(GenModel.AUTO_ID)) {
        idFile = f.fileName();
      } else if (f.role().equals("data") && f.column().equals(t.keyColumns().get(0))) {
        kFile = f.fileName();
      }
    }
    List<byte[]> ks = new ArrayList<>();
    List<Long> ids = new ArrayList<>();
    try (CFileReader kr = CFileReader.open(InputFile.local(dir.resolve(kFile)));
        CFileReader ir = CFileReader.open(InputFile.local(dir.resolve(idFile)))) {
      CFileCursor kc = kr.newCursor();
      CFileCursor ic = ir.newCursor();
      kc.seekToFirst();
      ic.seekToFirst();
      BytesVector kv = new BytesVector(256);
      LongVector iv = new LongVector(256);
      int n;
      while ((n = kc.read(kv, 0, 256)) > 0) {
        assertThat(ic.read(iv, 0, n)).isEqualTo(n);
        for (int r = 0; r < n; r++) {
          ks.add(kv.get(r));
          ids.add(iv.vector[r]);
        }
        kv.reset();
        iv.reset();
      }
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
