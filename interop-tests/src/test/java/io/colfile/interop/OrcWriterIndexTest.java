package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongPredicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.StripeInformation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * orc-core's row-index seeking and predicate pushdown on a file colfile wrote: seeking must
 * land on the right rows (positions right), and pushdown must keep every matching row while
 * skipping row groups that statistics or bloom filters exclude (statistics and filters right).
 */
@ExtendWith(TestSeed.class)
class OrcWriterIndexTest {
  private static final int ROWS = 60_000;
  private static final int STRIDE = 1000;
  private static final Type SCHEMA = Type.parse("struct<id:bigint,name:string,day:date,"
      + "amount:decimal(12,2),ts:timestamp,scattered:bigint,maybe:int>");
  /** Seconds of 2020-01-01 00:00:00 (UTC wall clock). */
  private static final long TS0 = 1_577_836_800L;

  @TempDir static Path dir;
  private static Path file;
  /**
   * The same rows without bloom filters, for seeking: orc-core 2.1.1's seekToRow fails with a
   * NullPointerException in StripePlanner on any file with bloom filter streams unless a search
   * argument is set (it plans bloom filter reads from a null column set).
   */
  private static Path plain;

  @BeforeAll
  static void writeFiles() throws IOException {
    file = dir.resolve("indexed.orc");
    plain = dir.resolve("plain.orc");
    write(file, List.of("scattered", "name"), CompressionCodec.ZLIB);
    write(plain, List.of(), CompressionCodec.ZLIB);
  }

  private static void write(Path path, List<String> bloom, CompressionCodec codec)
      throws IOException {
    OrcWriterOptions options = OrcWriterOptions.builder()
        .compression(codec)
        .compressionBlockSize(8192)
        .enforceCompressionBlockSize(true)
        .stripeSize(256 * 1024)
        .memoryCheckRows(5000)
        .rowIndexStride(STRIDE)
        .bloomFilterColumns(bloom)
        .build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), SCHEMA, options)) {
      Random r = new Random(7);
      int row = 0;
      while (row < ROWS) {
        int n = Math.min(ROWS - row, 1 + r.nextInt(1500));
        ColumnBatch b = new ColumnBatch(SCHEMA, n);
        for (int i = 0; i < n; i++) {
          long id = row + i;
          ((LongVector) b.cols[0]).vector[i] = id;
          byte[] name = ("name-" + id).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) b.cols[1]).setRef(i, name, 0, name.length);
          ((LongVector) b.cols[2]).vector[i] = 10_000 + id / 100;
          ((DecimalVector) b.cols[3]).unscaled[i] = id * 25;
          ((TimestampVector) b.cols[4]).seconds[i] = TS0 + id * 60;
          ((TimestampVector) b.cols[4]).nanos[i] = (int) (id % 1000) * 1000;
          ((LongVector) b.cols[5]).vector[i] = scattered(id);
          if (id % 7 == 0 || id >= 30_000 && id < 31_000) {
            b.cols[6].setNull(i);
          } else {
            ((LongVector) b.cols[6]).vector[i] = id % 100;
          }
        }
        b.size = n;
        w.write(b);
        row += n;
      }
    }
  }

  /** A permutation of [0, ROWS): every row group spans nearly the whole range. */
  private static long scattered(long id) {
    return id * 7919 % ROWS;
  }

  private static Reader reader() throws IOException {
    return reader(file);
  }

  private static Reader reader(Path path) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(path.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
  }

  @Test
  void severalStripesAndRowGroups() throws IOException {
    try (Reader r = reader()) {
      assertThat(r.getNumberOfRows()).isEqualTo(ROWS);
      assertThat(r.getStripes().size()).isGreaterThan(2);
    }
  }

  static List<CompressionCodec> codecs() {
    return List.of(CompressionCodec.NONE, CompressionCodec.ZLIB, CompressionCodec.SNAPPY,
        CompressionCodec.LZ4, CompressionCodec.ZSTD);
  }

  /**
   * Seeks to stripe and row-group boundaries and random rows, in files of every codec (the
   * positions of compressed streams name a chunk and an offset in it). The file with bloom
   * filters is read with a search argument every row satisfies (see {@link #plain}).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void seekToRowLandsOnTheRow(CompressionCodec codec) throws IOException {
    Path plainFile = plain;
    Path bloomFile = file;
    if (codec != CompressionCodec.ZLIB) {
      plainFile = dir.resolve("plain-" + codec + ".orc");
      bloomFile = dir.resolve("indexed-" + codec + ".orc");
      write(plainFile, List.of(), codec);
      write(bloomFile, List.of("scattered", "name"), codec);
    }
    List<Long> targets = new ArrayList<>(List.of(0L, 1L, 999L, 1000L, 1001L, 12_345L,
        ROWS - 1L, 30_500L));
    try (Reader r = reader(plainFile)) {
      long first = 0;
      for (StripeInformation s : r.getStripes()) {
        targets.add(first);
        targets.add(first + s.getNumberOfRows() - 1);
        first += s.getNumberOfRows();
      }
    }
    Random random = TestSeed.random("seek", codec.ordinal());
    for (int i = 0; i < 40; i++) {
      targets.add((long) random.nextInt(ROWS));
    }
    SearchArgument everyRow = SearchArgumentFactory.newBuilder().startAnd()
        .lessThan("scattered", PredicateLeaf.Type.LONG, (long) ROWS).end().build();
    try (Reader r = reader(plainFile); RecordReader rows = r.rows()) {
      seek(r, rows, targets);
    }
    try (Reader r = reader(bloomFile); RecordReader rows = r.rows(r.options()
        .searchArgument(everyRow, new String[] {"scattered"}))) {
      seek(r, rows, targets);
    }
  }

  private static void seek(Reader r, RecordReader rows, List<Long> targets) throws IOException {
    VectorizedRowBatch batch = r.getSchema().createRowBatch(100);
    for (long t : targets) {
      rows.seekToRow(t);
      assertThat(rows.nextBatch(batch)).as("batch after seeking to %d", t).isTrue();
      LongColumnVector ids = (LongColumnVector) batch.cols[0];
      BytesColumnVector names = (BytesColumnVector) batch.cols[1];
      LongColumnVector scattered = (LongColumnVector) batch.cols[5];
      LongColumnVector maybe = (LongColumnVector) batch.cols[6];
      for (int i = 0; i < batch.size; i++) {
        long id = t + i;
        assertThat(ids.vector[ids.isRepeating ? 0 : i]).as("id after seeking to %d", t)
            .isEqualTo(id);
        assertThat(names.toString(i)).as("name at %d", id).isEqualTo("name-" + id);
        assertThat(scattered.vector[i]).as("scattered at %d", id).isEqualTo(scattered(id));
        boolean isNull = id % 7 == 0 || id >= 30_000 && id < 31_000;
        assertThat(!maybe.noNulls && maybe.isNull[i]).as("null at %d", id).isEqualTo(isNull);
        if (!isNull) {
          assertThat(maybe.vector[maybe.isRepeating ? 0 : i]).isEqualTo(id % 100);
        }
      }
    }
  }

  /** Reads with the predicate; returns the ids read, checking every matching id is among them. */
  private static List<Long> read(SearchArgument sarg, String column, LongPredicate matches)
      throws IOException {
    List<Long> ids = new ArrayList<>();
    try (Reader r = reader();
         RecordReader rows = r.rows(r.options().searchArgument(sarg, new String[] {column}))) {
      VectorizedRowBatch batch = r.getSchema().createRowBatch();
      while (rows.nextBatch(batch)) {
        LongColumnVector idv = (LongColumnVector) batch.cols[0];
        for (int i = 0; i < batch.size; i++) {
          ids.add(idv.vector[idv.isRepeating ? 0 : i]);
        }
      }
    }
    long matching = 0;
    java.util.Set<Long> read = new java.util.HashSet<>(ids);
    for (long id = 0; id < ROWS; id++) {
      if (matches.test(id)) {
        matching++;
        assertThat(read).as("row %d matches %s", id, sarg).contains(id);
      }
    }
    assertThat(matching).as("rows matching %s", sarg).isPositive();
    return ids;
  }

  @Test
  void predicatePushdownOnStatisticsSkipsRowGroups() throws IOException {
    SearchArgument lt = SearchArgumentFactory.newBuilder().startAnd()
        .lessThan("id", PredicateLeaf.Type.LONG, 2500L).end().build();
    assertThat(read(lt, "id", id -> id < 2500)).hasSize(3000);

    SearchArgument between = SearchArgumentFactory.newBuilder().startAnd()
        .between("day", PredicateLeaf.Type.DATE, java.sql.Date.valueOf("1997-05-19"),
            java.sql.Date.valueOf("1997-05-20")).end().build();
    long day0 = java.time.LocalDate.of(1997, 5, 19).toEpochDay();
    assertThat(read(between, "day", id -> 10_000 + id / 100 >= day0
        && 10_000 + id / 100 <= day0 + 1)).hasSizeLessThanOrEqualTo(2 * STRIDE);

    SearchArgument dec = SearchArgumentFactory.newBuilder().startAnd()
        .equals("amount", PredicateLeaf.Type.DECIMAL, new HiveDecimalWritable("12345.50"))
        .end().build();
    assertThat(read(dec, "amount", id -> id * 25 == 1_234_550)).hasSize(STRIDE);

    SearchArgument ts = SearchArgumentFactory.newBuilder().startAnd()
        .lessThan("ts", PredicateLeaf.Type.TIMESTAMP,
            Timestamp.valueOf(java.time.LocalDateTime.ofEpochSecond(TS0 + 1500 * 60, 0,
                java.time.ZoneOffset.UTC)))
        .end().build();
    // orc-core evaluates timestamps in the JVM's zone; the file's UTC wall clock only
    // shifts which group holds the cut, so allow one more group
    assertThat(read(ts, "ts", id -> id < 1500 - 24 * 60)).hasSizeLessThanOrEqualTo(4 * STRIDE);

    SearchArgument name = SearchArgumentFactory.newBuilder().startAnd()
        .equals("name", PredicateLeaf.Type.STRING, "name-41999").end().build();
    assertThat(read(name, "name", id -> id == 41_999)).hasSizeLessThan(ROWS / 10);

    SearchArgument isNull = SearchArgumentFactory.newBuilder().startAnd()
        .isNull("maybe", PredicateLeaf.Type.LONG).end().build();
    read(isNull, "maybe", id -> id % 7 == 0 || id >= 30_000 && id < 31_000);
  }

  @Test
  void predicatePushdownOnBloomFiltersSkipsRowGroups() throws IOException {
    // min/max of every group span nearly the whole range: only the bloom filter can skip
    long wanted = scattered(45_678);
    SearchArgument eq = SearchArgumentFactory.newBuilder().startAnd()
        .equals("scattered", PredicateLeaf.Type.LONG, wanted).end().build();
    List<Long> ids = read(eq, "scattered", id -> scattered(id) == wanted);
    assertThat(ids).hasSizeLessThanOrEqualTo(3 * STRIDE);   // the group, plus false positives
    SearchArgument absent = SearchArgumentFactory.newBuilder().startAnd()
        .equals("scattered", PredicateLeaf.Type.LONG, (long) ROWS + 5).end().build();
    try (Reader r = reader();
         RecordReader rows = r.rows(r.options().searchArgument(absent,
             new String[] {"scattered"}))) {
      VectorizedRowBatch batch = r.getSchema().createRowBatch();
      long n = 0;
      while (rows.nextBatch(batch)) {
        n += batch.size;
      }
      assertThat(n).as("rows read for a value no row has").isZero();
    }
    // inside the min/max of several row groups ("name-0".."name-999", "name-4000"..
    // "name-4999", "name-41000".."name-41999"): only the bloom filter can skip them
    SearchArgument absentName = SearchArgumentFactory.newBuilder().startAnd()
        .equals("name", PredicateLeaf.Type.STRING, "name-41500x").end().build();
    try (Reader r = reader();
         RecordReader rows = r.rows(r.options().searchArgument(absentName,
             new String[] {"name"}))) {
      VectorizedRowBatch batch = r.getSchema().createRowBatch();
      long n = 0;
      while (rows.nextBatch(batch)) {
        n += batch.size;
      }
      assertThat(n).as("rows read for a string no row has").isZero();
    }
  }
}
