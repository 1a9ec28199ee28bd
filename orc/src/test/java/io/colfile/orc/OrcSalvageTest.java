package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.SalvageReport;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.orc.index.StripeIndex;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OrcSalvage} on damaged copies of a file of five stripes of 4500 rows (row index stride
 * 1000): intact stripes are kept whole and in order, a damaged stripe keeps whole row groups
 * before its damage, and the output reads clean.
 */
@ExtendWith(TestSeed.class)
class OrcSalvageTest {
  static final Type SCHEMA = Type.parse("struct<id:bigint,name:string,v:double>");
  static final int STRIPE_ROWS = 4500;
  static final int STRIPES = 5;
  static final int STRIDE = 1000;

  @TempDir Path dir;

  /** Writes the test file: row i is (i, "name-" + (i * 7919 % 1000), i / 2.0); a batch a stripe. */
  static byte[] write(Path path, CompressionCodec codec) throws IOException {
    OrcWriterOptions options = OrcWriterOptions.builder().compression(codec)
        .compressionBlockSize(4096).stripeSize(1024).memoryCheckRows(1).rowIndexStride(STRIDE)
        .build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), SCHEMA, options)) {
      for (int s = 0; s < STRIPES; s++) {
        ColumnBatch batch = new ColumnBatch(SCHEMA, STRIPE_ROWS);
        for (int r = 0; r < STRIPE_ROWS; r++) {
          long id = (long) s * STRIPE_ROWS + r;
          ((LongVector) batch.cols[0]).vector[r] = id;
          byte[] name = ("name-" + (id * 7919 % 1000)).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) batch.cols[1]).setRef(r, name, 0, name.length);
          ((DoubleVector) batch.cols[2]).vector[r] = id / 2.0;
        }
        batch.size = STRIPE_ROWS;
        w.write(batch);
      }
    }
    return Files.readAllBytes(path);
  }

  static List<Object> rows(byte[] file) throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.of("f.orc", file));
         BatchReader rows = r.read(ReadOptions.defaults())) {
      return Rows.readAll(rows);
    }
  }

  private SalvageReport salvage(byte[] damaged, Path out) throws IOException {
    Files.deleteIfExists(out);
    return OrcSalvage.salvage(InputFile.of("damaged.orc", damaged), OutputFile.local(out));
  }

  @Test
  void anIntactFileIsCopiedWhole() throws IOException {
    byte[] original = write(dir.resolve("in.orc"), CompressionCodec.ZLIB);
    Path out = dir.resolve("out.orc");
    SalvageReport report = salvage(original, out);
    assertThat(report.complete()).isTrue();
    assertThat(report.rowsKept()).isEqualTo((long) STRIPES * STRIPE_ROWS);
    assertThat(report.summary()).isEqualTo("kept 22500 of 22500 rows (stripes 0-4)");
    byte[] copy = Files.readAllBytes(out);
    assertThat(rows(copy)).isEqualTo(rows(original));
    try (OrcReader r = OrcReader.open(InputFile.of("out.orc", copy))) {
      assertThat(r.compression()).isEqualTo(CompressionCodec.ZLIB);
      assertThat(r.rowIndexStride()).isEqualTo(STRIDE);
      assertThat(r.compressionBlockSize()).isEqualTo(4096);
    }
  }

  /**
   * A chunk header of a value stream of one stripe made to claim more than the compression block
   * size: the stripe keeps whole row groups before the damage, every other stripe is kept whole.
   */
  @Test
  void aDamagedChunkCostsOnlyTheRestOfItsStripe() throws IOException {
    byte[] original = write(dir.resolve("in.orc"), CompressionCodec.ZLIB);
    List<Object> all = rows(original);
    Random random = TestSeed.random("aDamagedChunkCostsOnlyTheRestOfItsStripe", 0);
    Path out = dir.resolve("out.orc");
    int partial = 0;
    for (int i = 0; i < 12; i++) {
      int stripe = random.nextInt(STRIPES);
      int column = 1 + random.nextInt(3);
      StreamKind kind = column == 2 && random.nextBoolean() ? StreamKind.LENGTH : StreamKind.DATA;
      StripeIndex.Located stream = stream(original, stripe, new StreamId(column, kind));
      byte[] file = original.clone();
      if (stream == null) { // a dictionary-encoded string column: its DATA is the dictionary
        stream = stream(original, stripe, new StreamId(column, StreamKind.LENGTH));
      }
      List<Long> chunks = chunkHeaders(file, stream);
      long at = chunks.get(random.nextInt(chunks.size()));
      file[(int) at] = (byte) 0xfe;
      file[(int) at + 1] = (byte) 0xff;
      file[(int) at + 2] = (byte) 0xff;
      String what = "stripe " + stripe + " column " + column + " " + kind + " chunk at " + at
          + ", " + TestSeed.replay();

      SalvageReport report = salvage(file, out);
      List<Object> kept = rows(Files.readAllBytes(out));
      assertThat(report.losses()).as(what).hasSize(1);
      SalvageReport.Loss loss = report.losses().get(0);
      assertThat(loss.part()).as(what).isEqualTo("stripe " + stripe);
      assertThat(loss.damage()).as(what).isNotNull();
      assertThat(loss.damage().structure()).as(what).startsWith("stripe " + stripe + " / ");
      long keptOfStripe = STRIPE_ROWS - loss.rows();
      assertThat(keptOfStripe % STRIDE).as(what).isZero();
      assertThat(loss.firstRow()).as(what).isEqualTo((long) stripe * STRIPE_ROWS + keptOfStripe);
      List<Object> expected = new ArrayList<>(all.subList(0, (int) loss.firstRow()));
      expected.addAll(all.subList((stripe + 1) * STRIPE_ROWS, all.size()));
      assertThat(kept).as(what).isEqualTo(expected);
      assertThat(report.rowsKept()).as(what).isEqualTo(kept.size());
      if (keptOfStripe > 0) {
        partial++;
      }
    }
    assertThat(partial).as("damaged stripes that kept row groups, " + TestSeed.replay())
        .isGreaterThan(0);
  }

  @Test
  void aStripeWhoseFooterIsDamagedIsLostWhole() throws IOException {
    byte[] original = write(dir.resolve("in.orc"), CompressionCodec.NONE);
    StripeInformation s;
    try (OrcReader r = OrcReader.open(InputFile.of("in.orc", original))) {
      s = r.stripes().get(2);
    }
    byte[] file = original.clone();
    long footer = s.offset() + s.indexLength() + s.dataLength();
    Arrays.fill(file, (int) footer, (int) (footer + s.footerLength()), (byte) 0xff);
    Path out = dir.resolve("out.orc");
    SalvageReport report = salvage(file, out);
    List<Object> all = rows(original);
    List<Object> expected = new ArrayList<>(all.subList(0, 2 * STRIPE_ROWS));
    expected.addAll(all.subList(3 * STRIPE_ROWS, all.size()));
    assertThat(rows(Files.readAllBytes(out))).isEqualTo(expected);
    assertThat(report.summary()).startsWith("kept 18000 of 22500 rows (stripes 0-1, 3-4; lost "
        + "stripe 2 rows 9000-13499: ");
    assertThat(report.complete()).isFalse();
  }

  @Test
  void aFileWithoutItsTailIsRefusedAndNothingWritten() throws IOException {
    byte[] original = write(dir.resolve("in.orc"), CompressionCodec.ZLIB);
    Random random = TestSeed.random("aFileWithoutItsTailIsRefusedAndNothingWritten", 0);
    Path out = dir.resolve("out.orc");
    for (int i = 0; i < 10; i++) {
      int cut = 1 + random.nextInt(original.length - 1);
      byte[] file = Arrays.copyOf(original, cut);
      assertThatThrownBy(() -> salvage(file, out)).as("cut at " + cut + ", " + TestSeed.replay())
          .isInstanceOf(CorruptFileException.class);
      assertThat(out).doesNotExist();
    }
  }

  /**
   * Files cut short at random points after the first stripe: without their tail, the stripes
   * are found by scanning with the schema alone (the codec tried) or with an intact sibling's
   * settings, and every stripe wholly before the cut is kept, in order.
   */
  @Test
  void aFileCutShortKeepsEveryStripeBeforeTheCut() throws IOException {
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.ZLIB,
        CompressionCodec.ZSTD, CompressionCodec.SNAPPY}) {
      Path intact = dir.resolve("in-" + codec + ".orc");
      byte[] original = write(intact, codec);
      List<Object> all = rows(original);
      List<StripeInformation> stripes;
      try (OrcReader r = OrcReader.open(InputFile.of("in.orc", original))) {
        stripes = r.stripes();
      }
      Random random = TestSeed.random("aFileCutShortKeepsEveryStripeBeforeTheCut",
          codec.ordinal());
      Path out = dir.resolve("out.orc");
      long firstEnd = stripes.get(0).offset() + stripes.get(0).length();
      for (int i = 0; i < 6; i++) {
        int cut = (int) (firstEnd + random.nextInt((int) (original.length - firstEnd)));
        byte[] file = Arrays.copyOf(original, cut);
        long expected = 0;
        for (StripeInformation s : stripes) {
          if (s.offset() + s.length() <= cut) {
            expected += s.numberOfRows();
          }
        }
        OrcSalvage.Guess guess;
        try (OrcReader like = OrcReader.open(InputFile.local(intact))) {
          guess = i % 2 == 0 ? OrcSalvage.Guess.of(SCHEMA, null) : OrcSalvage.Guess.like(like);
        }
        Files.deleteIfExists(out);
        SalvageReport report = OrcSalvage.salvageWithoutTail(InputFile.of("cut.orc", file),
            OutputFile.local(out), guess);
        String what = codec + " cut at " + cut + " of " + original.length + ", "
            + TestSeed.replay() + ": " + report.summary();
        assertThat(report.rowsKept()).as(what).isEqualTo(expected);
        assertThat(rows(Files.readAllBytes(out))).as(what)
            .isEqualTo(all.subList(0, (int) expected));
        assertThat(report.complete()).as(what).isFalse();
        assertThat(report.losses().get(0).part()).as(what).isEqualTo("tail");
      }
      // cut inside the first stripe: nothing to find
      byte[] early = Arrays.copyOf(original, (int) firstEnd - 1);
      assertThatThrownBy(() -> OrcSalvage.salvageWithoutTail(InputFile.of("cut.orc", early),
          OutputFile.local(out), OrcSalvage.Guess.of(SCHEMA, null)))
          .isInstanceOf(CorruptFileException.class).hasMessageContaining("no stripe");
    }
  }

  /**
   * A file of ORC's [1,9999] version (short decimals as decimal64, whose row index positions
   * are laid out unlike 0.12's) found again without its tail, scanned like an intact sibling:
   * the tail made up says [1,9999] too, so seeking by the row index reads the rows the intact
   * file reads there (with a 0.12 tail the decimal's positions were misread as too few; found
   * by OrcSalvageInteropTest with seed E5695E0A4181A735).
   */
  @Test
  void aFileWithoutItsTailSeeksLikeItsSiblingOfTheSameVersion() throws IOException {
    Type schema = Type.parse("struct<id:bigint,d:decimal(10,2)>");
    Path intact = dir.resolve("v2.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(CompressionCodec.ZLIB)
        .fileVersion(OrcFileVersion.UNSTABLE_PRE_2_0).compressionBlockSize(4096).stripeSize(1024)
        .memoryCheckRows(1).rowIndexStride(STRIDE).build();
    Random random = TestSeed.random("aFileWithoutItsTailSeeksLikeItsSiblingOfTheSameVersion", 0);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(intact), schema, options)) {
      for (int s = 0; s < 3; s++) {
        ColumnBatch batch = new ColumnBatch(schema, STRIPE_ROWS);
        for (int r = 0; r < STRIPE_ROWS; r++) {
          ((LongVector) batch.cols[0]).vector[r] = (long) s * STRIPE_ROWS + r;
          ((io.colfile.core.vector.DecimalVector) batch.cols[1]).unscaled[r] =
              random.nextInt(2_000_000) - 1_000_000;
        }
        batch.size = STRIPE_ROWS;
        w.write(batch);
      }
    }
    byte[] original = Files.readAllBytes(intact);
    OrcSalvage.Guess guess;
    long lastStripeStart;
    try (OrcReader like = OrcReader.open(InputFile.local(intact))) {
      guess = OrcSalvage.Guess.like(like);
      lastStripeStart = like.stripes().get(2).offset();
    }
    assertThat(guess.fileVersion()).isEqualTo(OrcFileVersion.UNSTABLE_PRE_2_0);
    byte[] cut = Arrays.copyOf(original, (int) lastStripeStart + 10);
    long row = STRIPE_ROWS + 2 * STRIDE + random.nextInt(STRIDE);
    String what = "from row " + row + ", " + TestSeed.replay();
    try (OrcReader scanned = OrcSalvage.scan(InputFile.of("cut.orc", cut), guess).reader()) {
      assertThat(scanned.stripes()).as(what).hasSize(2);
      assertThat(scanned.fileVersion()).as(what).isEqualTo(OrcFileVersion.UNSTABLE_PRE_2_0);
      assertThat(rowsFrom(scanned, row)).as(what)
          .isEqualTo(rows(original).subList((int) row, 2 * STRIPE_ROWS));
    }
  }

  /** The rows of {@code reader} from {@code row} on, reached by seeking. */
  private static List<Object> rowsFrom(OrcReader reader, long row) throws IOException {
    try (BatchReader rows = reader.read(ReadOptions.defaults())) {
      rows.seekToRow(row);
      return Rows.readAll(rows);
    }
  }

  /** Where stream {@code id} of stripe {@code s} lies, or null when the stripe has none. */
  static StripeIndex.Located stream(byte[] file, int s, StreamId id) throws IOException {
    InputFile in = InputFile.of("original", file);
    try (OrcReader r = OrcReader.open(in)) {
      return Stripe.read(in, r.tail(), s, r.stripes().get(s)).streams.get(id);
    }
  }

  /** The file offsets of the compression chunk headers of a stream. */
  static List<Long> chunkHeaders(byte[] file, StripeIndex.Located stream) {
    List<Long> out = new ArrayList<>();
    long at = stream.offset();
    long end = stream.offset() + stream.length();
    while (at + 3 <= end) {
      out.add(at);
      int h = (file[(int) at] & 0xff) | (file[(int) at + 1] & 0xff) << 8
          | (file[(int) at + 2] & 0xff) << 16;
      at += 3 + (h >>> 1);
    }
    return out;
  }
}
