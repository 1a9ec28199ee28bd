package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.proto.OrcProto;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reading some row groups of a stripe reads only their byte ranges (from the row index, with
 * slack for the runs that straddle group boundaries), and a row index whose positions fall
 * short makes the reader read the stripe whole instead of failing or returning wrong rows.
 */
class PartialReadsTest {
  private static final int ROWS = 100_000;

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"NONE", "ZLIB", "ZSTD"})
  void aPointLookupReadsAFractionOfTheStripe(CompressionCodec codec) throws IOException {
    Type schema = Type.parse("struct<id:bigint,amount:double,note:string>");
    Path path = dir.resolve(codec + ".orc");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(codec)
        .compressionBlockSize(8 * 1024).rowIndexStride(1000).build();
    Random r = new Random(7);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema, 1000);
      for (int row = 0; row < ROWS; row += 1000) {
        for (int i = 0; i < 1000; i++) {
          ((LongVector) batch.cols[0]).vector[i] = row + i;
          ((DoubleVector) batch.cols[1]).vector[i] = r.nextDouble();
          byte[] note = Long.toString(r.nextLong(), 36).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) batch.cols[2]).setRef(i, note, 0, note.length);
        }
        batch.size = 1000;
        w.write(batch);
      }
    }
    long whole = bytesRead(path, ReadOptions.defaults());
    for (long id : new long[] {0, 12_345, 55_555, ROWS - 1}) {
      ReadOptions lookup = ReadOptions.defaults().withFilter(Predicate.equal("id", id));
      long some = bytesRead(path, lookup);
      assertThat(some).as("%s id = %d: %d of %d bytes", codec, id, some, whole)
          .isLessThan(whole / 10);
      try (OrcReader orc = OrcReader.open(InputFile.local(path));
           BatchReader rows = orc.read(lookup)) {
        List<Object> got = Rows.readAll(rows);
        assertThat(got).hasSize(1);
        assertThat(((List<?>) got.get(0)).get(0)).isEqualTo(id);
        assertThat(String.join("\n", rows.report().lines())).doesNotContain("read whole");
      }
    }
  }

  /** Bytes read for the rows, after the tail. */
  private static long bytesRead(Path path, ReadOptions options) throws IOException {
    CountingInputFile in = new CountingInputFile(InputFile.local(path));
    try (OrcReader orc = OrcReader.open(in)) {
      in.forget();
      try (BatchReader rows = orc.read(options)) {
        Rows.readAll(rows);
      }
      return in.bytes();
    }
  }

  @Test
  void positionsThatFallShortReadTheStripeWhole() throws IOException {
    Type schema = Type.parse("struct<a:bigint>");
    Path path = dir.resolve("short.orc");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(CompressionCodec.NONE)
        .rowIndexStride(2000).build();
    Random r = new Random(11);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema, 6000);
      for (int i = 0; i < 6000; i++) {
        ((LongVector) batch.cols[0]).vector[i] = r.nextLong(); // 8 bytes each: 16 KB a group
      }
      batch.size = 6000;
      w.write(batch);
    }
    // row group 1 said to start where row group 0 does: group 0's range ends too early
    byte[] lying = StatisticsRewriter.rewriteEntries(Files.readAllBytes(path),
        (stripe, group, column, e) -> column == 1 && group == 1
            ? e.toBuilder().clearPositions().addPositions(0).addPositions(0).build() : e);
    try (OrcReader orc = OrcReader.open(InputFile.of("short.orc", lying))) {
      List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
      try (BatchReader rows = orc.read(ReadOptions.defaults(), idx -> RowGroupSet.ranges(0, 1))) {
        assertThat(Rows.readAll(rows)).isEqualTo(all.subList(0, 2000));
        assertThat(String.join("\n", rows.report().lines()))
            .contains("stripe 0: read whole, ").contains("were not read");
      }
    }
  }
}
